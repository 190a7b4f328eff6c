/**
 * npm run bench:soak — does the server's memory level off under hours of mixed, partly hostile load?
 *
 * Starts `lookout serve` (SQLite, one region, LOOKOUT_TARGET_POLICY=all) in its own process with
 * `--heapsnapshot-signal=SIGUSR2`, a local target (bench/target.ts) in another, and seeds SOAK_MONITORS
 * HTTP monitors checking it every 60 s (a third judge a JSON answer with assertions, a third flap
 * every two minutes so incidents open and resolve all along, the rest stay up) plus a heartbeat
 * monitor and a status page. Then, for SOAK_MINUTES (or `--minutes n`; 60 by default), a paced
 * mix of about SOAK_RATE requests/s (150), at most 48 in flight, all to 127.0.0.1:
 * reads of every kind, monitors and maintenance windows created, changed and deleted, heartbeat
 * pings, status pages, event streams opened and dropped, MCP calls (good and malformed), and hostile
 * requests in the manner of a fuzz: malformed and oversized bodies, wrong media types, bad ids and
 * query parameters, unknown routes, bearer tokens that are no token, failing sign-ins with fresh
 * addresses, half-sent requests; nearly every hostile request carries a value never seen before, so
 * that any map keyed by what a client sends shows up as growth.
 *
 * Every SOAK_SAMPLE_SECONDS (30) it samples the server's RSS (/proc) and V8 heap (its /metrics). A
 * heap snapshot is taken after SOAK_WARMUP_SECONDS (120) and another at the end, after the load has
 * stopped and the server has had 15 s of quiet; a snapshot collects garbage first, so the two heap
 * figures are live objects only. It prints the samples, the slope of RSS and heap over the last half,
 * and the object groups that grew most between the snapshots. SOAK_BURST (0) sends that many hostile
 * requests at once right after the first snapshot: the fuzz's burst. SOAK_JSON writes the figures
 * to a file; SOAK_KEEP=1 keeps the data directory with the snapshots.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { endsWithBench } from './children.js';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { REGIONS } from '../src/shared/vocabulary.js';
import { grownGroups, summarizeHeapSnapshot, type HeapSummary } from './heap-snapshot.js';
import { machine, ownerOfNewTeam, prepareDatabase, startBenchServer, type BenchServer } from './harness.js';
import { seedMonitors } from './seed.js';

const ROOT = new URL('..', import.meta.url).pathname;
const env = process.env;
const flag = process.argv.indexOf('--minutes');
const MINUTES = Number(flag >= 0 ? process.argv[flag + 1] : (env.SOAK_MINUTES ?? 60));
const RATE = Number(env.SOAK_RATE ?? 150);
const MONITORS = Number(env.SOAK_MONITORS ?? 300);
const SAMPLE_SECONDS = Number(env.SOAK_SAMPLE_SECONDS ?? 30);
const WARMUP_SECONDS = Number(env.SOAK_WARMUP_SECONDS ?? 120);
const BURST = Number(env.SOAK_BURST ?? 0);
const MAX_IN_FLIGHT = 48;
const MAX_STREAMS = 16;
/** Enough tokens that the reads stay inside the 300/minute budget; one more is spent to its 429s. */
const TOKENS = Math.max(10, Math.ceil((RATE * 60) / 250));
const REGION = REGIONS[0];
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const fresh = () => randomBytes(6).toString('hex');

// ---------------------------------------------------------------------------------------------
// The target

async function startTarget(): Promise<{ url: string; stop(): void }> {
  const child = endsWithBench(spawn(process.execPath, ['--import', 'tsx', 'bench/target.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }));
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('\n')) resolve(buffer.slice(0, buffer.indexOf('\n')));
    });
    child.once('exit', () => reject(new Error('the target exited before it listened')));
  });
  const { port } = JSON.parse(line) as { port: number };
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/**
 * bench/stall-probe.ts beside the server: an idle process's own event-loop delay. When it is held up
 * too, the server's delay came from the machine's other work, not from Lookout.
 */
function startStallProbe(): { takeMaxMs(): number; stop(): void } {
  const child = endsWithBench(spawn(process.execPath, ['--import', 'tsx', 'bench/stall-probe.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }));
  let max = 0;
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      max = Math.max(max, (JSON.parse(buffer.slice(0, end)) as { maxMs: number }).maxMs);
      buffer = buffer.slice(end + 1);
    }
  });
  return {
    takeMaxMs: () => {
      const taken = max;
      max = 0;
      return taken;
    },
    stop: () => child.kill('SIGTERM'),
  };
}

