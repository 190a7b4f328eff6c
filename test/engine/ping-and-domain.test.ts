import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';
import { rdapDomain, startRdapRegistry, type RdapRegistry } from '../helpers/rdap-registry.js';

/*
 * Ping and domain monitors through the real server on each store: the system's `ping` against
 * this machine's loopback and a documentation address nobody answers, and a local RDAP registry
 * with its bootstrap file.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
let server: TestServer;
let owner: Member;
let registry: RdapRegistry;

beforeAll(async () => {
  registry = await startRdapRegistry();
  server = await startServer(
    { LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all', LOOKOUT_RDAP_BOOTSTRAP_URL: registry.bootstrapUrl },
    { checks: { retryDelayMs: 50 } },
  );
  owner = await server.newTeam();
});
afterAll(async () => {
  await server?.close();
  await registry?.close();
});

async function create(body: Record<string, unknown>) {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: { name: `${String(body.type)} monitor`, intervalSeconds: 60, timeoutSeconds: 2, regions: ['us-east'], ...body },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string } & Record<string, unknown>;
}

const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];
const monitorOf = async (id: string) => server.read(`/api/v1/monitors/${id}`, owner.token);

async function firstRun(id: string, status: 'up' | 'down') {
  await eventually(async () => (await monitorOf(id)).status === status);
  const runs = await runsOf(id);
  expect(runs).toHaveLength(1);
  return runs[0];
}

async function checkAgain(id: string) {
  const before = (await runsOf(id)).length;
  await server.app.services.dispatcher.enqueue({ monitorId: id, region: 'us-east', trigger: 'scheduled', dueAt: Date.now(), nextDueAt: null });
  await eventually(async () => (await runsOf(id)).length > before);
  return (await runsOf(id))[0];
}

describe('ping monitors', () => {
  it('are up when the host replies, the run carrying what was sent and the round trips', async () => {
    const monitor = await create({
      type: 'ping',
      host: '127.0.0.1',
      assertions: [
        { source: 'responseTime', op: 'lt', value: 1000 },
        { source: 'packetLoss', op: 'lte', value: 0 },
      ],
    });
    expect(monitor).toMatchObject({ type: 'ping', host: '127.0.0.1', packets: 3 });

    const run = await firstRun(monitor.id, 'up');

    expect(run, JSON.stringify(run)).toMatchObject({
      ok: true,
      attempts: 1,
      error: null,
      timings: null,
      dns: null,
      ping: { sent: 3, received: 3, rttMinMs: expect.any(Number), rttAvgMs: expect.any(Number), rttMaxMs: expect.any(Number) },
      assertions: [
        { index: 0, ok: true, actual: expect.stringMatching(/^\d+ ms$/) },
        { index: 1, ok: true, actual: '0%' },
      ],
    });
    expect(run.durationMs).toBe(Math.round(run.ping.rttAvgMs));
    expect(run.ping.rttMinMs).toBeLessThanOrEqual(run.ping.rttMaxMs);
  });

  it('ping a name at the address its lookup gives (localhost), with the packets asked for', async () => {
    const monitor = await create({ type: 'ping', host: 'localhost', packets: 2 });
    const run = await firstRun(monitor.id, 'up');
    expect(run.ping).toMatchObject({ sent: 2, received: 2 });
  });

  it('are down with ping-no-reply when nothing answers (a documentation address), after the confirming retry', async () => {
    const monitor = await create({ type: 'ping', host: '198.51.100.7', packets: 1, timeoutSeconds: 1 });

    const run = await firstRun(monitor.id, 'down');

    expect(run).toMatchObject({ ok: false, attempts: 2, error: { code: 'ping-no-reply' } });
    expect(run.ping === null || (run.ping.received === 0 && run.ping.rttAvgMs === null)).toBe(true);
  });

  it('refuse hosts that could be read as options, packets outside 1-10, and assertions ping does not have', async () => {
    const answer = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: {
        type: 'ping',
        name: 'p',
        intervalSeconds: 60,
        timeoutSeconds: 2,
        regions: ['us-east'],
        host: '-f',
        packets: 11,
        assertions: [
          { source: 'packetLoss', op: 'lte', value: 101 },
          { source: 'body', op: 'contains', value: 'x' },
        ],
      },
    });
    expect(answer.status).toBe(400);
    const fields = (answer.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['host', 'packets', 'assertions.0.value', 'assertions.1.source']));
  });
});

describe('ping monitors under a target policy', () => {
  let guarded: TestServer;
  let member: Member;
  beforeAll(async () => {
    guarded = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'public-only' }, { checks: { retryDelayMs: 50 } });
    member = await guarded.newTeam();
  });
  afterAll(async () => guarded?.close());

  it('send nothing to a blocked address, named or literal: the run fails with target-blocked', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const created = await guarded.request('POST', '/api/v1/monitors', {
        token: member.token,
        body: { type: 'ping', name: host, intervalSeconds: 60, timeoutSeconds: 2, regions: ['us-east'], host },
      });
      expect(created.status).toBe(201);
      await eventually(async () => (await guarded.read(`/api/v1/monitors/${created.body.id}`, member.token)).status === 'down');
      const [run] = (await guarded.read(`/api/v1/monitors/${created.body.id}/runs`, member.token)).data as any[];
      expect(run).toMatchObject({ ok: false, error: { code: 'target-blocked' }, ping: null });
    }
  });
});

describe('domain monitors', () => {
  const iso = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');

  it('are up on a registration far from expiry, the run carrying the expiry, the registrar and the RDAP address', async () => {
    registry.answer('fine.test', rdapDomain('fine.test', iso(200)));
    const monitor = await create({ type: 'domain', domain: 'Fine.test' });
    expect(monitor).toMatchObject({ type: 'domain', domain: 'fine.test', warningDays: 30 });

    const run = await firstRun(monitor.id, 'up');

    expect(run).toMatchObject({
      ok: true,
      error: null,
      warnings: [],
      domain: { expiresAt: expect.any(String), registrar: 'Example Registrar, Inc.', rdapUrl: expect.stringMatching(/\/rdap\/domain\/fine\.test$/) },
      ping: null,
    });
    expect(Date.parse(run.domain.expiresAt)).toBeGreaterThan(Date.now() + 199 * DAY_MS);
  });

  it('warn within warningDays, leave the status up, and raise domain.expiring once per expiry date', async () => {
    registry.answer('soon.test', rdapDomain('soon.test', iso(10.5)));
    const monitor = await create({ type: 'domain', domain: 'soon.test', warningDays: 30 });

    const run = await firstRun(monitor.id, 'up');
    expect(run.ok).toBe(true);
    expect(run.warnings).toEqual([expect.stringMatching(/^domain expires in 10 days, on \d{4}-\d{2}-\d{2}$/)]);
    await checkAgain(monitor.id);
    expect((await monitorOf(monitor.id)).status).toBe('up');

    const events = await server.app.store.db
      .selectFrom('events')
      .select('payload')
      .where('monitor_id', '=', monitor.id)
      .where('type', '=', 'domain.expiring')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload)).toMatchObject({
      type: 'domain.expiring',
      monitorId: monitor.id,
      warningDays: 30,
      domain: { name: 'soon.test', daysRemaining: 10, registrar: 'Example Registrar, Inc.' },
    });
  });

  it('keep an answer 12 hours: a second check asks the registry nothing', async () => {
    registry.answer('cached.test', rdapDomain('cached.test', iso(100)));
    const monitor = await create({ type: 'domain', domain: 'cached.test' });
    await firstRun(monitor.id, 'up');
    await checkAgain(monitor.id);
    expect(registry.requests.filter((path) => path.endsWith('/domain/cached.test'))).toHaveLength(1);
  });

  it('are down with domain-expired once the date has passed', async () => {
    registry.answer('lapsed.test', rdapDomain('lapsed.test', iso(-3)));
    const monitor = await create({ type: 'domain', domain: 'lapsed.test' });

    const run = await firstRun(monitor.id, 'down');

    expect(run).toMatchObject({ ok: false, error: { code: 'domain-expired', message: expect.stringMatching(/^lapsed\.test expired on \d{4}-\d{2}-\d{2}$/) } });
    expect(run.domain.expiresAt).toEqual(expect.any(String));
  });

  it('refuse a TLD no registry serves over RDAP, on create and on change', async () => {
    const answer = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: { type: 'domain', name: 'd', intervalSeconds: 60, timeoutSeconds: 2, regions: ['us-east'], domain: 'example.nowhere' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'domain', message: expect.stringContaining('no RDAP service') }]);

    registry.answer('kept.test', rdapDomain('kept.test', iso(100)));
    const monitor = await create({ type: 'domain', domain: 'kept.test' });
    const patched = await server.request('PATCH', `/api/v1/monitors/${monitor.id}`, { token: owner.token, body: { domain: 'kept.nowhere' } });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual([{ field: 'domain', message: expect.stringContaining('no RDAP service') }]);
  });

  it('refuse names that are not registrable domains', async () => {
    for (const domain of ['localhost', '192.0.2.1', 'https://example.test', 'a..test', '']) {
      const answer = await server.request('POST', '/api/v1/monitors', {
        token: owner.token,
        body: { type: 'domain', name: 'd', intervalSeconds: 60, timeoutSeconds: 2, regions: ['us-east'], domain },
      });
      expect(answer.status, domain).toBe(400);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['domain']);
    }
  });

  it('fail with rdap-error on hostile or broken answers, never more', async () => {
    const hostile: Array<[string, { status: number; body: string } | object]> = [
      ['deep.test', { status: 200, body: '['.repeat(200_000) + ']'.repeat(200_000) }],
      ['huge.test', { status: 200, body: JSON.stringify({ events: [], padding: 'x'.repeat(400 * 1024) }) }],
      ['broken.test', { status: 200, body: '{"events": [' }],
      ['noexpiry.test', { events: [{ eventAction: 'registration', eventDate: '2001-01-01T00:00:00Z' }] }],
      ['baddate.test', { events: [{ eventAction: 'expiration', eventDate: 'soon' }] }],
      ['failing.test', { status: 500, body: 'oops' }],
      ['unknown.test', { status: 404, body: '{}' }],
    ];
    for (const [domain, answer] of hostile) registry.answer(domain, answer);
    const monitors = await Promise.all(hostile.map(([domain]) => create({ type: 'domain', domain })));
    for (const monitor of monitors) {
      const run = await firstRun(monitor.id, 'down');
      expect(run, String(monitor.domain)).toMatchObject({ ok: false, error: { code: 'rdap-error' }, domain: { expiresAt: null } });
    }
  });
});
