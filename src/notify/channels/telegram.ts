import { parseProviderMessage } from '../../domain/alerts/provider-message.js';
import { messageRequest, type ChannelSender } from '../channel-sender.js';

/**
 * The token is part of the path (https://core.telegram.org/bots/api#making-requests); its format,
 * checked when it was saved, has nothing a path would read differently.
 */
export const telegram: ChannelSender<'telegram'> = {
  transport: 'http',
  request: (channel, { payload, open, urls }) => {
    const token = open(channel.botToken, 'botToken');
    return messageRequest(parseProviderMessage(payload), `${urls.telegram}/bot${token}/sendMessage`, [token]);
  },
};
