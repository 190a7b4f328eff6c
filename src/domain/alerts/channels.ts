import { z } from 'zod';
import { CHANNEL_TYPES, CUSTOM_METHODS, OPSGENIE_REGIONS, type ChannelType, type NotifyOn } from '../../shared/vocabulary.js';
import { LEAK_RUN } from '../secrets/blank-secrets.js';

/** The events a receiver gets, and the `notifyOn` value that selects each. */
export const ALERT_EVENTS = {
  'monitor.down': 'down',
  'monitor.degraded': 'degraded',
  'monitor.up': 'up',
  'certificate.expiring': 'certificate-expiring',
  'domain.expiring': 'domain-expiring',
  // What follows a down alert goes where the down alert went.
  'monitor.reminder': 'down',
  'incident.acknowledged': 'down',
  'incident.escalated': 'down',
  'monitor.flapping': 'down',
} as const satisfies Record<string, NotifyOn>;
export type AlertEvent = keyof typeof ALERT_EVENTS;
/** `test` is what POST /notification-policies/{id}/test sends. */
export type DeliveredEvent = AlertEvent | 'test';

export const CHANNEL_LIMIT = 10;
export const EMAIL_RECIPIENT_LIMIT = 20;

export interface CustomHeader {
  name: string;
  value: string;
}

/**
 * The fields each channel type stores besides its `type`, in `notification_policies.channels`.
 * Secret fields (see CHANNEL_SECRET_FIELDS) are sealed by the secret box; their plain text exists
 * only while a delivery is being sent. A secret that may be absent is null. A channel type of the
 * vocabulary (`CHANNEL_TYPES`) without its entry here does not compile (`ChannelOf` indexes it).
 */
interface StoredFields {
  webhook: { url: string; secret: string | null };
  slack: { webhookUrl: string };
  email: { to: string[] };
  discord: { webhookUrl: string };
  teams: { webhookUrl: string };
  telegram: { chatId: string; botToken: string };
  pagerduty: { routingKey: string };
  opsgenie: { region: (typeof OPSGENIE_REGIONS)[number]; apiKey: string };
  ntfy: { url: string; priority: number | null; token: string | null };
  pushover: { userKey: string; appToken: string };
  custom: {
    url: string;
    method: (typeof CUSTOM_METHODS)[number];
    headers: CustomHeader[];
    body: string;
    /** Headers whose values are sealed secrets (API keys); absent on channels stored before they existed, null for none. */
    secretHeaders?: CustomHeader[] | null;
  };
}

export type { ChannelType };
/** A stored channel of one type. */
export type ChannelOf<T extends ChannelType> = { type: T } & StoredFields[T];
/** A channel as stored in `notification_policies.channels`: one of the channel types. */
export type StoredChannel = { [T in ChannelType]: ChannelOf<T> }[ChannelType];
type FieldOf<T extends ChannelType> = Exclude<keyof ChannelOf<T>, 'type'>;
type SecretFieldOf<T extends ChannelType> = (typeof CHANNEL_SECRET_FIELDS)[T][number];

/**
 * One value per channel type, in the order of `CHANNEL_TYPES`: the options of a union that has a
 * variant for each type (a record, a target, an input), given as a record keyed by type so that a
 * type without its variant does not compile, and a variant under another type's key neither.
 */
export function everyChannel<const V extends { readonly [T in ChannelType]: z.ZodObject<{ type: z.ZodLiteral<T> } & z.ZodRawShape> }>(
  variants: V,
): [V[ChannelType], ...V[ChannelType][]] {
  const [first, ...rest] = CHANNEL_TYPES.map((type) => variants[type] as V[ChannelType]);
  return [first!, ...rest];
}

/**
 * The fields of each channel type that hold a sealed secret, and no others. Key rotation re-seals
 * exactly these; every other field (an address, a URL) is data, whatever it looks like. A new
 * channel type does not compile until it says which of its fields are secrets.
 */
export const CHANNEL_SECRET_FIELDS = {
  webhook: ['secret'],
  slack: [],
  email: [],
  discord: [],
  teams: [],
  telegram: ['botToken'],
  pagerduty: ['routingKey'],
  opsgenie: ['apiKey'],
  ntfy: ['token'],
  pushover: ['userKey', 'appToken'],
  custom: ['secretHeaders'],
} as const satisfies { readonly [T in ChannelType]: ReadonlyArray<FieldOf<T>> };

/**
 * The secrets a channel may go without (stored as null): a webhook without a secret sends no
 * signature, an ntfy topic without a token is a public one. Every other secret is required.
 */
export const OPTIONAL_SECRET_FIELDS: { readonly [T in ChannelType]?: ReadonlyArray<SecretFieldOf<T>> } = {
  webhook: ['secret'],
  ntfy: ['token'],
  custom: ['secretHeaders'],
};

