import { parseProviderMessage } from '../../domain/alerts/provider-message.js';
import { messageRequest, type ChannelSender } from '../channel-sender.js';

/** The API key goes in the Authorization header (`GenieKey <key>`), to the account's region; closing an alert has a path of its own. */
export const opsgenie: ChannelSender<'opsgenie'> = {
  transport: 'http',
  request: (channel, { payload, open, urls }) => {
    const apiKey = open(channel.apiKey, 'apiKey');
    const message = parseProviderMessage(payload);
    const base = channel.region === 'eu' ? urls.opsgenieEu : urls.opsgenie;
    return messageRequest(message, `${base}${message.path ?? '/v2/alerts'}`, [apiKey, `GenieKey ${apiKey}`], {
      headers: { ...message.headers, Authorization: `GenieKey ${apiKey}` },
    });
  },
};
