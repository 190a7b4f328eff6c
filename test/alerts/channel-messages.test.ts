import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  CHANNEL_SECRET_FIELDS,
  channelRecord,
  channelTarget,
  mapChannelSecrets,
  mapSecretValue,
  secretsIn,
  type StoredChannel,
} from '../../src/domain/alerts/channels.js';
import { SAMPLE_VALUES, renderTemplate, templateProblem } from '../../src/domain/alerts/custom-template.js';
import { renderPayload } from '../../src/domain/alerts/messages.js';
import { pagerStep } from '../../src/domain/alerts/pager-messages.js';
import { headerText } from '../../src/domain/alerts/push-messages.js';
import type { Alert } from '../../src/domain/alerts/wording.js';
import type { ProviderRequest } from '../../src/notify/channel-sender.js';
import { outgoing } from '../../src/notify/channel-senders.js';
import { PROVIDER_CHECKS, PROVIDER_SECRETS, type Seen } from './provider-fakes.js';

/*
 * The provider messages without a server: whatever a monitor is called and whatever its checks
 * say, each request stays within what its provider accepts, and the rules that pick a pager's
 * action, fill a custom body and keep secrets apart hold.
 */

const URLS = loadConfig({}).providerUrls;
const S = PROVIDER_SECRETS;
const TOPIC = 'https://ntfy.example.test/alerts';

const CHANNELS: Array<Exclude<StoredChannel, { type: 'webhook' | 'slack' | 'email' }>> = [
  { type: 'discord', webhookUrl: 'https://discord.com/api/webhooks/1/token' },
  { type: 'teams', webhookUrl: 'https://prod.westeurope.logic.azure.com/workflows/x/triggers/manual/paths/invoke' },
  { type: 'telegram', chatId: '@lookout_alerts', botToken: S.botToken },
  { type: 'pagerduty', routingKey: S.routingKey },
  { type: 'opsgenie', region: 'us', apiKey: S.apiKey },
  { type: 'ntfy', url: TOPIC, priority: null, token: S.ntfyToken },
  { type: 'pushover', userKey: S.userKey, appToken: S.appToken },
  {
    type: 'custom',
    url: 'https://hooks.acme.test/in',
    method: 'POST',
    headers: [],
    secretHeaders: [{ name: 'X-Api-Key', value: 'custom-api-key-0123456789' }],
    body: '{"m": "{{monitor.name}}", "s": "{{status}}"}',
  },
];

const CHECKS: Record<string, (seen: Seen) => string[]> = {
  discord: PROVIDER_CHECKS.discord,
  teams: PROVIDER_CHECKS.teams,
  telegram: PROVIDER_CHECKS.telegram(S.botToken),
  pagerduty: PROVIDER_CHECKS.pagerduty([S.routingKey]),
  opsgenie: PROVIDER_CHECKS.opsgenie(S.apiKey),
  ntfy: PROVIDER_CHECKS.ntfy('/alerts', S.ntfyToken),
  pushover: PROVIDER_CHECKS.pushover(S.appToken, S.userKey),
  custom: (seen) => (seen.json === null ? ['the body is not JSON'] : []),
};

/** The request a channel's sender builds for a stored payload, its secrets stored in plain text. */
function providerRequest(channel: StoredChannel, payload: string): ProviderRequest {
  const attempt = outgoing(channel, { payload, open: (sealed) => sealed, urls: URLS, at: 0 });
  if (attempt.transport !== 'http') throw new Error(`${channel.type} is not delivered over HTTP`);
  return attempt.request;
}

/** What the provider would receive: the request as the dispatcher sends it (JSON unless it says otherwise). */
function sent(channel: (typeof CHANNELS)[number], alert: Alert): Seen | null {
  const payload = renderPayload(channel, alert, 'https://lookout.example.test');
  if (payload === null) return null;
  const request = providerRequest(channel, payload);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  headers['content-type'] ??= 'application/json';
  for (const value of Object.values(headers)) expect(value, 'a header value Node can send').toMatch(/^[\t\x20-\x7e]*$/);
  let json: unknown = null;
  try {
    json = JSON.parse(request.body);
  } catch {
    // a form or text
  }
  const url = new URL(request.url);
  return { method: request.method, path: url.pathname + url.search, headers, body: request.body, json, at: 0 };
}

