/**
 * One contract, two implementations: what the API relies on from rate limiters and locks holds
 * the same in one process (memory) and across a cluster (Redis).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedCoordination } from '../../src/coordination/embedded.js';
import type { Coordination } from '../../src/domain/ports/coordination.js';
import { LEASE_POLL_MS, LEASE_TAKEOVER_MS, LEASE_TAKEOVER_PROMISE_MS, LEASE_TTL_MS, Leadership } from '../../src/coordination/leadership.js';
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_KEY_PREFIX, createRedisCoordination } from '../../src/coordination/redis.js';
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
    it('counts each consume against the budget and refuses past it', async () => {
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

    it('slides: a budget filled near the end of a window is refused just after its edge, until the window after each counted point', async () => {
      // 4 points in any 3 s. A fixed window opened by the first point would give all 4 back at its
      // edge (3 s after it), letting 8 through in little more than 1.5 s; the sliding log frees only
      // what was counted 3 s before.
      const limiter = coordination.rateLimiter({ name: key('slide'), points: 4, durationSeconds: 3 });
      const k = key('k');
      const t0 = Date.now();
      expect(await limiter.consume(k)).toMatchObject({ allowed: true, remaining: 3, resetSeconds: 3 });
      await sleep(t0 + 1500 - Date.now());
      const t1 = Date.now();
      // The rest of the budget near the end of the first point's window.
      const filled = await limiter.consume(k, 3);
      const t1After = Date.now();
      // Remaining 0; the next change is when the first point leaves, 1.5 s from now.
      expect(filled).toMatchObject({ allowed: true, remaining: 0 });
      expect(filled.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(filled.resetSeconds).toBeLessThanOrEqual(2);
      const refused = await limiter.consume(k);
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.resetSeconds).toBeLessThanOrEqual(2);

      // Just after the edge: the first point has left, the three counted at t1 still count.
      await sleep(t0 + 3150 - Date.now());
      const one = await limiter.consume(k);
      expect(one).toMatchObject({ allowed: true, remaining: 0 });
      // The next change is when the points of t1 leave, about 1.35 s from now.
      expect(one.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(one.resetSeconds).toBeLessThanOrEqual(2);
      const again = await limiter.consume(k);
      expect(again).toMatchObject({ allowed: false, remaining: 0 });
      expect(again.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(again.resetSeconds).toBeLessThanOrEqual(2);
      expect(await limiter.peek(k)).toMatchObject({ allowed: false, remaining: 0 });

      // Still refused shortly before the window of t1 ends; granted just after it, three times (the
      // point taken at the edge still counts).
      await sleep(t1 + 2800 - Date.now());
      expect((await limiter.consume(k)).allowed).toBe(false);
      await sleep(t1After + 3100 - Date.now());
      for (let left = 2; left >= 0; left--) expect(await limiter.consume(k)).toMatchObject({ allowed: true, remaining: left });
      expect((await limiter.consume(k)).allowed).toBe(false);
    });

    it('a refused spend of several points learns when that many will have left the window', async () => {
      const limiter = coordination.rateLimiter({ name: key('slide-many'), points: 3, durationSeconds: 4 });
      const k = key('k');
      const t0 = Date.now();
      await limiter.consume(k);
      await sleep(t0 + 2100 - Date.now());
      await limiter.consume(k, 2);
      // One point fits again when the first leaves (about 2 s); two only when the second does (about 4 s).
      const two = await limiter.consume(k, 2);
      expect(two).toMatchObject({ allowed: false, remaining: 0 });
      expect(two.resetSeconds).toBeGreaterThanOrEqual(3);
      expect(two.resetSeconds).toBeLessThanOrEqual(4);
      const single = await limiter.consume(k);
      expect(single.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(single.resetSeconds).toBeLessThanOrEqual(2);
      // More than the whole budget never fits: refused, nothing spent.
      expect(await limiter.consume(k, 4)).toMatchObject({ allowed: false, remaining: 0 });
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

describe('the sliding log on a time of its own (memory): the 300/minute budget to the millisecond', () => {
  const start = Date.parse('2026-01-01T00:00:00Z');
  const budget = () => {
    const time = { now: start };
    const limiter = createEmbeddedCoordination({ now: () => time.now }).rateLimiter({ name: 'budget', points: 300, durationSeconds: 60 });
    return { time, limiter };
  };

  it('a budget filled at the end of a minute is refused after its edge until 60 s after each counted request', async () => {
    const { time, limiter } = budget();
    expect(await limiter.consume('token')).toMatchObject({ allowed: true, remaining: 299, resetSeconds: 60 });
    time.now = start + 59_000;
    expect(await limiter.consume('token', 299)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1 });
    expect(await limiter.consume('token')).toEqual({ allowed: false, limit: 300, remaining: 0, resetSeconds: 1 });
    time.now = start + 59_999;
    expect((await limiter.consume('token')).allowed).toBe(false);
    // The edge of the first request's minute: it leaves, and only it.
    time.now = start + 60_000;
    expect(await limiter.consume('token')).toEqual({ allowed: true, limit: 300, remaining: 0, resetSeconds: 59 });
    expect(await limiter.consume('token')).toEqual({ allowed: false, limit: 300, remaining: 0, resetSeconds: 59 });
    time.now = start + 118_999;
    expect(await limiter.consume('token')).toEqual({ allowed: false, limit: 300, remaining: 0, resetSeconds: 1 });
    time.now = start + 119_000;
    expect(await limiter.consume('token', 299)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1 });
    time.now = start + 120_000;
    expect(await limiter.peek('token')).toEqual({ allowed: true, limit: 300, remaining: 1, resetSeconds: 59 });
  });

  it('never grants more than 300 in any 60 s of a random stream of requests, and grants whenever 300 would not be passed', async () => {
    const { time, limiter } = budget();
    let seed = 24;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const granted: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      // Bursts and pauses: up to 10 requests a millisecond, or nothing for up to 3 s.
      time.now += random() < 0.01 ? Math.floor(random() * 3000) : Math.floor(random() * 30);
      const points = random() < 0.1 ? 1 + Math.floor(random() * 20) : 1;
      const inWindow = granted.filter((t) => t > time.now - 60_000).length;
      const decision = await limiter.consume('token', points);
      expect(decision.allowed).toBe(inWindow + points <= 300);
      expect(decision.remaining).toBe(300 - inWindow - (decision.allowed ? points : 0));
      if (decision.allowed) for (let p = 0; p < points; p++) granted.push(time.now);
    }
    // Every span of 60 s, starting at any granted request, holds at most 300.
    for (let i = 0, j = 0; i < granted.length; i++) {
      while (j < granted.length && granted[j]! < granted[i]! + 60_000) j++;
      expect(j - i).toBeLessThanOrEqual(300);
    }
    expect(granted.length).toBeGreaterThan(1000);
  });
});

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

  it('keeps at most the budget of times per key, and refuses with the same answer on every node', async () => {
    const coordination = await createRedisCoordination(lease.url);
    try {
      const limiter = coordination.rateLimiter({ name: key('bounded'), points: 3, durationSeconds: 60 });
      for (let i = 0; i < 10; i++) await limiter.consume('t', 1 + (i % 3));
      const logs = (await redis.keys(`${REDIS_KEY_PREFIX}rate:bounded-*`)).filter((k) => k.endsWith(':t'));
      expect(logs).toHaveLength(1);
      expect(await redis.llen(logs[0]!)).toBe(3);
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

  it('a holder that dies (its connection gone, its lease not given up) is succeeded within ttl + poll', async () => {
    const ttlMs = 900;
    const pollMs = 300;
    const [a, b] = await Promise.all([createRedisCoordination(lease.url), createRedisCoordination(lease.url)]);
    const k = key('scheduler');
    const gained: Record<string, number> = {};
    const candidate = (name: string, locks: Coordination['locks']) =>
      new Leadership({ locks, key: k, ttlMs, pollMs, onGain: async () => void (gained[name] = Date.now()), onLose: () => {} });
    const [la, lb] = [candidate('a', a.locks), candidate('b', b.locks)];
    try {
      await la.start();
      await lb.start();
      expect(la.isLeader).toBe(true);
      await sleep(500); // a few renewals
      // Dies: nothing more reaches Redis from it, and nothing releases its lease.
      const diedAt = Date.now();
      await a.close();
      await waitFor(() => lb.isLeader, 3000);
      const takeover = gained.b! - diedAt;
      // Not before its last renewal ran out (it was not given up), and no later than a poll after that.
      expect(takeover).toBeGreaterThanOrEqual(ttlMs - pollMs - 50);
      expect(takeover).toBeLessThanOrEqual(ttlMs + pollMs + 150);
      // The dead holder, its renewals failing, stepped down on its own.
      expect(la.isLeader).toBe(false);
    } finally {
      await la.stop();
      await lb.stop();
      await b.close();
    }
  });

  it('the defaults keep the promise: a dead holder is succeeded within 15 s, a cut-off one steps down before its lease runs out', () => {
    expect(LEASE_TAKEOVER_MS).toBe(LEASE_TTL_MS + LEASE_POLL_MS);
    expect(LEASE_TAKEOVER_MS).toBeLessThanOrEqual(LEASE_TAKEOVER_PROMISE_MS);
    expect(LEASE_TAKEOVER_PROMISE_MS).toBe(15_000);
    // A renewal that fails (a stalled Redis answers nothing for the command timeout) is known well
    // before the lease it could not renew runs out.
    expect(LEASE_POLL_MS + REDIS_COMMAND_TIMEOUT_MS).toBeLessThan(LEASE_TTL_MS);
  });

  it('a holder whose renewals stall steps down when its lease runs out, on its own timer', async () => {
    const c = await createRedisCoordination(lease.url);
    const k = key('stalled');
    let lost = 0;
    // Renewals that never answer, as on a Redis that stopped answering before the command timeout.
    let stall = false;
    const locks: Coordination['locks'] = {
      ...c.locks,
      hold: (name, ttl) => (stall ? new Promise<boolean>(() => {}) : c.locks.hold(name, ttl)),
      release: (name) => c.locks.release(name),
      tryAcquire: (name, ttl) => c.locks.tryAcquire(name, ttl),
    };
    const leader = new Leadership({ locks, key: k, ttlMs: 600, pollMs: 200, onGain: async () => {}, onLose: () => (lost += 1) });
    try {
      await leader.start();
      expect(leader.isLeader).toBe(true);
      stall = true;
      const stalledAt = Date.now();
      await waitFor(() => !leader.isLeader, 2000);
      expect(Date.now() - stalledAt).toBeLessThanOrEqual(700);
      expect(lost).toBe(1);
    } finally {
      stall = false;
      await leader.stop();
      await c.close();
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