// ---------------------------------------------------------------------------------------------
// The load

interface World {
  base: string;
  target: string;
  tokens: string[];
  hotToken: string;
  monitorIds: string[];
  pingUrl: string;
  slug: string;
  created: string[];
  windows: string[];
  streams: number;
}

type Request = (world: World) => Promise<number>;

async function send(
  world: World,
  method: string,
  path: string,
  options: { token?: string | null; body?: string; type?: string; headers?: Record<string, string> } = {},
): Promise<number> {
  const token = options.token === undefined ? pick(world.tokens) : options.token;
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = options.type ?? 'application/json';
  const answer = await fetch(`${world.base}${path}`, { method, headers, body: options.body, signal: AbortSignal.timeout(15_000) });
  await answer.arrayBuffer();
  return answer.status;
}

const json = (value: unknown) => JSON.stringify(value);
const mcp = (world: World, body: string, token: string | null = pick(world.tokens)) =>
  send(world, 'POST', '/mcp', { token, body, headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' } });
const toolCall = (name: unknown, args: unknown) => json({ jsonrpc: '2.0', id: fresh(), method: 'tools/call', params: { name, arguments: args } });

const READS: Request[] = [
  (w) => send(w, 'GET', '/api/v1/monitors?limit=50'),
  (w) => send(w, 'GET', `/api/v1/monitors/${pick(w.monitorIds)}`),
  (w) => send(w, 'GET', `/api/v1/monitors/${pick(w.monitorIds)}/runs`),
  (w) => send(w, 'GET', `/api/v1/monitors/${pick(w.monitorIds)}/stats`),
  (w) => send(w, 'GET', '/api/v1/monitor-stats'),
  (w) => send(w, 'GET', '/api/v1/incidents'),
  (w) => send(w, 'GET', '/api/v1/teams/current'),
  (w) => send(w, 'GET', '/api/v1/teams/current/members'),
  (w) => send(w, 'GET', '/api/v1/maintenance-windows'),
  (w) => send(w, 'GET', '/api/v1/status-pages/current'),
  (w) => send(w, 'GET', '/api/v1/tokens'),
  (w) => send(w, 'GET', '/api/v1/teams/current', { token: w.hotToken }),
];

const WRITES: Request[] = [
  async (w) => {
    const answer = await fetch(`${w.base}/api/v1/monitors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pick(w.tokens)}`, 'content-type': 'application/json' },
      body: json({ type: 'http', name: `Churn ${fresh()}`, url: `${w.target}/health?c=${fresh()}`, intervalSeconds: 60 }),
    });
    const body = (await answer.json()) as { id?: string };
    if (answer.status === 201 && body.id) w.created.push(body.id);
    return answer.status;
  },
  (w) => (w.created.length ? send(w, 'PATCH', `/api/v1/monitors/${pick(w.created)}`, { body: json({ name: `Renamed ${fresh()}` }) }) : Promise.resolve(0)),
  (w) => (w.created.length > 20 ? send(w, 'DELETE', `/api/v1/monitors/${w.created.shift()!}`) : Promise.resolve(0)),
  async (w) => {
    if (w.windows.length > 10) return send(w, 'DELETE', `/api/v1/maintenance-windows/${w.windows.shift()!}`);
    const start = Date.now() + 3_600_000 * (1 + Math.random() * 48);
    const answer = await fetch(`${w.base}/api/v1/maintenance-windows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pick(w.tokens)}`, 'content-type': 'application/json' },
      body: json({
        title: `Window ${fresh()}`,
        monitorIds: [pick(w.monitorIds)],
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 1_800_000).toISOString(),
      }),
    });
    const body = (await answer.json()) as { id?: string };
    if (answer.status === 201 && body.id) w.windows.push(body.id);
    return answer.status;
  },
  (w) => send(w, 'POST', `/api/v1/monitors/${pick(w.monitorIds)}/check`),
];

