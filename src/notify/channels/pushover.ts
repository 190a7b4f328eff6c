import { parseProviderMessage } from '../../domain/alerts/provider-message.js';
import { messageRequest, type ChannelSender } from '../channel-sender.js';

/** The application's token and the user's key are fields of the form body (https://pushover.net/api). */
export const pushover: ChannelSender<'pushover'> = {
  transport: 'http',
  request: (channel, { payload, open, urls }) => {
    const message = parseProviderMessage(payload);
    const credentials = { token: open(channel.appToken, 'appToken'), user: open(channel.userKey, 'userKey') };
    return messageRequest(message, `${urls.pushover}/1/messages.json`, [credentials.token, credentials.user], {
      body: `${new URLSearchParams(credentials).toString()}&${message.body}`,
    });
  },
};
