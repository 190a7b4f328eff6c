/**
 * Two API nodes over one PostgreSQL database and one Redis: what a client sees must not depend
 * on which node answers. (Cluster project only: LOOKOUT_TEST_STORE=postgres.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpBody, MONITORS } from '../monitors/fixtures.js';
import { migrations } from '../../src/store/migrations/index.js';
import { createTestDatabase } from '../helpers/cluster.js';
import { startServer, type Answer, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { appendEvent, type MonitorStatusChanged } from '../../src/domain/events.js';
import { createHttpMonitor, createPolicy, regionsFor } from '../alerts/fixtures.js';
import { settle, startHttpReceiver, type HttpReceiver } from '../alerts/receivers.js';

const TEAM = '/api/v1/teams/current';
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startServer();
  if (a.store !== 'postgres') throw new Error('test/cluster runs in cluster mode only (LOOKOUT_TEST_STORE=postgres)');
  // Node B: its own process state, the same DATABASE_URL, REDIS_URL and LOOKOUT_SECRET_KEY.
  b = await startServer({ DATABASE_URL: a.env.DATABASE_URL!, REDIS_URL: a.env.REDIS_URL!, LOOKOUT_SECRET_KEY: a.env.LOOKOUT_SECRET_KEY! });
});

afterAll(async () => {
  await b?.close();
  await a?.close(); // drops the shared database
});

describe('two nodes', () => {
  it('are two processes-worth of state on different ports, over the same rows', async () => {
    expect(a.baseUrl).not.toBe(b.baseUrl);
    expect(a.app.coordination).not.toBe(b.app.coordination);
    expect(a.env.REDIS_URL).toMatch(/^redis:\/\/127\.0\.0\.1:6379\/\d+$/);
    const owner = await a.newTeam('Owner');
    const created = await a.request('POST', MONITORS, { token: owner.token, body: httpBody({ name: 'Seen everywhere' }) });
    expect(created.status).toBe(201);
    const onB = await b.request('GET', `${MONITORS}/${created.body.id}`, { token: owner.token });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ id: created.body.id, name: 'Seen everywhere' });

    // Revoking on one node is 401 on the other at once: nothing about tokens is cached per node.
    const revoked = await a.addMember(owner.teamId, 'Member');
    expect((await a.request('GET', TEAM, { token: revoked.token })).status).toBe(200);
    await b.app.services.tokens.revoke(revoked.tokenId);
    expect((await a.request('GET', TEAM, { token: revoked.token })).status).toBe(401);
  });

  it('share one token budget: 150 requests on each node, then the 301st is 429 on either', async () => {
    const member = await a.newTeam('Member');
    const spend = (node: TestServer) => node.request('GET', TEAM, { token: member.token });
    // Both nodes at once, as a load balancer would spread them.
    const answers: Answer[] = [];
    for (let round = 0; round < 15; round++) {
      const batch = await Promise.all([...Array.from({ length: 10 }, () => spend(a)), ...Array.from({ length: 10 }, () => spend(b))]);
      answers.push(...batch);
    }
    expect(answers).toHaveLength(300);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe('300');
    }
    // Each request spent exactly one unit of one shared counter: every remaining value once.
    const remaining = answers.map((x) => Number(x.headers.get('ratelimit-remaining'))).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: 300 }, (_, i) => i));

    for (const node of [a, b, a]) {
      const limited = await spend(node);
      expect(limited.status).toBe(429);
      expect(limited.body.type).toBe('http://lookout.test/errors/rate-limited');
      expect(limited.body.detail).toMatch(/300 requests per minute/);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    }
    // Another token of the same team has its own budget, on both nodes.
    const other = await a.addMember(member.teamId, 'Member');
    expect((await b.request('GET', TEAM, { token: other.token })).headers.get('ratelimit-remaining')).toBe('299');
    expect((await a.request('GET', TEAM, { token: other.token })).headers.get('ratelimit-remaining')).toBe('298');
  });

  it('share the trigger lock: a check triggered on A is 429 with Retry-After on B', async () => {
    const owner = await a.newTeam('Owner');
    const monitor = (await a.request('POST', MONITORS, { token: owner.token, body: httpBody({ name: 'Triggered' }) })).body;
    const path = `${MONITORS}/${monitor.id}/check`;

    const first = await a.request('POST', path, { token: owner.token });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ monitorId: monitor.id, status: 'queued' });

    const second = await b.request('POST', path, { token: owner.token });
    expect(second.status).toBe(429);
    expect(second.body.type).toBe('http://lookout.test/errors/rate-limited');
    expect(second.body.detail).toMatch(/trigger lock/);
    const retryAfter = Number(second.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(58);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await a.request('POST', path, { token: owner.token })).status).toBe(429);
  });

  it('a lock taken through node A’s coordination blocks node B, and only B’s trigger of that monitor', async () => {
    const owner = await a.newTeam('Owner');
    const create = () => a.request('POST', MONITORS, { token: owner.token, body: httpBody() });
    const [locked, free] = [(await create()).body, (await create()).body];
    expect(await a.app.coordination.locks.tryAcquire(`trigger:${locked.id}`, 20_000)).toEqual({ acquired: true });
    const refused = await b.app.coordination.locks.tryAcquire(`trigger:${locked.id}`, 20_000);
    expect(refused.acquired).toBe(false);

    const blocked = await b.request('POST', `${MONITORS}/${locked.id}/check`, { token: owner.token });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(18);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect((await b.request('POST', `${MONITORS}/${free.id}/check`, { token: owner.token })).status).toBe(202);
  });

  it('started at once on an empty database, migrate it once between them', async () => {
    const database = await createTestDatabase();
    try {
      const nodes = await Promise.all([1, 2, 3].map(() => startServer({ DATABASE_URL: database.url })));
      try {
        const applied = await nodes[0]!.app.store.db
          .selectFrom('kysely_migration' as any)
          .select('name' as any)
          .execute();
        expect(applied.map((row: any) => row.name).sort()).toEqual(Object.keys(migrations).sort());
        for (const node of nodes) expect((await node.request('GET', '/readyz')).status).toBe(200);
      } finally {
        await Promise.all(nodes.map((node) => node.close()));
      }
    } finally {
      await database.drop();
    }
  });

  it('share the failed-authentication budget of a client address', async () => {
    // A pair of its own: the budget is per address (127.0.0.1), which the other tests spend too.
    const c = await startServer();
    const d = await startServer({ DATABASE_URL: c.env.DATABASE_URL!, REDIS_URL: c.env.REDIS_URL!, LOOKOUT_SECRET_KEY: c.env.LOOKOUT_SECRET_KEY! });
    try {
      const member = await c.newTeam('Member');
      for (let i = 0; i < 100; i++) {
        const node = i % 2 === 0 ? c : d;
        const answer = await node.request('GET', TEAM, { headers: { authorization: `Bearer lkt_${String(i).padStart(40, 'y')}` } });
        expect(answer.status).toBe(401);
      }
      for (const node of [c, d]) {
        expect((await node.request('GET', TEAM, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(429);
        // Only failing requests are refused: a valid token from the same address still gets in.
        expect((await node.request('GET', TEAM, { token: member.token })).status).toBe(200);
      }
    } finally {
      await d.close();
      await c.close();
    }
  });
});

describe('two nodes checking and alerting', () => {
  let c: TestServer;
  let d: TestServer;
  let target: Target;
  let webhook: HttpReceiver;
  const timing = { checks: { retryDelayMs: 100 }, alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } };

  beforeAll(async () => {
    target = await startTarget();
    webhook = await startHttpReceiver();
    c = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, timing);
    d = await startServer(
      {
        LOOKOUT_REGIONS: 'us-east',
        LOOKOUT_TARGET_POLICY: 'all',
        DATABASE_URL: c.env.DATABASE_URL!,
        REDIS_URL: c.env.REDIS_URL!,
        LOOKOUT_SECRET_KEY: c.env.LOOKOUT_SECRET_KEY!,
      },
      timing,
    );
  });
  afterAll(async () => {
    await d?.close();
    await c?.close();
    await Promise.all([target?.close(), webhook?.close()]);
  });

  it('schedule from one node only, and send each alert once while both process events and deliveries', async () => {
    expect([c.app.engine.leadership!.isLeader, d.app.engine.leadership!.isLeader].sort()).toEqual([false, true]);
    const owner = await c.newTeam('Owner');
    const policy = await createPolicy(c, owner, { name: 'Both nodes', channels: [{ type: 'webhook', url: webhook.url, secret: 'two-nodes-secret-0123' }] });
    const monitor = await createHttpMonitor(d, owner, { name: 'Shared', regions: ['us-east'], url: `${target.url}/shared`, notificationPolicyId: policy.id });
    const status = async () => (await d.read(`/api/v1/monitors/${monitor.id}`, owner.token)).status;
    await eventually(async () => (await status()) === 'up', 15_000, 250);
    // Created on one node, checked once: whichever node schedules, and whichever consumes the queue.
    expect(target.hits.filter((h) => h.path === '/shared')).toHaveLength(1);

    const checkNow = () =>
      c.app.services.dispatcher.enqueue({ monitorId: monitor.id, region: 'us-east', trigger: 'scheduled', dueAt: Date.now(), nextDueAt: null });
    target.status = 503;
    await checkNow();
    await eventually(async () => webhook.received.some((r) => r.json.event === 'monitor.down'), 15_000);
    target.status = 200;
    await checkNow();
    await eventually(async () => webhook.received.some((r) => r.json.event === 'monitor.up'), 15_000);
    await settle(500);
    const ids = webhook.received.map((r) => r.json.id);
    expect(webhook.received.map((r) => r.json.event)).toEqual(['monitor.down', 'monitor.up']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('handle the events of one monitor in the order they were committed, when the down’s transaction on one node is still open as the up’s starts on the other', async () => {
    const owner = await c.newTeam('Owner');
    const policy = await createPolicy(c, owner, { name: 'In order', channels: [{ type: 'webhook', url: webhook.url }] });
    const monitor = await createHttpMonitor(c, owner, {
      name: 'Overlapping',
      regions: ['us-east'],
      url: `${target.url}/ordered`,
      notificationPolicyId: policy.id,
    });
    // Its first check done (the next is a minute away): the only events from here are the test's.
    await eventually(async () => (await c.read(`/api/v1/monitors/${monitor.id}`, owner.token)).status === 'up', 15_000, 250);
    const change = (previousStatus: 'up' | 'down', status: 'up' | 'down'): MonitorStatusChanged => ({
      type: 'monitor.status_changed',
      monitorId: monitor.id,
      teamId: owner.teamId,
      previousStatus,
      status,
      regions: regionsFor(status),
      occurredAt: new Date().toISOString(),
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let appended!: () => void;
    const downAppended = new Promise<void>((resolve) => (appended = resolve));
    // Node C writes the down and keeps its transaction open; node D writes the up meanwhile. Both
    // nodes' processors poll every 50 ms all along.
    const first = c.app.store.db.transaction().execute(async (trx) => {
      await appendEvent(trx, change('up', 'down'));
      appended();
      await held;
    });
    await downAppended;
    const second = d.app.store.db.transaction().execute((trx) => appendEvent(trx, change('down', 'up')));
    await settle(300);
    release();
    await Promise.all([first, second]);
    const alerts = () => webhook.received.filter((r) => r.json.monitor?.id === monitor.id).map((r) => r.json.event as string);
    await eventually(async () => alerts().length === 2, 15_000);
    // Each alert once. Their arrival order is not the order the events were handled in: the two
    // deliveries are sent side by side (one batch, or one per node). The incident shows the order:
    // the down handled first opens it and the up handled after resolves it; the other way round
    // would leave it open.
    expect([...alerts()].sort()).toEqual(['monitor.down', 'monitor.up']);
    const incidents = (await d.read('/api/v1/incidents', owner.token)).data.filter((i: any) => i.monitorId === monitor.id);
    expect(incidents.map((i: any) => i.status)).toEqual(['resolved']);
  });
});