const PUBLIC: Request[] = [
  (w) => send(w, 'GET', new URL(w.pingUrl).pathname, { token: null }),
  (w) => send(w, 'POST', `${new URL(w.pingUrl).pathname}/fail`, { token: null, body: `log ${fresh()}`, type: 'text/plain' }),
  (w) => send(w, 'GET', `/ping/${fresh()}${fresh()}${fresh()}`, { token: null }),
  (w) => send(w, 'GET', `/status/${w.slug}`, { token: null, headers: { 'accept-encoding': pick(['br', 'gzip', 'identity']) } }),
  (w) => send(w, 'GET', `/status/${w.slug}.json`, { token: null }),
  (w) => send(w, 'GET', `/status/${w.slug}/feed.atom`, { token: null }),
  (w) => send(w, 'GET', `/status/s-${fresh()}`, { token: null }),
  (w) => send(w, 'GET', '/healthz', { token: null }),
  (w) => send(w, 'GET', '/metrics', { token: null }),
  (w) => send(w, 'GET', `/monitors/${fresh()}`, { token: null }),
];

const MCP: Request[] = [
  (w) => mcp(w, json({ jsonrpc: '2.0', id: 1, method: 'tools/list' })),
  (w) => mcp(w, toolCall('get_team', {})),
  (w) => mcp(w, toolCall('list_monitors', {})),
  (w) => mcp(w, toolCall('get_monitor', { monitorId: pick(w.monitorIds) })),
  (w) => mcp(w, toolCall('get_monitor', { monitorId: fresh() })),
  (w) => mcp(w, toolCall('get_team', pick([null, [1, 2], 'x', 42]))),
  (w) => mcp(w, toolCall(pick([null, 7, ['get_team'], { name: 'get_team' }]), {})),
  (w) => mcp(w, toolCall(`tool_${fresh()}`, {})),
  (w) => mcp(w, toolCall('create_monitor', { type: 'http', name: '', [`field_${fresh()}`]: fresh() })),
  (w) =>
    mcp(
      w,
      json([
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 2, method: `m_${fresh()}` },
      ]),
    ),
  (w) => mcp(w, `{"jsonrpc":"2.0","id":${fresh()}`),
  (w) => mcp(w, json({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), `lk_${fresh()}`),
  (w) => send(w, 'GET', '/mcp'),
];

const HOSTILE: Request[] = [
  (w) => send(w, 'POST', '/api/v1/monitors', { body: `{"type":"http","name":"${fresh()}",` }),
  (w) => send(w, 'POST', '/api/v1/monitors', { body: json({ type: 'http', name: fresh(), url: `notaurl-${fresh()}`, [`x${fresh()}`]: 1 }) }),
  (w) => send(w, 'POST', '/api/v1/monitors', { body: json({ type: `t${fresh()}` }) }),
  (w) => send(w, 'POST', '/api/v1/monitors', { body: 'x'.repeat(200_000 + Math.floor(Math.random() * 1000)), type: 'application/json' }),
  (w) =>
    send(w, 'POST', '/api/v1/monitors', { body: `name=${fresh()}`, type: pick(['text/plain', 'application/x-www-form-urlencoded', `application/${fresh()}`]) }),
  (w) => send(w, 'POST', '/api/v1/monitors', { body: '['.repeat(5000) }),
  (w) => send(w, 'PATCH', `/api/v1/monitors/${pick(w.monitorIds)}`, { body: json({ [`k${fresh()}`]: { nested: [fresh()] } }) }),
  (w) => send(w, 'GET', `/api/v1/monitors/${fresh()}`),
  (w) => send(w, 'GET', `/api/v1/monitors/${randomUUID()}`),
  (w) => send(w, 'GET', `/api/v1/monitors?limit=${fresh()}&cursor=${fresh()}&q${fresh()}=${fresh()}`),
  (w) => send(w, 'GET', `/api/v1/${fresh()}/${fresh()}?${fresh()}=1`),
  (w) => send(w, 'GET', `/${fresh()}.php?${fresh()}`, { token: null }),
  (w) => send(w, pick(['PUT', 'PATCH', 'DELETE']), `/api/v1/monitors`, { body: '{}' }),
  (w) => send(w, 'GET', '/api/v1/monitors', { token: `lk_${fresh()}${fresh()}` }),
  (w) => send(w, 'GET', '/api/v1/monitors', { token: null, headers: { cookie: `lookout_session=${fresh()}${fresh()}` } }),
  (w) => send(w, 'POST', '/api/v1/monitors', { token: null, body: '{}', headers: { cookie: `lookout_session=${fresh()}`, 'x-csrf-token': fresh() } }),
  (w) => send(w, 'GET', '/api/v1/monitors', { headers: { [`x-${fresh()}`]: 'y'.repeat(4000) } }),
  (w) => send(w, 'POST', '/api/v1/session', { token: null, body: json({ email: `${fresh()}@${fresh()}.test`, password: fresh() }) }),
  (w) => send(w, 'POST', '/api/v1/session', { token: null, body: json({ email: fresh(), password: 1 }) }),
  (w) => send(w, 'POST', '/api/v1/session/password', { token: null, body: json({ token: fresh(), password: fresh() }) }),
  (w) =>
    send(w, 'POST', '/api/v1/maintenance-windows', {
      body: json({ title: 'x', monitorIds: [], startsAt: fresh(), endsAt: fresh(), rrule: `FREQ=${fresh()}` }),
    }),
  (w) => halfRequest(w),
];

