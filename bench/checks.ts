/**
 * npm run bench:checks — the check engine at scale, against a local target in a process of its own.
 *
 * For each protocol (http, https), region count and monitor count: seeds a fresh SQLite database
 * with N HTTP monitors (interval 60 s, timeout 10 s, status pending) pointing at the target, and
 * pre-seeds `check_schedules` with first due times spread uniformly over one interval, so the run
 * measures the steady state rather than the burst of a cold start. Then starts `lookout serve` as a
 * child process (LOOKOUT_REGIONS = the first R regions, LOOKOUT_TARGET_POLICY=all, LOG_LEVEL=warn),
 * lets it warm up (one interval and more: every monitor goes pending → up once, which appends a
 * status event each), and measures for BENCH_MINUTES:
 * - achieved checks/s (lookout_checks_total) against due checks/s (N × R / 60);
 * - scheduler lateness p50/p99 from the lookout_scheduler_lateness_seconds histogram (linear
 *   interpolation inside a bucket, as Prometheus does) and max as the upper bound of the highest
 *   non-empty bucket (so "≤ 0.25" means the worst check started between 0.1 and 0.25 s late);
 * - CPU % (of one core) and RSS of the server process from /proc/<pid>/stat and /status;
 * - database growth per 1,000 runs written: pages in use ((page_count − freelist_count) × page_size, as
 *   the newest commit sees it, WAL frames included); the files' size on disk (main + WAL) is in the JSON,
 *   but the WAL keeps its high-water size between checkpoints, which makes it misleading over minutes.
 * A configuration holds when achieved ≥ 97% of due and lateness p99 < 1 s.
 *
 * In the same run, against the same target: a bare loop of fresh-connection requests (node:http or
 * node:https with `agent: false`, concurrency 50), the machine's limit for this work; the ratio of
 * the largest sustained checks/s to it is reported. With taskset present (BENCH_PIN=1, the default)
 * the server and the bare loop run on CPU 0 and the target on CPU 1, as notes/performance.md measured.
 *
 * Then "a day of runs": a database of BENCH_DAY_MONITORS monitors × 3 regions filled with 25 hours
 * of runs at 60 s (rows as the recorder writes them, in time order) and their rollups; its size and
 * size per table, then the retention pruner's first pass (the hour past retention) and a steady-state
 * pass one minute later, with the event loop's longest stall during each.
 *
 * BENCH_ASSERTIONS: `1` runs each configuration a second time with monitors that judge their answer:
 * three assertions (a JSON path on a 20 KiB JSON body, which the check then reads and decodes, a
 * header and the response time) against the target's /api; `only` runs that case alone. The check asks
 * for no compression, so the body comes plain; BENCH_ASSERTIONS_ENCODING (e.g. `gzip`) makes those
 * monitors send that Accept-Encoding, and the target compresses what it is asked to.
 *
 * BENCH_PROTOCOLS may add `ping`: ping monitors of 127.0.0.1 (BENCH_PING_PACKETS echo requests each, default 3,
 * the monitors' default), BENCH_PING_MONITORS of them (default "500"), run by the system's `ping`; their CPU per check
 * counts the server's children (the `ping` processes, reaped) besides the server itself, as every protocol's does.
 * Ping has no bare loop.
 *
 * Environment: BENCH_MINUTES (3), BENCH_WARMUP_SECONDS (90, then until the first round's events are processed), BENCH_MONITORS ("2000,5000,10000"),
 * BENCH_HTTPS_MONITORS (the same), BENCH_REGIONS ("1,3"), BENCH_PROTOCOLS ("http,https"), BENCH_REPEATS (1), BENCH_BASELINE_SECONDS
 * (10), BENCH_BASELINE_REPEATS (3), BENCH_DAY_MONITORS (10000; 0 skips), BENCH_PIN (1),
 * BENCH_TLS_KEY (ec: ECDSA P-256, or rsa: RSA 2048), BENCH_JSON (a file for the raw figures), BENCH_KEEP_LOGS (1 keeps
 * the servers' logs), BENCH_SERVER_NODE_ARGS (extra node flags for the server, e.g. --cpu-prof), BENCH_THREADS (1: the server's
 * LOOKOUT_CHECK_THREADS; with 2 or more, BENCH_PIN=0 lets its check threads use every core).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pino from 'pino';
import { REGIONS } from '../src/shared/vocabulary.js';
import { Pruner } from '../src/checks/retention.js';
import { DAY_MS, HOUR_MS } from '../src/domain/rollup-buckets.js';
import { openStore } from '../src/store/database.js';
import { freePort, machine } from './harness.js';
import { seedMonitors } from './seed.js';

const ROOT = new URL('..', import.meta.url).pathname;
const env = process.env;
const numbers = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((n) => n > 0);

const MINUTES = Number(env.BENCH_MINUTES ?? 3);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 90);
const MONITORS = numbers(env.BENCH_MONITORS, '2000,5000,10000');
/** TLS handshakes cost several times a plain check: HTTPS can be given a list of its own. */
const HTTPS_MONITORS = env.BENCH_HTTPS_MONITORS ? numbers(env.BENCH_HTTPS_MONITORS, '') : MONITORS;
const REGION_COUNTS = numbers(env.BENCH_REGIONS, '1,3').filter((n) => n <= REGIONS.length);
type Protocol = 'http' | 'https' | 'ping';
const PROTOCOLS = (env.BENCH_PROTOCOLS ?? 'http,https')
  .split(',')
  .map((p) => p.trim())
  .filter((p): p is Protocol => p === 'http' || p === 'https' || p === 'ping');
