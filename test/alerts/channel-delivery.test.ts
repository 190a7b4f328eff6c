import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { POLICIES, call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus } from './fixtures.js';
import { NTFY_TOPIC, PROVIDER_SECRETS, startProviderFakes, type ProviderFakes } from './provider-fakes.js';
import { settle, startHttpReceiver, waitUntil, type HttpReceiver } from './receivers.js';

/*
 * What each provider channel sends: a test from the policy page reaching every provider as it
 * documents its API, a failing provider retried with the very same request, and what the
 * deliveries log keeps of a provider's refusal.
 */

let server: TestServer;
let fakes: ProviderFakes;
let owner: Member;
const extra: HttpReceiver[] = [];

beforeAll(async () => {
  fakes = await startProviderFakes();
  server = await startServer(fakes.env, { alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } });
  owner = await server.newTeam('Owner');
});
afterEach(async () => {
  for (const fake of fakes.all()) {
    fake.received.length = 0;
    fake.script([], 200);
  }
  await Promise.all(extra.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await server.close();
  await fakes.close();
});

const req = (method: string, path: string, body?: unknown) => call(server, owner, method, path, body);
const only = (fake: HttpReceiver) => {
  expect(fake.received).toHaveLength(1);
  expect(fake.received[0]!.problems).toEqual([]);
  return fake.received[0]!;
};

describe('sending a test', () => {
  it('reaches every provider with the method, path, headers and body it documents', async () => {
    const policy = await createPolicy(server, owner, { name: 'On-call', channels: fakes.channels() });
    const result = expectStatus(await req('POST', `${POLICIES}/${policy.id}/test`), 200);
    const { eventId } = result;
    expect(result.results.map((r: any) => [r.channel, r.outcome, r.statusCode, r.error])).toEqual([
      [{ type: 'discord', webhookUrl: fakes.discord.url }, 'delivered', 200, null],
      [{ type: 'teams', webhookUrl: fakes.teams.url }, 'delivered', 200, null],
      [{ type: 'telegram', chatId: '-1001234567890' }, 'delivered', 200, null],
      [{ type: 'pagerduty' }, 'delivered', 200, null],
      [{ type: 'opsgenie', region: 'eu' }, 'delivered', 200, null],
      [{ type: 'ntfy', url: fakes.ntfy.url }, 'delivered', 200, null],
      [{ type: 'pushover' }, 'delivered', 200, null],
      [{ type: 'custom', method: 'PUT', url: fakes.custom.url }, 'delivered', 200, null],
    ]);
    const headline = 'Test notification from Lookout';

    const discord = only(fakes.discord);
    expect(discord.json).toMatchObject({ content: headline, allowed_mentions: { parse: [] } });
    expect(discord.json.embeds[0]).toMatchObject({ title: headline, footer: { text: `Event ${eventId}` } });
    expect(discord.headers['lookout-event-id']).toBe(eventId);

    const teams = only(fakes.teams);
    expect(teams.json.attachments[0].content.body[0]).toMatchObject({ type: 'TextBlock', text: headline });

    const telegram = only(fakes.telegram);
    expect(telegram.json).toMatchObject({ chat_id: '-1001234567890', parse_mode: 'HTML' });
    expect(telegram.json.text).toContain(`<b>${headline}</b>`);
    expect(telegram.json.text).toContain('The notification policy &quot;On-call&quot; reaches this channel.');

    const pagerduty = only(fakes.pagerduty);
    expect(pagerduty.json).toMatchObject({
      routing_key: PROVIDER_SECRETS.routingKey,
      event_action: 'trigger',
      dedup_key: eventId,
      payload: { summary: headline, source: 'Lookout', severity: 'info', class: 'test' },
      client: 'Lookout',
    });

    // The EU account is reached at the EU address only.
    expect(fakes.opsgenie.received).toHaveLength(0);
    const opsgenie = only(fakes.opsgenieEu);
    expect(opsgenie.path).toBe('/v2/alerts');
    expect(opsgenie.json).toMatchObject({ message: headline, alias: eventId, priority: 'P5', source: 'Lookout', tags: ['lookout', 'test'] });

    const ntfy = only(fakes.ntfy);
    expect(ntfy.path).toBe(NTFY_TOPIC);
    expect(ntfy.headers).toMatchObject({ title: headline, priority: '3', tags: 'bell', authorization: `Bearer ${PROVIDER_SECRETS.ntfyToken}` });
    expect(ntfy.body).toContain('The notification policy "On-call" reaches this channel.');

    const pushover = only(fakes.pushover);
    const form = new URLSearchParams(pushover.body);
    expect(Object.fromEntries(form)).toMatchObject({ token: PROVIDER_SECRETS.appToken, user: PROVIDER_SECRETS.userKey, title: headline, priority: '0' });

    // The custom body: its variables filled in (a test has no monitor, status or incident: empty).
    const custom = only(fakes.custom);
    expect(custom.headers['x-team']).toBe('ops');
    expect(custom.headers['content-type']).toBe('application/json');
    expect(custom.json).toEqual({ text: ' is  (was )', incident: '', event: 'test', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('escapes what a monitor change puts into a custom body, and sends a channel’s own Content-Type', async () => {
    const hook = await startHttpReceiver('/plain');
    extra.push(hook);
    const policy = await createPolicy(server, owner, {
      name: 'Custom',
      channels: [
        {
          type: 'custom',
          url: fakes.custom.url,
          method: 'PUT',
          body: '{"name": "{{monitor.name}}", "now": "{{ status }}", "was": "{{previousStatus}}", "incident": "{{incident.id}}"}',
        },
        { type: 'custom', url: hook.url, method: 'POST', headers: [{ name: 'Content-Type', value: 'text/plain' }], body: '{{monitor.name}}: {{event}}' },
      ],
    });
    const name = 'Shop "EU" \\ API\n{{status}}';
    const monitor = await createHttpMonitor(server, owner, { name, notificationPolicyId: policy.id });
    await engineStatusChange(server, monitor, 'up', 'down');
    const [got] = await fakes.custom.waitFor(1);
    const incidents = expectStatus(await req('GET', '/api/v1/incidents'), 200).data.filter((i: any) => i.monitorId === monitor.id);
    // Control characters are removed; the rest is escaped for a JSON string, or put as it is into plain text.
    expect(got!.json).toEqual({ name: 'Shop "EU" \\ API{{status}}', now: 'down', was: 'up', incident: incidents[0].id });
    const [plain] = await hook.waitFor(1);
    expect(plain!.headers['content-type']).toBe('text/plain');
    expect(plain!.body).toBe('Shop "EU" \\ API{{status}}: monitor.down');
  });
});

describe('a failing provider', () => {
  it('answering 500 then 200 gets each event once more, with the very same request', async () => {
    const policy = await createPolicy(server, owner, { name: 'Flaky', channels: fakes.channels() });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    const used = fakes.all().filter((f) => f !== fakes.opsgenie);
    for (const fake of used) fake.script([500], 200);
    await engineStatusChange(server, monitor, 'up', 'down');
    for (const fake of used) await fake.waitFor(2);
    await settle(300);
    for (const fake of used) {
      expect(
        fake.received.map((r) => [r.answered, r.problems]),
        fake.url,
      ).toEqual([
        [500, []],
        [200, []],
      ]);
      const [first, second] = fake.received;
      expect(second!.body).toBe(first!.body);
      expect(second!.path).toBe(first!.path);
      expect(second!.headers['lookout-event-id']).toBe(first!.headers['lookout-event-id']);
    }
    const log = await waitUntil(
      async () => {
        const data = expectStatus(await req('GET', `${POLICIES}/${policy.id}/deliveries`), 200).data;
        return data.length === 16 ? data : undefined;
      },
      5000,
      'two attempts per channel',
    );
    for (const deliveryId of new Set(log.map((a: any) => a.deliveryId))) {
      const attempts = log.filter((a: any) => a.deliveryId === deliveryId);
      expect(attempts.map((a: any) => [a.attempt, a.outcome, a.statusCode])).toEqual([
        [2, 'delivered', 200],
        [1, 'retrying', 500],
      ]);
      expect(attempts[1].error).toBe('HTTP 500: failing on purpose (500)');
    }
  });

  it('keeps the status and an excerpt of the answer, with the channel’s secrets blanked out', async () => {
    // A topic server that answers with what it was sent: the access token comes back.
    const echo = await startHttpReceiver('/topic', { answer: (status, r) => `${status} refused ${String(r.headers.authorization)} for ${r.path}` });
    extra.push(echo);
    echo.script([], 403);
    const policy = await createPolicy(server, owner, { name: 'Echo', channels: [{ type: 'ntfy', url: echo.url, token: PROVIDER_SECRETS.ntfyToken }] });
    const result = expectStatus(await req('POST', `${POLICIES}/${policy.id}/test`), 200);
    expect(echo.received[0]!.headers.authorization).toBe(`Bearer ${PROVIDER_SECRETS.ntfyToken}`);
    // The token is blanked with the `Bearer ` it is sent with.
    expect(result.results[0]).toMatchObject({ outcome: 'failed', statusCode: 403, error: 'HTTP 403: 403 refused [secret] for /topic' });
    const log = expectStatus(await req('GET', `${POLICIES}/${policy.id}/deliveries`), 200);
    expect(log.data[0]).toMatchObject({ outcome: 'failed', statusCode: 403, error: 'HTTP 403: 403 refused [secret] for /topic' });
    expect(JSON.stringify(log)).not.toContain(PROVIDER_SECRETS.ntfyToken);
  });

  it('reads only the start of a long refusal and keeps 200 characters of it', async () => {
    const long = await startHttpReceiver('/long', { answer: () => 'x'.repeat(5_000_000) });
    extra.push(long);
    long.script([], 502);
    const policy = await createPolicy(server, owner, { name: 'Long', channels: [{ type: 'discord', webhookUrl: long.url }] });
    const result = expectStatus(await req('POST', `${POLICIES}/${policy.id}/test`), 200);
    expect(result.results[0]).toMatchObject({ outcome: 'failed', statusCode: 502, error: `HTTP 502: ${'x'.repeat(200)}` });
  });
});
