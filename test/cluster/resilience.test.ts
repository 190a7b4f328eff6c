/**
 * A cluster node rides out its services going away and coming back: PostgreSQL ending its
 * connections (restart, failover) and Redis stopping. (Cluster project only.)
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BullMqDispatcher } from '../../src/checks/bullmq-dispatch.js';
import { Problem } from '../../src/domain/problem.js';
import { PG_ADMIN_URL } from '../helpers/cluster.js';
import { privateRedis } from '../helpers/private-redis.js';
import { startServer, type TestServer } from '../helpers/server.js';

const TEAM = '/api/v1/teams/current';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('a cluster node', () => {
  it('keeps serving after PostgreSQL ends its connections', async () => {
    const server: TestServer = await startServer();
    cleanup.push(() => server.close());
    if (server.store !== 'postgres') throw new Error('test/cluster runs in cluster mode only (LOOKOUT_TEST_STORE=postgres)');
    const member = await server.newTeam('Member');
    expect((await server.request('GET', TEAM, { token: member.token })).status).toBe(200);

    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      const database = new URL(server.env.DATABASE_URL!).pathname.slice(1);
      const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await sleep(200);
    expect((await server.request('GET', TEAM, { token: member.token })).status).toBe(200);
    expect((await server.request('GET', '/readyz')).status).toBe(200);
    expect(server.logs()).toContain('database connection lost');
  });

  it('answers 503 on /readyz and 503 (not unlimited) while Redis is away, and recovers when it is back', async () => {
    const redis = await privateRedis();
    cleanup.push(async () => redis.stop());
    const server = await startServer({ REDIS_URL: redis.url });
    cleanup.push(() => server.close());
    const member = await server.newTeam('Member');
    expect((await server.request('GET', TEAM, { token: member.token })).headers.get('ratelimit-remaining')).toBe('299');

    redis.process.kill('SIGKILL');
    await waitFor('/readyz to fail', async () => ((await server.request('GET', '/readyz')).status === 503 ? true : undefined));
    const refused = await server.request('GET', TEAM, { token: member.token });
    expect(refused.status).toBe(503);
    expect(refused.body.type).toBe('http://lookout.test/errors/unavailable');

    await redis.start();
    await waitFor('/readyz to recover', async () => ((await server.request('GET', '/readyz')).status === 200 ? true : undefined));
    const answer = await server.request('GET', TEAM, { token: member.token });
    expect(answer.status).toBe(200);
    // The new Redis is empty: a fresh window.
    expect(answer.headers.get('ratelimit-remaining')).toBe('299');
  });

  it('answers 503 within the command timeout, never hanging and never 500, while Redis is stalled; pings fail open; it recovers when Redis answers again', async () => {
    const redis = await privateRedis();
    cleanup.push(async () => redis.stop());
    const server = await startServer({ REDIS_URL: redis.url });
    cleanup.push(() => server.close());
    const owner = await server.newTeam('Owner');
    const heartbeat = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: { type: 'heartbeat', name: 'Nightly backup', periodSeconds: 3600, graceSeconds: 60 },
    });
    expect(heartbeat.status).toBe(201);
    const pingPath = new URL(heartbeat.body.pingUrl as string).pathname;
    const monitor = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: {
        type: 'http',
        name: 'API',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: 'http://127.0.0.1:9/',
        method: 'GET',
        expectedStatus: 200,
      },
    });
    expect(monitor.status).toBe(201);

    // The check queues' own connection (BullMQ), used before the stall so that it is open.
    const queues = new BullMqDispatcher(redis.url);
    cleanup.push(() => queues.close());
    const job = { monitorId: monitor.body.id as string, teamId: owner.teamId, region: 'us-east' as const, trigger: 'manual' as const, nextDueAt: null };
    await queues.enqueue({ ...job, dueAt: Date.now() });

    // The connection stays open, but nothing answers (a paused, swapping or half-open Redis).
    redis.process.kill('SIGSTOP');
    const timed = async (answer: Promise<{ status: number; body: any }>) => {
      const started = Date.now();
      const { status, body } = await answer;
      return { status, type: body?.type as string | undefined, ms: Date.now() - started };
    };
    const [queued, read, trigger, mcp, ping] = await Promise.all([
      (async () => {
        const started = Date.now();
        const failure = await queues.enqueue({ ...job, dueAt: Date.now() }).then(
          () => null,
          (error: unknown) => error,
        );
        return { failure, ms: Date.now() - started };
      })(),
      timed(server.request('GET', TEAM, { token: owner.token })),
      timed(server.request('POST', `/api/v1/monitors/${monitor.body.id}/check`, { token: owner.token })),
      timed(
        server.request('POST', '/mcp', {
          token: owner.token,
          headers: { accept: 'application/json, text/event-stream' },
          body: { jsonrpc: '2.0', id: 1, method: 'ping' },
        }),
      ),
      timed(server.request('GET', pingPath)),
    ]);
    for (const answer of [read, trigger, mcp]) {
      expect(answer).toMatchObject({ status: 503, type: 'http://lookout.test/errors/unavailable' });
      // The command timeout (2 s), and some room for a loaded machine: not a hang.
      expect(answer.ms).toBeLessThan(4500);
    }
    expect(queued.failure).toBeInstanceOf(Problem);
    expect(queued.failure).toMatchObject({ status: 503, code: 'unavailable' });
    expect(queued.ms).toBeLessThan(4500);
    // A heartbeat ping is recorded without its limit: it must not be lost to an outage.
    expect(ping.status).toBe(200);
    expect(ping.ms).toBeLessThan(4500);
    expect((await server.request('GET', '/readyz')).status).toBe(503);
    expect(server.logs()).toContain('a redis command failed');

    redis.process.kill('SIGCONT');
    await waitFor('/readyz to recover', async () => ((await server.request('GET', '/readyz')).status === 200 ? true : undefined));
    const answer = await server.request('GET', TEAM, { token: owner.token });
    expect(answer.status).toBe(200);
    await queues.close();
    await server.close();
  });
});