/** A request that never finishes: a header cut off mid-way, or a body shorter than announced, then the connection dropped. */
function halfRequest(world: World): Promise<number> {
  const { hostname, port } = new URL(world.base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        pick([
          `GET /api/v1/${fresh()} HTTP/1.1\r\nHost: x\r\nX-${fresh()}: `,
          `POST /api/v1/monitors HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"name":"`,
          `\x00\x01GARBAGE ${fresh()}\r\n\r\n`,
        ]),
      );
      setTimeout(() => socket.destroy(), 50 + Math.random() * 500);
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(0));
  });
}

/** An event stream held open for a moment, then dropped, as a browser tab closed or a client gone. */
async function eventStream(world: World): Promise<number> {
  if (world.streams >= MAX_STREAMS) return 0;
  world.streams++;
  const abort = new AbortController();
  try {
    const answer = await fetch(`${world.base}/api/v1/events/stream`, { headers: { authorization: `Bearer ${pick(world.tokens)}` }, signal: abort.signal });
    const reader = answer.body?.getReader();
    setTimeout(() => abort.abort(), 200 + Math.random() * 5000);
    if (reader) while (!(await reader.read()).done);
    return answer.status;
  } catch {
    // Dropping the stream ends the read with an abort: that is the way out, not a failure.
    return abort.signal.aborted ? 200 : -1;
  } finally {
    world.streams--;
  }
}

/** The mix, by weight: most of it ordinary reads, a third hostile. */
const MIX: Array<[number, readonly Request[]]> = [
  [40, READS],
  [6, WRITES],
  [12, PUBLIC],
  [10, MCP],
  [30, HOSTILE],
  [2, [eventStream]],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [weight]) => sum + weight, 0);

function nextRequest(): Request {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [weight, requests] of MIX) {
    if ((roll -= weight) < 0) return pick(requests);
  }
  return pick(READS);
}

interface Tally {
  sent: number;
  skipped: number;
  statuses: Map<number, number>;
}

/** About `rate` requests a second, never more than MAX_IN_FLIGHT at once, until `until` (ms since epoch). */
async function runLoad(world: World, rate: number, until: number, tally: Tally): Promise<void> {
  let inFlight = 0;
  const start = Date.now();
  let issued = 0;
  while (Date.now() < until) {
    const due = Math.floor(((Date.now() - start) / 1000) * rate) - issued;
    for (let i = 0; i < due; i++) {
      issued++;
      if (inFlight >= MAX_IN_FLIGHT) {
        tally.skipped++;
        continue;
      }
      inFlight++;
      tally.sent++;
      void nextRequest()(world)
        .catch(() => -1)
        .then((status) => {
          inFlight--;
          tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
        });
    }
    await sleep(20);
  }
  while (inFlight > 0) await sleep(50);
}

