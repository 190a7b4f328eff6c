/**
 * Daily rollups folded from the hours once a day has ended: every reader of days (the monitor's
 * 30-day chart, the status page's bars, the metrics' 30-day uptime) answers the same before the
 * fold, after it, after a fold done twice, and with a run recorded long after its day ended.
 * On the suite's store.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/domain/rollup-buckets.js';
import { foldDays } from '../../src/domain/rollup-days.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../helpers/clock.js';
import { PAGE } from '../status-pages/fixtures.js';

/** Noon, ten days ago: today in the test is this day. */
const TODAY = Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS;
const clock = new ManualClock(TODAY - 2 * DAY_MS + 10 * HOUR_MS);

let server: TestServer;
let owner: Member;
let monitorId: string;
const slug = `folds-${process.pid}`;

beforeAll(async () => {
  server = await startServer({}, { clock }); // no checker: the test writes the runs itself
  owner = await server.newTeam('Owner');
  const made = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: {
      type: 'http',
      name: 'Folded',
      intervalSeconds: 60,
      timeoutSeconds: 5,
      regions: ['us-east', 'eu-west'],
      url: 'http://127.0.0.1:9/',
      method: 'GET',
      expectedStatus: 200,
    },
  });
  expect(made.status, made.text).toBe(201);
  monitorId = made.body.id;
  const page = await server.request('PUT', PAGE, { token: owner.token, body: { slug, title: 'Folds', monitorIds: [monitorId] } });
  expect(page.status, page.text).toBe(200);
});
afterAll(() => server.close());

let sequence = 0;
/** A run that started at `startedAt`, recorded at the clock's time now. */
async function record(startedAt: number, region: 'us-east' | 'eu-west', ok: boolean, durationMs = 40): Promise<void> {
  const outcome = await server.app.engine.recorder.record({
    // Manual runs: each its own, whatever its time.
    job: { monitorId, region, trigger: 'manual', dueAt: startedAt - ++sequence, nextDueAt: null },
    startedAt,
    attempts: 1,
    result: {
      ok,
      durationMs,
      error: ok ? null : { code: 'status-mismatch' as const, message: 'Expected 200, got 500' },
      statusCode: ok ? 200 : 500,
      timings: { dnsMs: 0, connectMs: 1, tlsMs: null, ttfbMs: 1, totalMs: durationMs },
      certificate: null,
      assertions: [],
      warnings: [],
    },
  });
  expect(outcome).toBe('recorded');
}

/** What each reader of days says. */
async function readers() {
  // Past the status page cache's freshness (30 s, and as long again served while rebuilt).
  clock.advance(60_001);
  const stats = await server.request('GET', `/api/v1/monitors/${monitorId}/stats?range=30d`, { token: owner.token });
  expect(stats.status, stats.text).toBe(200);
  const status = await server.request('GET', `/status/${slug}.json`);
  expect(status.status, status.text).toBe(200);
  const metrics = await server.request('GET', '/api/v1/metrics', { token: owner.token });
  expect(metrics.status, metrics.text).toBe(200);
  const [monitor] = status.body.monitors;
  return {
    stats: { checks: stats.body.checks, uptime: stats.body.uptime, buckets: stats.body.buckets },
    days: monitor.days.slice(-4),
    uptime30d: monitor.uptime30d,
    metric: metrics.text.split('\n').find((line: string) => line.startsWith('lookout_monitor_uptime_ratio{') && line.includes('window="30d"')),
  };
}

const rollups = (period: 'hour' | 'day') =>
  server.app.store.db
    .selectFrom('rollups')
    .select([
      'region',
      'bucket_start',
      'checks',
      'failures',
      'duration_sum',
      sql<number>`h0 + h1 + h2 + h3 + h4 + h5 + h6 + h7 + h8 + h9 + h10 + h11`.as('timed'),
    ])
    .where('monitor_id', '=', monitorId)
    .where('period', '=', period)
    .orderBy('bucket_start')
    .orderBy('region')
    .execute();
const foldedThrough = async () => (await server.app.store.db.selectFrom('rollup_folds').select('folded_through').executeTakeFirst())?.folded_through;

