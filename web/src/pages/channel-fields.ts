import { CHANNEL_TYPES, CUSTOM_METHODS } from '../api/enums.js';
import type { Channel, PolicyBody } from '../api/types.js';

export type ChannelType = Channel['type'];

/** The fields the API takes for a channel of type `T` (besides `type`), as a policy's body sends them. */
type InputField<T extends ChannelType> = T extends ChannelType ? Exclude<keyof Extract<PolicyBody['channels'][number], { type: T }>, 'type'> & string : never;

/**
 * One input of a channel in the policy form: a field the API takes for that type, or a choice sent
 * as one of the channel's request headers (`header`).
 */
export type ChannelField<T extends ChannelType = ChannelType> = ChannelFieldBase &
  ({ name: InputField<T>; header?: undefined } | { name: string; header: string });

interface ChannelFieldBase {
  label: string;
  /**
   * `secret`: write-only, typed anew or left empty to keep the stored one; `list`: addresses
   * separated by commas; `choice`: one of `choices`; `template`: a multi-line body; `headers`: rows;
   * `secretHeaders`: rows whose values are write-only.
   */
  kind: 'url' | 'text' | 'secret' | 'list' | 'choice' | 'template' | 'headers' | 'secretHeaders';
  optional?: boolean;
  placeholder?: string;
  hint?: string;
  choices?: ReadonlyArray<{ value: string; label: string }>;
  /** A choice sent as a number (ntfy's priority). */
  numeric?: boolean;
  /** The value a new channel starts with. */
  initial?: string;
}

export const CHANNEL_LABELS: Record<ChannelType, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  email: 'Email',
  discord: 'Discord',
  teams: 'Microsoft Teams',
  telegram: 'Telegram',
  pagerduty: 'PagerDuty',
  opsgenie: 'Opsgenie',
  ntfy: 'ntfy',
  pushover: 'Pushover',
  custom: 'Custom request',
};

export const CHANNEL_CHOICES = CHANNEL_TYPES.map((type) => ({ value: type, label: CHANNEL_LABELS[type] }));

/** The Content-Type values a custom channel may send (the API refuses others). */
export const CONTENT_TYPES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'application/json', label: 'JSON (application/json)' },
  { value: 'application/x-www-form-urlencoded', label: 'Form (application/x-www-form-urlencoded)' },
  { value: 'application/xml', label: 'XML (application/xml)' },
  { value: 'text/xml', label: 'XML (text/xml)' },
  { value: 'text/plain', label: 'Plain text (text/plain)' },
];

const CUSTOM_BODY =
  '{"text": "{{monitor.name}} is {{status}} (was {{previousStatus}})", "event": "{{event}}", "incident": "{{incident.id}}", "at": "{{occurredAt}}"}';

/**
 * What the form asks of each channel type, in the order shown. A channel type without its fields,
 * or a field the API does not take for that type, does not compile (`name` is the API's field
 * name, `channels.<i>.<name>` in its messages).
 */