/** Spawning `ping` costs far more than a request: ping has a list of its own. */
const PING_MONITORS = numbers(env.BENCH_PING_MONITORS, '500');
const PING_PACKETS = Number(env.BENCH_PING_PACKETS ?? 3);
const REPEATS = Number(env.BENCH_REPEATS ?? 1);
const BASELINE_SECONDS = Number(env.BENCH_BASELINE_SECONDS ?? 10);
const BASELINE_REPEATS = Number(env.BENCH_BASELINE_REPEATS ?? 3);
const DAY_MONITORS = Number(env.BENCH_DAY_MONITORS ?? 10_000);
const PIN = env.BENCH_PIN !== '0' && spawnSync('taskset', ['-V']).status === 0;
const TLS_KEY = env.BENCH_TLS_KEY === 'rsa' ? 'rsa' : 'ec';
/** The server's LOOKOUT_CHECK_THREADS (BENCH_THREADS): 1, checks on its event loop, unless told. */
const CHECK_THREADS = Number(env.BENCH_THREADS ?? 1);
const INTERVAL_SECONDS = 60;
const SAMPLE_EVERY_MS = 10_000;
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux
const LATENESS_GOAL_S = 1;
/** Without assertions, with them, or both (BENCH_ASSERTIONS). */
const ASSERTION_CASES: boolean[] = env.BENCH_ASSERTIONS === 'only' ? [true] : env.BENCH_ASSERTIONS === '1' ? [false, true] : [false];
/** The Accept-Encoding the assertion case's monitors send (BENCH_ASSERTIONS_ENCODING); none by default. */
const ASSERTIONS_ENCODING = env.BENCH_ASSERTIONS_ENCODING ?? '';
/** What each monitor of the assertion case checks, as stored. */
const BENCH_ASSERTIONS = [
  { source: 'json', path: '$.data.items[137].status', op: 'eq', value: 'ok', severity: 'fail' },
  { source: 'header', name: 'Content-Type', op: 'contains', value: 'json', severity: 'fail' },
  { source: 'responseTime', op: 'lt', value: 1000, severity: 'degraded' },
];

// ---------------------------------------------------------------------------------------------
// Processes

interface Child {
  pid: number;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Runs a TypeScript entry point under tsx, on `cpu` when pinning; `ready` reads its stdout until it says so. */
function startChild(entry: string[], childEnv: Record<string, string>, cpu: number | null, logFile: string | null, nodeArgs: string[] = []): Child {
  const command = cpu !== null && PIN ? 'taskset' : process.execPath;
  const args = [...(cpu !== null && PIN ? ['-c', String(cpu), process.execPath] : []), ...nodeArgs, '--import', 'tsx', ...entry];
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...childEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  // Drain both streams: a full pipe would block the child (writes to pipes are synchronous on Linux).
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stderr.pipe(log);
  } else child.stderr.resume();
  return {
    pid: child.pid!, // taskset execs the program: same pid
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const end = buffer.indexOf('\n');
      if (end >= 0) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(buffer.slice(0, end));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`child exited (${String(code)}) before it was ready`)));
  });
}

