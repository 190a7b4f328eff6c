import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Scheduler, nextDue, nextOnPhase } from '../../src/checks/scheduler.js';
import { newId } from '../../src/domain/ids.js';
import { MemoryChannel } from '../../src/coordination/embedded.js';
import { Leadership } from '../../src/coordination/leadership.js';
import { REDIS_KEY_PREFIX } from '../../src/coordination/redis.js';
import type { CheckDispatcher, CheckJob } from '../../src/domain/ports/check-dispatch.js';
import { storedDueTimes } from '../../src/domain/check-schedules.js';
import type { MonitorChange, MonitorService } from '../../src/domain/monitors.js';
import { ManualClock } from '../helpers/clock.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { httpBody } from '../monitors/fixtures.js';

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => target.close());

/** An HTTP monitor checked from one region, every minute. */
const monitorBody = (url: string, name = 'Scheduled') => httpBody({ name, url, regions: ['us-east'] });

describe('phases', () => {
  it('finds the next time on a phase', () => {
    expect(nextOnPhase(1000, 60_000, 5000)).toBe(5000);
    expect(nextOnPhase(5000, 60_000, 5000)).toBe(5000);
    expect(nextOnPhase(5001, 60_000, 5000)).toBe(65_000);
    expect(nextOnPhase(130_000, 60_000, 0)).toBe(180_000);
  });

  it('puts the next check one interval on, moved toward the phase by at most a tenth of it', () => {
    // On its phase: exactly one interval.
    expect(nextDue(65_000, 60_000, 5000)).toBe(125_000);
    // Off it (a check planned at once on create): within a tenth, converging onto the phase.
    expect(nextDue(0, 60_000, 3000)).toBe(63_000);
    expect(nextDue(0, 60_000, 29_000)).toBe(66_000);
    expect(nextDue(0, 60_000, 30_000)).toBe(54_000);
    let due = 12_345;
    const gaps: number[] = [];
    for (let i = 0; i < 8; i++) {
      const next = nextDue(due, 60_000, 40_000);
      gaps.push(next - due);
      due = next;
    }
    expect(gaps.every((gap) => gap >= 54_000 && gap <= 66_000)).toBe(true);
    expect(due % 60_000).toBe(40_000);
    expect(gaps.at(-1)).toBe(60_000);
  });
});