const FIELDS = {
  webhook: [
    { name: 'url', label: 'URL', kind: 'url', placeholder: 'https://example.com/hooks/lookout' },
    { name: 'secret', label: 'Signing secret', kind: 'secret', optional: true, hint: '16-256 characters; signs each delivery (Lookout-Signature).' },
  ],
  slack: [{ name: 'webhookUrl', label: 'Slack incoming-webhook URL', kind: 'url', placeholder: 'https://hooks.slack.com/services/…' }],
  email: [{ name: 'to', label: 'Recipients', kind: 'list', placeholder: 'ops@example.com', hint: 'Separate addresses with commas.' }],
  discord: [{ name: 'webhookUrl', label: 'Discord webhook URL', kind: 'url', placeholder: 'https://discord.com/api/webhooks/…' }],
  teams: [
    {
      name: 'webhookUrl',
      label: 'Teams Workflows webhook URL',
      kind: 'url',
      placeholder: 'https://….logic.azure.com/workflows/…',
      hint: 'From a Teams workflow “When a Teams webhook request is received”; it posts an Adaptive Card.',
    },
  ],
  telegram: [
    {
      name: 'chatId',
      label: 'Chat',
      kind: 'text',
      placeholder: '-1001234567890 or @channel',
      hint: 'The numeric chat id (negative for groups) or a public channel’s @username.',
    },
    { name: 'botToken', label: 'Bot token', kind: 'secret', hint: 'From BotFather, such as 123456789:AA…' },
  ],
  pagerduty: [{ name: 'routingKey', label: 'Integration key', kind: 'secret', hint: 'The 32-character routing key of an Events API v2 integration.' }],
  opsgenie: [
    { name: 'apiKey', label: 'API key', kind: 'secret', hint: 'The key of an API integration of your Opsgenie team.' },
    {
      name: 'region',
      label: 'Region',
      kind: 'choice',
      initial: 'us',
      choices: [
        { value: 'us', label: 'US (api.opsgenie.com)' },
        { value: 'eu', label: 'EU (api.eu.opsgenie.com)' },
      ],
    },
  ],
  ntfy: [
    { name: 'url', label: 'Topic URL', kind: 'url', placeholder: 'https://ntfy.sh/my-alerts' },
    { name: 'token', label: 'Access token', kind: 'secret', optional: true, hint: 'For a protected topic.' },
    {
      name: 'priority',
      label: 'Priority',
      kind: 'choice',
      numeric: true,
      initial: '',
      choices: [
        { value: '', label: 'By event (down: urgent)' },
        { value: '1', label: '1 · min' },
        { value: '2', label: '2 · low' },
        { value: '3', label: '3 · default' },
        { value: '4', label: '4 · high' },
        { value: '5', label: '5 · urgent' },
      ],
    },
  ],
  pushover: [
    { name: 'userKey', label: 'User key', kind: 'secret', hint: 'Your user or group key (30 characters).' },
    { name: 'appToken', label: 'Application token', kind: 'secret', hint: 'The API token of your Pushover application.' },
  ],
  custom: [
    {
      name: 'method',
      label: 'Method',
      kind: 'choice',
      initial: 'POST',
      choices: CUSTOM_METHODS.map((method) => ({ value: method, label: method })),
    },
    { name: 'url', label: 'URL', kind: 'url', placeholder: 'https://example.com/alerts' },
    {
      name: 'contentType',
      label: 'Content type',
      kind: 'choice',
      header: 'Content-Type',
      initial: 'application/json',
      choices: CONTENT_TYPES,
      hint: 'How the body is sent; each variable’s value is escaped for it.',
    },
    { name: 'headers', label: 'Headers', kind: 'headers', optional: true },
    { name: 'secretHeaders', label: 'Secret headers', kind: 'secretHeaders', optional: true },
    {
      name: 'body',
      label: 'Body',
      kind: 'template',
      initial: CUSTOM_BODY,
      hint:
        'Variables: {{monitor.name}}, {{status}}, {{previousStatus}}, {{incident.id}}, {{event}}, {{occurredAt}}; each is escaped for the content type ' +
        '(inside a JSON string, form-encoded, as XML text, or as it is for plain text), control characters removed. JSON must be JSON once filled in.',
    },
  ],
} satisfies { readonly [T in ChannelType]: Array<ChannelField<T>> };

export const CHANNEL_FIELDS: Readonly<Record<ChannelType, ReadonlyArray<ChannelField>>> = FIELDS;

const text = (channel: Record<string, unknown>, name: string) => (typeof channel[name] === 'string' ? channel[name] : '');

/**
 * Where each channel type sends, as far as it is shown (empty for none): a Slack, Discord or Teams
 * URL holds its key, so it is not, and a pager or Pushover channel has only secrets.
 */
const ADDRESSES: { readonly [T in ChannelType]: (channel: Record<string, unknown>) => string } = {
  webhook: (c) => text(c, 'url'),
  slack: () => '',
  email: (c) => (Array.isArray(c.to) ? c.to.join(', ') : text(c, 'to')),
  discord: () => '',
  teams: () => '',
  telegram: (c) => `chat ${text(c, 'chatId')}`,
  pagerduty: () => '',
  opsgenie: (c) => text(c, 'region').toUpperCase(),
  ntfy: (c) => text(c, 'url'),
  pushover: () => '',
  custom: (c) => `${text(c, 'method')} ${text(c, 'url')}`,
};

/** Where a channel sends, as far as it is shown; nothing for a type this dashboard does not know. */
export function channelAddress(channel: Record<string, unknown>): string {
  const address = (ADDRESSES as Partial<Record<string, (channel: Record<string, unknown>) => string>>)[String(channel.type)];
  return address ? address(channel) : '';
}

export function channelLabel(channel: Channel | (Record<string, unknown> & { type: string })): string {
  const c = channel as Record<string, unknown> & { type: string };
  const address = channelAddress(c);
  const name = (CHANNEL_LABELS as Record<string, string | undefined>)[c.type] ?? c.type;
  return address ? `${name} ${address}` : name;
}
