import { parseProviderMessage } from '../../domain/alerts/provider-message.js';
import { messageRequest, type ChannelSender } from '../channel-sender.js';

/** The Events API v2 takes the routing key in the event's body (https://developer.pagerduty.com/docs/events-api-v2/overview). */
export const pagerduty: ChannelSender<'pagerduty'> = {
  transport: 'http',
  request: (channel, { payload, open, urls }) => {
    const routingKey = open(channel.routingKey, 'routingKey');
    const message = parseProviderMessage(payload);
    const event = JSON.parse(message.body) as Record<string, unknown>;
    return messageRequest(message, `${urls.pagerduty}/v2/enqueue`, [routingKey], { body: JSON.stringify({ routing_key: routingKey, ...event }) });
  },
};
