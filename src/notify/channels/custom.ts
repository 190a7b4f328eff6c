import { urlSecrets } from '../../domain/alerts/channels.js';
import { parseProviderMessage } from '../../domain/alerts/provider-message.js';
import { messageRequest, type ChannelSender } from '../channel-sender.js';

/** The filled template, with the channel's own method and headers; its secret headers are opened only now. */
export const custom: ChannelSender<'custom'> = {
  transport: 'http',
  request: (channel, { payload, open }) => {
    const message = parseProviderMessage(payload);
    // A channel stored before secret headers existed has none.
    const secretHeaders = (channel.secretHeaders ?? []).map((h) => [h.name, open(h.value, 'secretHeaders')] as const);
    return messageRequest(message, channel.url, [...secretHeaders.map(([, value]) => value), ...urlSecrets(channel.url)], {
      method: channel.method,
      headers: { ...message.headers, ...Object.fromEntries(channel.headers.map((h) => [h.name, h.value])), ...Object.fromEntries(secretHeaders) },
    });
  },
};
