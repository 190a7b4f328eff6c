import { urlSecrets } from '../../domain/alerts/channels.js';
import type { ChannelSender } from '../channel-sender.js';
import { webhookSignature } from '../signature.js';

/** The event's JSON body as stored, signed (Lookout-Signature) when the webhook has a secret. */
export const webhook: ChannelSender<'webhook'> = {
  transport: 'http',
  request: (channel, { payload, open, at }) => {
    const headers: Record<string, string> = {};
    if (channel.secret) headers['Lookout-Signature'] = webhookSignature(open(channel.secret, 'secret'), payload, Math.floor(at / 1000));
    return { url: channel.url, method: 'POST', headers, body: payload, secrets: urlSecrets(channel.url) };
  },
};
