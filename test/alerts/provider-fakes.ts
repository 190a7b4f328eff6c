import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from './receivers.js';

/*
 * Local stand-ins for the notification providers, each judging a request by what the provider
 * documents (method, path, headers, body and its limits) and refusing, with 400, what the real one
 * would refuse. Tests read `received[i].problems` (empty when the request is as documented) and
 * then the fields they care about.
 */

export type Seen = Omit<ReceivedRequest, 'answered' | 'problems'>;

/** Credentials in the providers' own formats. */
export const PROVIDER_SECRETS = {
  botToken: '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQr',
  routingKey: 'R0ut1ngKeyR0ut1ngKeyR0ut1ngKey32',
  /** A second PagerDuty service, for a policy with two. */
  otherRoutingKey: 'S3rv1ceTwoS3rv1ceTwoS3rv1ceTwo32',
  apiKey: 'e2b1c9d4-0f6a-4c52-9a7e-3d1f8b6c5a40',
  ntfyToken: 'tk_lookoutalertsaccesstoken0000',
  userKey: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG',
  appToken: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi',
} as const;

const problemsOf = (rules: Array<[boolean, string]>) => rules.filter(([ok]) => !ok).map(([, problem]) => problem);
const isString = (value: unknown, max: number) => typeof value === 'string' && value.length > 0 && value.length <= max;
const json = (r: Seen) => String(r.headers['content-type']).startsWith('application/json');

/** https://discord.com/developers/docs/resources/webhook#execute-webhook (limits: #embed-object-embed-limits) */
function discord(r: Seen): string[] {
  const embeds: any[] = Array.isArray(r.json?.embeds) ? r.json.embeds : [];
  const total = embeds.reduce((n, e) => n + String(e.title ?? '').length + String(e.description ?? '').length + String(e.footer?.text ?? '').length, 0);
  return problemsOf([
    [r.method === 'POST', 'method must be POST'],
    [json(r), 'Content-Type must be application/json'],
    [r.json !== null && (isString(r.json.content, 2000) || embeds.length > 0), 'needs content (1-2000 characters) or embeds'],
    [embeds.length <= 10, 'at most 10 embeds'],
    [embeds.every((e) => e.title === undefined || isString(e.title, 256)), 'embed title: at most 256 characters'],
    [embeds.every((e) => e.description === undefined || isString(e.description, 4096)), 'embed description: at most 4096 characters'],
    [embeds.every((e) => e.color === undefined || (Number.isInteger(e.color) && e.color >= 0 && e.color <= 0xffffff)), 'embed color: an integer RGB'],
    [total <= 6000, 'embeds: at most 6000 characters in all'],
  ]);
}