/**
 * A secret field's value: one secret, or a list of named ones (a custom channel's
 * `secretHeaders`, whose names are data and whose values are secrets). `f` is applied to each
 * secret; null and absent stay as they are.
 */
export function mapSecretValue(value: unknown, f: (secret: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return (value as CustomHeader[]).map((header) => ({ name: header.name, value: f(header.value) }));
  return value;
}

/** Every secret a field holds (none for null or absent). */
export function secretsIn(value: unknown): string[] {
  const found: string[] = [];
  mapSecretValue(value, (secret) => {
    found.push(secret);
    return secret;
  });
  return found;
}

/**
 * The fields that say where a channel delivers (its identity), shown in the deliveries log. A
 * secret is never one of them; a channel whose only field is a secret (PagerDuty, Pushover) is
 * told apart from another of its type by its place in the policy (see `matchingChannel`).
 */
export const TARGET_FIELDS = {
  webhook: ['url'],
  slack: ['webhookUrl'],
  email: ['to'],
  discord: ['webhookUrl'],
  teams: ['webhookUrl'],
  telegram: ['chatId'],
  pagerduty: [],
  opsgenie: ['region'],
  ntfy: ['url'],
  pushover: [],
  custom: ['method', 'url'],
} as const satisfies { readonly [T in ChannelType]: ReadonlyArray<Exclude<FieldOf<T>, SecretFieldOf<T>>> };

/** The secret fields of a channel's type, read from a value whose type is only known at run time. */
export function secretFieldsOf(type: string): ReadonlyArray<string> | undefined {
  return (CHANNEL_SECRET_FIELDS as Record<string, ReadonlyArray<string> | undefined>)[type];
}

/**
 * Applies `f` to every secret a policy's stored channels hold (null means none is set), with the
 * channel's type and the field's name. A channel type this version does not know stops the caller
 * rather than leaving its secrets behind.
 */
export function mapChannelSecrets(channels: StoredChannel[], f: (sealed: string, type: string, field: string) => string): StoredChannel[] {
  return channels.map((channel) => {
    const fields = secretFieldsOf(channel.type);
    if (fields === undefined) throw new Error(`A notification channel of unknown type ${JSON.stringify(channel.type)} is stored.`);
    const next: Record<string, unknown> = { ...channel };
    for (const field of fields) if (next[field] !== undefined) next[field] = mapSecretValue(next[field], (secret) => f(secret, channel.type, field));
    return next as StoredChannel;
  });
}

/* Records: what callers see of a channel. A secret is never shown, only whether one is set. */

const secretSet = (what: string) => z.boolean().describe(`Whether ${what} is stored; it is never returned.`);
const webhookUrl = z.string();

export const ChannelRecord = z.discriminatedUnion(
  'type',
  everyChannel({
    webhook: z.object({
      type: z.literal('webhook'),
      url: z.string(),
      secretSet: z.boolean().describe('Whether deliveries are signed (Lookout-Signature header); the secret itself is never returned.'),
    }),
    slack: z.object({ type: z.literal('slack'), webhookUrl }),
    email: z.object({ type: z.literal('email'), to: z.array(z.string()) }),
    discord: z.object({ type: z.literal('discord'), webhookUrl }),
    teams: z.object({ type: z.literal('teams'), webhookUrl }),
    telegram: z.object({ type: z.literal('telegram'), chatId: z.string(), botTokenSet: secretSet('the bot token') }),
    pagerduty: z.object({ type: z.literal('pagerduty'), routingKeySet: secretSet('the routing key') }),
    opsgenie: z.object({ type: z.literal('opsgenie'), region: z.enum(OPSGENIE_REGIONS), apiKeySet: secretSet('the API key') }),
    ntfy: z.object({ type: z.literal('ntfy'), url: z.string(), priority: z.int().nullable(), tokenSet: secretSet('an access token') }),
    pushover: z.object({ type: z.literal('pushover'), userKeySet: secretSet('the user key'), appTokenSet: secretSet('the application token') }),
    custom: z.object({
      type: z.literal('custom'),
      url: z.string(),
      method: z.enum(CUSTOM_METHODS),
      headers: z.array(z.object({ name: z.string(), value: z.string() })),
      secretHeaders: z
        .array(z.object({ name: z.string(), valueSet: z.literal(true) }))
        .describe('The headers whose values are secrets: their names only; the values are stored encrypted and never returned.'),
      body: z.string(),
    }),
  }),
);
export type ChannelRecord = z.infer<typeof ChannelRecord>;

/** Where a delivery went: the fields that tell a channel apart, without any secret. */
export const ChannelTarget = z.discriminatedUnion(
  'type',
  everyChannel({
    webhook: z.object({ type: z.literal('webhook'), url: z.string() }),
    slack: z.object({ type: z.literal('slack'), webhookUrl }),
    email: z.object({ type: z.literal('email'), to: z.array(z.string()) }),
    discord: z.object({ type: z.literal('discord'), webhookUrl }),
    teams: z.object({ type: z.literal('teams'), webhookUrl }),
    telegram: z.object({ type: z.literal('telegram'), chatId: z.string() }),
    pagerduty: z.object({ type: z.literal('pagerduty') }),
    opsgenie: z.object({ type: z.literal('opsgenie'), region: z.enum(OPSGENIE_REGIONS) }),
    ntfy: z.object({ type: z.literal('ntfy'), url: z.string() }),
    pushover: z.object({ type: z.literal('pushover') }),
    custom: z.object({ type: z.literal('custom'), method: z.enum(CUSTOM_METHODS), url: z.string() }),
  }),
);
export type ChannelTarget = z.infer<typeof ChannelTarget>;

/**
 * The fields that hold an address a channel posts to. Such an address often is a credential itself
 * (a Slack or Discord webhook's path, a token in a query), so those who may not change the channel
 * see only where it goes: see `maskedUrl`.
 */
const URL_FIELDS: ReadonlyArray<string> = ['url', 'webhookUrl'];

/** `scheme://host[:port]/…`: where a URL goes, without its path and query. */
export function maskedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return '…';
  }
}