interface Target {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

async function startTarget(tls: { cert: string; key: string } | null): Promise<Target> {
  const child = startChild(['bench/target.ts'], tls ? { TARGET_TLS_CERT: tls.cert, TARGET_TLS_KEY: tls.key } : {}, 1, null);
  const { port } = JSON.parse(await firstLine(child.child)) as { port: number };
  return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/health`, pid: child.pid, stop: child.stop };
}

interface Baseline {
  perSecond: number;
  cpuMicrosPerRequest: number;
  load: number;
}

async function bareLoop(url: string, ca: string | null): Promise<Baseline> {
  const child = startChild(
    ['bench/bare-loop.ts'],
    { BARE_URL: url, BARE_SECONDS: String(BASELINE_SECONDS), BARE_CONCURRENCY: '50', ...(ca ? { BARE_CA: ca } : {}) },
    0,
    null,
  );
  const result = JSON.parse(await firstLine(child.child)) as { perSecond: number; errors: number; cpuMicrosPerRequest: number };
  await child.stop();
  if (result.errors > 0) console.warn(`bare loop: ${result.errors} errors`);
  return { perSecond: result.perSecond, cpuMicrosPerRequest: result.cpuMicrosPerRequest, load: machineLoad().load };
}

interface Server {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

/** `lookout serve` as in production (see harness.startBenchServer), pinned to CPU 0, its output drained to a log. */
async function startServer(serverEnv: Record<string, string>, logFile: string): Promise<Server> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = startChild(['src/main.ts', 'serve'], { PORT: String(port), LOG_LEVEL: 'warn', LOOKOUT_BOOTSTRAP: 'false', ...serverEnv }, 0, logFile, nodeArgs);
  child.child.stdout!.pipe(createWriteStream(logFile, { flags: 'a' }));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i === 600 || child.child.exitCode !== null) throw new Error(`the server did not start (see ${logFile})`);
    await sleep(100);
  }
  return { baseUrl, pid: child.pid, stop: child.stop };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'target-cert.pem');
  const key = join(dir, 'target-key.pem');
  const keyArgs = TLS_KEY === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    ...keyArgs,
    '-nodes',
    '-days',
    '7',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make the target's certificate: ${made.stderr.toString()}`);
  return { cert, key };
}

// ---------------------------------------------------------------------------------------------
// Seeding

// ---------------------------------------------------------------------------------------------
// Sampling

interface Sample {
  at: number;
  checks: number;
  failed: number;
  /** Cumulative lateness bucket counts, summed over regions, by upper bound (Infinity last). */
  lateness: Map<number, number>;
  queueDepth: number;
  cpuTicks: number;
  rssKb: number;
  hwmKb: number;
  /** Pages in use in the database as the latest commit sees it (WAL frames included; free pages not). */
  dbBytes: number;
  /** Main file + WAL on disk: the WAL keeps its high-water size between checkpoints, so short windows mislead. */
  fileBytes: number;
  runs: number;
  /** 1-minute load average and CPU pressure ("some", avg10 %) of the whole machine: how busy the neighbours were. */
  load: number;
  cpuPressure: number;
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const m of text.matchAll(/(\w+)="([^"]*)"/g)) labels[m[1]!] = m[2]!;
  return labels;
}

async function sample(server: Server, dbFile: string, reader: SQLite.Database): Promise<Sample> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  let checks = 0;
  let failed = 0;
  let queueDepth = 0;
  const lateness = new Map<number, number>();
  for (const line of text.split('\n')) {
    const m = /^(\w+)(?:\{([^}]*)\})? ([\d.e+-]+|NaN|\+Inf)$/.exec(line);
    if (!m) continue;
    const [, name, labelText, raw] = m;
    const value = Number(raw);
    const labels = parseLabels(labelText ?? '');
    if (name === 'lookout_checks_total') {
      checks += value;
      if (labels.result === 'failed') failed += value;
    } else if (name === 'lookout_scheduler_lateness_seconds_bucket') {
      const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
      lateness.set(le, (lateness.get(le) ?? 0) + value);
    } else if (name === 'lookout_check_queue_depth') queueDepth += value;
  }
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime + stime (fields 14 and 15 of stat), and cutime + cstime (16, 17): the children it reaped (ping checks' processes).
  const cpuTicks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return {
    at: performance.now(),
    checks,
    failed,
    lateness,
    queueDepth,
    cpuTicks,
    rssKb: kb('VmRSS'),
    hwmKb: kb('VmHWM'),
    dbBytes: usedBytes(reader),
    fileBytes: fileBytes(dbFile) + fileBytes(`${dbFile}-wal`),
    runs: (reader.prepare('select count(*) as n from monitor_runs').get() as { n: number }).n,
    ...machineLoad(),
  };
}

function machineLoad(): { load: number; cpuPressure: number } {
  const load = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  let cpuPressure = NaN;
  try {
    cpuPressure = Number(/some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? NaN);
  } catch {
    // no PSI on this kernel
  }
  return { load, cpuPressure };
}

const fileBytes = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** The database's logical size in the newest snapshot: (page_count − freelist_count) × page_size. */
function usedBytes(reader: SQLite.Database): number {
  const pragma = (name: string) => reader.pragma(name, { simple: true }) as number;
  return (pragma('page_count') - pragma('freelist_count')) * pragma('page_size');
}

/** Quantile of the lateness observed between two samples: linear inside the bucket it falls in. */
function quantile(from: Sample, to: Sample, q: number): number {
  const bounds = [...to.lateness.keys()].sort((a, b) => a - b);
  const counts = bounds.map((b) => (to.lateness.get(b) ?? 0) - (from.lateness.get(b) ?? 0));
  const total = counts.at(-1) ?? 0;
  if (total === 0) return NaN;
  const rank = q * total;
  for (let i = 0; i < bounds.length; i++) {
    if (counts[i]! >= rank) {
      const lower = i === 0 ? 0 : bounds[i - 1]!;
      const below = i === 0 ? 0 : counts[i - 1]!;
      const upper = bounds[i]!;
      if (upper === Infinity) return lower;
      return lower + ((upper - lower) * (rank - below)) / Math.max(1, counts[i]! - below);
    }
  }
  return NaN;
}

