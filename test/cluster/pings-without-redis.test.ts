/**
 * Heartbeat pings keep working while Redis is away: their rate limiters live in Redis and fail
 * open (a moment without a limit), so a job's ping is recorded and answered 200, an unknown key
 * 404, never 500. (Cluster project only: Redis is cut by stopping a Redis of the test's own.)
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { privateRedis } from '../helpers/private-redis.js';
import { PUBLIC_URL, startServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
});

describe('heartbeat pings while Redis is away', () => {
  it('are answered 200 and recorded (unknown keys 404), never 500, and limited again once Redis is back', { timeout: 60_000 }, async () => {
    const redis = await privateRedis();
    cleanup.push(async () => redis.stop());
    const server = await startServer({ REDIS_URL: redis.url });
    cleanup.push(() => server.close());
    if (server.store !== 'postgres') throw new Error('test/cluster runs in cluster mode only (LOOKOUT_TEST_STORE=postgres)');
    const member = await server.newTeam('Member');
    const created = await server.request('POST', '/api/v1/monitors', { token: member.token, body: { type: 'heartbeat', name: 'Backup', periodSeconds: 3600 } });
    expect(created.status).toBe(201);
    const pingUrl = (created.body.pingUrl as string).replace(PUBLIC_URL, server.baseUrl);
    // Read from the database: the API's token budget lives in Redis too, and is away with it.
    const runs = () =>
      server.app.store.db
        .selectFrom('monitor_runs')
        .select('id')
        .where('monitor_id', '=', created.body.id as string)
        .execute();
    expect((await fetch(pingUrl)).status).toBe(200);

    redis.process.kill('SIGKILL');
    await eventually(async () => (await server.request('GET', '/readyz')).status === 503);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await fetch(`${pingUrl}/fail`)).status);
      statuses.push((await fetch(pingUrl, { method: 'POST', body: 'done' })).status);
      statuses.push((await fetch(`${server.baseUrl}/ping/${randomBytes(24).toString('base64url')}`)).status);
    }
    expect(statuses).toEqual(Array.from({ length: 5 }, () => [200, 200, 404]).flat());
    // Every ping was recorded: the first, then ten while Redis was away.
    expect(await runs()).toHaveLength(11);
    expect(server.logs()).toContain('ping rate limiter unavailable');

    await redis.start();
    await eventually(async () => (await server.request('GET', '/readyz')).status === 200);
    // The limits hold again: the key's 60 a minute. (Commands that were waiting for Redis may still
    // count once it is back: a few of the pings sent while it was away.)
    const answers: number[] = [];
    for (let i = 0; i < 61; i++) answers.push((await fetch(pingUrl)).status);
    expect(answers[0]).toBe(200);
    expect(answers.filter((s) => s === 200).length).toBeGreaterThanOrEqual(50);
    expect(answers.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(answers[60]).toBe(429);
  });
});
