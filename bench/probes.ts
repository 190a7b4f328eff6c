/**
 * npm run bench:probes — one remote probe process against one `lookout serve`, on this machine.
 *
 * Two phases in one run, each on a fresh SQLite database seeded with HTTP monitors (interval 60 s,
 * first due times spread over one interval) pointing at a local target process (bench/target.ts):
 * 1. self: BENCH_SELF_MONITORS monitors in us-east, which the server checks itself
 *    (LOOKOUT_REGIONS=us-east): the server's CPU per self-made check;
 * 2. probe: BENCH_PROBE_MONITORS monitors in eu-west, which the server does not check: one
 *    `lookout probe --region eu-west` process takes them over HTTP, runs them and posts the results;
 *    the server's CPU per probe-recorded check, the probe's CPU per check.
 * After BENCH_WARMUP_SECONDS each phase measures for BENCH_MINUTES: recorded checks/s (the server's
 * lookout_checks_total of the region) against due checks/s, lateness p50/p99 from the server's
 * lookout_scheduler_lateness_seconds of the region (the probe's start against the due time), CPU of
 * each process from /proc. No pinning: the machine is shared; its load is printed beside the figures.
 *
 * Environment: BENCH_PROBE_MONITORS (60000: 1,000 checks/s), BENCH_SELF_MONITORS (as many as
 * BENCH_PROBE_MONITORS), BENCH_MINUTES (2),
 * BENCH_WARMUP_SECONDS (150), BENCH_JSON (a file for the raw figures), BENCH_SERVER_NODE_ARGS and
 * BENCH_PROBE_NODE_ARGS (extra node flags for the server or the probe, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { endsWithBench } from './children.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProbeTokenService } from '../src/domain/probes/probe-tokens.js';
import { RegionNames } from '../src/domain/probes/region-names.js';
import { openStore } from '../src/store/database.js';
import { freePort, machine } from './harness.js';
import { seedMonitors } from './seed.js';

const ROOT = new URL('..', import.meta.url).pathname;
const env = process.env;
const PROBE_MONITORS = Number(env.BENCH_PROBE_MONITORS ?? 60_000);
// The same due rate in both phases by default: the server's CPU per check falls as the rate rises (batched commits).
const SELF_MONITORS = Number(env.BENCH_SELF_MONITORS ?? PROBE_MONITORS);
const MINUTES = Number(env.BENCH_MINUTES ?? 2);
// Two intervals: the first round turns every monitor from pending to up (an event each, alerts
// judged), and the backlog it leaves must be worked off before the window, or its late checks are
// measured as steady-state lateness.
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 150);
const TICKS = 100; // clock ticks per second of /proc/<pid>/stat (Linux's USER_HZ)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Child {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

function start(args: string[], childEnv: Record<string, string>, log: string, nodeArgs: string[] = []): Child {
  const child = endsWithBench(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', () => writeFileSync(log, output));
  return {
    child,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Node flags for one child, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" (written when it stops). */
function nodeArgsOf(name: string): string[] {
  return (env[name] ?? '').split(' ').filter(Boolean);
}

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

function load(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

interface Scrape {
  checks: number;
  buckets: Map<number, number>;
}

async function scrape(url: string, region: string, counter: string, histogram: string): Promise<Scrape> {
  const text = await (await fetch(url)).text();
  let checks = 0;
  const buckets = new Map<number, number>();
  for (const line of text.split('\n')) {
    const m = /^(\w+)\{([^}]*)\} ([\d.e+-]+)$/.exec(line);
    if (!m) continue;
    const [, name, labels, raw] = m;
    if (!labels!.includes(`region="${region}"`)) continue;
    if (name === counter) checks += Number(raw);
    if (name === `${histogram}_bucket`) {
      const le = /le="([^"]+)"/.exec(labels!)![1]!;
      const bound = le === '+Inf' ? Infinity : Number(le);
      buckets.set(bound, (buckets.get(bound) ?? 0) + Number(raw));
    }
  }
  return { checks, buckets };
}

/** A quantile of the observations between two scrapes, interpolated inside its bucket as Prometheus does. */
function quantile(from: Scrape, to: Scrape, q: number): number {
  const bounds = [...to.buckets.keys()].sort((a, b) => a - b);
  const counts = bounds.map((b) => (to.buckets.get(b) ?? 0) - (from.buckets.get(b) ?? 0));
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
  return bounds.at(-2) ?? NaN;
}

async function startTarget(): Promise<{ url: string; stop(): Promise<void> }> {
  const target = start(['bench/target.ts'], {}, '/tmp/lookout-bench-probes-target.log');
  const line = await new Promise<string>((resolve) => {
    let buffer = '';
    target.child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('\n')) resolve(buffer.slice(0, buffer.indexOf('\n')));
    });
  });
  const { port } = JSON.parse(line) as { port: number };
  return { url: `http://127.0.0.1:${port}/health`, stop: () => target.stop() };
}

