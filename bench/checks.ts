/**
 * npm run bench:checks — the check engine at scale, against a local target in a process of its own.
 *
 * For each protocol (http, https), region count and monitor count: seeds a fresh SQLite database
 * with N HTTP monitors (interval 60 s, timeout 10 s, status pending) pointing at the target, and
 * gives them first due times spread uniformly over one interval, so the run
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
 * LOOKOUT_CHECK_THREADS; with 2 or more, BENCH_PIN=0 lets its check threads use every core), BENCH_BARE_PROCESSES (1: bare loops run
 * at once, their requests/s summed; with BENCH_PIN=0, one per core is the whole machine's limit), BENCH_API_CHANGE (on; 0: off:
 * once the server answers, one monitor is renamed through the API, as on any server in use, before the warm-up), BENCH_BUILT
 * (0; 1: the server runs as `npm start` runs it, the compiled `dist/main.js`, built first by `npm run build`, rather than its
 * TypeScript under tsx, whose loader keeps each module's source map and gives every arrow function a name of its own).
 *
 * Issue #30's figures, in a second table (one row per configuration):
 * - BENCH_API_PROBE=1: during the measurement, bench/api-probe.ts (a process of its own, beside the target when pinning) calls
 *   `GET /api/v1/monitors/{id}` of random seeded monitors BENCH_API_PROBE_RATE (20) times a second, open loop, at most
 *   BENCH_API_PROBE_CONCURRENCY (4) in flight, with tokens of an Owner of the monitors' team (enough for the per-token budget);
 *   p50/p99/max of the 200 answers (goal p99 < 50 ms), and the requests made: the server's CPU per check includes serving them
 *   (at 20/s against 2,500 checks/s, under 1% of the requests it handles).
 * - BENCH_COLD_START=1: every check due at once when the server starts (seeded with one due time, set to "now" right before the
 *   start); the server is sampled every 5 s from its first answer, warm-up included, and cut into windows of about 10 s: the
 *   second table gives when lateness settled (the start of the first window from which every later one has p99 < 1 s, in seconds
 *   and in intervals), when the checks run reached one round (one per monitor-region) and when the first round's status events
 *   were all processed; a table per configuration gives each window's checks/s against the steady due rate, lateness, CPU,
 *   queue and unprocessed events (whether the events starved the checks). Lasts BENCH_WARMUP_SECONDS + BENCH_MINUTES.
 * - Memory (BENCH_IDLE_RSS=0 skips it): the same server configuration (regions, threads, CA) on an empty database, its RSS
 *   BENCH_IDLE_SETTLE_SECONDS (15) after it answers, once per protocol and region count; the run's RSS at the end above it,
 *   per monitor-region (goal ≤ 8 KiB).
 * - Storage: the server's /proc/<pid>/io over the measurement (all its threads) per run written: `write_bytes` (what it
 *   sent to storage: SQLite's WAL, checkpoints and main file) and `wchar` (every write(), sockets included: the requests to
 *   the targets, to PostgreSQL and the /metrics answers).
 * - BENCH_STORE=postgres: the server on a fresh database `lookout_bench_<random>` of BENCH_PG_URL
 *   (postgres://postgres@127.0.0.1:5432, trust authentication; dropped afterwards), embedded coordination (no Redis),
 *   a random LOOKOUT_SECRET_KEY. Database growth per 1,000 runs is then the schema's tables' pg_total_relation_size
 *   (indexes, TOAST and dead rows included); PostgreSQL's own writes are another user's processes, so instead of their
 *   /proc/<pid>/io the WAL it wrote per run is given (pg_stat_wal.wal_bytes: the whole cluster's, other databases' too).
 *   The day of runs stays on SQLite.
 * - The recorder's share of CPU per check: the time its batches' transactions took (lookout_run_writes_seconds) over the
 *   server's CPU time in the measurement. On SQLite a transaction runs on the event loop from its start to its commit; time
 *   the machine gave to other threads meanwhile counts too, so the share is at most this. Where the rest went:
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the server (one file per thread), and
 *   `npx tsx bench/profile-share.ts --last-seconds S DIR/*.cpuprofile` gives each part's share of the busy time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { endsWithBench } from './children.js';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import pino from 'pino';
import { REGIONS } from '../src/shared/vocabulary.js';
import { REQUESTS_PER_MINUTE } from '../src/domain/access.js';
import { Pruner } from '../src/checks/retention.js';
import { DAY_MS, HOUR_MS } from '../src/domain/rollup-buckets.js';
import { openStore } from '../src/store/database.js';
import { createBenchDatabase, type BenchDatabase, type BenchStore } from './bench-database.js';
import { freePort, machine, ownerOfNewTeamIn } from './harness.js';
import { makeAllDue, seedMonitors } from './seed.js';

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
/** The store the server runs on (BENCH_STORE): SQLite unless told. */
const STORE: BenchStore = env.BENCH_STORE === 'postgres' ? 'postgres' : 'sqlite';
/** BENCH_API_PROBE=1: a light API client during the measurement (bench/api-probe.ts). */
const API_PROBE = env.BENCH_API_PROBE === '1';
/** BENCH_API_CHANGE (on; 0: off): one monitor renamed through the API before the warm-up, as on any server in use. */
const API_CHANGE = env.BENCH_API_CHANGE !== '0';
const API_PROBE_RATE = Number(env.BENCH_API_PROBE_RATE ?? 20);
const API_PROBE_CONCURRENCY = Number(env.BENCH_API_PROBE_CONCURRENCY ?? 4);
const API_GOAL_MS = 50;
/** BENCH_COLD_START=1: every check due at once when the server starts; the time to steady state is reported. */
const COLD_START = env.BENCH_COLD_START === '1';
const COLD_SAMPLE_EVERY_MS = 5_000;
const COLD_WINDOW_MS = 10_000;
/** The idle server's RSS, the base of the RSS per monitor-region (BENCH_IDLE_RSS=0 skips it), read this long after it answers. */
const IDLE_RSS = env.BENCH_IDLE_RSS !== '0';
const BUILT = env.BENCH_BUILT === '1';
const IDLE_SETTLE_SECONDS = Number(env.BENCH_IDLE_SETTLE_SECONDS ?? 15);
/** Bare-loop processes run at once (BENCH_BARE_PROCESSES, 1): with BENCH_PIN=0, one per core measures the whole machine. */
const BARE_PROCESSES = Math.max(1, Number(env.BENCH_BARE_PROCESSES ?? 1));
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

