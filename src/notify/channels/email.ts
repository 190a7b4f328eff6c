import type { ChannelSender } from '../channel-sender.js';

/** The stored message (subject, text and HTML) goes to every recipient in one mail. */
export const email: ChannelSender<'email'> = {
  transport: 'mail',
  recipients: (channel) => channel.to,
};
