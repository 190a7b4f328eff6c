/**
 * Exactly-once scheduling across a cluster: two `lookout serve` nodes (scheduler-capable, API
 * only) and one `lookout worker` per region, over one PostgreSQL database and one Redis, as
 * scripts/cluster-demo.sh runs them. The scheduling node and a worker are killed (SIGKILL) while
 * the first checks are under way; every (monitor, region) must still have exactly one run per
 * interval: the killed checks taken up again, the next ones scheduled by the standby node.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_POLL_MS, LEASE_TAKEOVER_PROMISE_MS, LEASE_TTL_MS } from '../../src/coordination/leadership.js';
import { REGIONS } from '../../src/shared/vocabulary.js';
import { createTestDatabase, leaseRedisDatabase, testSecretKey, type RedisLease, type TestDatabase } from '../helpers/cluster.js';
import { freePort, serve, worker, type ServeProcess } from '../helpers/process.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

const INTERVAL_MS = 60_000;
const MONITORS = 6;
/** Each check keeps the target waiting this long, so that killing a worker catches checks in flight. */
const CHECK_MS = 1500;

let database: TestDatabase;
let redis: RedisLease;
let target: Target;
const processes: ServeProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await leaseRedisDatabase();
  target = await startTarget();
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await target?.close();
  await redis?.release();
  await database?.drop();
});

/** The due time a run was made for: the millisecond timestamp its id (UUID v7) starts with. */
const dueOf = (runId: string) => parseInt(runId.replace(/-/g, '').slice(0, 12), 16);

describe('a cluster of two nodes and three regional workers', () => {
  it(
    'runs each (monitor, region) exactly once per interval, through the death of the scheduling node and of a worker mid-check',
    { timeout: 240_000 },
    async () => {
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        LOOKOUT_SECRET_KEY: testSecretKey(),
        LOOKOUT_TARGET_POLICY: 'all',
        LOOKOUT_REGIONS: 'none',
      };
      const portA = await freePort();
      const nodeA = await serve({ ...env, PORT: String(portA) });
      processes.push(nodeA);
      const token = /API token:\s+(lkt_\w+)/.exec(nodeA.output())![1]!;
      const portB = await freePort();
      const nodeB = await serve({ ...env, PORT: String(portB) });
      processes.push(nodeB);
      const workers = new Map<string, ServeProcess>();
      for (const region of REGIONS) {
        const process = await worker(region, env);
        processes.push(process);
        workers.set(region, process);
      }
      // The first node took the scheduler lease; the second stands by.
      expect(nodeA.output()).toContain('took the lease');
      expect(nodeB.output()).not.toContain('took the lease');

      // Monitors are made on the standby node: the change reaches the scheduler through Redis.
      const api = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`http://127.0.0.1:${portB}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        expect(response.status).toBeLessThan(300);
        return response.json() as Promise<any>;
      };
      const ids: string[] = [];
      const createdAt = Date.now();
      for (let i = 0; i < MONITORS; i++) {
        const monitor = await api('POST', '/api/v1/monitors', {
          type: 'http',
          name: `Cluster ${i}`,
          intervalSeconds: INTERVAL_MS / 1000,
          timeoutSeconds: 10,
          regions: [...REGIONS],
          url: `${target.url}/cluster-${i}?delay=${CHECK_MS}`,
          method: 'GET',
          expectedStatus: 200,
        });
        ids.push(monitor.id);
      }
      const runsOf = async (id: string) => (await api('GET', `/api/v1/monitors/${id}/runs`)).data as { id: string; region: string; trigger: string }[];

      // While the first checks are under way (each keeps the target waiting), kill the us-east worker
      // and the scheduling node.
      const queue = new Redis(redis.url);
      let inFlight: string[];
      try {
        inFlight = await eventually(
          async () => {
            const active = await queue.lrange('lookout:checks-us-east:active', 0, -1);
            return active.length > 0 && active;
          },
          20_000,
          50,
        );
      } finally {
        queue.disconnect();
      }
      const killedAt = Date.now();
      await Promise.all([nodeA.kill(), workers.get('us-east')!.kill()]);
      const takenOver = eventually(async () => nodeB.output().includes('took the lease') && Date.now(), 30_000, 50);
      // An orchestrator replaces the worker; nobody replaces the node: the standby takes over.
      processes.push(await worker('us-east', env));
      // Within the 15 s docs/deploy.md promises: the dead node's lease runs out (it was not given up)
      // and the standby takes it at its next attempt.
      const takeover = (await takenOver) - killedAt;
      expect(takeover).toBeGreaterThanOrEqual(LEASE_TTL_MS - LEASE_POLL_MS - 100);
      expect(takeover).toBeLessThanOrEqual(LEASE_TAKEOVER_PROMISE_MS);

      // The next due times (one interval after the first checks) are the standby's to schedule: wait
      // until every (monitor, region) has had them checked, taken up killed checks included.
      const scheduledDues = async (id: string) => {
        const runs = (await runsOf(id)).filter((run) => run.trigger === 'scheduled');
        return REGIONS.map((region) =>
          runs
            .filter((run) => run.region === region)
            .map((run) => dueOf(run.id))
            .sort((a, b) => a - b),
        );
      };
      const dues = await eventually(
        async () => {
          const all = await Promise.all(ids.map(scheduledDues));
          return all.every((regions) => regions.every((d) => d.length >= 2)) && all;
        },
        createdAt + 2.5 * INTERVAL_MS - Date.now(),
        2000,
      );
      expect(nodeB.output()).toContain('took the lease');

      for (const regions of dues) {
        for (const [r, times] of regions.entries()) {
          const region = REGIONS[r]!;
          // The first check at once after create; from then on one interval apart, give or take a tenth
          // (the time it takes to reach the monitor's own phase): none doubled, none skipped.
          expect(times[0]! - createdAt, region).toBeLessThan(5000);
          for (let i = 1; i < times.length; i++) {
            expect(times[i]! - times[i - 1]!, `${region} run ${i}`).toBeGreaterThanOrEqual(INTERVAL_MS * 0.9);
            expect(times[i]! - times[i - 1]!, `${region} run ${i}`).toBeLessThanOrEqual(INTERVAL_MS * 1.1);
          }
        }
      }
      // The checks the killed worker had in flight were taken up again: each has its run.
      for (const jobId of inFlight) {
        const [monitorId, region, trigger, dueAt] = jobId.split('@');
        expect(trigger).toBe('scheduled');
        const runs = await runsOf(monitorId!);
        expect(runs.filter((run) => run.region === region && dueOf(run.id) === Number(dueAt))).toHaveLength(1);
      }
    },
  );
});
