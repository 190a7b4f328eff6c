import { z } from 'zod';
import type { NotifyOn } from '../../shared/vocabulary.js';

/** The events a receiver gets, and the `notifyOn` value that selects each. */
export const ALERT_EVENTS = {
  'monitor.down': 'down',
  'monitor.degraded': 'degraded',
  'monitor.up': 'up',
  'certificate.expiring': 'certificate-expiring',
  // What follows a down alert goes where the down alert went.
  'monitor.reminder': 'down',
  'incident.acknowledged': 'down',
  'incident.escalated': 'down',
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
export type StoredChannel = { type: 'webhook'; url: string; secret: string | null } | { type: 'slack'; webhookUrl: string } | { type: 'email'; to: string[] };

type SecretFieldOf<T extends StoredChannel['type']> = Exclude<keyof Extract<StoredChannel, { type: T }>, 'type'>;

/**
 * The fields of each channel type that hold a sealed secret, and no others. Key rotation re-seals
 * exactly these; every other field (an address, a URL) is data, whatever it looks like. A new
 * channel type does not compile until it says which of its fields are secrets.
 */
export const CHANNEL_SECRET_FIELDS: { readonly [T in StoredChannel['type']]: ReadonlyArray<SecretFieldOf<T>> } = {
  webhook: ['secret'],
  slack: [],
  email: [],
};

/**
 * Applies `f` to every secret a policy's stored channels hold (null means none is set). A channel
 * type this version does not know stops the caller rather than leaving its secrets behind.
 */
export function mapChannelSecrets(channels: StoredChannel[], f: (sealed: string) => string): StoredChannel[] {
  return channels.map((channel) => {
    const fields = (CHANNEL_SECRET_FIELDS as Record<string, ReadonlyArray<string> | undefined>)[channel.type];
    if (fields === undefined) throw new Error(`A notification channel of unknown type ${JSON.stringify(channel.type)} is stored.`);
    const next: Record<string, unknown> = { ...channel };
    for (const field of fields) {
      const value = next[field];
      if (typeof value === 'string') next[field] = f(value);
    }
    return next as StoredChannel;
  });
}

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
