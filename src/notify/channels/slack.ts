import { urlSecrets } from '../../domain/alerts/channels.js';
import type { ChannelSender } from '../channel-sender.js';

/** The message as stored, posted to the incoming webhook, whose path holds its key. */
export const slack: ChannelSender<'slack'> = {
  transport: 'http',
  request: (channel, { payload }) => ({ url: channel.webhookUrl, method: 'POST', headers: {}, body: payload, secrets: urlSecrets(channel.webhookUrl) }),
};