const EVENTS = ['monitor.down', 'monitor.degraded', 'monitor.up', 'certificate.expiring', 'test'] as const;

const alerts = fc.record({
  event: fc.constantFrom(...EVENTS),
  // Long names as often as short ones: limits are what this is about.
  name: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), fc.string({ unit: 'binary', minLength: 150, maxLength: 200 })),
  incident: fc.boolean(),
  regions: fc.array(
    fc.record({
      region: fc.constantFrom('us-east', 'eu-west', 'asia'),
      ok: fc.boolean(),
      message: fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: 'binary', minLength: 900, maxLength: 1000 })),
    }),
    { maxLength: 3 },
  ),
});

function alertOf(a: {
  event: (typeof EVENTS)[number];
  name: string;
  incident: boolean;
  regions: Array<{ region: string; ok: boolean; message: string }>;
}): Alert {
  return {
    id: '01900000-0000-7000-8000-0000000000e1',
    event: a.event,
    occurredAt: '2026-03-01T10:00:00.000Z',
    monitorRecord: null,
    monitor: a.event === 'test' ? null : { id: '01900000-0000-7000-8000-0000000000m1', name: a.name, type: 'http', target: 'https://shop.example.test/health' },
    previousStatus: a.event === 'test' ? null : 'up',
    status: a.event === 'test' ? null : 'down',
    incidentId: a.incident ? '01900000-0000-7000-8000-0000000000i1' : null,
    regions: a.regions.map((r) => ({
      region: r.region,
      ok: r.ok,
      error: r.ok ? null : { code: 'timeout', message: r.message },
      warnings: r.ok ? [r.message] : [],
    })),
    certificate: a.event === 'certificate.expiring' ? { subject: `CN=${a.name}`, validTo: '2026-03-08T00:00:00.000Z', daysRemaining: 7 } : null,
    policyName: a.name,
  };
}