async function startServer(databaseUrl: string): Promise<{ baseUrl: string; server: Child }> {
  const port = await freePort();
  const server = start(
    ['src/main.ts', 'serve'],
    {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      LOOKOUT_BOOTSTRAP: 'false',
      LOOKOUT_REGIONS: 'us-east',
      LOOKOUT_TARGET_POLICY: 'all',
      // One bench team holds every monitor: its checks must not wait behind the per-team limit.
      LOOKOUT_TEAM_CONCURRENCY: '100000',
    },
    '/tmp/lookout-bench-probes-server.log',
    nodeArgsOf('BENCH_SERVER_NODE_ARGS'),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1800 || server.child.exitCode !== null) throw new Error('the server did not start (see /tmp/lookout-bench-probes-server.log)');
    await sleep(100);
  }
  return { baseUrl, server };
}

interface PhaseResult {
  phase: 'self' | 'probe';
  monitors: number;
  dueRate: number;
  recordedRate: number;
  latenessP50: number;
  latenessP99: number;
  serverCpuMicrosPerCheck: number;
  probeCpuMicrosPerCheck: number | null;
  load: number;
}

async function phase(kind: 'self' | 'probe', monitors: number, targetUrl: string): Promise<PhaseResult> {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-bench-probes-'));
  const databaseUrl = `file:${join(dir, 'lookout.db')}`;
  const region = kind === 'self' ? 'us-east' : 'eu-west';
  const probeRegion = 'eu-west';
  try {
    await seedMonitors(databaseUrl, monitors, [region], targetUrl, { firstDueAt: Date.now() + 20_000 });
    let token = '';
    if (kind === 'probe') {
      const store = openStore(databaseUrl);
      token = (await new ProbeTokenService(store.db, new RegionNames()).create({ region: probeRegion, name: 'bench' })).token;
      await store.close();
    }
    const { baseUrl, server } = await startServer(databaseUrl);
    const metricsPort = await freePort();
    const probe =
      kind === 'probe'
        ? start(
            ['src/main.ts', 'probe', '--server', baseUrl, '--region', probeRegion, '--concurrency', '4096', '--metrics-port', String(metricsPort)],
            { LOOKOUT_PROBE_TOKEN: token, LOOKOUT_TARGET_POLICY: 'all', LOG_LEVEL: 'warn' },
            '/tmp/lookout-bench-probes-probe.log',
            nodeArgsOf('BENCH_PROBE_NODE_ARGS'),
          )
        : null;
    try {
      console.error(`${kind}: ${monitors} monitors in ${region}; warming up ${WARMUP_SECONDS} s`);
      await sleep(WARMUP_SECONDS * 1000);
      const metrics = `${baseUrl}/metrics`;
      const before = await scrape(metrics, region, 'lookout_checks_total', 'lookout_scheduler_lateness_seconds');
      const serverCpu0 = cpuSeconds(server.pid);
      const probeCpu0 = probe ? cpuSeconds(probe.pid) : 0;
      const t0 = performance.now();
      await sleep(MINUTES * 60_000);
      const after = await scrape(metrics, region, 'lookout_checks_total', 'lookout_scheduler_lateness_seconds');
      const seconds = (performance.now() - t0) / 1000;
      const checks = after.checks - before.checks;
      const serverCpu = cpuSeconds(server.pid) - serverCpu0;
      const probeCpu = probe ? cpuSeconds(probe.pid) - probeCpu0 : 0;
      return {
        phase: kind,
        monitors,
        dueRate: monitors / 60,
        recordedRate: checks / seconds,
        latenessP50: quantile(before, after, 0.5),
        latenessP99: quantile(before, after, 0.99),
        serverCpuMicrosPerCheck: (serverCpu / Math.max(1, checks)) * 1e6,
        probeCpuMicrosPerCheck: probe ? (probeCpu / Math.max(1, checks)) * 1e6 : null,
        load: load(),
      };
    } finally {
      await probe?.stop();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.error(`machine: ${JSON.stringify(machine())}`);
  const target = await startTarget();
  try {
    const results: PhaseResult[] = [];
    if (SELF_MONITORS > 0) results.push(await phase('self', SELF_MONITORS, target.url));
    results.push(await phase('probe', PROBE_MONITORS, target.url));
    const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
    console.log('| phase | monitors | due checks/s | recorded checks/s | lateness p50 / p99 (s) | server CPU per check | probe CPU per check | load |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.phase} | ${r.monitors} | ${f(r.dueRate)} | ${f(r.recordedRate)} | ${f(r.latenessP50, 3)} / ${f(r.latenessP99, 3)} | ${f(r.serverCpuMicrosPerCheck)} µs | ${r.probeCpuMicrosPerCheck === null ? '–' : `${f(r.probeCpuMicrosPerCheck)} µs`} | ${f(r.load, 1)} |`,
      );
    }
    const self = results.find((r) => r.phase === 'self');
    const probe = results.find((r) => r.phase === 'probe')!;
    if (self)
      console.log(`\nserver CPU per probe-recorded check / per self-made check: ${(probe.serverCpuMicrosPerCheck / self.serverCpuMicrosPerCheck).toFixed(2)}×`);
    const holds = probe.recordedRate >= 1000 && probe.latenessP99 < 1;
    console.log(`probe phase: ${holds ? 'holds' : 'does NOT hold'} (>= 1,000 recorded checks/s and lateness p99 < 1 s)`);
    if (env.BENCH_JSON) writeFileSync(env.BENCH_JSON, JSON.stringify({ machine: machine(), results }, null, 2));
  } finally {
    await target.stop();
  }
}

await main();
