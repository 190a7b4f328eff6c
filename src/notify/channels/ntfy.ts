import { urlSecrets } from '../../domain/alerts/channels.js';
import { parseProviderMessage } from '../../domain/alerts/provider-message.js';
import { messageRequest, type ChannelSender } from '../channel-sender.js';

/** Published to the topic's URL; a protected topic's token goes in the Authorization header (Bearer). */
export const ntfy: ChannelSender<'ntfy'> = {
  transport: 'http',
  request: (channel, { payload, open }) => {
    const message = parseProviderMessage(payload);
    if (channel.token === null) return messageRequest(message, channel.url, urlSecrets(channel.url));
    const token = open(channel.token, 'token');
    return messageRequest(message, channel.url, [token, `Bearer ${token}`, ...urlSecrets(channel.url)], {
      headers: { ...message.headers, Authorization: `Bearer ${token}` },
    });
  },
};
