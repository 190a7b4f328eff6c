import { z } from 'zod';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import { CHANNEL_TYPES, CUSTOM_METHODS, NTFY_PRIORITIES, OPSGENIE_REGIONS } from '../../shared/vocabulary.js';
import { RequestHeaders, urlProblem } from '../monitor-fields.js';
import { intRange, judgedUnion } from '../validation.js';
import { EMAIL_RECIPIENT_LIMIT, everyChannel } from './channels.js';
import {
  SAMPLE_VALUES,
  TEMPLATE_BODY_LENGTH,
  TEMPLATE_CONTENT_TYPES,
  contentTypeOf,
  renderTemplate,
  templateKindOf,
  templateProblem,
} from './custom-template.js';

/*
 * What a notification channel takes as input, per type. Secret fields are write-only: on create
 * each required one must be sent; on update one left out keeps the secret stored for the same
 * channel (the policy service judges that, as only it knows what is stored).
 */

export const WEBHOOK_SECRET_LENGTH = [16, 256] as const;

/** Creating a policy, or replacing its channels (where a secret left out is kept). */
export type ChannelInputMode = 'create' | 'update';

const httpUrl = () =>
  z
    .string()
    .max(MONITOR_LIMITS.urlLength, { abort: true })
    .superRefine((value, ctx) => {
      const problem = urlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.replace('; use auth instead', ''), input: value });
    });

/**
 * A secret in the provider's own format: refused here rather than by the provider at 3 a.m. The
 * formats keep to characters that are safe in a URL path or a header, where some of them go.
 */
function secretText(pattern: RegExp, message: string) {
  return z.string().max(256, { abort: true }).regex(pattern, message);
}

/** A required secret: sent on create; on update, left out keeps the stored one. */
function requiredSecret(mode: ChannelInputMode, schema: z.ZodString, description: string) {
  const kept = ' On update, omitted keeps the stored one.';
  return mode === 'create' ? schema.describe(`${description} Stored encrypted, never returned.`) : schema.optional().describe(`${description}${kept}`);
}

/** A secret a channel may go without: null removes it; left out keeps the stored one on update. */
function optionalSecret(schema: z.ZodString, description: string) {
  return schema
    .nullable()
    .optional()
    .describe(`${description} Stored encrypted, never returned. On update, omitted keeps the one stored for the same channel; null removes it.`);
}

const WebhookUrl = (what: string) => httpUrl().describe(what);

const TemplateBody = z
  .string()
  .min(1, { abort: true })
  .max(TEMPLATE_BODY_LENGTH, { abort: true })
  .refine((body) => !body.includes('\u0000'), { message: 'must not contain the NUL character (U+0000)', abort: true })
  .superRefine((body, ctx) => {
    const problem = templateProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: body });
  })
  .describe(
    `The body sent, 1-${TEMPLATE_BODY_LENGTH} characters, in which {{monitor.name}}, {{status}}, {{previousStatus}}, {{incident.id}}, {{event}} and {{occurredAt}} ` +
      'are replaced by the event’s values (an absent value is empty), control characters removed and escaped for the channel’s Content-Type: ' +
      'inside a JSON string for JSON (e.g. {"text": "{{monitor.name}} is {{status}}"}), form-encoded for application/x-www-form-urlencoded ' +
      '(e.g. to=%2B15550100&text={{monitor.name}}), with XML entities for application/xml and text/xml, as they are for text/plain. ' +
      'Without a Content-Type header it is sent as application/json and must be JSON once its variables are filled in.',
  );

const SecretHeaders = RequestHeaders.superRefine((headers, ctx) => {
  headers.forEach((header, i) => {
    if (header.value === '')
      ctx.addIssue({ code: 'custom', path: [i, 'value'], message: 'must not be empty: a secret header is sent with its value', input: '' });
  });
}).describe(
  'Headers whose values are secrets (an API key, `Authorization`): 0-20 of `{name, value}`, names as for `headers` but not Content-Type nor one of `headers`. ' +
    'Stored encrypted and answered as `{name, valueSet: true}`. On update, omitted keeps those stored for the same channel (same method and url); null or [] removes them.',
);

/** The rules between a custom channel's fields: the Content-Type it may send, a JSON body, each header name used once. */
function customChannelProblems(
  channel: { headers: ReadonlyArray<{ name: string; value: string }>; body: string; secretHeaders?: ReadonlyArray<{ name: string }> | null },
  ctx: z.RefinementCtx,
): void {
  const typeAt = channel.headers.findIndex((h) => h.name.toLowerCase() === 'content-type');
  const kind = templateKindOf(contentTypeOf(channel.headers));
  if (kind === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['headers', typeAt, 'value'],
      message: `must be ${TEMPLATE_CONTENT_TYPES}: the values put into the body are escaped for it`,
      input: channel.headers[typeAt]?.value,
    });
  }
  const plain = new Set(channel.headers.map((h) => h.name.toLowerCase()));
  (channel.secretHeaders ?? []).forEach(({ name }, i) => {
    const lower = name.toLowerCase();
    if (lower === 'content-type') {
      ctx.addIssue({
        code: 'custom',
        path: ['secretHeaders', i, 'name'],
        message: 'must not be Content-Type: it is not secret (put it in headers)',
        input: name,
      });
    } else if (plain.has(lower)) {
      ctx.addIssue({ code: 'custom', path: ['secretHeaders', i, 'name'], message: `must not be one of headers too (${name})`, input: name });
    }
  });
  if (kind !== 'json') return;
  try {
    JSON.parse(renderTemplate(channel.body, SAMPLE_VALUES));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.addIssue({ code: 'custom', path: ['body'], message: `must be JSON once its variables are filled in (${reason})`, input: channel.body });
  }
}

