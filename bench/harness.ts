import { spawn, type ChildProcess } from 'node:child_process';
import { endsWithBench } from './children.js';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { createEmbeddedCoordination } from '../src/coordination/embedded.js';
import { createServices, type Services } from '../src/composition/services.js';
import type { Actor } from '../src/domain/actor.js';
import { openStore } from '../src/store/database.js';

const ROOT = new URL('..', import.meta.url).pathname;

export interface BenchServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** A scratch data directory with a migrated database, seeded through the domain services. */
export async function prepareDatabase(seed: (services: Services) => Promise<void>): Promise<{ dir: string; databaseUrl: string; cleanup(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-bench-'));
  const databaseUrl = `file:${join(dir, 'lookout.db')}`;
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOOKOUT_BOOTSTRAP: 'false' });
  const store = openStore(databaseUrl);
  await store.migrate();
  await seed(createServices({ config, store, coordination: createEmbeddedCoordination() }));
  await store.close();
  return { dir, databaseUrl, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs `lookout serve` in its own process, as in production, so the load generator does not share its event loop. */
export async function startBenchServer(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; logFile?: string; /** How long it may take to answer /healthz (20 s). */ startTimeoutMs?: number } = {},
): Promise<BenchServer> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS passes Node flags to the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`.
  const nodeArgs = [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(options.nodeArgs ?? [])];
  // BENCH_LOOP_DELAY_FILE: the server reports its own event-loop delay there (bench/loop-delay-probe.ts).
  const probe = env.BENCH_LOOP_DELAY_FILE ? ['--import', join(ROOT, 'bench/loop-delay-probe.ts')] : [];
  const child: ChildProcess = endsWithBench(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...probe, join(ROOT, 'src/main.ts'), 'serve'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', LOOKOUT_BOOTSTRAP: 'false', LOOKOUT_REGIONS: 'none', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  // Its log is read to the end (into `logFile`, or dropped): a pipe left full would block the server's next log line.
  if (options.logFile) child.stdout!.pipe(createWriteStream(options.logFile, { flags: 'a' }));
  else child.stdout!.resume();
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i === Math.ceil((options.startTimeoutMs ?? 20_000) / 100) || child.exitCode !== null) {
      // Not left running behind the failed bench.
      child.kill('SIGKILL');
      throw new Error('the server under test did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statusCounts: Record<string, number>;
}

/** One autocannon run; `authorization` (if given) picks the header for each request. */
export async function load(options: {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  seconds: number;
  authorization?: () => string;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections,
    duration: options.seconds,
    headers: options.body ? { 'content-type': 'application/json' } : {},
    requests: [
      {
        ...(options.body && { body: options.body }),
        setupRequest: (request) => {
          if (options.authorization) request.headers = { ...request.headers, authorization: options.authorization() };
          return request;
        },
      },
    ],
  });
  const statusCounts: Record<string, number> = {};
  for (const [code, n] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = (n as { count: number }).count;
  return {
    label: options.label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statusCounts,
  };
}

export function machine(): string {
  return `${cpus().length} vCPU (${cpus()[0]?.model.trim() ?? 'unknown model'}), Node ${process.version}`;
}

export function table(results: LoadResult[]): string {
  const lines = ['| run | req/s | p50 ms | p99 ms | answers |', '|---|---|---|---|---|'];
  for (const r of results) {
    const answers = Object.entries(r.statusCounts)
      .map(([code, n]) => `${n} × ${code}`)
      .join(', ');
    lines.push(`| ${r.label} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${answers} |`);
  }
  return lines.join('\n');
}

/** Starts a local HTTP server (a target or a receiver) on a free port of 127.0.0.1; answers the port. */
export function listen(server: HttpServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', 4096, () => resolve((server.address() as AddressInfo).port)));
}

/** The value at or below which `p` percent of `values` lie. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * `ownerOfNewTeam` in a database of its own (SQLite or PostgreSQL, migrated here if it is not yet), with
 * `tokens` API tokens of that Owner (each has its own request budget); `env` adds to its configuration.
 */
export async function ownerOfNewTeamIn(
  databaseUrl: string,
  team: string,
  email: string,
  options: { env?: Record<string, string>; tokens?: number } = {},
): Promise<{ actor: Actor; tokens: string[] }> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOOKOUT_BOOTSTRAP: 'false', ...options.env });
  const store = openStore(databaseUrl);
  try {
    await store.migrate();
    const services = createServices({ config, store, coordination: createEmbeddedCoordination() });
    const owner = await ownerOfNewTeam(services, team, email);
    const tokens = [owner.token];
    while (tokens.length < (options.tokens ?? 1)) tokens.push((await services.tokens.create({ teamId: owner.actor.teamId, userId: owner.actor.userId })).token);
    return { actor: owner.actor, tokens };
  } finally {
    await store.close();
  }
}

/** A new team with one Owner and an API token of theirs: the actor to seed with, and the token to call the API with. */
export async function ownerOfNewTeam(services: Services, team: string, email: string): Promise<{ actor: Actor; token: string }> {
  const created = await services.teams.create({ name: team });
  const user = await services.users.create({ email });
  await services.teams.addMember(created.id, user.id, 'Owner');
  const issued = await services.tokens.create({ teamId: created.id, userId: user.id });
  return { actor: { tokenId: issued.id, userId: user.id, teamId: created.id, role: 'Owner' }, token: issued.token };
}
