/**
 * npm run bench:cluster — regional workers of cluster mode (PostgreSQL + Redis) on this machine.
 *
 * 1. Scaling: a burst of BENCH_BURST checks for one region (us-east) is put on the region's queue,
 *    then 1, 2, … (BENCH_WORKERS) `lookout worker --region us-east` processes take it against a
 *    local target (bench/target.ts, a process of its own). Checks/s = runs written ÷ the time from the
 *    first check's start to the last check's end, read from the runs themselves; the scaling ratio
 *    is that figure over the one-worker figure.
 * 2. Lateness at the same load: BENCH_STEADY_MONITORS monitors at interval 60 s in us-east, first
 *    due times spread over one interval, for BENCH_STEADY_SECONDS after one interval of warm-up:
 *    once in cluster mode (one `lookout serve` scheduling, LOOKOUT_REGIONS=none, and one worker)
 *    and once embedded (`lookout serve` on SQLite, LOOKOUT_REGIONS=us-east). Lateness of each run =
 *    its start − its due time (the due time is the timestamp its UUID v7 id starts with).
 *
 * Uses the database `lookout_bench_cluster` (dropped and made again) on BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432) and Redis database 10 of BENCH_REDIS_URL
 * (redis://127.0.0.1:6379), flushed. Everything runs on 127.0.0.1 and stops by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { endsWithBench } from './children.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BullMqDispatcher } from '../src/checks/bullmq-dispatch.js';
import { openStore } from '../src/store/database.js';
import { machine } from './harness.js';
import { seedMonitors } from './seed.js';

const ROOT = new URL('..', import.meta.url).pathname;
const env = process.env;
const BURST = Number(env.BENCH_BURST ?? 20_000);
const WORKERS = (env.BENCH_WORKERS ?? '1,2,3')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const STEADY_MONITORS = Number(env.BENCH_STEADY_MONITORS ?? 6000);
const STEADY_SECONDS = Number(env.BENCH_STEADY_SECONDS ?? 120);
const PG_URL = (env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const REDIS_URL = `${(env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/10`;
const DATABASE = 'lookout_bench_cluster';
const DATABASE_URL = `${PG_URL}/${DATABASE}`;
const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
const INTERVAL_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Child {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `lookout <args>` from the sources, as bench/checks.ts runs the server; resolves once `ready` is printed. */
async function lookout(args: string[], childEnv: Record<string, string>, ready: string): Promise<Child> {
  const child = endsWithBench(
    spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', LOOKOUT_BOOTSTRAP: 'false', LOOKOUT_TARGET_POLICY: 'all', LOOKOUT_SECRET_KEY: SECRET_KEY, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes(ready)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`lookout ${args[0]!} exited (${String(code)}):\n${output}`)));
  });
  child.stdout.resume();
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function startTarget(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = endsWithBench(spawn(process.execPath, ['--import', 'tsx', 'bench/target.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }));
  const line = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d).split('\n')[0]!)));
  child.stdout.resume();
  const { port } = JSON.parse(line) as { port: number };
  return {
    url: `http://127.0.0.1:${port}/health`,
    stop: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))),
  };
}

/** An empty, migrated cluster database and an empty Redis database. */
async function freshCluster(): Promise<void> {
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
}

interface RunRow {
  id: string;
  started_at: number;
  duration_ms: number;
}

async function runsOf(databaseUrl: string, since = 0): Promise<RunRow[]> {
  const store = openStore(databaseUrl);
  try {
    return await store.db.selectFrom('monitor_runs').select(['id', 'started_at', 'duration_ms']).where('started_at', '>=', since).execute();
  } finally {
    await store.close();
  }
}

