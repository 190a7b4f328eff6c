/**
 * compose.yaml's worker healthcheck, run as Docker would run it (test/platform/container.test.ts
 * checks the rest of the file): a worker serves no HTTP, so it is healthy while Redis answers it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REGIONS } from '../../src/shared/vocabulary.js';
import { leaseRedisDatabase, type RedisLease } from '../helpers/cluster.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, { healthcheck?: { test?: string[] } }>;
};

function run(test: string[], env: Record<string, string>): Promise<number> {
  const [cmd, command, ...args] = test;
  expect([cmd, command]).toEqual(['CMD', 'node']);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
    child.on('exit', (code) => resolve(code ?? -1));
  });
}

let redis: RedisLease;
beforeAll(async () => {
  redis = await leaseRedisDatabase();
});
afterAll(() => redis?.release());

describe("compose.yaml's worker healthcheck", () => {
  it('passes while Redis answers and fails when it does not, for every region', async () => {
    for (const region of REGIONS) {
      const test = compose.services[`worker-${region}`]!.healthcheck!.test!;
      expect(await run(test, { REDIS_URL: redis.url })).toBe(0);
      expect(await run(test, { REDIS_URL: 'redis://127.0.0.1:1/0' })).toBe(1);
    }
  });
});
