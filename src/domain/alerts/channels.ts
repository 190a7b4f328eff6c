import { z } from 'zod';

/** What a policy can be notified of (its `notifyOn`), in the contract's order. */
export const NOTIFY_ON = ['down', 'degraded', 'up', 'certificate-expiring'] as const;
export type NotifyOn = (typeof NOTIFY_ON)[number];

/** The events a receiver gets (contract §2), and the `notifyOn` value that selects each. */
export const ALERT_EVENTS = {
  'monitor.down': 'down',
  'monitor.degraded': 'degraded',
  'monitor.up': 'up',
  'certificate.expiring': 'certificate-expiring',
} as const satisfies Record<string, NotifyOn>;
export type AlertEvent = keyof typeof ALERT_EVENTS;
/** `test` is what POST /notification-policies/{id}/test sends. */
export type DeliveredEvent = AlertEvent | 'test';

export const CHANNEL_LIMIT = 10;
export const EMAIL_RECIPIENT_LIMIT = 20;

/**
 * A channel as stored in `notification_policies.channels`. A webhook secret is sealed by the
 * secret box; its plain text exists only while a delivery is being signed.
 */
export type StoredChannel =
  | { type: 'webhook'; url: string; secret: string | null }
  | { type: 'slack'; webhookUrl: string }
  | { type: 'email'; to: string[] };

/* Records: what callers see of a channel. A secret is never shown, only whether one is set. */

export const ChannelRecord = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('webhook'),
    url: z.string(),
    secretSet: z.boolean().describe('Whether deliveries are signed (Lookout-Signature header); the secret itself is never returned.'),
  }),
  z.object({ type: z.literal('slack'), webhookUrl: z.string() }),
  z.object({ type: z.literal('email'), to: z.array(z.string()) }),
]);
export type ChannelRecord = z.infer<typeof ChannelRecord>;

/** Where a delivery went: a channel without its secret state. */
export const ChannelTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('webhook'), url: z.string() }),
  z.object({ type: z.literal('slack'), webhookUrl: z.string() }),
  z.object({ type: z.literal('email'), to: z.array(z.string()) }),
]);
export type ChannelTarget = z.infer<typeof ChannelTarget>;

export function channelRecord(channel: StoredChannel): ChannelRecord {
  return channel.type === 'webhook' ? { type: 'webhook', url: channel.url, secretSet: channel.secret !== null } : channel;
}

export function channelTarget(channel: StoredChannel): ChannelTarget {
  return channel.type === 'webhook' ? { type: 'webhook', url: channel.url } : channel;
}

/**
 * A channel's identity: its type and where it sends to. A pending delivery goes out only while
 * its policy still has a channel with the same identity, and a PATCH that repeats a webhook's
 * url without `secret` keeps that webhook's secret.
 */
export function channelKey(channel: ChannelTarget | StoredChannel): string {
  switch (channel.type) {
    case 'webhook':
      return `webhook ${channel.url}`;
    case 'slack':
      return `slack ${channel.webhookUrl}`;
    case 'email':
      return `email ${channel.to.join(',')}`;
  }
}

export function parseStoredChannels(json: string): StoredChannel[] {
  return JSON.parse(json) as StoredChannel[];
}
