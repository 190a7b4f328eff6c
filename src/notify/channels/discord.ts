import { urlSecrets } from '../../domain/alerts/channels.js';
import { parseProviderMessage } from '../../domain/alerts/provider-message.js';
import { messageRequest, type ChannelSender } from '../channel-sender.js';

/** Posted to the webhook's URL, whose path holds its token. */
export const discord: ChannelSender<'discord'> = {
  transport: 'http',
  request: (channel, { payload }) => messageRequest(parseProviderMessage(payload), channel.webhookUrl, urlSecrets(channel.webhookUrl)),
};