async function countRuns(databaseUrl: string): Promise<number> {
  const store = openStore(databaseUrl);
  try {
    const row = await store.db
      .selectFrom('monitor_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  } finally {
    await store.close();
  }
}

const dueOf = (runId: string) => parseInt(runId.replace(/-/g, '').slice(0, 12), 16);

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

// ---------------------------------------------------------------------------------------------

interface ScalingResult {
  workers: number;
  checks: number;
  seconds: number;
  perSecond: number;
}

async function scaling(targetUrl: string, workers: number): Promise<ScalingResult> {
  await freshCluster();
  const monitors = Math.min(BURST, 5000);
  const monitorIds = await seedMonitors(DATABASE_URL, monitors, ['us-east'], targetUrl, { firstDueAt: Date.now() + 3_600_000 });
  // The burst goes on the queue before any worker runs: every worker count starts from the same queue.
  const dispatcher = new BullMqDispatcher(REDIS_URL);
  const base = Date.now();
  for (let start = 0; start < BURST; start += 500) {
    const batch = [];
    for (let i = start; i < Math.min(BURST, start + 500); i++) {
      batch.push(
        dispatcher.enqueue({
          monitorId: monitorIds[i % monitors]!,
          region: 'us-east',
          trigger: 'scheduled',
          dueAt: base + Math.floor(i / monitors),
          nextDueAt: null,
        }),
      );
    }
    await Promise.all(batch);
  }
  await dispatcher.close();

  const processes = await Promise.all(
    Array.from({ length: workers }, () => lookout(['worker', '--region', 'us-east'], { DATABASE_URL, REDIS_URL }, 'Lookout worker is checking')),
  );
  const deadline = Date.now() + 10 * 60_000;
  while ((await countRuns(DATABASE_URL)) < BURST) {
    if (Date.now() > deadline) throw new Error('the burst did not drain within 10 minutes');
    await sleep(500);
  }
  await Promise.all(processes.map((p) => p.stop()));
  const runs = await runsOf(DATABASE_URL);
  const first = Math.min(...runs.map((r) => r.started_at));
  const last = Math.max(...runs.map((r) => r.started_at + r.duration_ms));
  const seconds = (last - first) / 1000;
  return { workers, checks: runs.length, seconds, perSecond: runs.length / seconds };
}

interface LatenessResult {
  mode: string;
  due: number;
  achieved: number;
  p50: number;
  p99: number;
  max: number;
}

async function steady(mode: 'cluster' | 'embedded', targetUrl: string): Promise<LatenessResult> {
  let databaseUrl: string;
  let dir: string | null = null;
  if (mode === 'cluster') {
    await freshCluster();
    databaseUrl = DATABASE_URL;
  } else {
    dir = mkdtempSync(join(tmpdir(), 'lookout-bench-cluster-'));
    databaseUrl = `file:${join(dir, 'lookout.db')}`;
  }
  await seedMonitors(databaseUrl, STEADY_MONITORS, ['us-east'], targetUrl, { firstDueAt: Date.now() + 15_000 });
  const processes: Child[] = [];
  try {
    if (mode === 'cluster') {
      processes.push(await lookout(['serve'], { DATABASE_URL, REDIS_URL, PORT: '0', LOOKOUT_REGIONS: 'none' }, 'Lookout is listening'));
      processes.push(await lookout(['worker', '--region', 'us-east'], { DATABASE_URL, REDIS_URL }, 'Lookout worker is checking'));
    } else {
      processes.push(await lookout(['serve'], { DATABASE_URL: databaseUrl, PORT: '0', LOOKOUT_REGIONS: 'us-east' }, 'Lookout is listening'));
    }
    // One interval (every monitor's first check) and a little more, then the window.
    await sleep(15_000 + INTERVAL_MS + 10_000);
    const from = Date.now();
    await sleep(STEADY_SECONDS * 1000);
    const to = Date.now();
    const runs = (await runsOf(databaseUrl, from)).filter((r) => r.started_at < to);
    const lateness = runs.map((r) => Math.max(0, r.started_at - dueOf(r.id))).sort((a, b) => a - b);
    return {
      mode,
      due: STEADY_MONITORS / (INTERVAL_MS / 1000),
      achieved: runs.length / STEADY_SECONDS,
      p50: percentile(lateness, 0.5),
      p99: percentile(lateness, 0.99),
      max: lateness.at(-1) ?? Number.NaN,
    };
  } finally {
    for (const p of processes.reverse()) await p.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`# bench:cluster — ${machine()} — ${new Date().toISOString()}`);
  console.log(
    `load average at start: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const target = await startTarget();
  try {
    console.log(`\n## Scaling: a burst of ${BURST} us-east checks, taken by 1…${Math.max(...WORKERS)} workers\n`);
    console.log('| workers | checks | seconds | checks/s | vs 1 worker |');
    console.log('|---:|---:|---:|---:|---:|');
    let one: number | null = null;
    for (const workers of WORKERS) {
      const result = await scaling(target.url, workers);
      one ??= result.perSecond;
      console.log(
        `| ${workers} | ${result.checks} | ${result.seconds.toFixed(1)} | ${result.perSecond.toFixed(0)} | ${(result.perSecond / one).toFixed(2)}× |`,
      );
    }

    if (STEADY_MONITORS > 0) {
      console.log(`\n## Lateness at the same load: ${STEADY_MONITORS} monitors × 1 region, interval 60 s, ${STEADY_SECONDS} s window\n`);
      console.log('| mode | due checks/s | achieved checks/s | lateness p50 | p99 | max |');
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const mode of ['embedded', 'cluster'] as const) {
        const r = await steady(mode, target.url);
        const label = mode === 'cluster' ? 'cluster (1 serve + 1 worker, PostgreSQL + Redis)' : 'embedded (serve, SQLite)';
        console.log(`| ${label} | ${r.due.toFixed(0)} | ${r.achieved.toFixed(1)} | ${r.p50} ms | ${r.p99} ms | ${r.max} ms |`);
      }
    }
  } finally {
    await target.stop();
    const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
  }
  console.log(
    `\nload average at end: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
