import { urlSecrets } from '../../domain/alerts/channels.js';
import { parseProviderMessage } from '../../domain/alerts/provider-message.js';
import { messageRequest, type ChannelSender } from '../channel-sender.js';

/** Posted to the Workflows webhook's URL, whose query holds its signature. */
export const teams: ChannelSender<'teams'> = {
  transport: 'http',
  request: (channel, { payload }) => messageRequest(parseProviderMessage(payload), channel.webhookUrl, urlSecrets(channel.webhookUrl)),
};
