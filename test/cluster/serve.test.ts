/**
 * `lookout migrate` and `lookout serve` as an operator runs them in cluster mode (docs/deploy.md):
 * separate processes over PostgreSQL and Redis. (test/platform/serve.test.ts covers SQLite.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, leaseRedisDatabase, testSecretKey, type RedisLease, type TestDatabase } from '../helpers/cluster.js';
import { freePort, lookoutCommand, serve } from '../helpers/process.js';

let database: TestDatabase;
let redis: RedisLease;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await leaseRedisDatabase();
});
afterAll(async () => {
  await redis?.release();
  await database?.drop();
});

describe('cluster operation', () => {
  it('lookout migrate prepares an empty PostgreSQL database (no key needed), and says so again when up to date', async () => {
    for (let i = 0; i < 2; i++) {
      const migrated = await lookoutCommand(['migrate', '--json'], { DATABASE_URL: database.url });
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(JSON.parse(migrated.stdout)).toEqual({ migrated: true });
    }
  });

  it('the first node bootstraps, a second one does not; both answer the token and are ready', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, LOOKOUT_SECRET_KEY: testSecretKey() };
    const a = await serve({ ...env, PORT: String(portA) });
    try {
      const token = /API token:\s+(lkt_[A-Za-z0-9]{40})/.exec(a.output())?.[1];
      expect(token, a.output()).toBeDefined();
      const b = await serve({ ...env, PORT: String(portB) });
      try {
        expect(b.output()).not.toContain('API token:');
        for (const port of [portA, portB]) {
          const answer = await fetch(`http://127.0.0.1:${port}/api/v1/teams/current`, { headers: { authorization: `Bearer ${token!}` } });
          expect(answer.status).toBe(200);
          expect(await answer.json()).toMatchObject({ name: 'My team', tokenRole: 'Owner' });
          expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
        }
      } finally {
        await b.stop();
      }
    } finally {
      await a.stop();
    }
  });

  it('a node on PostgreSQL without LOOKOUT_SECRET_KEY, or with Redis unreachable, refuses to start and says why', async () => {
    const port = String(await freePort());
    const keyless = await lookoutCommand(['serve'], { DATABASE_URL: database.url, REDIS_URL: redis.url, PORT: port, LOOKOUT_REGIONS: 'none' });
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain('LOOKOUT_SECRET_KEY is required with PostgreSQL');

    const redisless = await lookoutCommand(['serve'], {
      DATABASE_URL: database.url,
      REDIS_URL: 'redis://:pw@127.0.0.1:1/0',
      LOOKOUT_SECRET_KEY: testSecretKey(),
      PORT: port,
      LOOKOUT_REGIONS: 'none',
    });
    expect(redisless.code).toBe(1);
    expect(redisless.stderr).toMatch(/Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1\/0 is unreachable: .*ECONNREFUSED/);
    expect(redisless.stderr).not.toContain(':pw@');
  });

  it('lookout worker refuses to start without Redis or with an unknown region, and says why', async () => {
    const base = { DATABASE_URL: database.url, LOOKOUT_SECRET_KEY: testSecretKey() };
    const noRedis = await lookoutCommand(['worker', '--region', 'us-east'], base);
    expect(noRedis.code).toBe(1);
    expect(noRedis.stderr).toBe('lookout: lookout worker takes its checks from Redis: set REDIS_URL (cluster mode)\n');
    const unknown = await lookoutCommand(['worker', '--region', 'mars'], { ...base, REDIS_URL: redis.url });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('lookout: unknown region "mars" (known: us-east, eu-west, asia)\n');
    const missing = await lookoutCommand(['worker'], { ...base, REDIS_URL: redis.url });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("required option '--region <region>' not specified");
  });
});