/** Runs a TypeScript entry point under tsx (a compiled one as it is), on `cpu` when pinning; `ready` reads its stdout until it says so. */
function startChild(entry: string[], childEnv: Record<string, string>, cpu: number | null, logFile: string | null, nodeArgs: string[] = []): Child {
  const command = cpu !== null && PIN ? 'taskset' : process.execPath;
  const loader = entry[0]!.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const args = [...(cpu !== null && PIN ? ['-c', String(cpu), process.execPath] : []), ...nodeArgs, ...loader, ...entry];
  const child = endsWithBench(spawn(command, args, { cwd: ROOT, env: { ...process.env, ...childEnv }, stdio: ['ignore', 'pipe', 'pipe'] }));
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

/** BARE_PROCESSES bare loops at once: their requests/s summed, their CPU per request over all their requests. */
async function bareLoop(url: string, ca: string | null): Promise<Baseline> {
  const children = Array.from({ length: BARE_PROCESSES }, () =>
    startChild(
      ['bench/bare-loop.ts'],
      { BARE_URL: url, BARE_SECONDS: String(BASELINE_SECONDS), BARE_CONCURRENCY: '50', ...(ca ? { BARE_CA: ca } : {}) },
      0,
      null,
    ),
  );
  const results = await Promise.all(
    children.map(async (child) => {
      const result = JSON.parse(await firstLine(child.child)) as { requests: number; perSecond: number; errors: number; cpuMicrosPerRequest: number };
      await child.stop();
      return result;
    }),
  );
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  if (errors > 0) console.warn(`bare loop: ${errors} errors`);
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  return {
    perSecond: results.reduce((sum, r) => sum + r.perSecond, 0),
    cpuMicrosPerRequest: results.reduce((sum, r) => sum + r.cpuMicrosPerRequest * r.requests, 0) / Math.max(1, requests),
    load: machineLoad().load,
  };
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
  const child = startChild(
    [BUILT ? 'dist/main.js' : 'src/main.ts', 'serve'],
    { PORT: String(port), LOG_LEVEL: 'warn', LOOKOUT_BOOTSTRAP: 'false', ...serverEnv },
    0,
    logFile,
    nodeArgs,
  );
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
  /** Time the check recorder's batches spent in their transactions (lookout_run_writes_seconds_sum{recorder="checks"}). */
  recorderSeconds: number;
  cpuTicks: number;
  rssKb: number;
  hwmKb: number;
  /** Pages in use in the database as the latest commit sees it (WAL frames included; free pages not); PostgreSQL: its tables' total size. */
  dbBytes: number;
  /** Main file + WAL on disk: the WAL keeps its high-water size between checkpoints, so short windows mislead. PostgreSQL: pg_database_size. */
  fileBytes: number;
  runs: number;
  /** PostgreSQL's WAL written so far, the whole cluster's (pg_stat_wal.wal_bytes); NaN with SQLite. */
  walBytes: number;
  /** The server's /proc/<pid>/io (all its threads): bytes it caused to be written to storage, and bytes it passed to write(). */
  writeBytes: number;
  wchar: number;
  /** Status events not yet processed by the alerting side. */
  unprocessedEvents: number;
  /** 1-minute load average and CPU pressure ("some", avg10 %) of the whole machine: how busy the neighbours were. */
  load: number;
  cpuPressure: number;
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const m of text.matchAll(/(\w+)="([^"]*)"/g)) labels[m[1]!] = m[2]!;
  return labels;
}

