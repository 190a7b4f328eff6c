import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_STORE, createTestDatabase, leaseRedisDatabase, testSecretKey, type RedisLease, type TestDatabase } from '../helpers/cluster.js';
import { freePort, serve, worker, type ServeProcess } from '../helpers/process.js';

// No input is known to reach the process-level handler (the checks turn every peer's answer into a
// run); a defect is simulated by a module preloaded into the real `lookout` process, which throws
// or rejects outside any of our code when the process receives SIGUSR2.
const dir = mkdtempSync(join(tmpdir(), 'lookout-last-resort-'));
const fault = join(dir, 'fault.mjs');
writeFileSync(
  fault,
  `process.on('SIGUSR2', () => setImmediate(() => {
    if (process.env.FAULT === 'reject') Promise.reject(new Error('injected rejection'));
    else throw new Error('injected fault');
  }));\n`,
);

let database: TestDatabase | undefined;
let redis: RedisLease | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  env = { NODE_OPTIONS: `--import=${pathToFileURL(fault).href}`, LOOKOUT_BOOTSTRAP: 'false' };
  if (TEST_STORE === 'postgres') {
    database = await createTestDatabase();
    redis = await leaseRedisDatabase();
    Object.assign(env, { DATABASE_URL: database.url, REDIS_URL: redis.url, LOOKOUT_SECRET_KEY: testSecretKey() });
  } else {
    env.DATABASE_URL = `file:${join(dir, 'lookout.db')}`;
  }
});
afterAll(async () => {
  await redis?.release();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Triggers the simulated defect and waits for the exit; answers the exit code and the fatal log line. */
async function crash(running: ServeProcess): Promise<{ code: number | null; fatal: any }> {
  const exited = once(running.child, 'exit');
  running.child.kill('SIGUSR2');
  const [code] = (await exited) as [number | null];
  const lines = running
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'));
  const fatal = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 60);
  return { code, fatal };
}

describe('an unexpected error in a long-running process', () => {
  it.each([
    ['an uncaught exception', 'throw', 'uncaughtException', 'injected fault'],
    ['an unhandled rejection', 'reject', 'unhandledRejection', 'injected rejection'],
  ])('ends lookout serve after %s: logged at fatal with the error, exit code 1', async (_label, kind, event, message) => {
    const running = await serve({ ...env, FAULT: kind, PORT: String(await freePort()), LOOKOUT_REGIONS: 'us-east' });

    const started = Date.now();
    const { code, fatal } = await crash(running);

    expect(code).toBe(1);
    expect(fatal).toMatchObject({ event, err: { message } });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('ends lookout worker the same way', async () => {
    // A worker always runs on PostgreSQL and Redis: the embedded project lends it its own.
    const own = TEST_STORE === 'postgres' ? undefined : { database: await createTestDatabase(), redis: await leaseRedisDatabase() };
    try {
      const stores: Record<string, string> = own ? { DATABASE_URL: own.database.url, REDIS_URL: own.redis.url, LOOKOUT_SECRET_KEY: testSecretKey() } : {};
      const running = await worker('us-east', { ...env, ...stores, FAULT: 'throw' });

      const { code, fatal } = await crash(running);

      expect(code).toBe(1);
      expect(fatal).toMatchObject({ event: 'uncaughtException', err: { message: 'injected fault' } });
    } finally {
      await own?.redis.release();
      await own?.database.drop();
    }
  });
});