/**
 * The parts of a channel's address that may be a credential: each path segment and query value
 * of at least LEAK_RUN characters (a Slack or Discord webhook's token, `?key=…`), to be blanked out
 * of whatever a provider answers. Shorter parts (`api`, `v2`) are words, not tokens.
 */
export function urlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const parts = [...parsed.pathname.split('/').map(decode), ...[...parsed.searchParams.values()]];
  return [...new Set(parts.filter((part) => part.length >= LEAK_RUN))];
}

/** How a channel is shown: its addresses whole (to Admins and Owners), or masked. */
export interface ChannelView {
  wholeUrls: boolean;
}

/**
 * The channel as answered: each secret field replaced by `<field>Set` (a list of named secrets by
 * their names, each with `valueSet`), and its addresses masked unless the view shows them whole.
 */
export function channelRecord(channel: StoredChannel, view: ChannelView = { wholeUrls: true }): ChannelRecord {
  const secrets: ReadonlyArray<string> = CHANNEL_SECRET_FIELDS[channel.type];
  const record: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(channel)) {
    if (secrets.includes(field)) continue;
    record[field] = shownValue(field, value, view);
  }
  for (const field of secrets) {
    const value = (channel as Record<string, unknown>)[field];
    if (field === 'secretHeaders') record[field] = ((value ?? []) as CustomHeader[]).map(({ name }) => ({ name, valueSet: true }));
    else record[`${field}Set`] = value !== null && value !== undefined;
  }
  return record as ChannelRecord;
}

export function channelTarget(channel: StoredChannel | ChannelTarget, view: ChannelView = { wholeUrls: true }): ChannelTarget {
  const target: Record<string, unknown> = { type: channel.type };
  for (const field of TARGET_FIELDS[channel.type]) target[field] = shownValue(field, (channel as Record<string, unknown>)[field], view);
  return target as ChannelTarget;
}

function shownValue(field: string, value: unknown, view: ChannelView): unknown {
  return !view.wholeUrls && URL_FIELDS.includes(field) && typeof value === 'string' ? maskedUrl(value) : value;
}

/**
 * A channel's identity: its type and where it sends to. A pending delivery goes out only while
 * its policy still has a channel with the same identity, and a PATCH that repeats a channel
 * without its secrets keeps the secrets of the channel with the same identity.
 */
export function channelKey(channel: ChannelTarget | StoredChannel): string {
  const fields: ReadonlyArray<string> = TARGET_FIELDS[channel.type];
  return JSON.stringify([channel.type, ...fields.map((field) => (channel as Record<string, unknown>)[field])]);
}

/**
 * The channel of `channels` that one with `key`, at `index` of its policy, is: the one at the same
 * place if it has that identity, else the first that has it. The place tells apart channels of
 * one identity (two PagerDuty services) as long as the list keeps its order.
 */
export function matchingChannel(channels: StoredChannel[], key: string, index: number): StoredChannel | undefined {
  const same = channels[index];
  if (same && channelKey(same) === key) return same;
  return channels.find((c) => channelKey(c) === key);
}

export function parseStoredChannels(json: string): StoredChannel[] {
  return JSON.parse(json) as StoredChannel[];
}