describe('provider requests', () => {
  it('stay within what each provider accepts, whatever a monitor is called and its checks say', () => {
    fc.assert(
      fc.property(alerts, (a) => {
        for (const channel of CHANNELS) {
          const seen = sent(channel, alertOf(a));
          if (seen) expect(CHECKS[channel.type]!(seen), `${channel.type} for ${JSON.stringify(a)}`).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('render the same bytes every time, so that a retry sends what the first attempt sent', () => {
    const alert = alertOf({ event: 'monitor.down', name: 'Shop', incident: true, regions: [] });
    for (const channel of CHANNELS) expect(renderPayload(channel, alert, 'https://x.test')).toBe(renderPayload(channel, alert, 'https://x.test'));
  });

  it('keep secrets out of the stored payload: they are added at send time', () => {
    const alert = alertOf({ event: 'monitor.down', name: 'Shop', incident: true, regions: [] });
    for (const channel of CHANNELS) {
      const payload = renderPayload(channel, alert, 'https://x.test')!;
      for (const secret of Object.values(S)) expect(payload, channel.type).not.toContain(secret);
      const request = providerRequest(channel, payload);
      const secrets: string[] = CHANNEL_SECRET_FIELDS[channel.type].flatMap((field) => secretsIn((channel as Record<string, unknown>)[field]));
      expect(request.secrets, channel.type).toEqual(expect.arrayContaining(secrets));
    }
  });

  it('put the Telegram token in the path and the Opsgenie EU account on the EU host', () => {
    const alert = alertOf({ event: 'test', name: 'x', incident: false, regions: [] });
    const telegram = providerRequest(CHANNELS[2]!, renderPayload(CHANNELS[2]!, alert, 'https://x.test')!);
    expect(telegram.url).toBe(`https://api.telegram.org/bot${S.botToken}/sendMessage`);
    const eu = { type: 'opsgenie', region: 'eu', apiKey: S.apiKey } as const;
    expect(providerRequest(eu, renderPayload(eu, alert, 'https://x.test')!).url).toBe('https://api.eu.opsgenie.com/v2/alerts');
  });

  it('escape what a chat would read as markup or a mention', () => {
    const alert = alertOf({ event: 'monitor.down', name: '@everyone <b>*bold*</b> & [x](https://evil.test)', incident: false, regions: [] });
    const discord = JSON.parse(JSON.parse(renderPayload(CHANNELS[0]!, alert, 'https://x.test')!).body);
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.content).toBe('@everyone <b\\>\\*bold\\*</b\\> & \\[x\\]\\(https://evil.test\\) is down');
    const telegram = JSON.parse(JSON.parse(renderPayload(CHANNELS[2]!, alert, 'https://x.test')!).body);
    expect(telegram.text.startsWith('<b>@everyone &lt;b&gt;*bold*&lt;/b&gt; &amp; [x](https://evil.test) is down</b>')).toBe(true);
  });
});

describe('an ntfy title', () => {
  it('is sent as it is when printable ASCII, else as an RFC 2047 encoded word that decodes to it', () => {
    expect(headerText('Shop API is down')).toBe('Shop API is down');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), (title) => {
        const value = headerText(title);
        expect(value).toMatch(/^[\x20-\x7e]*$/);
        const word = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
        // As UTF-8 carries it: a lone surrogate becomes U+FFFD.
        expect(word ? Buffer.from(word[1]!, 'base64').toString('utf8') : value).toBe(Buffer.from(title, 'utf8').toString('utf8'));
      }),
    );
  });
});

describe('the pager action of an event', () => {
  const incidentId = 'inc-1';
  const id = 'evt-1';
  it.each([
    ['monitor.down', incidentId, { action: 'trigger', key: incidentId, severity: 'critical' }],
    ['monitor.degraded', incidentId, { action: 'trigger', key: incidentId, severity: 'warning' }],
    ['monitor.degraded', null, { action: 'trigger', key: id, severity: 'warning' }],
    ['monitor.up', incidentId, { action: 'resolve', key: incidentId, severity: 'info' }],
    ['monitor.up', null, null],
    ['certificate.expiring', incidentId, { action: 'trigger', key: id, severity: 'warning' }],
    ['test', null, { action: 'trigger', key: id, severity: 'info' }],
    // Events of an incident that other parts of Lookout announce: only their name is needed here.
    ['incident.acknowledged', incidentId, { action: 'acknowledge', key: incidentId, severity: 'info' }],
    ['incident.acknowledged', null, null],
    ['monitor.reminder', incidentId, { action: 'trigger', key: incidentId, severity: 'critical' }],
  ] as const)('%s with incident %s', (event, incident, step) => {
    expect(pagerStep({ event: event, id, incidentId: incident })).toEqual(step);
  });

  it('acknowledges on Opsgenie by alias, with the same body as a close', () => {
    const alert = { ...alertOf({ event: 'monitor.down', name: 'Shop', incident: true, regions: [] }), event: 'incident.acknowledged' as Alert['event'] };
    const message = JSON.parse(renderPayload(CHANNELS[4]!, alert, 'https://x.test')!);
    expect(message.path).toBe(`/v2/alerts/${alert.incidentId!}/acknowledge?identifierType=alias`);
    const pagerduty = JSON.parse(JSON.parse(renderPayload(CHANNELS[3]!, alert, 'https://x.test')!).body);
    expect(pagerduty).toEqual({ event_action: 'acknowledge', dedup_key: alert.incidentId });
  });
});

/** Whether the surrogate at `i` is half of a pair (URLSearchParams writes a lone one as U+FFFD). */
function isPaired(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff) return i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff;
  return i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff;
}

describe('a custom body', () => {
  const TEMPLATE = '{"v": "{{monitor.name}}"}';
  it('puts any value inside its JSON string, escaped, control characters removed, and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const body = renderTemplate(TEMPLATE, { ...SAMPLE_VALUES, 'monitor.name': name });
        expect(JSON.parse(body)).toEqual({ v: name.replace(/\p{Cc}/gu, '') });
      }),
    );
  });

  it('escapes any value for a form, XML or plain text, so that it stays one field, one text, one line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const clean = name.replace(/\p{Cc}/gu, '');
        const values = { ...SAMPLE_VALUES, 'monitor.name': name };
        const form = new URLSearchParams(renderTemplate('to=%2B15550100&text={{monitor.name}}', values, 'form'));
        expect([...form.entries()]).toEqual([
          ['to', '+15550100'],
          ['text', clean.replace(/[\uD800-\uDFFF]/g, (c, i: number, all: string) => (isPaired(all, i) ? c : '\uFFFD'))],
        ]);
        const xml = renderTemplate('<n>{{monitor.name}}</n>', values, 'xml');
        expect(xml.slice(3, -4)).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|apos);)|\p{Cc}/u);
        expect(renderTemplate('{{monitor.name}}', values, 'text')).toBe(clean);
      }),
    );
  });

  it('fills every variable once, white space inside the braces allowed, an absent value empty', () => {
    const body = '{{monitor.name}}|{{ status }}|{{previousStatus}}|{{incident.id}}|{{event}}|{{occurredAt}}|{{status}}';
    expect(templateProblem(body)).toBeNull();
    expect(renderTemplate(body, { ...SAMPLE_VALUES, previousStatus: null, 'incident.id': '{{status}}' })).toBe(
      'Checkout API|down||{{status}}|monitor.down|2026-01-01T00:00:00.000Z|down',
    );
  });

  it('refuses a variable not on the list, naming it', () => {
    expect(templateProblem('{"a": "{{monitor.url}}"}')).toMatch(/^uses the unknown variable "\{\{monitor\.url\}\}"; the variables are \{\{monitor\.name\}\}, /);
    expect(templateProblem('{{}}')).toMatch(/unknown variable "\{\{\}\}"/);
    expect(templateProblem('{"a": "{ {status} }", "b": "{{"}')).toBeNull();
  });
});