async function sample(server: Server, database: BenchDatabase): Promise<Sample> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  let checks = 0;
  let failed = 0;
  let queueDepth = 0;
  let recorderSeconds = 0;
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
    else if (name === 'lookout_run_writes_seconds_sum' && labels.recorder === 'checks') recorderSeconds += value;
  }
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime + stime (fields 14 and 15 of stat), and cutime + cstime (16, 17): the children it reaped (ping checks' processes).
  const cpuTicks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  const io = readFileSync(`/proc/${server.pid}/io`, 'utf8');
  const ioField = (key: string) => Number(new RegExp(`^${key}: (\\d+)`, 'm').exec(io)?.[1] ?? NaN);
  return {
    at: performance.now(),
    checks,
    failed,
    lateness,
    queueDepth,
    recorderSeconds,
    cpuTicks,
    rssKb: kb('VmRSS'),
    hwmKb: kb('VmHWM'),
    ...(await database.figures()),
    writeBytes: ioField('write_bytes'),
    wchar: ioField('wchar'),
    unprocessedEvents: await database.unprocessedEvents(),
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
  store: BenchStore;
  /** The server's LOOKOUT_CHECK_THREADS. */
  threads: number;
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
  /** The mean of the samples' RSS over the measurement: the end alone falls before or after a major collection by chance. */
  rssMeanMb: number;
  rssPeakMb: number;
  /** The same configuration's server on an empty database (NaN: BENCH_IDLE_RSS=0), and the RSS at the end above it per monitor-region. */
  rssIdleMb: number;
  rssKibPerPair: number;
  bytesPer1000Runs: number;
  /** The same from the files' sizes on disk (main + WAL). */
  fileBytesPer1000Runs: number;
  /** The server's /proc/<pid>/io over the measurement, per run written: write_bytes (to storage) and wchar (to write()). */
  writeBytesPerRun: number;
  wcharPerRun: number;
  /** PostgreSQL: WAL written per run by the whole cluster (pg_stat_wal; other databases' writes included). */
  walBytesPerRun: number;
  failed: number;
  queueDepthEnd: number;
  holds: boolean;
  /** CPU time of the server per check run (µs), all of it: scheduling, checking, recording, metrics. */
  cpuMicrosPerCheck: number;
  /**
   * The recorder's share of that CPU: the time its batches took to write over the server's CPU time.
   * On SQLite a batch runs on the event loop from its start to its commit, so its time is CPU time;
   * on PostgreSQL it includes the waits for the database, and is an upper bound.
   */
  recorderShare: number;
  load: number;
  cpuPressure: number;
  /** bench/stall-probe.ts beside the server: its longest stall, and in how many seconds it was held up 250 ms or more. */
  probeMaxMs: number;
  probeStalledSeconds: number;
  /** BENCH_API_PROBE: GET /api/v1/monitors/{id} during the measurement; null without it. */
  api: ApiProbeResult | null;
  /** BENCH_COLD_START: from the server's first answer on; null without it. */
  coldStart: ColdStart | null;
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

/** The idle server's RSS per protocol and region count: the same configuration on an empty database, read once. */
const idleRssKb = new Map<string, number>();

async function idleRss(protocol: Protocol, regions: readonly string[], ca: string | null, logDir: string): Promise<number> {
  const key = `${protocol}|${regions.length}`;
  const known = idleRssKb.get(key);
  if (known !== undefined) return known;
  const database = await createBenchDatabase(STORE);
  try {
    const server = await startServer(
      {
        DATABASE_URL: database.url,
        ...database.serverEnv,
        LOOKOUT_REGIONS: regions.join(','),
        LOOKOUT_TARGET_POLICY: 'all',
        LOOKOUT_CHECK_THREADS: String(CHECK_THREADS),
        ...(ca ? { NODE_EXTRA_CA_CERTS: ca } : {}),
      },
      join(logDir, `server-idle-${protocol}-${regions.length}.log`),
    );
    try {
      await sleep(IDLE_SETTLE_SECONDS * 1000);
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
      console.log(`[${protocol} idle × ${regions.length}] RSS ${fmt(kb / 1024)} MB on an empty database, ${IDLE_SETTLE_SECONDS} s after it answered`);
      idleRssKb.set(key, kb);
      return kb;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

interface ApiProbeResult {
  requests: number;
  errors: number;
  non200: number;
  statuses: Record<string, number>;
  skipped: number;
  unanswered: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * One change made through the API, as every server in use has had: the measurement then shows what
 * a change leaves behind (it once left Node 20's async hooks on for good, every `await` two to three times as dear).
 */
async function renameThroughApi(server: Server, token: string, id: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/v1/monitors/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Renamed through the API' }),
  });
  if (!response.ok) throw new Error(`renaming a monitor through the API: ${response.status} ${await response.text()}`);
}

/** bench/api-probe.ts for `seconds`, beside the target (CPU 1 when pinning): its figures once it ends. */
function startApiProbe(server: Server, tokens: readonly string[], ids: readonly string[], seconds: number, logDir: string): Promise<ApiProbeResult> {
  const idsFile = join(logDir, 'api-probe-ids.txt');
  writeFileSync(idsFile, ids.join('\n'));
  const probe = startChild(
    ['bench/api-probe.ts'],
    {
      PROBE_BASE_URL: server.baseUrl,
      PROBE_TOKENS: tokens.join(','),
      PROBE_IDS_FILE: idsFile,
      PROBE_RATE: String(API_PROBE_RATE),
      PROBE_CONCURRENCY: String(API_PROBE_CONCURRENCY),
      PROBE_SECONDS: String(seconds),
    },
    1,
    null,
  );
  return firstLine(probe.child).then(async (line) => {
    await probe.stop();
    return JSON.parse(line) as ApiProbeResult;
  });
}

interface ColdWindow {
  /** Seconds from the server's first answer to the window's start. */
  t: number;
  seconds: number;
  checksPerSecond: number;
  p99: number;
  max: number;
  cpu: number;
  queueDepth: number;
  unprocessedEvents: number;
}

interface ColdStart {
  /** Start of the first 10-second window from which on every window's lateness p99 is under the goal (NaN: never in the run). */
  steadyAfterSeconds: number;
  /** When the checks run reached one per monitor-region (the first round), at the sampling's resolution. */
  firstRoundSeconds: number;
  /** When no status event was left unprocessed, after the first round's had appeared. */
  eventsDrainedSeconds: number;
  windows: ColdWindow[];
}

/** Cuts the samples from the server's start into windows of about 10 s and finds when lateness settled. */
function coldStartOf(timeline: Sample[], readyAt: number, pairs: number): ColdStart {
  const windows: ColdWindow[] = [];
  let start = timeline[0]!;
  for (const end of timeline.slice(1)) {
    if (end.at - start.at < COLD_WINDOW_MS - 500) continue;
    const seconds = (end.at - start.at) / 1000;
    windows.push({
      t: (start.at - readyAt) / 1000,
      seconds,
      checksPerSecond: (end.checks - start.checks) / seconds,
      p99: quantile(start, end, 0.99),
      max: maxBound(start, end),
      cpu: ((end.cpuTicks - start.cpuTicks) / CLOCK_TICKS / seconds) * 100,
      queueDepth: end.queueDepth,
      unprocessedEvents: end.unprocessedEvents,
    });
    start = end;
  }
  let steady = windows.length;
  while (steady > 0 && windows[steady - 1]!.p99 < LATENESS_GOAL_S) steady--;
  const firstRound = timeline.find((s) => s.checks >= pairs);
  const sawEvents = timeline.findIndex((s) => s.unprocessedEvents > 0);
  const drained = sawEvents < 0 ? undefined : timeline.slice(sawEvents).find((s) => s.unprocessedEvents === 0);
  return {
    steadyAfterSeconds: steady < windows.length ? windows[steady]!.t : NaN,
    firstRoundSeconds: firstRound ? (firstRound.at - readyAt) / 1000 : NaN,
    eventsDrainedSeconds: drained ? (drained.at - readyAt) / 1000 : NaN,
    windows,
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
  const label = `${protocol}${assertions ? ` + assertions${ASSERTIONS_ENCODING ? ` (${ASSERTIONS_ENCODING})` : ''}` : ''} ${monitors} × ${regionCount}`;
  const serverEnv = (database: BenchDatabase) => ({
    DATABASE_URL: database.url,
    ...database.serverEnv,
    LOOKOUT_REGIONS: regions.join(','),
    LOOKOUT_TARGET_POLICY: 'all',
    LOOKOUT_CHECK_THREADS: String(CHECK_THREADS),
    ...(ca ? { NODE_EXTRA_CA_CERTS: ca } : {}),
  });
  const idleKb = IDLE_RSS ? await idleRss(protocol, regions, ca, logDir) : NaN;
  const database = await createBenchDatabase(STORE);
  try {
    const seeded = Date.now();
    // The API probe's caller: an Owner of the team the monitors are seeded into.
    // Each token may make REQUESTS_PER_MINUTE requests: enough of them for the probe's rate, and one more.
    const owner =
      API_PROBE || API_CHANGE
        ? await ownerOfNewTeamIn(database.url, 'Bench', 'bench@bench.test', {
            env: database.serverEnv,
            tokens: API_PROBE ? Math.ceil((API_PROBE_RATE * 60) / REQUESTS_PER_MINUTE) + 1 : 1,
          })
        : null;
    // First checks fall due from 15 s on (time for the server to start), spread over one interval;
    // for a cold start, all at once, made due again right before the server starts.
    const ids = await seedMonitors(database.url, monitors, regions, assertions ? target.url.replace(/\/health$/, '/api') : target.url, {
      firstDueAt: Date.now() + (COLD_START ? 0 : 15_000),
      spreadMs: COLD_START ? 0 : undefined,
      assertions: assertions ? BENCH_ASSERTIONS : undefined,
      headers: assertions && ASSERTIONS_ENCODING ? [{ name: 'Accept-Encoding', value: ASSERTIONS_ENCODING }] : undefined,
      ping: protocol === 'ping' ? { host: '127.0.0.1', packets: PING_PACKETS } : undefined,
      teamId: owner?.actor.teamId,
    });
    if (COLD_START) await makeAllDue(database.url, Date.now());
    console.log(`[${label}] seeded in ${Date.now() - seeded} ms; starting the server`);
    const logFile = join(logDir, `server-${protocol}${assertions ? '-assertions' : ''}-${monitors}x${regionCount}-${repeat}.log`);
    const server = await startServer(serverEnv(database), logFile);
    const readyAt = performance.now();
    await database.open();
    try {
      if (owner && API_CHANGE) await renameThroughApi(server, owner.tokens[0]!, ids[0]!);
      // With a cold start, the server is sampled every 5 s from its first answer on, warm-up included.
      const timeline: Sample[] = COLD_START ? [await sample(server, database)] : [];
      let nextSampleAt = readyAt + COLD_SAMPLE_EVERY_MS;
      const wait = async (ms: number) => {
        const until = performance.now() + ms;
        for (let now = performance.now(); now < until; now = performance.now()) {
          if (COLD_START && now >= nextSampleAt) {
            timeline.push(await sample(server, database));
            nextSampleAt += COLD_SAMPLE_EVERY_MS;
          } else await sleep((COLD_START ? Math.min(until, nextSampleAt) : until) - now);
        }
      };
      await wait(WARMUP_SECONDS * 1000);
      // The first round turns every monitor from pending to up: one status event each, which the
      // alerting side then works through. The measurement starts once it has (or a minute later).
      for (let i = 0; i < 60 && (await database.unprocessedEvents()) > 0; i++) await wait(1000);
      const stallProbe = startStallProbe();
      const apiProbe = owner && API_PROBE ? startApiProbe(server, owner.tokens, ids, MINUTES * 60, logDir) : null;
      const measuredFrom = Date.now();
      const samples: Sample[] = [await sample(server, database)];
      const end = samples[0]!.at + MINUTES * 60_000;
      while (performance.now() < end) {
        await sleep(Math.min(SAMPLE_EVERY_MS, end - performance.now()));
        samples.push(await sample(server, database));
        const [a, b] = samples.slice(-2) as [Sample, Sample];
        process.stdout.write(
          `[${label}] ${Math.round((b.checks - a.checks) / ((b.at - a.at) / 1000))} checks/s, ` +
            `cpu ${Math.round(((b.cpuTicks - a.cpuTicks) / CLOCK_TICKS / ((b.at - a.at) / 1000)) * 100)}%, queue ${b.queueDepth}, rss ${Math.round(b.rssKb / 1024)} MB, ` +
            `lateness p99 ${fmt(quantile(a, b, 0.99), 3)} s, max ≤ ${fmt(maxBound(a, b), 3)} s\n`,
        );
      }
      const stalls = await stallProbe.stop();
      const api = apiProbe ? await apiProbe : null;
      if (api) console.log(`[${label}] API probe: ${JSON.stringify(api)}`);
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
      const judgedRows = await database.judged(measuredFrom);
      const runs = last.runs - first.runs;
      const perRun = (bytes: number) => (runs > 0 ? bytes / runs : NaN);
      const result: RunResult = {
        protocol,
        store: STORE,
        threads: CHECK_THREADS,
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
        rssMeanMb: samples.reduce((sum, x) => sum + x.rssKb, 0) / samples.length / 1024,
        rssPeakMb: last.hwmKb / 1024,
        rssIdleMb: idleKb / 1024,
        rssKibPerPair: (last.rssKb - idleKb) / (monitors * regionCount),
        bytesPer1000Runs: perRun(last.dbBytes - first.dbBytes) * 1000,
        fileBytesPer1000Runs: perRun(last.fileBytes - first.fileBytes) * 1000,
        writeBytesPerRun: perRun(last.writeBytes - first.writeBytes),
        wcharPerRun: perRun(last.wchar - first.wchar),
        walBytesPerRun: perRun(last.walBytes - first.walBytes),
        failed: last.failed - first.failed,
        queueDepthEnd: last.queueDepth,
        holds: achieved >= 0.97 * due && p99 < LATENESS_GOAL_S,
        cpuMicrosPerCheck: ((last.cpuTicks - first.cpuTicks) / CLOCK_TICKS / Math.max(1, last.checks - first.checks)) * 1e6,
        recorderShare: (last.recorderSeconds - first.recorderSeconds) / Math.max(1e-9, (last.cpuTicks - first.cpuTicks) / CLOCK_TICKS),
        load: median(samples.map((x) => x.load)),
        cpuPressure: median(samples.map((x) => x.cpuPressure)),
        probeMaxMs: Math.max(0, ...stalls),
        probeStalledSeconds: stalls.filter((ms) => ms >= 250).length,
        api,
        coldStart: COLD_START ? coldStartOf([...timeline, ...samples], readyAt, monitors * regionCount) : null,
      };
      console.log(
        `[${label}] ${JSON.stringify({ ...result, coldStart: result.coldStart && { ...result.coldStart, windows: result.coldStart.windows.length } })}`,
      );
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
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
  console.log(
    `${machine()}, ${new Date().toISOString()}; pinning: ${PIN ? 'server and bare loop on CPU 0, target on CPU 1' : 'off'}; ` +
      `server: ${BUILT ? 'dist/main.js' : 'src/main.ts under tsx'}; logs in ${workDir}`,
  );
  // The server as `npm start` runs it, built as it builds it (prestart), from this checkout's sources now.
  if (BUILT && spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
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
      `(medians shown; p99 of each repeat in brackets); pinning ${PIN ? 'on' : 'off'}; store ${STORE}; ${CHECK_THREADS} check thread(s); ` +
      `bare loop in ${BARE_PROCESSES} process(es)${API_PROBE ? `; API probe ${API_PROBE_RATE} requests/s` : ''}${COLD_START ? '; cold start (every check due at once)' : ''}`,
  );
  lines.push('');
  lines.push(
    '| protocol | monitors × regions | due checks/s | achieved checks/s | lateness p50 / p99 / max (s) | CPU % of a core (mean / peak 10 s) | CPU per check | RSS end / mean of the measurement / peak | DB growth per 1,000 runs | failed | holds | machine: load / CPU pressure / idle probe longest stall, seconds stalled ≥ 0.25 s |',
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
      rssMeanMb: m((r) => r.rssMeanMb),
      rssPeakMb: m((r) => r.rssPeakMb),
      bytesPer1000Runs: m((r) => r.bytesPer1000Runs),
      failed: m((r) => r.failed),
      load: m((r) => r.load),
      cpuPressure: m((r) => r.cpuPressure),
      probeMaxMs: m((r) => r.probeMaxMs),
      probeStalledSeconds: m((r) => r.probeStalledSeconds),
      rssIdleMb: m((r) => r.rssIdleMb),
      rssKibPerPair: m((r) => r.rssKibPerPair),
      writeBytesPerRun: m((r) => r.writeBytesPerRun),
      wcharPerRun: m((r) => r.wcharPerRun),
      walBytesPerRun: m((r) => r.walBytesPerRun),
      recorderShare: m((r) => r.recorderShare),
      holds: group.filter((r) => r.holds).length * 2 > group.length,
    };
    summary.push(row);
    const spread = group.length > 1 ? ` (${group.map((r) => fmt(r.p99, 2)).join(', ')})` : '';
    lines.push(
      `| ${row.protocol}${row.assertions ? ` + 3 assertions (20 KiB JSON${ASSERTIONS_ENCODING ? `, Accept-Encoding: ${ASSERTIONS_ENCODING}` : ''})` : ''} | ${fmt(row.monitors)} × ${row.regions} | ${fmt(row.due)} | ${fmt(row.achieved)} | ${fmt(row.p50, 3)} / ${fmt(row.p99, 3)}${spread} / ≤ ${fmt(row.max, 3)} | ` +
        `${fmt(row.cpu)} / ${fmt(row.cpuPeak)} | ${fmt(row.cpuMicrosPerCheck)} µs | ${fmt(row.rssMb)} / ${fmt(row.rssMeanMb)} / ${fmt(row.rssPeakMb)} MB | ${fmt(row.bytesPer1000Runs / 1024, 0)} KiB | ` +
        `${fmt(row.failed)} | ${row.holds ? 'yes' : 'no'} | ${fmt(row.load, 1)} / ${fmt(row.cpuPressure)}% / ${fmt(row.probeMaxMs)} ms, ${fmt(row.probeStalledSeconds)} s |`,
    );
  }
  // Issue #30's figures: the API under check load, memory per monitor-region, bytes written, cold start.
  lines.push('');
  lines.push(
    `| protocol | monitors × regions | store, threads | API GET /monitors/{id}: p50 / p99 / max (requests; goal p99 < ${API_GOAL_MS} ms) | RSS idle / end, per monitor-region above idle (goal ≤ 8 KiB) | ` +
      "server written per run: write_bytes / wchar | PostgreSQL WAL per run (whole cluster) | the recorder's share of CPU (goal < 15%) | cold start: steady after (intervals) / first round done / events drained |",
  );
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const row of summary) {
    const group = groups.get(`${row.protocol}|${row.assertions ? 'assertions' : 'plain'}|${row.regions}|${row.monitors}`)!;
    const apis = group.map((r) => r.api).filter((a): a is ApiProbeResult => a !== null);
    const api = apis.length
      ? `${fmt(median(apis.map((a) => a.p50)), 1)} / ${fmt(median(apis.map((a) => a.p99)), 1)} / ${fmt(median(apis.map((a) => a.max)), 1)} ms ` +
        `(${fmt(apis.reduce((sum, a) => sum + a.requests, 0))}${apis.some((a) => a.errors + a.non200 + a.skipped + a.unanswered > 0) ? `; ${apis.map((a) => `${a.errors} errors, ${a.non200} not 200 (${JSON.stringify(a.statuses)}), ${a.skipped} skipped, ${a.unanswered} unanswered`).join('; ')}` : ''})`
      : '–';
    const colds = group.map((r) => r.coldStart).filter((c): c is ColdStart => c !== null);
    const cold = colds.length
      ? `${fmt(median(colds.map((c) => c.steadyAfterSeconds)))} s (${fmt(median(colds.map((c) => c.steadyAfterSeconds)) / INTERVAL_SECONDS, 2)}) / ` +
        `${fmt(median(colds.map((c) => c.firstRoundSeconds)))} s / ${fmt(median(colds.map((c) => c.eventsDrainedSeconds)))} s`
      : '–';
    lines.push(
      `| ${row.protocol}${row.assertions ? ' + 3 assertions' : ''} | ${fmt(row.monitors)} × ${row.regions} | ${row.store}, ${row.threads} | ${api} | ` +
        `${fmt(row.rssIdleMb)} / ${fmt(row.rssMb)} MB, ${fmt(row.rssKibPerPair, 1)} KiB | ${fmt(row.writeBytesPerRun)} / ${fmt(row.wcharPerRun)} B | ` +
        `${row.store === 'postgres' ? `${fmt(row.walBytesPerRun)} B` : '–'} | ${fmt(row.recorderShare * 100, 1)}%${row.store === 'postgres' ? ' (at most)' : ''} | ${cold} |`,
    );
  }
  for (const r of COLD_START ? results : []) {
    lines.push('');
    lines.push(`Cold start, ${r.protocol} ${fmt(r.monitors)} × ${r.regions} (repeat ${r.repeat}), from the server's first answer, windows of about 10 s:`);
    lines.push('');
    lines.push('| from (s) | checks/s (due in the steady state) | lateness p99 / max (s) | CPU % | queue at the end | status events unprocessed at the end |');
    lines.push('|---|---|---|---|---|---|');
    for (const w of r.coldStart!.windows)
      lines.push(
        `| ${fmt(w.t)} | ${fmt(w.checksPerSecond)} (${fmt(r.due)}) | ${fmt(w.p99, 3)} / ≤ ${fmt(w.max, 3)} | ${fmt(w.cpu)} | ${fmt(w.queueDepth)} | ${fmt(w.unprocessedEvents)} |`,
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
