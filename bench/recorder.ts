import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGIONS } from '../src/shared/vocabulary.js';
import { openStore } from '../src/store/database.js';
import type { CheckResult } from '../src/checks/check-result.js';
import { RunRecorder, type CompletedCheck } from '../src/checks/run-recorder.js';
import { runIdOf } from '../src/domain/ports/check-dispatch.js';
import { seedHourlyRollups, seedMonitors } from './seed.js';

/*
 * The run recorder alone, in process, on SQLite: what it costs per run with nothing else on the
 * event loop. Monitors of three regions come due in an order unrelated to their ids (as the
 * scheduler's spread makes them), and their runs reach the recorder in batches of RECORDER_BATCH,
 * each written as the recorder's timer would write it, a turn of the event loop apart (the
 * checkpoint thread's reports come in it). Prints, per run: the time in the batches' transactions
 * (what `lookout_run_writes_seconds` sums in a server), the process's CPU (the checkpoint thread
 * included), and the baseline of the same run: one row of the run's id, monitor and start per
 * run into a table of its own, in transactions of the same size, through the same store.
 *
 *   RECORDER_MONITORS (10000)  RECORDER_RUNS (60000, measured)  RECORDER_WARMUP (15000)  RECORDER_BATCH (200)
 *   RECORDER_HISTORY_HOURS (0): hourly rollups of that many hours before the runs, and a daily row
 *   of each of their days, as a server that has run that long holds them. A monitor's rollups then
 *   span several pages, as they do in a database in use (30 days of hours: 2,160 rows a monitor),
 *   rather than the one or two of a fresh database.
 *
 * The write-ahead log is cycled (past 256 MiB) only after a few hundred thousand runs: a warm-up
 * shorter than that measures a log that still grows, whose new pages the kernel zeroes.
 */

const monitors = Number(process.env.RECORDER_MONITORS ?? 10_000);
const measuredRuns = Number(process.env.RECORDER_RUNS ?? 60_000);
const warmupRuns = Number(process.env.RECORDER_WARMUP ?? 15_000);
const batch = Number(process.env.RECORDER_BATCH ?? 200);
const historyHours = Number(process.env.RECORDER_HISTORY_HOURS ?? 0);
const INTERVAL_MS = 60_000;

const dir = mkdtempSync(join(tmpdir(), 'lookout-recorder-'));
const url = `file:${join(dir, 'lookout.db')}`;
const start = Date.now() - 3_600_000;
const ids = await seedMonitors(url, monitors, REGIONS, 'http://127.0.0.1:9/', { firstDueAt: start });
// The order monitors come due in: a fixed shuffle of their ids.
const order = ids.map((id, i) => ({ id, key: (i * 2654435761) % 4294967296 })).sort((a, b) => a.key - b.key);

if (historyHours > 0) {
  const seeding = openStore(url);
  const firstHour = Math.floor(start / 3_600_000) * 3_600_000 - historyHours * 3_600_000;
  await seedHourlyRollups(seeding.db, REGIONS, firstHour, historyHours, { days: true });
  await seeding.close();
}

const store = openStore(url, { checkpointInBackground: true });
let writingSeconds = 0;
const recorder = new RunRecorder(store.db, { beforeWrite: () => store.beforeBulkWrite(), onWritten: (seconds) => (writingSeconds += seconds) });

// What keeps a server's process alive: the checkpoint thread's requests are awaited on an unreferenced thread.
const alive = setInterval(() => undefined, 60_000);

/** An HTTP check that had its 200 in `durationMs`. */
function answered(durationMs: number): CheckResult {
  const timings = { dnsMs: 0, connectMs: 1, tlsMs: null, ttfbMs: durationMs - 1, totalMs: durationMs };
  return { ok: true, durationMs, error: null, statusCode: 200, timings, certificate: null, assertions: [], warnings: [] };
}

let next = 0;
/** The runs of the next monitors due, each in its three regions. */
function completedChecks(count: number): CompletedCheck[] {
  const checks: CompletedCheck[] = [];
  while (checks.length < count) {
    const round = Math.floor(next / order.length);
    const monitorId = order[next % order.length]!.id;
    next++;
    const dueAt = start + round * INTERVAL_MS + (next % order.length);
    for (const region of REGIONS) {
      const job = { monitorId, region, trigger: 'scheduled' as const, dueAt, nextDueAt: dueAt + INTERVAL_MS };
      checks.push({ job, startedAt: dueAt + 2, attempts: 1, result: answered(3 + (next % 40)) });
    }
  }
  return checks;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function record(runs: number): Promise<void> {
  for (let done = 0; done < runs; done += batch) {
    const checks = completedChecks(batch);
    const written = Promise.all(checks.map((check) => recorder.record(check)));
    await recorder.flush();
    await written;
    await nextTurn();
  }
}

/** The baseline: a row per run, in transactions of `batch`. */
async function insertBare(runs: number): Promise<void> {
  for (let done = 0; done < runs; done += batch) {
    const checks = completedChecks(batch);
    await store.db.transaction().execute(async (trx) => {
      for (const { job, startedAt } of checks)
        await sql`insert into bench_bare (id, monitor_id, started_at) values (${runIdOf(job)}, ${job.monitorId}, ${startedAt})`.execute(trx);
    });
    await nextTurn();
  }
}

/** Per run: the CPU of every thread and the time in the measured part, in µs. */
async function measure(work: () => Promise<number>, runs: number): Promise<{ cpu: number; timed: number }> {
  const before = process.cpuUsage();
  const timed = await work();
  const cpu = process.cpuUsage(before);
  return { cpu: (cpu.user + cpu.system) / runs, timed: (timed * 1e6) / runs };
}

await record(warmupRuns);
const recorded = await measure(async () => {
  writingSeconds = 0;
  await record(measuredRuns);
  return writingSeconds;
}, measuredRuns);
await sql`create table bench_bare (id text primary key, monitor_id text not null, started_at integer not null)`.execute(store.db);
await insertBare(warmupRuns);
const bare = await measure(async () => {
  const started = performance.now();
  await insertBare(measuredRuns);
  return (performance.now() - started) / 1000;
}, measuredRuns);
clearInterval(alive);
await store.close();
rmSync(dir, { recursive: true, force: true });

const µs = (value: number) => `${value.toFixed(1)} µs`;
console.log(
  `${monitors} monitors × 3, batches of ${batch}, ${measuredRuns} runs measured after ${warmupRuns}${historyHours > 0 ? `, ${historyHours} hours of rollups before them` : ''}:`,
);
console.log(`  recorder: ${µs(recorded.timed)} per run in its transactions, ${µs(recorded.cpu)} of CPU per run (all threads)`);
console.log(`  baseline (a row per run): ${µs(bare.timed)} per run, ${µs(bare.cpu)} of CPU per run`);
console.log(`  ratio of CPU per run, recorder to baseline: ${(recorded.cpu / bare.cpu).toFixed(2)}`);