describe('secrets of every channel type', () => {
  const every: StoredChannel[] = [
    { type: 'webhook', url: 'https://x.test', secret: 'webhook-signing-secret-0123' },
    { type: 'slack', webhookUrl: 'https://x.test' },
    { type: 'email', to: ['a@x.test'] },
    ...CHANNELS,
  ];

  it('are exactly what key rotation re-seals', () => {
    const rotated = mapChannelSecrets(every, (sealed, type, field) => `rotated(${sealed}@${type}.${field})`);
    rotated.forEach((channel, i) => {
      const before = every[i] as Record<string, unknown>;
      for (const [field, value] of Object.entries(channel)) {
        const secret = (CHANNEL_SECRET_FIELDS[channel.type] as readonly string[]).includes(field);
        expect(value, `${channel.type}.${field}`).toEqual(
          secret ? mapSecretValue(before[field], (sealed) => `rotated(${sealed}@${channel.type}.${field})`) : before[field],
        );
      }
    });
  });

  it('are answered as …Set and are not part of where a delivery went', () => {
    for (const channel of every) {
      const shown = JSON.stringify([channelRecord(channel), channelTarget(channel)]);
      for (const field of CHANNEL_SECRET_FIELDS[channel.type]) {
        for (const secret of secretsIn((channel as Record<string, unknown>)[field])) expect(shown, `${channel.type}.${field}`).not.toContain(secret);
        if (field === 'secretHeaders') expect(channelRecord(channel)).toHaveProperty(field, [{ name: 'X-Api-Key', valueSet: true }]);
        else expect(channelRecord(channel)).toHaveProperty(`${field}Set`, true);
      }
    }
  });
});

describe('the providers’ API addresses', () => {
  it('default to the real ones and may be set, without a trailing slash', () => {
    expect(loadConfig({}).providerUrls).toEqual({
      telegram: 'https://api.telegram.org',
      pagerduty: 'https://events.pagerduty.com',
      opsgenie: 'https://api.opsgenie.com',
      opsgenieEu: 'https://api.eu.opsgenie.com',
      pushover: 'https://api.pushover.net',
    });
    expect(loadConfig({ LOOKOUT_PAGERDUTY_API_URL: 'http://127.0.0.1:9000/' }).providerUrls.pagerduty).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ LOOKOUT_TELEGRAM_API_URL: 'ftp://telegram.test' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOOKOUT_TELEGRAM_API_URL: 'ftp://telegram.test' })).toThrow(/LOOKOUT_TELEGRAM_API_URL/);
  });
});