/** Upper bound of the highest bucket that gained an observation. */
function maxBound(from: Sample, to: Sample): number {
  const bounds = [...to.lateness.keys()].sort((a, b) => a - b);
  let previous = 0;
  let max = 0;
  for (const b of bounds) {
    const count = (to.lateness.get(b) ?? 0) - (from.lateness.get(b) ?? 0);
    if (count > previous) max = b;
    previous = count;
  }
  return max;
}

// ---------------------------------------------------------------------------------------------
// One configuration

interface RunResult {
  protocol: Protocol;
  /** Whether the monitors judged their answer by three assertions (BENCH_ASSERTIONS). */
  assertions: boolean;
  /** Runs written during the measurement that carry assertion outcomes, and those of them that failed. */
  judgedRuns: number;
  judgedFailed: number;
  monitors: number;
  regions: number;
  repeat: number;
  due: number;
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  cpu: number;
  /** Highest CPU % over one sampling interval. */
  cpuPeak: number;
  rssMb: number;
  rssPeakMb: number;
  bytesPer1000Runs: number;
  /** The same from the files' sizes on disk (main + WAL). */
  fileBytesPer1000Runs: number;
  failed: number;
  queueDepthEnd: number;
  holds: boolean;
  /** CPU time of the server per check run (µs), all of it: scheduling, checking, recording, metrics. */
  cpuMicrosPerCheck: number;
  load: number;
  cpuPressure: number;
  /** bench/stall-probe.ts beside the server: its longest stall, and in how many seconds it was held up 250 ms or more. */
  probeMaxMs: number;
  probeStalledSeconds: number;
}

/** Starts bench/stall-probe.ts on the server's CPU; `stop` returns the per-second maxima it reported. */
function startStallProbe(): { stop(): Promise<number[]> } {
  const probe = startChild(['bench/stall-probe.ts'], {}, 0, null);
  const maxima: number[] = [];
  let buffer = '';
  probe.child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      maxima.push((JSON.parse(buffer.slice(0, end)) as { maxMs: number }).maxMs);
      buffer = buffer.slice(end + 1);
    }
  });
  return {
    async stop() {
      await probe.stop();
      return maxima;
    },
  };
}