describe('daily rollups folded from their hours', () => {
  it('answer every reader alike before the fold, after it, and when folded again', async () => {
    // Two days ago: three runs, one failed. Each run writes its hour's rollup, not its day's.
    await record(TODAY - 2 * DAY_MS + 9 * HOUR_MS, 'us-east', true);
    await record(TODAY - 2 * DAY_MS + 9 * HOUR_MS, 'eu-west', false);
    await record(TODAY - 2 * DAY_MS + 10 * HOUR_MS, 'us-east', true);
    expect(await rollups('day')).toEqual([]);
    clock.advanceTo(TODAY - DAY_MS + 12 * HOUR_MS);
    await record(TODAY - DAY_MS + 11 * HOUR_MS, 'us-east', true);
    await record(TODAY - DAY_MS + 23 * HOUR_MS + 59 * 60_000, 'eu-west', false);
    // Yesterday's last run, recorded half an hour into today: not late, so its hour's row alone.
    clock.advanceTo(TODAY + 30 * 60_000);
    await record(TODAY - 30_000, 'us-east', true);
    await record(TODAY + 60_000, 'eu-west', true);
    clock.advanceTo(TODAY + 12 * HOUR_MS);
    await record(TODAY + 11 * HOUR_MS, 'us-east', false);
    expect(await rollups('day')).toEqual([]);

    // Nothing folded: every day is read from its hours.
    const before = await readers();
    expect(before.stats).toMatchObject({ checks: 8, uptime: 62.5 });
    expect(before.stats.buckets.map((b: { start: string; checks: number }) => [b.start.slice(0, 10), b.checks])).toEqual([
      [new Date(TODAY - 2 * DAY_MS).toISOString().slice(0, 10), 3],
      [new Date(TODAY - DAY_MS).toISOString().slice(0, 10), 3],
      [new Date(TODAY).toISOString().slice(0, 10), 2],
    ]);
    expect(before.days.map((d: { uptime: number | null }) => d.uptime)).toEqual([null, 66.666, 66.666, 50]);
    expect(before.metric).toMatch(/ 0\.625$/);

    // The fold: the two ended days (yesterday ended 12 hours ago), not today.
    expect(await server.app.engine.pruner.pruneOnce()).toMatchObject({ foldedDays: 2 });
    expect(await foldedThrough()).toBe(TODAY);
    expect(await rollups('day')).toEqual([
      { region: 'eu-west', bucket_start: TODAY - 2 * DAY_MS, checks: 1, failures: 1, duration_sum: 40, timed: 1 },
      { region: 'us-east', bucket_start: TODAY - 2 * DAY_MS, checks: 2, failures: 0, duration_sum: 80, timed: 2 },
      { region: 'eu-west', bucket_start: TODAY - DAY_MS, checks: 1, failures: 1, duration_sum: 40, timed: 1 },
      { region: 'us-east', bucket_start: TODAY - DAY_MS, checks: 2, failures: 0, duration_sum: 80, timed: 2 },
    ]);
    expect(await readers()).toEqual(before);

    // A fold stopped before it marked its days (or two at once) is done again: set, not added.
    await server.app.store.db.deleteFrom('rollup_folds').execute();
    expect(await readers()).toEqual(before); // read from the hours again meanwhile
    expect(await server.app.engine.pruner.pruneOnce()).toMatchObject({ foldedDays: 2 });
    expect(await readers()).toEqual(before);
    expect((await rollups('day')).map((r) => r.checks)).toEqual([1, 2, 1, 2]);

    // Nothing more to fold until today has ended two hours ago.
    clock.advanceTo(TODAY + DAY_MS + 2 * HOUR_MS - 1);
    expect(await server.app.engine.pruner.pruneOnce()).toMatchObject({ foldedDays: 0 });
    clock.advanceTo(TODAY + DAY_MS + 2 * HOUR_MS);
    expect(await server.app.engine.pruner.pruneOnce()).toMatchObject({ foldedDays: 1 });
    expect(await foldedThrough()).toBe(TODAY + DAY_MS);
  });

  it('counts a run recorded long after its day was folded once, in its day and in its hour', async () => {
    const before = await readers();
    const hoursBefore = await rollups('hour');
    // A run of two days before today, recorded now (a probe catching up): its day is folded.
    await record(TODAY - 2 * DAY_MS + 15 * HOUR_MS, 'eu-west', true, 700);
    const after = await readers();
    expect(after.stats.checks).toBe(before.stats.checks + 1);
    expect([before.days[0].uptime, after.days[0].uptime]).toEqual([66.666, 75]); // 2 of 3, then 3 of 4
    expect((await rollups('hour')).length).toBe(hoursBefore.length + 1);
    expect((await rollups('day')).find((r) => r.bucket_start === TODAY - 2 * DAY_MS && r.region === 'eu-west')).toMatchObject({ checks: 2, failures: 1 });

    // Folding that day again leaves it as it is: its hours hold the late run too.
    await server.app.store.db.deleteFrom('rollup_folds').execute();
    await server.app.engine.pruner.pruneOnce();
    expect(await readers()).toEqual(after);
  });

  it('folds a page of monitors per statement, the event loop given its turn between them, and stops when told', async () => {
    const db = server.app.store.db;
    const monitors = (
      await db
        .selectFrom('monitors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    await db.deleteFrom('rollup_folds').execute();
    let pages = 0;
    // Three days to fold (two days before today, the day before, and today, which ended 2 hours ago), one monitor a statement.
    const folded = await foldDays(db, clock.now(), {
      monitorsPerPage: 1,
      afterPage: async () => {
        pages++;
        await new Promise((resolve) => setImmediate(resolve));
        return true;
      },
    });
    expect(folded).toBe(3);
    expect(pages).toBe(3 * monitors);

    // Told to stop after the first statement: no day is marked, and the next pass folds them all.
    await db.deleteFrom('rollup_folds').execute();
    expect(await foldDays(db, clock.now(), { monitorsPerPage: 1, afterPage: async () => false })).toBe(0);
    expect(await foldedThrough()).toBeUndefined();
    expect(await server.app.engine.pruner.pruneOnce()).toMatchObject({ foldedDays: 3 });
  });
});
