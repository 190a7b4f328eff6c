import type { ChannelOf, ChannelType, StoredChannel } from '../domain/alerts/channels.js';
import type { ChannelSender, DeliveryAttempt, ProviderRequest } from './channel-sender.js';
import { custom } from './channels/custom.js';
import { discord } from './channels/discord.js';
import { email } from './channels/email.js';
import { ntfy } from './channels/ntfy.js';
import { opsgenie } from './channels/opsgenie.js';
import { pagerduty } from './channels/pagerduty.js';
import { pushover } from './channels/pushover.js';
import { slack } from './channels/slack.js';
import { teams } from './channels/teams.js';
import { telegram } from './channels/telegram.js';
import { webhook } from './channels/webhook.js';

/** How each channel type is delivered, one file each in `channels/`. A channel type without its sender does not compile. */
export const CHANNEL_SENDERS: { readonly [T in ChannelType]: ChannelSender<T> } = {
  webhook,
  slack,
  email,
  discord,
  teams,
  telegram,
  pagerduty,
  opsgenie,
  ntfy,
  pushover,
  custom,
};

/** One attempt of a delivery, as its channel's sender builds it: an HTTP request, or the recipients of a mail. */
export type Outgoing = { transport: 'http'; request: ProviderRequest } | { transport: 'mail'; to: string[] };

export function outgoing(channel: StoredChannel, attempt: DeliveryAttempt): Outgoing {
  return outgoingWith(channel, attempt);
}

// Generic over the type, so that each channel is handed to its own sender with its own fields.
function outgoingWith<T extends ChannelType>(channel: ChannelOf<T>, attempt: DeliveryAttempt): Outgoing {
  const sender: ChannelSender<T> = CHANNEL_SENDERS[channel.type];
  return sender.transport === 'mail' ? { transport: 'mail', to: sender.recipients(channel) } : { transport: 'http', request: sender.request(channel, attempt) };
}