async function runConfiguration(
  protocol: Protocol,
  target: Target,
  ca: string | null,
  monitors: number,
  regionCount: number,
  repeat: number,
  logDir: string,
  assertions: boolean,
): Promise<RunResult> {
  const regions = REGIONS.slice(0, regionCount);
  const dir = mkdtempSync(join(tmpdir(), 'lookout-bench-checks-'));
  const dbFile = join(dir, 'lookout.db');
  const databaseUrl = `file:${dbFile}`;
  const label = `${protocol}${assertions ? ` + assertions${ASSERTIONS_ENCODING ? ` (${ASSERTIONS_ENCODING})` : ''}` : ''} ${monitors} × ${regionCount}`;
  try {
    const seeded = Date.now();
    // First checks fall due from 15 s on (time for the server to start), spread over one interval.
    await seedMonitors(databaseUrl, monitors, regions, assertions ? target.url.replace(/\/health$/, '/api') : target.url, {
      firstDueAt: Date.now() + 15_000,
      assertions: assertions ? BENCH_ASSERTIONS : undefined,
      headers: assertions && ASSERTIONS_ENCODING ? [{ name: 'Accept-Encoding', value: ASSERTIONS_ENCODING }] : undefined,
      ping: protocol === 'ping' ? { host: '127.0.0.1', packets: PING_PACKETS } : undefined,
    });
    console.log(`[${label}] seeded in ${Date.now() - seeded} ms; starting the server`);
    const logFile = join(logDir, `server-${protocol}${assertions ? '-assertions' : ''}-${monitors}x${regionCount}-${repeat}.log`);
    const server = await startServer(
      {
        DATABASE_URL: databaseUrl,
        LOOKOUT_REGIONS: regions.join(','),
        LOOKOUT_TARGET_POLICY: 'all',
        LOOKOUT_CHECK_THREADS: String(CHECK_THREADS),
        ...(ca ? { NODE_EXTRA_CA_CERTS: ca } : {}),
      },
      logFile,
    );
    const reader = new SQLite(dbFile, { readonly: true, fileMustExist: true });
    try {
      await sleep(WARMUP_SECONDS * 1000);
      // The first round turns every monitor from pending to up: one status event each, which the
      // alerting side then works through. The measurement starts once it has (or a minute later).
      const unprocessed = reader.prepare('select count(*) as n from events where processed_at is null');
      for (let i = 0; i < 60 && (unprocessed.get() as { n: number }).n > 0; i++) await sleep(1000);
      const stallProbe = startStallProbe();
      const judged = reader.prepare(
        'select count(*) as n, coalesce(sum(1 - ok), 0) as failed from monitor_runs where assertions is not null and started_at >= ?',
      );
      const measuredFrom = Date.now();
      const samples: Sample[] = [await sample(server, dbFile, reader)];
      const end = samples[0]!.at + MINUTES * 60_000;
      while (performance.now() < end) {
        await sleep(Math.min(SAMPLE_EVERY_MS, end - performance.now()));
        samples.push(await sample(server, dbFile, reader));
        const [a, b] = samples.slice(-2) as [Sample, Sample];
        process.stdout.write(
          `[${label}] ${Math.round((b.checks - a.checks) / ((b.at - a.at) / 1000))} checks/s, ` +
            `cpu ${Math.round(((b.cpuTicks - a.cpuTicks) / CLOCK_TICKS / ((b.at - a.at) / 1000)) * 100)}%, queue ${b.queueDepth}, rss ${Math.round(b.rssKb / 1024)} MB, ` +
            `lateness p99 ${fmt(quantile(a, b, 0.99), 3)} s, max ≤ ${fmt(maxBound(a, b), 3)} s\n`,
        );
      }
      const stalls = await stallProbe.stop();
      const first = samples[0]!;
      const last = samples.at(-1)!;
      const seconds = (last.at - first.at) / 1000;
      const due = (monitors * regionCount) / INTERVAL_SECONDS;
      const achieved = (last.checks - first.checks) / seconds;
      let cpuPeak = 0;
      for (let i = 1; i < samples.length; i++) {
        const a = samples[i - 1]!;
        const b = samples[i]!;
        cpuPeak = Math.max(cpuPeak, ((b.cpuTicks - a.cpuTicks) / CLOCK_TICKS / ((b.at - a.at) / 1000)) * 100);
      }
      const p99 = quantile(first, last, 0.99);
      const judgedRows = judged.get(measuredFrom) as { n: number; failed: number };
      const result: RunResult = {
        protocol,
        assertions,
        judgedRuns: judgedRows.n,
        judgedFailed: judgedRows.failed,
        monitors,
        regions: regionCount,
        repeat,
        due,
        achieved,
        p50: quantile(first, last, 0.5),
        p99,
        max: maxBound(first, last),
        cpu: ((last.cpuTicks - first.cpuTicks) / CLOCK_TICKS / seconds) * 100,
        cpuPeak,
        rssMb: last.rssKb / 1024,
        rssPeakMb: last.hwmKb / 1024,
        bytesPer1000Runs: last.runs > first.runs ? ((last.dbBytes - first.dbBytes) / (last.runs - first.runs)) * 1000 : NaN,
        fileBytesPer1000Runs: last.runs > first.runs ? ((last.fileBytes - first.fileBytes) / (last.runs - first.runs)) * 1000 : NaN,
        failed: last.failed - first.failed,
        queueDepthEnd: last.queueDepth,
        holds: achieved >= 0.97 * due && p99 < LATENESS_GOAL_S,
        cpuMicrosPerCheck: ((last.cpuTicks - first.cpuTicks) / CLOCK_TICKS / Math.max(1, last.checks - first.checks)) * 1e6,
        load: median(samples.map((x) => x.load)),
        cpuPressure: median(samples.map((x) => x.cpuPressure)),
        probeMaxMs: Math.max(0, ...stalls),
        probeStalledSeconds: stalls.filter((ms) => ms >= 250).length,
      };
      console.log(`[${label}] ${JSON.stringify(result)}`);
      return result;
    } finally {
      reader.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// A day of runs, and retention over it

interface DayResult {
  monitors: number;
  pairs: number;
  runs: number;
  hours: number;
  fillSeconds: number;
  bytes: number;
  tables: Array<{ name: string; bytes: number }>;
  rollupBytesPerRow: number;
  runBytesPerRow: number;
  firstPass: { runs: number; ms: number; batches: number; maxStallMs: number };
  steadyPass: { runs: number; ms: number; batches: number; maxStallMs: number };
  bytesAfterPrune: number;
  projectedSteadyBytes: number;
}

async function simulateDay(monitors: number): Promise<DayResult> {
  const regions = REGIONS;
  const dir = mkdtempSync(join(tmpdir(), 'lookout-bench-day-'));
  const dbFile = join(dir, 'lookout.db');
  try {
    await seedMonitors(`file:${dbFile}`, monitors, regions, 'http://127.0.0.1:9/health', { firstDueAt: Date.now() + 15_000 });
    const db = new SQLite(dbFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -1000000');
    const ids = (db.prepare('select id from monitors order by id').all() as Array<{ id: string }>).map((r) => r.id);
    // 25 hours of runs at 60 s, the newest a minute ago: the oldest hour is past the 24-hour retention.
    // Each monitor has a phase of its own in the minute; its regions run at the same moment (as the
    // scheduler does it), and each minute's runs go in in time order, as the recorder writes them.
    const hours = 25;
    const now = Date.now();
    const start = now - hours * HOUR_MS;
    const minutes = hours * 60;
    const phases = ids.map(() => Math.floor(Math.random() * 60_000));
    db.exec('create temp table bench_phase (monitor_id text not null, phase integer not null); create temp table bench_regions (region text not null)');
    const addPhase = db.prepare('insert into bench_phase (monitor_id, phase) values (?, ?)');
    db.transaction(() => ids.forEach((id, i) => addPhase.run(id, phases[i]!)))();
    const addRegion = db.prepare('insert into bench_regions (region) values (?)');
    for (const region of regions) addRegion.run(region);
    // Ids as the recorder makes them: time-ordered UUIDs (v7 layout), the time part the run's.
    const minuteOfRuns = db.prepare(`
      insert into monitor_runs (id, monitor_id, region, trigger, started_at, duration_ms, ok, attempts, error_code, error_message, status_code, timings, certificate)
      select printf('%08x-%04x-7%03x-%04x-%012x', at >> 16, at & 65535, abs(random()) % 4096, 32768 + abs(random()) % 16384, abs(random()) % 281474976710656),
             monitor_id, region, 'scheduled', at, duration, 1, 1, null, null, 200,
             '{"dnsMs":0,"connectMs":1,"tlsMs":null,"ttfbMs":' || (duration - 1) || ',"totalMs":' || duration || '}', null
      from (select p.monitor_id, r.region, ? + p.phase as at, 2 + p.phase % 7 as duration from bench_phase p cross join bench_regions r order by at)`);
    const began = performance.now();
    let runs = 0;
    // Ten minutes per transaction: the same tree as minute by minute, written in a fraction of the time.
    const tenMinutes = db.transaction((first: number) => {
      for (let minute = first; minute < Math.min(minutes, first + 10); minute++) runs += minuteOfRuns.run(start + minute * 60_000).changes;
    });
    for (let minute = 0; minute < minutes; minute++) {
      if (minute % 10 === 0) tenMinutes(minute);
      if (minute % 60 === 59)
        console.log(`[day] ${minute + 1} of ${minutes} minutes written (${fmt(runs)} runs, ${Math.round((performance.now() - began) / 1000)} s)`);
    }
    // Rollups as the recorder leaves them: per monitor, region and hour (and day), the runs' count and durations.
    const addRollup = db.prepare(
      `insert into rollups (monitor_id, region, period, bucket_start, checks, failures, duration_sum, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11)
       values (?, ?, ?, ?, ?, 0, ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`,
    );
    db.transaction(() => {
      for (let m = 0; m < ids.length; m++) {
        const duration = 2 + (phases[m]! % 7);
        for (const [period, size] of [
          ['hour', HOUR_MS],
          ['day', DAY_MS],
        ] as const) {
          const counts = new Map<number, number>();
          for (let minute = 0; minute < minutes; minute++) {
            const bucket = Math.floor((start + minute * 60_000 + phases[m]!) / size) * size;
            counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
          }
          for (const region of regions) for (const [bucket, n] of counts) addRollup.run(ids[m]!, region, period, bucket, n, n * duration, n);
        }
      }
    })();
    const fillSeconds = (performance.now() - began) / 1000;
    db.pragma('wal_checkpoint(TRUNCATE)');
    const tables = (
      db.prepare('select name, sum(pgsize) as bytes from dbstat group by name order by bytes desc').all() as Array<{ name: string; bytes: number }>
    ).filter((t) => t.bytes > 1_000_000);
    const bytesOf = (names: string[]) => tables.filter((t) => names.includes(t.name)).reduce((s, t) => s + t.bytes, 0);
    const count = (sqlText: string) => (db.prepare(sqlText).get() as { n: number }).n;
    const runRows = count('select count(*) as n from monitor_runs');
    const rollupRows = count('select count(*) as n from rollups');
    const runBytesPerRow = bytesOf(['monitor_runs', 'monitor_runs_newest', 'sqlite_autoindex_monitor_runs_1']) / runRows;
    const rollupBytesPerRow = bytesOf(['rollups', 'rollups_age', 'sqlite_autoindex_rollups_1']) / rollupRows;
    const bytes = fileBytes(dbFile);
    db.close();

    // Retention over it, in this process, with the event loop watched.
    const store = openStore(`file:${dbFile}`);
    const logger = pino({ level: 'warn' });
    const passes: DayResult['firstPass'][] = [];
    for (const at of [now, now + 60_000]) {
      const pruner = new Pruner({ db: store.db, locks: null, logger, runRetentionHours: 24, now: () => at });
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const report = await pruner.pruneOnce();
      delay.disable();
      passes.push({ runs: report.runs, ms: report.ms, batches: report.batches, maxStallMs: delay.max / 1e6 });
      console.log(`[day] retention pass: ${JSON.stringify(report)}, longest event-loop stall ${(delay.max / 1e6).toFixed(1)} ms`);
    }
    await store.close();
    const checkpoint = new SQLite(dbFile);
    checkpoint.pragma('wal_checkpoint(TRUNCATE)');
    checkpoint.close();
    const pairs = monitors * regions.length;
    // Steady state after 400 days: 24 h of runs, 30 days of hourly and 400 of daily rollups per pair.
    const projectedSteadyBytes = pairs * (24 * 60 * runBytesPerRow + (30 * 24 + 400) * rollupBytesPerRow);
    return {
      monitors,
      pairs,
      runs,
      hours,
      fillSeconds,
      bytes,
      tables,
      rollupBytesPerRow,
      runBytesPerRow,
      firstPass: passes[0]!,
      steadyPass: passes[1]!,
      bytesAfterPrune: fileBytes(dbFile),
      projectedSteadyBytes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

const median = (values: number[]) => {
  const sorted = [...values].filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : n === Infinity ? '> 30' : '–';
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 0)} MB`;

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'lookout-bench-checks-'));
  console.log(`${machine()}, ${new Date().toISOString()}; pinning: ${PIN ? 'server and bare loop on CPU 0, target on CPU 1' : 'off'}; logs in ${workDir}`);
  const results: RunResult[] = [];
  const baselines: Record<string, Baseline[]> = {};
  const tlsFiles = PROTOCOLS.includes('https') ? makeCertificate(workDir) : null;
  for (const protocol of PROTOCOLS) {
    // Ping monitors ping this machine's loopback: no target process.
    const target: Target =
      protocol === 'ping' ? { url: 'ping://127.0.0.1', pid: 0, stop: () => Promise.resolve() } : await startTarget(protocol === 'https' ? tlsFiles : null);
    const ca = protocol === 'https' ? tlsFiles!.cert : null;
    try {
      const baseline = (baselines[protocol] = [] as Baseline[]);
      for (let i = 0; i < BASELINE_REPEATS && protocol !== 'ping'; i++) baseline.push(await bareLoop(target.url, ca));
      console.log(`[${protocol}] bare loop before: ${JSON.stringify(baseline)}`);
      for (let repeat = 1; repeat <= REPEATS; repeat++) {
        for (const regions of REGION_COUNTS) {
          for (const monitors of protocol === 'https' ? HTTPS_MONITORS : protocol === 'ping' ? PING_MONITORS : MONITORS)
            for (const assertions of ASSERTION_CASES)
              results.push(await runConfiguration(protocol, target, ca, monitors, regions, repeat, workDir, assertions));
        }
      }
      const after: Baseline[] = [];
      for (let i = 0; i < BASELINE_REPEATS && protocol !== 'ping'; i++) after.push(await bareLoop(target.url, ca));
      console.log(`[${protocol}] bare loop after: ${JSON.stringify(after)}`);
      baseline.push(...after);
    } finally {
      await target.stop();
    }
  }
  const day = DAY_MONITORS > 0 ? await simulateDay(DAY_MONITORS) : null;

  // Report: medians over repeats.
  const lines: string[] = [];
  lines.push(
    `${machine()}; ${new Date().toISOString().slice(0, 10)}; ${MINUTES} min measured after ${WARMUP_SECONDS} s of warm-up, ${REPEATS} repeat(s) ` +
      `(medians shown; p99 of each repeat in brackets); pinning ${PIN ? 'on' : 'off'}`,
  );
  lines.push('');
  lines.push(
    '| protocol | monitors × regions | due checks/s | achieved checks/s | lateness p50 / p99 / max (s) | CPU % of a core (mean / peak 10 s) | CPU per check | RSS end / peak | DB growth per 1,000 runs | failed | holds | machine: load / CPU pressure / idle probe longest stall, seconds stalled ≥ 0.25 s |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const groups = new Map<string, RunResult[]>();
  for (const r of results) {
    const key = `${r.protocol}|${r.assertions ? 'assertions' : 'plain'}|${r.regions}|${r.monitors}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const summary: Array<RunResult & { repeats: number }> = [];
  for (const group of groups.values()) {
    const m = (f: (r: RunResult) => number) => median(group.map(f));
    const row = {
      ...group[0]!,
      repeats: group.length,
      achieved: m((r) => r.achieved),
      p50: m((r) => r.p50),
      p99: m((r) => r.p99),
      max: m((r) => r.max),
      cpu: m((r) => r.cpu),
      cpuPeak: m((r) => r.cpuPeak),
      cpuMicrosPerCheck: m((r) => r.cpuMicrosPerCheck),
      rssMb: m((r) => r.rssMb),
      rssPeakMb: m((r) => r.rssPeakMb),
      bytesPer1000Runs: m((r) => r.bytesPer1000Runs),
      failed: m((r) => r.failed),
      load: m((r) => r.load),
      cpuPressure: m((r) => r.cpuPressure),
      probeMaxMs: m((r) => r.probeMaxMs),
      probeStalledSeconds: m((r) => r.probeStalledSeconds),
      holds: group.filter((r) => r.holds).length * 2 > group.length,
    };
    summary.push(row);
    const spread = group.length > 1 ? ` (${group.map((r) => fmt(r.p99, 2)).join(', ')})` : '';
    lines.push(
      `| ${row.protocol}${row.assertions ? ` + 3 assertions (20 KiB JSON${ASSERTIONS_ENCODING ? `, Accept-Encoding: ${ASSERTIONS_ENCODING}` : ''})` : ''} | ${fmt(row.monitors)} × ${row.regions} | ${fmt(row.due)} | ${fmt(row.achieved)} | ${fmt(row.p50, 3)} / ${fmt(row.p99, 3)}${spread} / ≤ ${fmt(row.max, 3)} | ` +
        `${fmt(row.cpu)} / ${fmt(row.cpuPeak)} | ${fmt(row.cpuMicrosPerCheck)} µs | ${fmt(row.rssMb)} / ${fmt(row.rssPeakMb)} MB | ${fmt(row.bytesPer1000Runs / 1024, 0)} KiB | ` +
        `${fmt(row.failed)} | ${row.holds ? 'yes' : 'no'} | ${fmt(row.load, 1)} / ${fmt(row.cpuPressure)}% / ${fmt(row.probeMaxMs)} ms, ${fmt(row.probeStalledSeconds)} s |`,
    );
  }
  lines.push('');
  lines.push(
    '| protocol | bare loop: requests/s (median; each run) | bare loop: CPU per request (median) | largest holding (most regions) | its checks/s | ratio of checks/s to the bare loop | ratio of CPU per request to CPU per check there |',
  );
  lines.push('|---|---|---|---|---|---|---|');
  for (const protocol of PROTOCOLS) {
    const runs = baselines[protocol] ?? [];
    const base = median(runs.map((b) => b.perSecond));
    const baseCpu = median(runs.map((b) => b.cpuMicrosPerRequest));
    const holding = summary
      .filter((r) => r.protocol === protocol && !r.assertions && r.regions === Math.max(...REGION_COUNTS) && r.holds)
      .sort((a, b) => b.monitors - a.monitors)[0];
    lines.push(
      `| ${protocol} | ${fmt(base)} (${runs.map((b) => fmt(b.perSecond)).join(', ')}) | ${fmt(baseCpu)} µs | ${holding ? `${fmt(holding.monitors)} × ${holding.regions}` : 'none'} | ` +
        `${holding ? fmt(holding.achieved) : '–'} | ${holding ? fmt(holding.achieved / base, 2) : '–'} | ${holding ? fmt(baseCpu / holding.cpuMicrosPerCheck, 2) : '–'} |`,
    );
  }
  if (day) {
    lines.push('');
    lines.push(
      `A day of runs: ${fmt(day.monitors)} monitors × 3 regions at 60 s, ${day.hours} h = ${fmt(day.runs)} runs (written in ${fmt(day.fillSeconds)} s): ` +
        `database ${mb(day.bytes)} (runs ${fmt(day.runBytesPerRow)} B/row with their indexes, rollups ${fmt(day.rollupBytesPerRow)} B/row).`,
    );
    lines.push('');
    lines.push('| table or index | size |');
    lines.push('|---|---|');
    for (const t of day.tables) lines.push(`| ${t.name} | ${mb(t.bytes)} |`);
    lines.push('');
    lines.push('| retention pass | runs deleted | batches | duration | longest event-loop stall |');
    lines.push('|---|---|---|---|---|');
    lines.push(
      `| first (1 h past retention) | ${fmt(day.firstPass.runs)} | ${fmt(day.firstPass.batches)} | ${fmt(day.firstPass.ms / 1000, 1)} s | ${fmt(day.firstPass.maxStallMs, 1)} ms |`,
    );
    lines.push(
      `| steady state (one minute later) | ${fmt(day.steadyPass.runs)} | ${fmt(day.steadyPass.batches)} | ${fmt(day.steadyPass.ms / 1000, 1)} s | ${fmt(day.steadyPass.maxStallMs, 1)} ms |`,
    );
    lines.push('');
    lines.push(
      `After pruning the file stays ${mb(day.bytesAfterPrune)} (SQLite reuses freed pages). Steady-state bound (24 h of runs, 30 days of hourly and ` +
        `400 of daily rollups per monitor and region, at the measured bytes per row): ${mb(day.projectedSteadyBytes)}.`,
    );
  }
  console.log(`\n${lines.join('\n')}`);
  if (env.BENCH_JSON) writeFileSync(env.BENCH_JSON, JSON.stringify({ results, baselines, day }, null, 2));
  if (env.BENCH_KEEP_LOGS === '1') console.log(`server logs kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
}

await main();
