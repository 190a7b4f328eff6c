import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import type { PruneBatch } from '../../src/checks/retention.js';
import { DAY_MS, HOUR_MS } from '../../src/domain/rollup-buckets.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member;

beforeAll(async () => {
  // No regions: nothing is checked, the runs here are only those the tests insert.
  server = await startServer({ LOOKOUT_RUN_RETENTION_HOURS: '24' });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
});

const MINUTE = 60_000;

async function createMonitor(name: string): Promise<string> {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: {
      type: 'http',
      name,
      intervalSeconds: 60,
      timeoutSeconds: 5,
      regions: ['us-east'],
      url: 'https://example.com/health',
      method: 'GET',
      expectedStatus: 200,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/** Inserts runs started at the given times, straight into the table. */
async function insertRuns(monitorId: string, startedAt: number[]): Promise<void> {
  const rows = startedAt.map((at, i) => ({
    id: newId(at),
    monitor_id: monitorId,
    region: i % 2 === 0 ? 'us-east' : 'eu-west',
    trigger: 'scheduled',
    started_at: at,
    duration_ms: 5,
    ok: 1,
    attempts: 1,
    error_code: null,
    error_message: null,
    status_code: 200,
    timings: null,
    certificate: null,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await server.app.store.db
      .insertInto('monitor_runs')
      .values(rows.slice(i, i + 500))
      .execute();
}

async function runTimes(monitorId: string): Promise<number[]> {
  const rows = await server.app.store.db
    .selectFrom('monitor_runs')
    .select('started_at')
    .where('monitor_id', '=', monitorId)
    .orderBy('started_at', 'desc')
    .execute();
  return rows.map((r) => r.started_at);
}

/** `count` times, one minute apart, the newest at `newest`. */
const times = (newest: number, count: number) => Array.from({ length: count }, (_, i) => newest - i * MINUTE);

function rollup(monitorId: string, period: 'hour' | 'day', bucketStart: number) {
  return {
    monitor_id: monitorId,
    region: 'us-east',
    period,
    bucket_start: bucketStart,
    checks: 1,
    failures: 0,
    duration_sum: 5,
    h0: 1,
    h1: 0,
    h2: 0,
    h3: 0,
    h4: 0,
    h5: 0,
    h6: 0,
    h7: 0,
    h8: 0,
    h9: 0,
    h10: 0,
    h11: 0,
  };
}

describe('retention', () => {
  it('deletes runs past LOOKOUT_RUN_RETENTION_HOURS but always keeps the newest 100 of each monitor', async () => {
    const now = Date.now();
    const old = now - 25 * HOUR_MS;
    const mixed = await createMonitor('Mixed'); // 30 recent, 200 old: the recent ones and the 70 newest old ones stay
    const busy = await createMonitor('Busy'); // 150 recent, 50 old: the old ones all go
    const sparse = await createMonitor('Sparse'); // 40 old only: all stay
    const fresh = await createMonitor('Fresh'); // 120 recent only: all stay
    await insertRuns(mixed, [...times(now - MINUTE, 30), ...times(old, 200)]);
    await insertRuns(busy, [...times(now - MINUTE, 150), ...times(old, 50)]);
    await insertRuns(sparse, times(old, 40));
    await insertRuns(fresh, times(now - MINUTE, 120));
    const before = { mixed: await runTimes(mixed), busy: await runTimes(busy) };

    const report = await server.app.engine.pruner.pruneOnce();

    expect(await runTimes(mixed)).toEqual(before.mixed.slice(0, 100));
    expect((await runTimes(mixed)).filter((t) => t < now - 24 * HOUR_MS)).toHaveLength(70);
    expect(await runTimes(busy)).toEqual(before.busy.slice(0, 150));
    expect(await runTimes(busy)).toEqual(times(now - MINUTE, 150));
    expect(await runTimes(sparse)).toHaveLength(40);
    expect(await runTimes(fresh)).toHaveLength(120);
    expect(report.runs).toBe(130 + 50);
    expect(report.interrupted).toBe(false);

    // The runs API still answers with the 100 newest.
    const listed = await server.request('GET', `/api/v1/monitors/${mixed}/runs`, { token: owner.token });
    expect(listed.body.data).toHaveLength(100);

    // A second pass finds nothing more to do.
    expect((await server.app.engine.pruner.pruneOnce()).runs).toBe(0);
  });

  it('folds ended days from their hours, then deletes hourly rollups past 30 days, daily ones past 400 days and processed events past 7 days', async () => {
    const now = Date.now();
    const monitorId = await createMonitor('Rollups');
    const hour = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
    const day = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;
    const db = server.app.store.db;
    await db
      .insertInto('rollups')
      .values([
        rollup(monitorId, 'hour', hour(now - 31 * DAY_MS)), // gone
        rollup(monitorId, 'hour', hour(now - 40 * DAY_MS)), // gone
        rollup(monitorId, 'hour', hour(now - 29 * DAY_MS)), // kept
        rollup(monitorId, 'hour', hour(now)), // kept
        rollup(monitorId, 'day', day(now - 401 * DAY_MS)), // gone
        rollup(monitorId, 'day', day(now - 399 * DAY_MS)), // kept
        rollup(monitorId, 'day', day(now - 31 * DAY_MS)), // kept: days outlive hours
        rollup(monitorId, 'day', day(now)), // kept
      ])
      .execute();
    const event = (type: string, occurredAt: number, processedAt: number | null) => ({
      id: newId(occurredAt),
      team_id: owner.teamId,
      monitor_id: monitorId,
      type,
      payload: '{}',
      occurred_at: occurredAt,
      processed_at: processedAt,
    });
    const events = {
      processedOld: event('monitor.status_changed', now - 9 * DAY_MS, now - 8 * DAY_MS), // gone
      processedRecent: event('monitor.status_changed', now - 6 * DAY_MS, now - 6 * DAY_MS), // kept
      unprocessedOld: event('monitor.status_changed', now - 10 * DAY_MS, null), // kept: alerting has not seen it yet
      certificateOld: event('certificate.expiring', now - 9 * DAY_MS, now - 8 * DAY_MS), // kept: announced once per certificate
    };
    await db.insertInto('events').values(Object.values(events)).execute();

    const report = await server.app.engine.pruner.pruneOnce();
    // The days of the hours at 40, 31 and 29 days ago are folded first (not today's: it has not ended).
    expect(report).toMatchObject({ foldedDays: 3, hourlyRollups: 2, dailyRollups: 1, events: 1 });

    const left = await db
      .selectFrom('rollups')
      .select(['period', 'bucket_start'])
      .where('monitor_id', '=', monitorId)
      .orderBy('period')
      .orderBy('bucket_start')
      .execute();
    expect(left.map((r) => `${r.period}@${r.bucket_start}`)).toEqual([
      `day@${day(now - 399 * DAY_MS)}`,
      `day@${day(now - 40 * DAY_MS)}`,
      `day@${day(now - 31 * DAY_MS)}`,
      `day@${day(now - 29 * DAY_MS)}`,
      `day@${day(now)}`,
      `hour@${hour(now - 29 * DAY_MS)}`,
      `hour@${hour(now)}`,
    ]);
    const ids = (await db.selectFrom('events').select('id').where('monitor_id', '=', monitorId).execute()).map((e) => e.id).sort();
    expect(ids).toEqual([events.processedRecent.id, events.unprocessedOld.id, events.certificateOld.id].sort());
  });

  it('deletes in batches of at most 1,000 rows and yields to the event loop between them', async () => {
    const now = Date.now();
    const monitors = [await createMonitor('Big one'), await createMonitor('Big two')];
    await insertRuns(monitors[0]!, times(now - 30 * HOUR_MS, 2_600));
    await insertRuns(monitors[1]!, times(now - 30 * HOUR_MS, 700));

    // Something else that wants the event loop while the pass runs: how often it got it.
    let turns = 0;
    let spinning = true;
    const spin = (): void => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const batches: Array<PruneBatch & { turns: number }> = [];
    const report = await server.app.engine.pruner.pruneOnce({ onBatch: (batch) => batches.push({ ...batch, turns }) });
    spinning = false;

    const runBatches = batches.filter((b) => b.table === 'monitor_runs');
    expect(report.runs).toBe(2_500 + 600);
    expect(runBatches.reduce((sum, b) => sum + b.rows, 0)).toBe(3_100);
    expect(runBatches.length).toBeGreaterThanOrEqual(4);
    for (const batch of runBatches) expect(batch.rows).toBeLessThanOrEqual(1_000);
    // Between any two batches, other work ran.
    for (let i = 1; i < batches.length; i++) expect(batches[i]!.turns).toBeGreaterThan(batches[i - 1]!.turns);
    for (const monitorId of monitors) expect(await runTimes(monitorId)).toHaveLength(100);
  });

  it('runs one scheduled pass per interval across the installation (the retention lock)', async () => {
    const first = await server.app.engine.pruner.tick();
    expect(first).not.toBeNull();
    // The lock is held until just before the next interval: another tick (in this or any process) skips.
    expect(await server.app.engine.pruner.tick()).toBeNull();
    expect((await server.app.coordination.locks.tryAcquire('retention', 1000)).acquired).toBe(false);
  });
});
