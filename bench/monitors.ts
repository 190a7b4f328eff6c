/**
 * npm run bench:monitors — the monitors API with 1,000 monitors in a team.
 *
 * Seeds a fresh SQLite database through the domain services (1,000 monitors: HTTP with and
 * without credentials, and SSL), starts `lookout serve` on it (LOG_LEVEL=warn) and drives it
 * with autocannon: GET /api/v1/monitors at 1 and 10 connections, then POST /api/v1/monitors
 * (into a second team, so the list keeps its 1,000). Tokens rotate so that no request meets
 * the 300/minute budget: every answer must be a 200 or 201, else the run fails.
 * BENCH_SECONDS (default 10) sets the length of each run.
 *
 * Besides autocannon's wall-clock figures it reports the server's CPU time per request (from
 * /proc, minus what the idle server spends in the background): on a shared, busy machine the
 * wall clock mostly measures waiting for a CPU, while CPU per request approximates the latency
 * of one connection on an idle core. The load average is printed with the results.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Actor } from '../src/domain/actor.js';
import { REQUESTS_PER_MINUTE } from '../src/domain/access.js';
import type { Services } from '../src/composition/services.js';
import { load, machine, prepareDatabase, startBenchServer, type LoadResult } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MONITORS = 1_000;
/** Upper bound of requests per second any run here reaches, to size the token pools. */
const MAX_RPS = 8_000;
const GOAL_P99_MS = 25;

async function teamWithTokens(services: Services, name: string, tokens: number): Promise<{ actor: Actor; tokens: string[] }> {
  const team = await services.teams.create({ name });
  const user = await services.users.create({ email: `${name.toLowerCase()}@bench.test` });
  await services.teams.addMember(team.id, user.id, 'Owner');
  const issued: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < tokens; i++) issued.push(await services.tokens.create({ teamId: team.id, userId: user.id }));
  return { actor: { tokenId: issued[0]!.id, userId: user.id, teamId: team.id, role: 'Owner' }, tokens: issued.map((t) => t.token) };
}

function seedBody(i: number): Record<string, unknown> {
  const common = {
    name: `Monitor ${i}`,
    intervalSeconds: 60 + (i % 10) * 60,
    timeoutSeconds: 10,
    regions: ['us-east', 'eu-west', 'asia'].slice(0, 1 + (i % 3)),
  };
  if (i % 4 === 3) return { type: 'ssl', ...common, host: `host-${i}.example.com`, warningDays: 14 };
  const auth = i % 2 === 0 ? { type: 'bearer', secret: `token-${i}-${'x'.repeat(24)}` } : null;
  return { type: 'http', ...common, url: `https://service-${i}.example.com/health`, method: 'GET', expectedStatus: 200, auth };
}

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

interface Measured extends LoadResult {
  cpuPerRequestMs: number;
}

/** Runs `run` and adds the server's CPU per request, less its background rate. */
async function measured(pid: number, backgroundMsPerSecond: number, run: () => Promise<LoadResult>): Promise<Measured> {
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const requests = Object.values(result.statusCounts).reduce((a, b) => a + b, 0);
  const busy = cpuMsOf(pid) - cpuBefore - backgroundMsPerSecond * seconds;
  return { ...result, cpuPerRequestMs: Math.max(0, busy) / Math.max(1, requests) };
}

function report(results: Measured[]): string {
  const lines = ['| run | req/s | p50 ms | p99 ms | server CPU ms/request | answers |', '|---|---|---|---|---|---|'];
  for (const r of results) {
    const answers = Object.entries(r.statusCounts)
      .map(([code, n]) => `${n} × ${code}`)
      .join(', ');
    lines.push(`| ${r.label} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.cpuPerRequestMs.toFixed(1)} | ${answers} |`);
  }
  return lines.join('\n');
}

function rotate(pool: string[]): () => string {
  let i = 0;
  return () => `Bearer ${pool[i++ % pool.length]!}`;
}

function requireAllOk(result: LoadResult, status: string): void {
  const other = Object.entries(result.statusCounts).filter(([code]) => code !== status);
  if (other.length > 0) throw new Error(`${result.label}: answers other than ${status}: ${JSON.stringify(result.statusCounts)}`);
}

async function main(): Promise<void> {
  const tokensPerTeam = Math.ceil((MAX_RPS * SECONDS) / REQUESTS_PER_MINUTE);
  let listTokens: string[] = [];
  let createTokens: string[] = [];
  const startedSeeding = Date.now();
  const db = await prepareDatabase(async (services) => {
    const lister = await teamWithTokens(services, 'Listing', tokensPerTeam);
    for (let i = 0; i < MONITORS; i++) await services.monitors.create(lister.actor, seedBody(i));
    const listed = await services.monitors.list(lister.actor);
    if (listed.length !== MONITORS) throw new Error(`seeded ${listed.length} monitors, expected ${MONITORS}`);
    listTokens = lister.tokens;
    createTokens = (await teamWithTokens(services, 'Creating', tokensPerTeam)).tokens;
  });
  console.log(`seeded ${MONITORS} monitors and ${2 * tokensPerTeam} tokens in ${Date.now() - startedSeeding} ms`);

  const server = await startBenchServer({ DATABASE_URL: db.databaseUrl });
  try {
    const list = `${server.baseUrl}/api/v1/monitors`;
    const probe = await fetch(list, { headers: { authorization: rotate(listTokens)() } });
    const bytes = (await probe.text()).length;
    await load({ label: 'warm-up', url: list, connections: 4, seconds: 3, authorization: rotate(listTokens.slice(-20)) });
    // What the idle server spends in the background (scheduler, outbox), to leave out of the per-request CPU.
    const idleFrom = cpuMsOf(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const background = (cpuMsOf(server.pid) - idleFrom) / 3;
    const loadBefore = loadavg()[0]!;

    const listTokensRotation = rotate(listTokens.slice(0, -20));
    const results: Measured[] = [];
    for (const connections of [1, 10]) {
      const result = await measured(server.pid, background, () =>
        load({
          label: `GET /api/v1/monitors (1,000 monitors, ${Math.round(bytes / 1024)} KiB), ${connections} connection${connections === 1 ? '' : 's'}`,
          url: list,
          connections,
          seconds: SECONDS,
          authorization: listTokensRotation,
        }),
      );
      requireAllOk(result, '200');
      results.push(result);
    }
    const created = await measured(server.pid, background, () =>
      load({
        label: 'POST /api/v1/monitors (HTTP monitor with bearer auth), 10 connections',
        url: list,
        method: 'POST',
        body: JSON.stringify(seedBody(0)),
        connections: 10,
        seconds: SECONDS,
        authorization: rotate(createTokens),
      }),
    );
    requireAllOk(created, '201');
    results.push(created);

    console.log(`\n${machine()}, ${new Date().toISOString()}, ${SECONDS} s per run`);
    console.log(`load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; idle server background CPU ${background.toFixed(0)} ms/s\n`);
    console.log(report(results));
    const single = results[0]!;
    console.log(
      `\nlist of 1,000 at 1 connection: p99 ${single.p99} ms (goal < ${GOAL_P99_MS} ms): ${single.p99 < GOAL_P99_MS ? 'met' : 'NOT met'}` +
        `; server CPU ${single.cpuPerRequestMs.toFixed(1)} ms per request`,
    );
  } finally {
    await server.stop();
    db.cleanup();
  }
}

await main();