/** https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using#send-adaptive-cards-using-an-incoming-webhook */
function teams(r: Seen): string[] {
  const attachment = r.json?.attachments?.[0];
  const card = attachment?.content;
  return problemsOf([
    [r.method === 'POST', 'method must be POST'],
    [json(r), 'Content-Type must be application/json'],
    [r.json?.type === 'message', 'type must be "message"'],
    [r.json?.attachments?.length === 1, 'one attachment'],
    [attachment?.contentType === 'application/vnd.microsoft.card.adaptive', 'the attachment must be an Adaptive Card'],
    [card?.type === 'AdaptiveCard' && /^1\.[0-5]$/.test(String(card?.version)), 'content: an AdaptiveCard of version 1.0-1.5'],
    [Array.isArray(card?.body) && card.body.every((e: any) => typeof e.type === 'string'), 'card body: elements with a type'],
    [(card?.actions ?? []).every((a: any) => a.type !== 'Action.OpenUrl' || /^https?:\/\//.test(a.url)), 'Action.OpenUrl needs a url'],
  ]);
}

/** https://core.telegram.org/bots/api#sendmessage */
function telegram(token: string) {
  return (r: Seen): string[] =>
    problemsOf([
      [r.method === 'POST', 'method must be POST'],
      [r.path === `/bot${token}/sendMessage`, 'path must be /bot<token>/sendMessage'],
      [json(r), 'Content-Type must be application/json'],
      [typeof r.json?.chat_id === 'string' || Number.isInteger(r.json?.chat_id), 'chat_id is required'],
      [isString(r.json?.text, 4096), 'text: 1-4096 characters'],
      [r.json?.parse_mode === undefined || ['HTML', 'MarkdownV2', 'Markdown'].includes(r.json.parse_mode), 'parse_mode: HTML, MarkdownV2 or Markdown'],
    ]);
}

/** https://developer.pagerduty.com/docs/events-api-v2/trigger-events/ (and resolve-events, acknowledge-events) */
function pagerduty(routingKeys: readonly string[]) {
  return (r: Seen): string[] => {
    const event = r.json;
    const trigger = event?.event_action === 'trigger';
    return problemsOf([
      [r.method === 'POST' && r.path === '/v2/enqueue', 'POST /v2/enqueue'],
      [json(r), 'Content-Type must be application/json'],
      [routingKeys.includes(event?.routing_key), 'routing_key must be an integration key'],
      [['trigger', 'acknowledge', 'resolve'].includes(event?.event_action), 'event_action: trigger, acknowledge or resolve'],
      [
        trigger ? event.dedup_key === undefined || isString(event.dedup_key, 255) : isString(event?.dedup_key, 255),
        'dedup_key: at most 255 characters, required to resolve or acknowledge',
      ],
      [!trigger || isString(event.payload?.summary, 1024), 'payload.summary: 1-1024 characters'],
      [!trigger || isString(event.payload?.source, 255), 'payload.source is required'],
      [!trigger || ['critical', 'error', 'warning', 'info'].includes(event.payload?.severity), 'payload.severity: critical, error, warning or info'],
      [!trigger || event.payload?.timestamp === undefined || !Number.isNaN(Date.parse(event.payload.timestamp)), 'payload.timestamp: ISO 8601'],
    ]);
  };
}

/** https://docs.opsgenie.com/docs/alert-api#create-alert, #close-alert, #acknowledge-alert */
function opsgenie(apiKey: string) {
  return (r: Seen): string[] => {
    const create = r.path === '/v2/alerts';
    const action = /^\/v2\/alerts\/[^/?]+\/(close|acknowledge)\?identifierType=alias$/.test(r.path);
    return problemsOf([
      [r.method === 'POST' && (create || action), 'POST /v2/alerts, or /v2/alerts/{alias}/close|acknowledge?identifierType=alias'],
      [r.headers.authorization === `GenieKey ${apiKey}`, 'Authorization: GenieKey <key>'],
      [json(r), 'Content-Type must be application/json'],
      [!create || isString(r.json?.message, 130), 'message: 1-130 characters'],
      [!create || r.json?.alias === undefined || isString(r.json.alias, 512), 'alias: at most 512 characters'],
      [!create || r.json?.description === undefined || isString(r.json.description, 15000), 'description: at most 15000 characters'],
      [!create || r.json?.priority === undefined || /^P[1-5]$/.test(r.json.priority), 'priority: P1-P5'],
      [r.json?.source === undefined || isString(r.json.source, 100), 'source: at most 100 characters'],
    ]);
  };
}

/** https://docs.ntfy.sh/publish/ */
function ntfy(topicPath: string, token: string | null) {
  return (r: Seen): string[] =>
    problemsOf([
      [r.method === 'POST' || r.method === 'PUT', 'method must be POST or PUT'],
      [r.path === topicPath, 'publish to the topic URL'],
      [Buffer.byteLength(r.body) <= 4096, 'a message of at most 4096 bytes (a larger body becomes an attachment)'],
      [r.headers.priority === undefined || /^[1-5]$/.test(String(r.headers.priority)), 'Priority: 1-5'],
      [r.headers.title === undefined || /^[\x20-\x7e]*$/.test(String(r.headers.title)), 'Title: ASCII or RFC 2047'],
      [token === null ? r.headers.authorization === undefined : r.headers.authorization === `Bearer ${token}`, 'Authorization: Bearer <token>'],
    ]);
}

/** https://pushover.net/api */
function pushover(appToken: string, userKey: string) {
  return (r: Seen): string[] => {
    const form = new URLSearchParams(r.body);
    return problemsOf([
      [r.method === 'POST' && r.path === '/1/messages.json', 'POST /1/messages.json'],
      [String(r.headers['content-type']).startsWith('application/x-www-form-urlencoded'), 'a form (application/x-www-form-urlencoded)'],
      [form.get('token') === appToken, 'token: the application token'],
      [form.get('user') === userKey, 'user: the user key'],
      [isString(form.get('message'), 1024), 'message: 1-1024 characters'],
      [form.get('title') === null || isString(form.get('title'), 250), 'title: at most 250 characters'],
      [form.get('url') === null || isString(form.get('url'), 512), 'url: at most 512 characters'],
      [form.get('priority') === null || ['-2', '-1', '0', '1'].includes(form.get('priority')!), 'priority: -2 to 1 (2 needs retry and expire)'],
    ]);
  };
}

/** Each provider's judgement, for the fakes below and for requests built without a server. */
export const PROVIDER_CHECKS = { discord, teams, telegram, pagerduty, opsgenie, ntfy, pushover };

export interface ProviderFakes {
  discord: HttpReceiver;
  teams: HttpReceiver;
  telegram: HttpReceiver;
  pagerduty: HttpReceiver;
  opsgenie: HttpReceiver;
  opsgenieEu: HttpReceiver;
  ntfy: HttpReceiver;
  pushover: HttpReceiver;
  custom: HttpReceiver;
  /** The API addresses to start the server with. */
  env: Record<string, string>;
  /** A policy's channels, one of each type, aimed at these fakes with PROVIDER_SECRETS. */
  channels(): Array<Record<string, unknown>>;
  all(): HttpReceiver[];
  close(): Promise<void>;
}

export const NTFY_TOPIC = '/lookout-alerts';
export const CUSTOM_BODY =
  '{"text": "{{monitor.name}} is {{status}} (was {{previousStatus}})", "incident": "{{incident.id}}", "event": "{{event}}", "at": "{{occurredAt}}"}';

export async function startProviderFakes(): Promise<ProviderFakes> {
  const s = PROVIDER_SECRETS;
  const fakes = {
    discord: await startHttpReceiver('/api/webhooks/112233445566778899/discord-webhook-token', { check: discord }),
    teams: await startHttpReceiver('/workflows/lookout/triggers/manual/paths/invoke?api-version=1', { check: teams }),
    telegram: await startHttpReceiver('', { check: telegram(s.botToken) }),
    pagerduty: await startHttpReceiver('', { check: pagerduty([s.routingKey, s.otherRoutingKey]) }),
    opsgenie: await startHttpReceiver('', { check: opsgenie(s.apiKey) }),
    opsgenieEu: await startHttpReceiver('', { check: opsgenie(s.apiKey) }),
    ntfy: await startHttpReceiver(NTFY_TOPIC, { check: ntfy(NTFY_TOPIC, s.ntfyToken) }),
    pushover: await startHttpReceiver('', { check: pushover(s.appToken, s.userKey) }),
    custom: await startHttpReceiver('/custom/hook', {
      check: (r) => problemsOf([[r.method === 'PUT' && r.path === '/custom/hook', 'PUT /custom/hook']]),
    }),
  };
  const all = () => Object.values(fakes);
  return {
    ...fakes,
    env: {
      LOOKOUT_TELEGRAM_API_URL: fakes.telegram.url,
      LOOKOUT_PAGERDUTY_API_URL: fakes.pagerduty.url,
      LOOKOUT_OPSGENIE_API_URL: fakes.opsgenie.url,
      LOOKOUT_OPSGENIE_EU_API_URL: fakes.opsgenieEu.url,
      LOOKOUT_PUSHOVER_API_URL: fakes.pushover.url,
    },
    channels: () => [
      { type: 'discord', webhookUrl: fakes.discord.url },
      { type: 'teams', webhookUrl: fakes.teams.url },
      { type: 'telegram', chatId: '-1001234567890', botToken: s.botToken },
      { type: 'pagerduty', routingKey: s.routingKey },
      { type: 'opsgenie', apiKey: s.apiKey, region: 'eu' },
      { type: 'ntfy', url: fakes.ntfy.url, token: s.ntfyToken },
      { type: 'pushover', userKey: s.userKey, appToken: s.appToken },
      {
        type: 'custom',
        url: fakes.custom.url,
        method: 'PUT',
        headers: [{ name: 'X-Team', value: 'ops' }],
        body: CUSTOM_BODY,
      },
    ],
    all,
    close: async () => {
      await Promise.all(all().map((fake) => fake.close()));
    },
  };
}