function channelShapes(mode: ChannelInputMode) {
  return everyChannel({
    webhook: z.strictObject({
      type: z.literal('webhook'),
      url: httpUrl().describe('Where the JSON event is POSTed: an absolute http(s) URL of at most 2048 characters.'),
      secret: z
        .string()
        .min(WEBHOOK_SECRET_LENGTH[0])
        .max(WEBHOOK_SECRET_LENGTH[1])
        .nullable()
        .optional()
        .describe(
          'Optional, 16-256 characters, stored encrypted and never returned: signs each delivery (Lookout-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">). ' +
            'On update, a webhook whose url is unchanged keeps its secret when `secret` is omitted; null removes it.',
        ),
    }),
    slack: z.strictObject({
      type: z.literal('slack'),
      webhookUrl: WebhookUrl('A Slack incoming-webhook URL (https://hooks.slack.com/services/…).'),
    }),
    email: z.strictObject({
      type: z.literal('email'),
      to: z.array(z.email().max(320)).min(1).max(EMAIL_RECIPIENT_LIMIT).describe('1-20 email addresses; mail goes out through the SMTP server of SMTP_URL.'),
    }),
    discord: z.strictObject({
      type: z.literal('discord'),
      webhookUrl: WebhookUrl('A Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>): messages are posted with an embed.'),
    }),
    teams: z.strictObject({
      type: z.literal('teams'),
      webhookUrl: WebhookUrl('The URL of a Microsoft Teams Workflows webhook ("When a Teams webhook request is received"): it gets an Adaptive Card.'),
    }),
    telegram: z.strictObject({
      type: z.literal('telegram'),
      chatId: z
        .string()
        .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, 'must be a numeric chat id (groups are negative) or a channel’s @username')
        .describe('The chat the bot writes to: its numeric id (negative for groups) or @username of a public channel.'),
      botToken: requiredSecret(
        mode,
        secretText(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must be a bot token as BotFather gives it (<digits>:<letters, digits, _ and ->)'),
        'The bot’s token from BotFather.',
      ),
    }),
    pagerduty: z.strictObject({
      type: z.literal('pagerduty'),
      routingKey: requiredSecret(
        mode,
        secretText(/^[A-Za-z0-9]{32}$/, 'must be the 32-character integration key of an Events API v2 integration'),
        'The integration (routing) key of an Events API v2 integration: a monitor going down triggers an alert, its recovery resolves it (dedup_key: the incident id).',
      ),
    }),
    opsgenie: z.strictObject({
      type: z.literal('opsgenie'),
      apiKey: requiredSecret(
        mode,
        secretText(/^[A-Za-z0-9-]{8,128}$/, 'must be an Opsgenie API key (letters, digits and -)'),
        'The key of an Opsgenie API integration: a monitor going down creates an alert, its recovery closes it (alias: the incident id).',
      ),
      region: z.enum(OPSGENIE_REGIONS).default('us').describe('Where the Opsgenie account lives: `us` (default) or `eu`.'),
    }),
    ntfy: z.strictObject({
      type: z.literal('ntfy'),
      url: httpUrl().describe('The topic URL messages are published to, e.g. https://ntfy.sh/my-topic or one on your own ntfy server.'),
      token: optionalSecret(
        secretText(/^[\x21-\x7e]{1,256}$/, 'must be printable ASCII without spaces'),
        'An access token for a protected topic (sent as Bearer).',
      ),
      priority: intRange(NTFY_PRIORITIES[0], NTFY_PRIORITIES[NTFY_PRIORITIES.length - 1]!)
        .nullable()
        .default(null)
        .describe('1 (min) to 5 (urgent) for every message; null (the default): by event (down 5, degraded and certificates 4, others 3).'),
    }),
    pushover: z.strictObject({
      type: z.literal('pushover'),
      userKey: requiredSecret(mode, secretText(/^[A-Za-z0-9]{30}$/, 'must be a Pushover key: 30 letters and digits'), 'The user or group key to notify.'),
      appToken: requiredSecret(
        mode,
        secretText(/^[A-Za-z0-9]{30}$/, 'must be a Pushover key: 30 letters and digits'),
        'The API token of your Pushover application.',
      ),
    }),
    custom: z
      .strictObject({
        type: z.literal('custom'),
        url: httpUrl().describe('Where the body is sent: an absolute http(s) URL of at most 2048 characters. Members see it as scheme://host[:port]/… only.'),
        method: z.enum(CUSTOM_METHODS).describe('POST or PUT.'),
        headers: RequestHeaders.default([]).describe(
          'Headers sent with the body: 0-20 of `{name, value}`, each name once (default none). Not secret: shown in answers (put keys in secretHeaders). ' +
            `A Content-Type header must be ${TEMPLATE_CONTENT_TYPES}; without one the body is sent as application/json.`,
        ),
        secretHeaders: SecretHeaders.nullable().optional(),
        body: TemplateBody,
      })
      .superRefine(customChannelProblems),
  });
}

function channelInput(mode: ChannelInputMode) {
  return judgedUnion('type', channelShapes(mode), {
    error: (issue) => ((issue.input as { type?: unknown } | undefined)?.type === undefined ? 'is required' : `must be one of ${CHANNEL_TYPES.join(', ')}`),
  }).describe(`Where alerts go: one of ${CHANNEL_TYPES.join(', ')}, each with its own fields.`);
}

export const CreateChannelInput = channelInput('create');
export const UpdateChannelInput = channelInput('update');
export type ChannelInput = z.output<typeof UpdateChannelInput>;
