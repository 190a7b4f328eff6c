/**
 * One contract, two implementations: what the API relies on from rate limiters and locks holds
 * the same in one process (memory) and across a cluster (Redis).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedCoordination } from '../../src/coordination/embedded.js';
import type { Coordination } from '../../src/domain/ports/coordination.js';
import { Leadership } from '../../src/coordination/leadership.js';
import { REDIS_KEY_PREFIX, createRedisCoordination } from '../../src/coordination/redis.js';
import { leaseRedisDatabase, type RedisLease } from '../helpers/cluster.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let unique = 0;
const key = (label: string) => `${label}-${process.pid}-${++unique}`;

interface Implementation {
  name: string;
  create(): Promise<Coordination>;
  /** Runs after the tests of the implementation. */
  dispose(): Promise<void>;
}

let lease: RedisLease | null = null;
const implementations: Implementation[] = [
  { name: 'embedded (memory)', create: async () => createEmbeddedCoordination(), dispose: async () => {} },
  {
    name: 'Redis',
    async create() {
      lease = await leaseRedisDatabase();
      return createRedisCoordination(lease.url);
    },
    dispose: async () => lease?.release(),
  },
];

describe.each(implementations)('$name coordination', (implementation) => {
  let coordination: Coordination;

  beforeAll(async () => {
    coordination = await implementation.create();
  });
  afterAll(async () => {
    await coordination?.close();
    await implementation.dispose();
  });

  describe('rate limiter', () => {
    it('counts each consume against a fixed budget and refuses past it', async () => {
      const limiter = coordination.rateLimiter({ name: key('count'), points: 5, durationSeconds: 60 });
      const k = key('k');
      for (let spent = 1; spent <= 5; spent++) {
        const decision = await limiter.consume(k);
        expect(decision).toMatchObject({ allowed: true, limit: 5, remaining: 5 - spent });
        expect(decision.resetSeconds).toBeGreaterThanOrEqual(55);
        expect(decision.resetSeconds).toBeLessThanOrEqual(60);
      }
      for (let i = 0; i < 3; i++) {
        const refused = await limiter.consume(k);
        expect(refused).toMatchObject({ allowed: false, limit: 5, remaining: 0 });
        expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
        expect(refused.resetSeconds).toBeLessThanOrEqual(60);
      }
    });

    it('keeps keys and limiter names apart', async () => {
      const name = key('apart');
      const a = coordination.rateLimiter({ name, points: 1, durationSeconds: 60 });
      const other = coordination.rateLimiter({ name: `${name}-other`, points: 1, durationSeconds: 60 });
      const k = key('k');
      expect((await a.consume(k)).allowed).toBe(true);
      expect((await a.consume(k)).allowed).toBe(false);
      expect((await a.consume(key('k2'))).allowed).toBe(true);
      expect((await other.consume(k)).allowed).toBe(true);
    });

    it('starts a new window when the old one ends (fixed window)', async () => {
      const limiter = coordination.rateLimiter({ name: key('window'), points: 2, durationSeconds: 2 });
      const k = key('k');
      const started = Date.now();
      expect((await limiter.consume(k)).allowed).toBe(true);
      expect((await limiter.consume(k)).allowed).toBe(true);
      const refused = await limiter.consume(k);
      if (Date.now() - started < 1000) expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 2 });
      // Refused consumes do not extend the window: it ends 2 s after the first consume.
      await sleep(started + 2150 - Date.now());
      expect(await limiter.consume(k)).toMatchObject({ allowed: true, remaining: 1, limit: 2 });
    });

    it('peek reports without spending', async () => {
      const limiter = coordination.rateLimiter({ name: key('peek'), points: 3, durationSeconds: 60 });
      const k = key('k');
      expect(await limiter.peek(k)).toEqual({ allowed: true, limit: 3, remaining: 3, resetSeconds: 60 });
      expect(await limiter.peek(k)).toEqual({ allowed: true, limit: 3, remaining: 3, resetSeconds: 60 });
      await limiter.consume(k);
      await limiter.consume(k);
      for (let i = 0; i < 3; i++) expect(await limiter.peek(k)).toMatchObject({ allowed: true, limit: 3, remaining: 1 });
      expect((await limiter.consume(k)).allowed).toBe(true);
      const exhausted = await limiter.peek(k);
      expect(exhausted).toMatchObject({ allowed: false, remaining: 0 });
      expect(exhausted.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(exhausted.resetSeconds).toBeLessThanOrEqual(60);
    });

    it('spends several points at once, and refuses a spend larger than what is left whole, spending nothing', async () => {
      const limiter = coordination.rateLimiter({ name: key('many'), points: 30, durationSeconds: 60 });
      const k = key('k');
      expect(await limiter.consume(k, 20)).toMatchObject({ allowed: true, limit: 30, remaining: 10 });
      const refused = await limiter.consume(k, 11);
      expect(refused).toMatchObject({ allowed: false, limit: 30, remaining: 10 });
      expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(await limiter.peek(k)).toMatchObject({ allowed: true, remaining: 10 });
      expect(await limiter.consume(k, 10)).toMatchObject({ allowed: true, remaining: 0 });
      // A single point refused on a full window leaves it exactly full.
      expect(await limiter.consume(k)).toMatchObject({ allowed: false, remaining: 0 });
      await limiter.refund(k);
      expect(await limiter.consume(k)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('of concurrent spends only what fits is granted', async () => {
      const limiter = coordination.rateLimiter({ name: key('race'), points: 10, durationSeconds: 60 });
      const k = key('k');
      const decisions = await Promise.all(Array.from({ length: 25 }, () => limiter.consume(k)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      expect(await limiter.peek(k)).toMatchObject({ allowed: false, remaining: 0 });
    });

    it('refund gives back spent points, never more than were spent, and opens no window', async () => {
      const limiter = coordination.rateLimiter({ name: key('refund'), points: 3, durationSeconds: 60 });
      const k = key('k');
      await limiter.refund(k, 2);
      expect(await limiter.peek(k)).toEqual({ allowed: true, limit: 3, remaining: 3, resetSeconds: 60 });
      await limiter.consume(k, 2);
      await limiter.refund(k, 5);
      expect(await limiter.peek(k)).toMatchObject({ allowed: true, remaining: 3 });
      expect(await limiter.consume(k, 3)).toMatchObject({ allowed: true, remaining: 0 });
      expect((await limiter.consume(k)).allowed).toBe(false);
    });
  });

  describe('locks', () => {
    it('of 50 concurrent tryAcquire on one key exactly one succeeds; the others learn when to retry', async () => {
      const k = key('lock');
      const results = await Promise.all(Array.from({ length: 50 }, () => coordination.locks.tryAcquire(k, 5000)));
      expect(results.filter((r) => r.acquired)).toHaveLength(1);
      for (const result of results) {
        if (result.acquired) continue;
        expect(result.retryAfterMs).toBeGreaterThan(0);
        expect(result.retryAfterMs).toBeLessThanOrEqual(5000);
      }
    });

    it('reports retryAfter within the ttl, counting down', async () => {
      const k = key('lock');
      const before = Date.now();
      expect(await coordination.locks.tryAcquire(k, 5000)).toEqual({ acquired: true });
      const acquired = Date.now();
      await sleep(300);
      const asked = Date.now();
      const taken = await coordination.locks.tryAcquire(k, 5000);
      const answered = Date.now();
      expect(taken.acquired).toBe(false);
      const retryAfterMs = (taken as { retryAfterMs: number }).retryAfterMs;
      // What is left of the 5 s, give or take the time the calls themselves took (and 5 ms of rounding).
      expect(retryAfterMs).toBeGreaterThanOrEqual(5000 - (answered - before) - 5);
      expect(retryAfterMs).toBeLessThanOrEqual(5000 - (asked - acquired) + 5);
      // A refused attempt does not extend the hold.
      await sleep(200);
      const later = await coordination.locks.tryAcquire(k, 5000);
      expect(later.acquired).toBe(false);
      expect((later as { retryAfterMs: number }).retryAfterMs).toBeLessThan(retryAfterMs);
    });

    it('frees the lock when the ttl runs out', async () => {
      const k = key('lock');
      expect(await coordination.locks.tryAcquire(k, 800)).toEqual({ acquired: true });
      expect((await coordination.locks.tryAcquire(k, 800)).acquired).toBe(false);
      await sleep(900);
      expect(await coordination.locks.tryAcquire(k, 800)).toEqual({ acquired: true });
      expect((await coordination.locks.tryAcquire(k, 800)).acquired).toBe(false);
    });

    it('keeps keys apart', async () => {
      const k = key('lock');
      expect(await coordination.locks.tryAcquire(k, 5000)).toEqual({ acquired: true });
      expect(await coordination.locks.tryAcquire(`${k}-other`, 5000)).toEqual({ acquired: true });
    });
  });

  describe('leases and channels', () => {
    it('a lease is held and renewed by its holder, and can be taken again once released', async () => {
      const k = key('lease');
      expect(await coordination.locks.hold(k, 5000)).toBe(true);
      expect(await coordination.locks.hold(k, 5000)).toBe(true);
      await coordination.locks.release(k);
      expect(await coordination.locks.hold(k, 5000)).toBe(true);
    });

    it('a channel delivers each message to every subscriber until it unsubscribes', async () => {
      const channel = coordination.channel<{ n: number }>(key('channel'));
      const first: number[] = [];
      const second: number[] = [];
      const stopFirst = channel.subscribe((m) => first.push(m.n));
      channel.subscribe((m) => second.push(m.n));
      await sleep(100); // a Redis subscription is confirmed asynchronously
      await channel.publish({ n: 1 });
      await waitFor(() => first.length === 1 && second.length === 1);
      stopFirst();
      await channel.publish({ n: 2 });
      await waitFor(() => second.length === 2);
      expect(first).toEqual([1]);
      expect(second).toEqual([1, 2]);
    });
  });

  it('answers ping', async () => {
    await expect(coordination.ping()).resolves.toBeUndefined();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('Redis coordination specifics', () => {
  let lease: RedisLease;
  let redis: Redis;
  beforeAll(async () => {
    lease = await leaseRedisDatabase();
    redis = new Redis(lease.url);
  });
  afterAll(async () => {
    await redis?.quit();
    await lease?.release();
  });

  it(`writes only keys under ${REDIS_KEY_PREFIX}, each with an expiry`, async () => {
    const coordination = await createRedisCoordination(lease.url);
    try {
      await coordination.rateLimiter({ name: 'budget', points: 300, durationSeconds: 60 }).consume('token-1');
      await coordination.locks.tryAcquire('trigger:monitor-1', 60_000);
      const keys = (await redis.keys('*')).sort();
      expect(keys).toEqual(['lookout:lock:trigger:monitor-1', 'lookout:rate:budget:token-1']);
      for (const k of keys) {
        const pttl = await redis.pttl(k);
        expect(pttl).toBeGreaterThan(55_000);
        expect(pttl).toBeLessThanOrEqual(60_000);
      }
    } finally {
      await coordination.close();
    }
  });

  it('two connections (two nodes) share one budget and one lock', async () => {
    const [a, b] = await Promise.all([createRedisCoordination(lease.url), createRedisCoordination(lease.url)]);
    try {
      const options = { name: key('shared'), points: 4, durationSeconds: 60 };
      const [la, lb] = [a.rateLimiter(options), b.rateLimiter(options)];
      expect(await la.consume('t')).toMatchObject({ allowed: true, remaining: 3 });
      expect(await lb.consume('t')).toMatchObject({ allowed: true, remaining: 2 });
      expect(await lb.peek('t')).toMatchObject({ remaining: 2 });
      await la.consume('t');
      await lb.consume('t');
      expect((await la.consume('t')).allowed).toBe(false);
      expect((await lb.consume('t')).allowed).toBe(false);

      const k = key('lock');
      expect(await a.locks.tryAcquire(k, 5000)).toEqual({ acquired: true });
      const refused = await b.locks.tryAcquire(k, 5000);
      expect(refused.acquired).toBe(false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a lease has one holder among nodes; the other takes it when it is released or runs out', async () => {
    const [a, b] = await Promise.all([createRedisCoordination(lease.url), createRedisCoordination(lease.url)]);
    try {
      const k = key('leader');
      expect(await a.locks.hold(k, 300)).toBe(true);
      expect(await b.locks.hold(k, 300)).toBe(false);
      await b.locks.release(k); // not its lease: nothing happens
      expect(await b.locks.hold(k, 300)).toBe(false);
      await a.locks.release(k);
      expect(await b.locks.hold(k, 300)).toBe(true);
      expect(await a.locks.hold(k, 300)).toBe(false);
      await sleep(400); // b does not renew: the lease runs out
      expect(await a.locks.hold(k, 300)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('leadership stays with a leader that renews, and passes to the standby when it steps down', async () => {
    const [a, b] = await Promise.all([createRedisCoordination(lease.url), createRedisCoordination(lease.url)]);
    const events: string[] = [];
    const k = key('scheduler');
    const candidate = (name: string, locks: Coordination['locks']) =>
      new Leadership({ locks, key: k, ttlMs: 600, onGain: async () => void events.push(`${name}+`), onLose: () => events.push(`${name}-`) });
    const [la, lb] = [candidate('a', a.locks), candidate('b', b.locks)];
    try {
      await la.start();
      await lb.start();
      expect([la.isLeader, lb.isLeader]).toEqual([true, false]);
      await sleep(700); // a renews every 200 ms: it keeps the lease
      expect([la.isLeader, lb.isLeader]).toEqual([true, false]);
      await la.stop(); // releases: b takes over at its next attempt
      await waitFor(() => lb.isLeader, 1000);
      expect(events).toEqual(['a+', 'a-', 'b+']);
    } finally {
      await la.stop();
      await lb.stop();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('channels reach every node, and stay apart between Redis databases', async () => {
    const other = await leaseRedisDatabase();
    const [a, b, elsewhere] = await Promise.all([createRedisCoordination(lease.url), createRedisCoordination(lease.url), createRedisCoordination(other.url)]);
    try {
      const name = key('changes');
      const onB: string[] = [];
      const onElsewhere: string[] = [];
      b.channel<string>(name).subscribe((m) => onB.push(m));
      elsewhere.channel<string>(name).subscribe((m) => onElsewhere.push(m));
      await sleep(100);
      await a.channel<string>(name).publish('created');
      await waitFor(() => onB.length === 1);
      await sleep(100);
      expect(onB).toEqual(['created']);
      expect(onElsewhere).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close(), elsewhere.close()]);
      await other.release();
    }
  });

  it('fails at once, naming the address, when Redis cannot be reached', async () => {
    const started = Date.now();
    await expect(createRedisCoordination('redis://:hunter2@127.0.0.1:1/0')).rejects.toThrow(/^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1\/0 is unreachable: /);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a node started without Redis stops at start-up instead of serving', async () => {
    const { startServer } = await import('../helpers/server.js');
    await expect(startServer({ REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(/Redis at redis:\/\/127\.0\.0\.1:1 is unreachable/);
  });
});
