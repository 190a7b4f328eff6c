/**
 * No alert storms (contract-2 rule 20), attacked the way the issue did: whoever holds a heartbeat's
 * ping URL alternates `/fail` and success pings. The monitor keeps one incident (reopened, not one
 * per flap), its policy sends one down alert and, when 5 minutes end, one summed alert with the
 * count, also across a restart; the public status page lists one incident. Pings to unknown keys
 * are refused before their body is read and limited per client address.
 */
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { PUBLIC_URL, startServer, type Member, type TestServer } from '../helpers/server.js';
import { call, createPolicy, expectStatus } from './fixtures.js';
import { settle, startHttpReceiver, type HttpReceiver } from './receivers.js';

const MINUTE = 60_000;
let clock: ManualClock;
let server: TestServer;
let owner: Member;
let webhook: HttpReceiver;
let slack: HttpReceiver;

beforeAll(async () => {
  webhook = await startHttpReceiver('/hook');
  slack = await startHttpReceiver('/slack');
  clock = new ManualClock(Date.now());
  // The client address is the one X-Forwarded-For names: the per-address limit follows it.
  server = await startServer({ TRUST_PROXY: 'true' }, { clock, alerting: { pollIntervalMs: 50, backoffBaseMs: 50 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await webhook.close();
  await slack.close();
});

async function drained(on: TestServer = server): Promise<void> {
  await on.app.services.alerts.processPending();
  await on.app.services.deliveries.runDue();
  await settle(50);
}

async function ping(url: string, init: RequestInit = {}): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url.replace(PUBLIC_URL, server.baseUrl), init);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const unknownKeyUrl = () => `${server.baseUrl}/ping/${randomBytes(24).toString('base64url')}`;
const eventsFor = (monitorId: string) => webhook.received.filter((r) => r.json?.monitor?.id === monitorId).map((r) => r.json);
/** The Slack messages that name the monitor, as the text a person reads (the blocks' text). */
const slackTextsFor = (monitorName: string) => slack.received.map((r) => JSON.stringify(r.json)).filter((text) => text.includes(monitorName));

async function heartbeatWithPolicy(name: string): Promise<any> {
  const policy = await createPolicy(server, owner, {
    name: `${name} policy`,
    channels: [
      { type: 'webhook', url: webhook.url },
      { type: 'slack', webhookUrl: slack.url },
    ],
  });
  return expectStatus(
    await call(server, owner, 'POST', '/api/v1/monitors', { type: 'heartbeat', name, periodSeconds: 3600, notificationPolicyId: policy.id }),
    201,
  );
}

/** `/fail` then a success ping, `times` times, a few hundred milliseconds of clock apart. */
async function flap(monitor: any, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    clock.advance(150);
    expect((await ping(`${monitor.pingUrl}/fail`)).status).toBe(200);
    clock.advance(150);
    expect((await ping(monitor.pingUrl, { method: 'POST', body: 'backup done' })).status).toBe(200);
  }
}

describe('a ping URL in the wrong hands', () => {
  it(
    'alternating /fail and success pings: one incident (reopened), one down alert, then one summed alert when 5 minutes end',
    { timeout: 60_000 },
    async () => {
      const monitor = await heartbeatWithPolicy('Nightly backup');
      const page = `storms-${randomBytes(4).toString('hex')}`;
      expectStatus(await call(server, owner, 'PUT', '/api/v1/status-pages/current', { slug: page, title: 'Acme', monitorIds: [monitor.id] }), 200);
      expect((await ping(monitor.pingUrl)).status).toBe(200);
      const firstDownAt = clock.now() + 150;

      await flap(monitor, 15);
      await drained();

      const incidents = expectStatus(await call(server, owner, 'GET', '/api/v1/incidents'), 200).data.filter((i: any) => i.monitorId === monitor.id);
      expect(incidents).toHaveLength(1);
      const [incident] = incidents;
      expect(incident.status).toBe('resolved');
      const reopened = incident.updates.filter((u: any) => u.kind === 'reopened');
      expect(reopened).toHaveLength(14);
      expect(reopened[0]).toMatchObject({ status: 'investigating', postedToStatusPage: true, message: expect.stringContaining('Reopened') });

      // One down alert and the recovery it asked for; the 14 later flaps wait for the summed alert.
      expect(eventsFor(monitor.id).map((e) => e.event)).toEqual(['monitor.down', 'monitor.up']);

      // Just before the 5 minutes end, nothing more; when they end, the summed alert.
      clock.advanceTo(firstDownAt + 5 * MINUTE - 1);
      await drained();
      expect(eventsFor(monitor.id)).toHaveLength(2);
      clock.advanceTo(firstDownAt + 5 * MINUTE);
      await drained();
      const summed = eventsFor(monitor.id).slice(2);
      expect(summed).toHaveLength(1);
      expect(summed[0]).toMatchObject({ event: 'monitor.flapping', downCount: 14, status: 'up', incidentId: incident.id });
      // What a person reads: the down alert, the recovery, then the flaps summed in words (rule 20).
      const slackTexts = slackTextsFor('Nightly backup');
      expect(slackTexts).toHaveLength(3);
      expect(slackTexts[2]).toContain('Nightly backup went down 14 times in 5 minutes');
      expect(slackTexts.slice(0, 2).some((text) => text.includes('times in 5 minutes'))).toBe(false);

      // A quiet window ends with nothing to send.
      clock.advance(10 * MINUTE);
      await drained();
      expect(eventsFor(monitor.id)).toHaveLength(3);

      const publicPage = await fetch(`${server.baseUrl}/status/${page}.json`);
      const json = (await publicPage.json()) as any;
      expect([...json.activeIncidents, ...json.recentIncidents]).toHaveLength(1);
    },
  );

  it('sends the summed alert once, after a restart too', { timeout: 60_000 }, async () => {
    const monitor = await heartbeatWithPolicy('Hourly export');
    expect((await ping(monitor.pingUrl)).status).toBe(200);
    const firstDownAt = clock.now() + 150;
    await flap(monitor, 4);
    // The last one leaves it down.
    clock.advance(150);
    expect((await ping(`${monitor.pingUrl}/fail`)).status).toBe(200);
    await drained();
    expect(eventsFor(monitor.id).map((e) => e.event)).toEqual(['monitor.down', 'monitor.up']);

    // Stopped before the window ends, started again after: the window was stored, not kept in memory.
    await server.app.close();
    const env = { TRUST_PROXY: 'true', DATABASE_URL: server.env.DATABASE_URL!, ...(server.env.REDIS_URL && { REDIS_URL: server.env.REDIS_URL }) };
    const again = await startServer(env, { clock, alerting: { pollIntervalMs: 50, backoffBaseMs: 50 } });
    // In a cluster, a second node over the same PostgreSQL and Redis looks for due windows too.
    const nodes = server.store === 'postgres' ? [again, await startServer(env, { clock, alerting: { pollIntervalMs: 50, backoffBaseMs: 50 } })] : [again];
    try {
      clock.advanceTo(firstDownAt + 5 * MINUTE + 1_000);
      // Passes at once (as two nodes make them): the window is claimed by one of them.
      await Promise.all(nodes.flatMap((node) => [node.app.services.alerts.processPending(), node.app.services.alerts.processPending()]));
      for (const node of nodes) await drained(node);
      const summed = eventsFor(monitor.id).slice(2);
      expect(summed).toHaveLength(1);
      expect(summed[0]).toMatchObject({ event: 'monitor.flapping', downCount: 4, status: 'down' });
    } finally {
      for (const node of nodes) await node.app.close();
    }
  });
});

describe('pings to unknown keys', () => {
  let restarted: TestServer;
  beforeAll(async () => {
    restarted = await startServer({ TRUST_PROXY: 'true' }, { clock });
  });
  afterAll(async () => {
    await restarted.close();
  });

  it('are refused before their body is read: a 1 MiB upload gets its 404 after the first 64 KiB', async () => {
    const url = new URL(`${restarted.baseUrl}/ping/${randomBytes(24).toString('base64url')}`);
    const socket = connect(Number(url.port), url.hostname);
    const answer = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text);
      });
      socket.on('error', reject);
    });
    socket.write(
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nX-Forwarded-For: 198.51.100.1\r\nContent-Type: text/plain\r\nContent-Length: ${1024 * 1024}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(64 * 1024, 'x'));
    const head = await answer;
    socket.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 404 /);
    expect(head.toLowerCase()).toContain('connection: close');
  });

  it('count against a limit per client address: the 61st in a minute is 429 with Retry-After; known keys and other addresses go on', async () => {
    const member = await restarted.newTeam('Member');
    const monitor = expectStatus(
      await restarted.request('POST', '/api/v1/monitors', { token: member.token, body: { type: 'heartbeat', name: 'Known job', periodSeconds: 3600 } }),
      201,
    );
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await fetch(`${restarted.baseUrl}/ping/${randomBytes(24).toString('base64url')}`, from('203.0.113.7'))).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    const refused = await fetch(unknownKeyUrl().replace(server.baseUrl, restarted.baseUrl), from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The same address with a real key: answered, and as often as the key's own budget allows.
    const known = await fetch(monitor.pingUrl.replace(PUBLIC_URL, restarted.baseUrl), from('203.0.113.7'));
    expect(known.status).toBe(200);
    expect(await known.text()).toBe('OK');
    // Another address is not touched by the first one's limit.
    expect((await fetch(`${restarted.baseUrl}/ping/${randomBytes(24).toString('base64url')}`, from('203.0.113.8'))).status).toBe(404);
  });
});