describe('scheduling', () => {
  let server: TestServer;
  let owner: Member;
  // The server's due times and run start times are on this clock: the test moves it, so minutes pass
  // in moments. Checks themselves run for real, against the local target.
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { clock });
    owner = await server.newTeam('Owner');
  });
  afterAll(() => server.close());

  const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];
  // Waits poll the store, not the API: a poll every fraction of a second would spend the token's 300/minute.
  const storedRuns = async (id: string) =>
    Number(
      (
        await server.app.store.db
          .selectFrom('monitor_runs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('monitor_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const dueOf = async (id: string) => (await storedDueTimes(server.app.store.db)).find((due) => due.monitorId === id)!.nextDueAt;

  it(
    'checks at interval on schedule, one interval after the first check of a created or resumed monitor, and not at all once paused',
    { timeout: 60_000 },
    async () => {
      const create = async (name: string) =>
        (await server.request('POST', '/api/v1/monitors', { token: owner.token, body: monitorBody(`${target.url}/${name}`, name) })).body.id as string;
      // Several monitors: each has a phase of its own, and the rule must hold whatever the phase.
      const created = [await create('every')];
      for (let i = 0; i < 3; i++) created.push(await create(`created-${i}`));
      const resumed = [await create('resumed-0'), await create('resumed-1')];
      const paused = await create('paused');
      await eventually(async () => {
        for (const id of [...created, ...resumed, paused]) if ((await storedRuns(id)) !== 1) return false;
        return true;
      });
      // Pausing and resuming come a moment after the first checks, as they would for a person.
      clock.advance(2000);
      expect((await server.request('POST', `/api/v1/monitors/${paused}/pause`, { token: owner.token })).status).toBe(200);
      for (const id of resumed) {
        expect((await server.request('POST', `/api/v1/monitors/${id}/pause`, { token: owner.token })).status).toBe(200);
        expect((await server.request('POST', `/api/v1/monitors/${id}/resume`, { token: owner.token })).status).toBe(200);
      }
      // Resuming checks at once.
      await eventually(async () => {
        for (const id of resumed) if ((await storedRuns(id)) !== 2) return false;
        return true;
      });

      const watched = [...created, ...resumed];
      const firsts = new Map<string, any>();
      for (const id of watched) firsts.set(id, (await runsOf(id))[0]);
      const dues = new Map<string, number>();
      for (const id of watched) {
        // The second check (after create or resume) is due one interval after the first, give or take a
        // tenth (the first check started moments after its due time; the bound leaves room for that).
        const due = await eventually(async () => {
          const next = await dueOf(id);
          return next > Date.parse(firsts.get(id).startedAt) && next;
        });
        const sinceFirst = due - Date.parse(firsts.get(id).startedAt);
        expect(sinceFirst).toBeGreaterThanOrEqual(54_000 - 3000);
        expect(sinceFirst).toBeLessThanOrEqual(66_000);
        dues.set(id, due);
      }

      // Time moves on to each due time in turn, and stands there until the checks then due are recorded:
      // a check fired early would be recorded a moment before its due time, one fired late not at all.
      const expected = (id: string) => (resumed.includes(id) ? 3 : 2);
      for (const due of [...new Set(dues.values())].sort((a, b) => a - b)) {
        clock.advanceTo(due - 1);
        await new Promise((r) => setTimeout(r, 300));
        for (const id of watched) if (dues.get(id) === due) expect(await storedRuns(id)).toBe(expected(id) - 1);
        clock.advanceTo(due);
        await eventually(async () => {
          for (const id of watched) if (dues.get(id) === due && (await storedRuns(id)) < expected(id)) return false;
          return true;
        }, 20_000);
      }
      for (const id of watched) {
        expect(await storedRuns(id)).toBe(expected(id));
        const second = (await runsOf(id))[0];
        expect(second.id).not.toBe(firsts.get(id).id);
        const lateness = Date.parse(second.startedAt) - dues.get(id)!;
        expect(lateness).toBeGreaterThanOrEqual(0);
        // On schedule: within moments of its due time (the bound leaves room for a loaded test machine).
        expect(lateness).toBeLessThan(3000);
        // And the one after: again one interval on, give or take a tenth.
        const third = await eventually(async () => {
          const next = await dueOf(id);
          return next > dues.get(id)! && next;
        });
        expect(third - dues.get(id)!).toBeGreaterThanOrEqual(54_000);
        expect(third - dues.get(id)!).toBeLessThanOrEqual(66_000);
      }

      // Past the latest time the paused monitor's next check could have been due.
      const pausedFirst = Date.parse((await runsOf(paused))[0].startedAt);
      clock.advanceTo(Math.max(clock.now(), pausedFirst + 66_000 + 1));
      await new Promise((r) => setTimeout(r, 500));
      expect(await runsOf(paused)).toHaveLength(1);
      expect(target.hits.filter((h) => h.path === '/paused')).toHaveLength(1);
    },
  );
});

describe('a scheduler that loses its lease', () => {
  it('stops planning at once: the reconcile under way at the loss writes and enqueues nothing more', { timeout: 30_000 }, async () => {
    const server = await startServer({ LOOKOUT_TARGET_POLICY: 'all' });
    try {
      const owner = await server.newTeam('Owner');
      const create = async (name: string) =>
        (await server.request('POST', '/api/v1/monitors', { token: owner.token, body: monitorBody(`${target.url}/${name}`, name) })).body.id as string;
      const changed = await create('changed');

      // The real monitor service, whose reading of every monitor (the start of a reconcile) waits
      // at a gate the test opens: the loss of the lease comes while a reconcile is under way.
      const real = server.app.services.monitors;
      let gate: Promise<void> = Promise.resolve();
      let open = () => {};
      let entered = () => {};
      const monitors = Object.create(real, {
        listActiveForCheck: {
          value: async (...page: Parameters<MonitorService['listActiveForCheck']>) => {
            entered();
            await gate;
            return real.listActiveForCheck(...page);
          },
        },
      }) as MonitorService;
      // What the scheduler hands over, and whether the lease was held then.
      let lost = false;
      const enqueued: { job: CheckJob; afterLoss: boolean }[] = [];
      const dispatcher: CheckDispatcher = {
        enqueue: async (job) => void enqueued.push({ job, afterLoss: lost }),
        consume: () => {},
        depth: () => 0,
        close: async () => {},
      };
      const clock = new ManualClock();
      const scheduler = new Scheduler({
        db: server.app.store.db,
        monitors,
        // No notices: the periodic reconcile is what finds the changes below.
        changes: new MemoryChannel<MonitorChange>(),
        dispatcher,
        logger: server.app.logger,
        clock,
        reconcileIntervalMs: 60_000,
      });
      const lease = `scheduler-fence-${process.pid}-${Date.now()}`;
      const leadership = new Leadership({
        locks: server.app.coordination.locks,
        key: lease,
        ttlMs: 1500,
        pollMs: 100,
        onGain: (term) => scheduler.start(term),
        onLose: () => {
          lost = true;
          scheduler.stop();
        },
      });
      await leadership.start();
      expect(leadership.isLeader).toBe(true);
      expect(scheduler.size).toBe(1);

      // Made while the scheduler hears nothing: a changed interval (re-planned now, its due time
      // stored first) and a new monitor, for the next reconcile to find.
      expect((await server.request('PATCH', `/api/v1/monitors/${changed}`, { token: owner.token, body: { intervalSeconds: 120 } })).status).toBe(200);
      const fresh = await create('fresh');
      const schedules = async () =>
        (await storedDueTimes(server.app.store.db)).sort((a, b) => a.monitorId.localeCompare(b.monitorId) || a.region.localeCompare(b.region));
      const before = await schedules();

      gate = new Promise((resolve) => (open = resolve));
      const reconciling = new Promise<void>((resolve) => (entered = resolve));
      clock.advance(60_000);
      await reconciling;

      // The lease is lost while that reconcile waits: given up (embedded: the only way one process
      // loses it) or taken by another node (cluster: the lease in Redis now names someone else).
      if (server.store === 'postgres') {
        const redis = new Redis(server.env.REDIS_URL!);
        try {
          await redis.set(`${REDIS_KEY_PREFIX}lease:${lease}`, 'another-node', 'PX', 60_000);
        } finally {
          await redis.quit();
        }
        await eventually(async () => !leadership.isLeader, 3000, 20);
      } else {
        await leadership.stop();
      }
      expect(lost).toBe(true);

      open();
      await new Promise((resolve) => setTimeout(resolve, 500));
      clock.advance(10 * 60_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(enqueued.filter((e) => e.afterLoss).map((e) => e.job.monitorId)).toEqual([]);
      expect(scheduler.size).toBe(0);
      expect(await schedules()).toEqual(before);
      expect(before.map((due) => due.monitorId)).toContain(fresh);
      await leadership.stop();
    } finally {
      await server.close();
    }
  });
});

describe('a reconcile of many monitors', () => {
  it('plans every one, reading them a page at a time with the event loop running between pages', { timeout: 30_000 }, async () => {
    const server = await startServer({ LOOKOUT_REGIONS: 'us-east' });
    try {
      const owner = await server.newTeam('Owner');
      await insertMonitors(server, owner.teamId, 2_500);

      const real = server.app.services.monitors;
      const pages: number[] = [];
      const monitors = Object.create(real, {
        listActiveForCheck: {
          value: async (...page: Parameters<MonitorService['listActiveForCheck']>) => {
            const found = await real.listActiveForCheck(...page);
            pages.push(found.length);
            return found;
          },
        },
      }) as MonitorService;
      const scheduler = schedulerOf(server, { monitors });
      // Turns of the event loop while the reconcile runs.
      let turns = 0;
      let counting = true;
      const count = () => {
        if (!counting) return;
        turns++;
        setImmediate(count);
      };
      setImmediate(count);
      await scheduler.reconcile(true);
      counting = false;
      expect(pages).toEqual([1000, 1000, 500]);
      expect(scheduler.size).toBe(2_500);
      expect(turns).toBeGreaterThanOrEqual(2);
      scheduler.stop();
    } finally {
      await server.close();
    }
  });
});

describe('a catch-up', () => {
  /**
   * 250 monitors of two regions checked every 10 s, every check overdue by 2 s (a cold start), planned
   * by a scheduler whose catch-up window is 1 s at `rate` checks a second; the clock then moves on
   * by `ms`. Answers what it fired, and when.
   */
  async function catchUp(rate: number, ms: number, look: (fired: { job: CheckJob; at: number }[], clock: ManualClock) => void) {
    const server = await startServer({ LOOKOUT_REGIONS: 'us-east' });
    try {
      const owner = await server.newTeam('Owner');
      const clock = new ManualClock();
      const start = clock.now();
      const regions = ['us-east', 'eu-west'];
      const ids = await insertMonitors(server, owner.teamId, 250, 10, regions);
      await server.app.store.db
        .updateTable('monitors')
        .set({ due_times: JSON.stringify(Object.fromEntries(regions.map((region) => [region, start - 2_000]))) })
        .where('id', 'in', ids)
        .execute();
      const fired: { job: CheckJob; at: number }[] = [];
      const scheduler = schedulerOf(server, {
        dispatcher: { ...noDispatch, enqueue: async (job) => void fired.push({ job, at: clock.now() }) },
        clock,
        catchUpWindowMs: 1_000,
        catchUpRate: rate,
      });
      await scheduler.reconcile(true);
      look(fired, clock);
      clock.advance(ms);
      expect(fired).toHaveLength(500);
      expect(fired.every(({ job }) => job.dueAt === start - 2_000)).toBe(true);
      // A monitor's regions are checked together, in the catch-up as after it.
      const firedAt = new Map<string, number[]>();
      for (const { job, at } of fired) firedAt.set(job.monitorId, [...(firedAt.get(job.monitorId) ?? []), at]);
      expect([...firedAt.values()].every((times) => times.length === 2 && times[0] === times[1])).toBe(true);
      scheduler.stop();
      return fired;
    } finally {
      await server.close();
    }
  }

  it('spreads many overdue checks over longer than its window, and counts each next check from its firing', { timeout: 30_000 }, async () => {
    // At 100 checks a second, 500 checks are five seconds' worth rather than the one-second window.
    const fired = await catchUp(100, 5_000, (fired, clock) => {
      clock.advance(1_000);
      expect(fired.length).toBeGreaterThan(0);
      expect(fired.length).toBeLessThan(200);
    });
    // The next round as spread as this one: each next check between 0.9 and 1.1 intervals after its firing.
    const gaps = fired.map(({ job, at }) => job.nextDueAt! - at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(9_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(11_000);
  });

  it('keeps the sequence of due times within its window: the next check one interval after the overdue one', { timeout: 30_000 }, async () => {
    // At 1,000 checks a second, 500 checks fit the one-second window. A scheduler taking over
    // (cluster) dispatches again the checks its predecessor had, and must plan the same next ones.
    const fired = await catchUp(1_000, 1_000, () => {});
    const gaps = fired.map(({ job }) => job.nextDueAt! - job.dueAt);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(9_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(11_000);
  });
});

/** HTTP monitors (of one region unless told) written straight into the store (the API would take minutes), so no notice plans them; their ids. */
async function insertMonitors(server: TestServer, teamId: string, count: number, intervalSeconds = 60, regions = ['us-east']): Promise<string[]> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(now - 10_000 + i),
    team_id: teamId,
    type: 'http' as const,
    name: `Monitor ${i}`,
    interval_seconds: intervalSeconds,
    timeout_seconds: 5,
    regions: JSON.stringify(regions),
    paused: 0,
    status: 'pending',
    created_at: now,
    updated_at: now,
    url: `http://127.0.0.1:9/${i}`,
    method: 'GET',
    expected_status: 200,
  }));
  for (let i = 0; i < rows.length; i += 250)
    await server.app.store.db
      .insertInto('monitors')
      .values(rows.slice(i, i + 250))
      .execute();
  return rows.map((row) => row.id);
}

/** Checks handed to nobody. */
const noDispatch: CheckDispatcher = { enqueue: async () => {}, consume: () => {}, depth: () => 0, close: async () => {} };

/** A scheduler of the server's store apart from the server's own: no change notices, checks handed to nobody, time on a ManualClock unless told. */
function schedulerOf(server: TestServer, options: Partial<ConstructorParameters<typeof Scheduler>[0]>): Scheduler {
  return new Scheduler({
    db: server.app.store.db,
    monitors: server.app.services.monitors,
    changes: new MemoryChannel<MonitorChange>(),
    dispatcher: noDispatch,
    logger: server.app.logger,
    clock: new ManualClock(),
    ...options,
  });
}