/** `count` hostile and MCP requests as fast as 32 connections send them: the fuzz's burst. */
async function burst(world: World, count: number, tally: Tally): Promise<void> {
  const worker = async () => {
    while (tally.sent < count) {
      tally.sent++;
      const status = await (Math.random() < 0.75 ? pick(HOSTILE) : pick(MCP))(world).catch(() => -1);
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

// ---------------------------------------------------------------------------------------------
// Sampling

interface Sample {
  minute: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  lagP99Ms: number;
  /** The longest delay an idle process beside the server saw since the last sample. */
  probeMaxMs: number;
  requests: number;
}

async function sample(server: BenchServer, startedAt: number, tally: Tally, probe: { takeMaxMs(): number }): Promise<Sample> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return {
    minute: (Date.now() - startedAt) / 60_000,
    rssMb: rssKb / 1024,
    heapUsedMb: metric('lookout_process_nodejs_heap_size_used_bytes') / MB,
    heapTotalMb: metric('lookout_process_nodejs_heap_size_total_bytes') / MB,
    externalMb: metric('lookout_process_nodejs_external_memory_bytes') / MB,
    lagP99Ms: metric('lookout_process_nodejs_eventloop_lag_p99_seconds') * 1000,
    probeMaxMs: probe.takeMaxMs(),
    requests: tally.sent,
  };
}

/** Least-squares slope of `value` against minutes, per hour. */
function slopePerHour(samples: Sample[], value: (s: Sample) => number): number {
  const n = samples.length;
  if (n < 2) return NaN;
  const mx = samples.reduce((s, x) => s + x.minute, 0) / n;
  const my = samples.reduce((s, x) => s + value(x), 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.minute - mx) * (value(s) - my);
    den += (s.minute - mx) ** 2;
  }
  return (num / den) * 60;
}

/** Has the server write a heap snapshot (it collects garbage first) and reads its summary. */
async function snapshot(server: BenchServer, dir: string): Promise<{ file: string; summary: HeapSummary; rssMb: number }> {
  const before = new Set(readdirSync(dir));
  process.kill(server.pid, 'SIGUSR2');
  let file: string | undefined;
  while (!file) {
    await sleep(200);
    file = readdirSync(dir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
  }
  // Writing blocks the server's event loop: once it answers again, the file is complete.
  while (
    !(await fetch(`${server.baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(200);
  const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
  return { file: join(dir, file), summary: summarizeHeapSnapshot(join(dir, file)), rssMb: rssKb / 1024 };
}

// ---------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function main(): Promise<void> {
  const target = await startTarget();
  const probe = startStallProbe();
  let teamId = '';
  const tokens: string[] = [];
  const db = await prepareDatabase(async (services) => {
    const owner = await ownerOfNewTeam(services, 'Soak', 'owner@soak.test');
    teamId = owner.actor.teamId;
    tokens.push(owner.token);
    for (let i = 1; i <= TOKENS; i++) tokens.push((await services.tokens.create({ teamId, userId: owner.actor.userId })).token);
  });
  const third = Math.floor(MONITORS / 3);
  const firstDueAt = Date.now() + 10_000;
  const monitorIds = [
    ...(await seedMonitors(db.databaseUrl, MONITORS - 2 * third, [REGION], `${target.url}/health`, { firstDueAt, teamId })),
    ...(await seedMonitors(db.databaseUrl, third, [REGION], `${target.url}/flap`, { firstDueAt, teamId })),
    ...(await seedMonitors(db.databaseUrl, third, [REGION], `${target.url}/api`, {
      firstDueAt,
      teamId,
      assertions: [
        { source: 'json', path: '$.data.items[137].status', op: 'eq', value: 'ok', severity: 'fail' },
        { source: 'header', name: 'Content-Type', op: 'contains', value: 'json', severity: 'fail' },
      ],
    })),
  ];
  const server = await startBenchServer(
    { DATABASE_URL: db.databaseUrl, LOOKOUT_REGIONS: REGION, LOOKOUT_TARGET_POLICY: 'all', LOOKOUT_MAX_MONITORS_PER_TEAM: '100000' },
    { nodeArgs: ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${db.dir}`], logFile: join(db.dir, 'server.log') },
  );
  const hotToken = tokens.pop()!;
  const world: World = {
    base: server.baseUrl,
    target: target.url,
    tokens,
    hotToken,
    monitorIds,
    pingUrl: '',
    slug: `soak-${fresh()}`,
    created: [],
    windows: [],
    streams: 0,
  };
  const heartbeat = await fetch(`${server.baseUrl}/api/v1/monitors`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[0]!}`, 'content-type': 'application/json' },
    body: json({ type: 'heartbeat', name: 'Soak heartbeat', periodSeconds: 60, graceSeconds: 30 }),
  });
  world.pingUrl = ((await heartbeat.json()) as { pingUrl: string }).pingUrl;
  await send(world, 'PUT', '/api/v1/status-pages/current', { body: json({ slug: world.slug, title: 'Soak', monitorIds: monitorIds.slice(0, 50) }) });

  const tally: Tally = { sent: 0, skipped: 0, statuses: new Map() };
  const startedAt = Date.now();
  const endsAt = startedAt + MINUTES * 60_000;
  const samples: Sample[] = [];
  const snapshots: { first?: Awaited<ReturnType<typeof snapshot>>; last?: Awaited<ReturnType<typeof snapshot>> } = {};
  console.log(`soak: ${MINUTES} min, ~${RATE} requests/s, ${MONITORS} monitors every 60 s, server pid ${server.pid}, data in ${db.dir}`);
  try {
    samples.push(await sample(server, startedAt, tally, probe));
    const sampler = setInterval(() => {
      void sample(server, startedAt, tally, probe).then(
        (s) => {
          samples.push(s);
          console.log(
            `  ${fmt(s.minute)} min: RSS ${fmt(s.rssMb)} MB, heap ${fmt(s.heapUsedMb)}/${fmt(s.heapTotalMb)} MB, external ${fmt(s.externalMb)} MB, lag p99 ${fmt(s.lagP99Ms)} ms (idle probe: max ${s.probeMaxMs} ms), ${s.requests} requests`,
          );
        },
        (error: unknown) => console.warn(`sample failed: ${String(error)}`),
      );
    }, SAMPLE_SECONDS * 1000);
    await runLoad(world, RATE, Math.min(endsAt, startedAt + WARMUP_SECONDS * 1000), tally);
    snapshots.first = await snapshot(server, db.dir);
    console.log(`first snapshot: live heap ${fmt(snapshots.first.summary.totalBytes / MB)} MB, RSS ${fmt(snapshots.first.rssMb)} MB`);
    if (BURST > 0) {
      const burstTally: Tally = { sent: 0, skipped: 0, statuses: new Map() };
      await burst(world, BURST, burstTally);
      console.log(`burst: ${burstTally.sent} hostile requests, answers ${[...burstTally.statuses].map(([k, v]) => `${v} × ${k}`).join(', ')}`);
    }
    await runLoad(world, RATE, endsAt, tally);
    clearInterval(sampler);
    await sleep(15_000);
    samples.push(await sample(server, startedAt, tally, probe));
    snapshots.last = await snapshot(server, db.dir);
    const after = await sample(server, startedAt, tally, probe);
    console.log(`last snapshot (after 15 s idle): live heap ${fmt(snapshots.last.summary.totalBytes / MB)} MB, RSS ${fmt(snapshots.last.rssMb)} MB`);

    const half = samples.filter((s) => s.minute >= MINUTES / 2);
    const middle = samples.reduce((best, s) => (Math.abs(s.minute - MINUTES / 2) < Math.abs(best.minute - MINUTES / 2) ? s : best), samples[0]!);
    const at = (s: Sample) => `RSS ${fmt(s.rssMb)} MB, heap used ${fmt(s.heapUsedMb)} MB (${fmt(s.minute)} min)`;
    console.log(`\n${machine()}, ${new Date().toISOString()}`);
    console.log(
      `requests: ${tally.sent} sent, ${tally.skipped} skipped (in-flight cap); answers ${[...tally.statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([k, v]) => `${v} × ${k}`)
        .join(', ')}`,
    );
    console.log(`start:  ${at(samples[0]!)}\nmiddle: ${at(middle)}\nend:    ${at(samples.at(-1)!)}`);
    console.log(
      `slope over the last half: RSS ${fmt(slopePerHour(half, (s) => s.rssMb))} MB/h, heap used ${fmt(slopePerHour(half, (s) => s.heapUsedMb))} MB/h`,
    );
    console.log(
      `live heap (snapshots): ${fmt(snapshots.first.summary.totalBytes / MB)} MB → ${fmt(snapshots.last.summary.totalBytes / MB)} MB; RSS after the last snapshot ${fmt(after.rssMb)} MB`,
    );
    console.log('\ngrew most between the snapshots (self size):');
    console.log('| group | count Δ | MB Δ | count | MB |\n|---|---|---|---|---|');
    for (const row of grownGroups(snapshots.first.summary, snapshots.last.summary, 15)) {
      console.log(`| ${row.name.slice(0, 60)} | ${row.countDelta} | ${fmt(row.bytesDelta / MB, 2)} | ${row.count} | ${fmt(row.bytes / MB, 2)} |`);
    }
    if (env.SOAK_JSON)
      writeFileSync(
        env.SOAK_JSON,
        JSON.stringify({ minutes: MINUTES, rate: RATE, monitors: MONITORS, samples, statuses: Object.fromEntries(tally.statuses) }, null, 2),
      );
  } finally {
    await server.stop();
    target.stop();
    probe.stop();
    if (env.SOAK_KEEP !== '1') db.cleanup();
  }
}

await main();
