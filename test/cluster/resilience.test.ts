/**
 * A cluster node rides out its services going away and coming back: PostgreSQL ending its
 * connections (restart, failover) and Redis stopping. (Cluster project only.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL } from '../helpers/cluster.js';
import { freePort } from '../helpers/process.js';
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

  it('answers 503 on /readyz and 500 (not unlimited) while Redis is away, and recovers when it is back', async () => {
    const port = await freePort();
    let redis: ChildProcess | null = null;
    const startRedis = async () => {
      redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const started = redis;
      cleanup.push(async () => started.kill('SIGKILL'));
      await sleep(300);
    };
    await startRedis();
    const server = await startServer({ REDIS_URL: `redis://127.0.0.1:${port}` });
    cleanup.push(() => server.close());
    const member = await server.newTeam('Member');
    expect((await server.request('GET', TEAM, { token: member.token })).headers.get('ratelimit-remaining')).toBe('299');

    redis!.kill('SIGKILL');
    await waitFor('/readyz to fail', async () => ((await server.request('GET', '/readyz')).status === 503 ? true : undefined));
    const refused = await server.request('GET', TEAM, { token: member.token });
    expect(refused.status).toBe(500);
    expect(refused.body.type).toBe('http://lookout.test/errors/internal');

    await startRedis();
    await waitFor('/readyz to recover', async () => ((await server.request('GET', '/readyz')).status === 200 ? true : undefined));
    const answer = await server.request('GET', TEAM, { token: member.token });
    expect(answer.status).toBe(200);
    // The new Redis is empty: a fresh window.
    expect(answer.headers.get('ratelimit-remaining')).toBe('299');
  });
});
