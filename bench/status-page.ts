/**
 * npm run bench:statuspage — the public status page with 50 monitors and 90 days of rollups.
 *
 * Seeds a fresh SQLite database: a team with 50 HTTP monitors (through the domain services), a
 * status page listing all 50, two open incidents with posted updates and one resolved, and
 * rollups written straight into the table: daily rows for 90 days and hourly rows for 30 days,
 * in three regions each. Starts `lookout serve` on it (LOG_LEVEL=warn) and drives it with
 * autocannon at 10 connections: GET /healthz, as the yardstick of the same run, the page (HTML,
 * uncompressed and br as browsers ask for it), its JSON summary and its Atom feed; then the page
 * while a monitor changes status every second (each change makes the next request rebuild the
 * page). Every answer must be a 200.
 * Side by side in the same rounds: a second team's page with the same 50 monitors' worth of data in
 * 5 groups and two maintenance windows (one under way, one upcoming), and badges (the page's
 * status, and a monitor's 30-day uptime).
 * The runs are repeated in interleaved rounds and each row reports the round with the median
 * req/s. BENCH_SECONDS (default 10) sets the length of each run, BENCH_ROUNDS (default 3) the rounds.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { REGIONS } from '../src/shared/vocabulary.js';
import type { Actor } from '../src/domain/actor.js';
import { DAY_MS } from '../src/domain/status-pages.js';
import { load, machine, prepareDatabase, startBenchServer, table, type LoadResult } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const MONITORS = 50;
const DAYS = 90;
const HOURLY_DAYS = 30;
const GOAL_RPS = 2_000;
const GOAL_BADGE_RPS = 5_000;
const GROUPED_SLUG = 'bench-groups';
const GOAL_P99_MS = 30;
const SLUG = 'bench';

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** CPU time (user + system) the process has used so far, in ms. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

type Measured = LoadResult & { cpuPerRequestMs: number };

/**
 * Runs `run` and adds the server process's CPU time per request (less its idle background rate):
 * unlike wall-clock figures, it hardly depends on what else the machine is doing.
 */
async function measured(pid: number, backgroundMsPerSecond: number, run: () => Promise<LoadResult>): Promise<Measured> {
  const before = cpuMsOf(pid);
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const requests = Object.values(result.statusCounts).reduce((a, b) => a + b, 0);
  const busy = cpuMsOf(pid) - before - backgroundMsPerSecond * seconds;
  return { ...result, cpuPerRequestMs: Math.max(0, busy) / Math.max(1, requests) };
}

/** As harness `load`, with request headers (the harness sends none but `authorization`). */
async function loadWithHeaders(options: {
  label: string;
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const result = await autocannon({ url: options.url, connections: options.connections, duration: options.seconds, headers: options.headers });
  const statusCounts: Record<string, number> = {};
  for (const [code, n] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = (n as { count: number }).count;
  return { label: options.label, requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, statusCounts };
}

function requireAllOk(result: LoadResult): void {
  const other = Object.entries(result.statusCounts).filter(([code]) => code !== '200');
  if (other.length > 0) throw new Error(`${result.label}: answers other than 200: ${JSON.stringify(result.statusCounts)}`);
}

/** Mostly clean days, a bad hour now and then, like a real fleet. Deterministic. */
function failuresFor(monitor: number, day: number, checks: number): number {
  const n = (monitor * 7919 + day * 104729) % 97;
  if (n === 0) return Math.round(checks * 0.12);
  if (n < 4) return Math.round(checks * 0.01);
  if (n < 12) return 1;
  return 0;
}

async function main(): Promise<void> {
  const started = Date.now();
  const monitorIds: string[] = [];
  const groupedIds: string[] = [];
  const db = await prepareDatabase(async (services) => {
    const team = await services.teams.create({ name: 'Bench' });
    const user = await services.users.create({ email: 'owner@bench.test' });
    await services.teams.addMember(team.id, user.id, 'Owner');
    const actor: Actor = { tokenId: 'bench', userId: user.id, teamId: team.id, role: 'Owner' };
    for (let i = 0; i < MONITORS; i++) {
      const monitor = await services.monitors.create(actor, {
        type: 'http',
        name: `Service ${String(i + 1).padStart(2, '0')}`,
        intervalSeconds: 60,
        timeoutSeconds: 10,
        regions: [...REGIONS],
        url: `https://service-${i}.example.com/health`,
        method: 'GET',
        expectedStatus: 200,
      });
      monitorIds.push(monitor.id);
    }
    await services.statusPages.put(actor, { slug: SLUG, title: 'Bench status', monitorIds });
    for (const [i, severity] of (['major', 'minor'] as const).entries()) {
      const incident = await services.incidents.create(actor, { title: `Incident ${i + 1}`, monitorId: monitorIds[i], severity, message: 'Investigating.' });
      await services.incidents.postUpdate(actor, incident.id, { message: 'Identified the cause.', status: 'identified' });
      await services.incidents.postUpdate(actor, incident.id, { message: 'Internal only.', postedToStatusPage: false });
    }
    const resolved = await services.incidents.create(actor, { title: 'Resolved incident', message: 'Looking into it.' });
    await services.incidents.resolve(actor, resolved.id, { message: 'Fixed.' });

    // The second team: the same kind of page, in groups, with maintenance shown.
    const other = await services.teams.create({ name: 'Bench groups' });
    await services.teams.addMember(other.id, user.id, 'Owner');
    const second: Actor = { tokenId: 'bench', userId: user.id, teamId: other.id, role: 'Owner' };
    for (let i = 0; i < MONITORS; i++) {
      const monitor = await services.monitors.create(second, {
        type: 'http',
        name: `Grouped service ${String(i + 1).padStart(2, '0')}`,
        intervalSeconds: 60,
        timeoutSeconds: 10,
        regions: [...REGIONS],
        url: `https://grouped-${i}.example.com/health`,
        method: 'GET',
        expectedStatus: 200,
      });
      groupedIds.push(monitor.id);
    }
    const groups = Array.from({ length: 5 }, (_, g) => ({ name: `Group ${g + 1}`, monitorIds: groupedIds.slice(g * 10, g * 10 + 10) }));
    await services.statusPages.put(second, { slug: GROUPED_SLUG, title: 'Bench status in groups', monitorIds: groupedIds, groups });
    const now = Date.now();
    await services.maintenanceWindows.create(second, {
      title: 'Network maintenance',
      monitorIds: groupedIds.slice(0, 5),
      startsAt: new Date(now - 3_600_000).toISOString(),
      endsAt: new Date(now + 6 * 3_600_000).toISOString(),
    });
    await services.maintenanceWindows.create(second, {
      title: 'Database upgrade',
      monitorIds: groupedIds.slice(10, 20),
      startsAt: new Date(now + 2 * DAY_MS).toISOString(),
      endsAt: new Date(now + 2 * DAY_MS + 3_600_000).toISOString(),
    });
    const grouped = await services.incidents.create(second, { title: 'Grouped incident', monitorId: groupedIds[30], message: 'Investigating.' });
    await services.incidents.postUpdate(second, grouped.id, { message: 'Identified the cause.', status: 'identified' });
  });

  // Rollups straight into the tables, as the run recorder and the retention pass would have left
  // them: ended days folded into daily rows, today read from its hours.
  const sqlite = new Database(db.databaseUrl.slice('file:'.length));
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const insert = sqlite.prepare(
    'INSERT INTO rollups (monitor_id, region, period, bucket_start, checks, failures, duration_sum, h0, h1, h2, h3) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)',
  );
  let rows = 0;
  sqlite.transaction(() => {
    [...monitorIds, ...groupedIds].forEach((id, m) => {
      for (const region of REGIONS) {
        for (let d = 1; d < DAYS; d++) {
          const checks = 1440;
          const failures = failuresFor(m, d, checks);
          insert.run(id, region, 'day', today - d * DAY_MS, checks, failures, checks * 140, checks - 100, 80, 20);
          rows++;
        }
        for (let h = 0; h < HOURLY_DAYS * 24; h++) {
          insert.run(id, region, 'hour', today - h * 3_600_000, 60, 0, 60 * 140, 55, 4, 1);
          rows++;
        }
      }
    });
    sqlite.prepare("INSERT INTO rollup_folds (period, folded_through) VALUES ('day', ?)").run(today);
  })();
  sqlite.prepare("UPDATE monitors SET status = 'up'").run();
  sqlite.prepare("UPDATE monitors SET status = 'degraded' WHERE id = ?").run(monitorIds[0]);
  sqlite.prepare("UPDATE monitors SET status = 'degraded' WHERE id = ?").run(groupedIds[30]);
  sqlite.close();
  console.log(`seeded ${MONITORS} monitors, a page listing them, 3 incidents and ${rows} rollup rows in ${Date.now() - started} ms`);

  const server = await startBenchServer({ DATABASE_URL: db.databaseUrl });
  const flipper = new Database(db.databaseUrl.slice('file:'.length));
  flipper.pragma('busy_timeout = 5000');
  try {
    const page = `${server.baseUrl}/status/${SLUG}`;
    const groupedPage = `${server.baseUrl}/status/${GROUPED_SLUG}`;
    const sizes: Record<string, number> = {};
    for (const [name, url] of [
      ['html', page],
      ['grouped', groupedPage],
      ['badge', `${groupedPage}/badge.svg`],
      ['uptimeBadge', `${groupedPage}/badge/7.svg?metric=uptime&days=30`],
      ['json', `${page}.json`],
      ['atom', `${page}/feed.atom`],
    ] as const) {
      const answer = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
      sizes[name] = (await answer.arrayBuffer()).byteLength;
    }
    // fetch decodes on its own; the compressed size is what went over the wire.
    const compressed = await new Promise<number>((resolve, reject) => {
      request(page, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
      })
        .on('error', reject)
        .end();
    });
    sizes.br = compressed;
    const kib = (n: number) => `${Math.round(n / 1024)} KiB`;
    await load({ label: 'warm-up', url: page, connections: 4, seconds: 3 });

    // Rounds of every run, interleaved, so that a busy moment of the machine does not land on one
    // run only; each row is the round with the median req/s.
    type Run = { label: string; url: string; headers?: Record<string, string> };
    const runs: Run[] = [
      { label: `GET /healthz (yardstick)`, url: `${server.baseUrl}/healthz` },
      { label: `GET /status/${SLUG} (HTML, ${kib(sizes.html!)})`, url: page },
      { label: `GET /status/${SLUG} (HTML, br as browsers ask: ${kib(sizes.br)})`, url: page, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      { label: `GET /status/${SLUG}.json (${kib(sizes.json!)})`, url: `${page}.json` },
      { label: `GET /status/${SLUG}/feed.atom (${kib(sizes.atom!)})`, url: `${page}/feed.atom` },
      { label: `GET /status/${GROUPED_SLUG} (HTML, 5 groups, maintenance, ${kib(sizes.grouped!)})`, url: groupedPage },
      { label: `GET /status/${GROUPED_SLUG} (HTML, 5 groups, maintenance, br)`, url: groupedPage, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      { label: `GET /status/${GROUPED_SLUG}/badge.svg (${sizes.badge!} B)`, url: `${groupedPage}/badge.svg` },
      {
        label: `GET /status/${GROUPED_SLUG}/badge/7.svg?metric=uptime&days=30 (${sizes.uptimeBadge!} B)`,
        url: `${groupedPage}/badge/7.svg?metric=uptime&days=30`,
      },
    ];
    // What the idle server spends in the background (timers, pumps), to leave out of the CPU figures.
    const idleFrom = cpuMsOf(server.pid);
    await new Promise((r) => setTimeout(r, 3000));
    const backgroundMsPerSecond = (cpuMsOf(server.pid) - idleFrom) / 3;

    const rounds: Measured[][] = runs.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, r] of runs.entries()) {
        const label = `${r.label}, ${CONNECTIONS} connections`;
        const result = await measured(server.pid, backgroundMsPerSecond, () =>
          r.headers
            ? loadWithHeaders({ label, url: r.url, headers: r.headers, connections: CONNECTIONS, seconds: SECONDS })
            : load({ label, url: r.url, connections: CONNECTIONS, seconds: SECONDS }),
        );
        requireAllOk(result);
        rounds[i]!.push(result);
      }
    }
    const median = (list: Measured[]) => [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(list.length / 2)]!;
    const results = rounds.map(median);
    const [health, html, browserLike, , , grouped, groupedBr, badge, uptimeBadge] = results as [
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
      Measured,
    ];

    // A monitor changes status every second: every change makes the page build again.
    const flip = flipper.prepare('UPDATE monitors SET status = ? WHERE id = ?');
    let flips = 0;
    const timer = setInterval(() => flip.run(++flips % 2 === 0 ? 'up' : 'down', monitorIds[1]), 1000);
    try {
      const label = `GET /status/${SLUG} (HTML, br) with a status change every second, ${CONNECTIONS} connections`;
      const flipping = await measured(server.pid, backgroundMsPerSecond, () =>
        loadWithHeaders({ label, url: page, headers: { 'accept-encoding': 'gzip, deflate, br' }, connections: CONNECTIONS, seconds: SECONDS }),
      );
      requireAllOk(flipping);
      results.push(flipping);
    } finally {
      clearInterval(timer);
    }

    console.log(
      `\n${machine()}, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}, ${new Date().toISOString()}`,
    );
    console.log(`${MONITORS} monitors, ${DAYS} days of rollups; ${SECONDS} s per run, median of ${ROUNDS} interleaved rounds\n`);
    console.log(table(results));
    console.log('\n| run | server CPU ms/request | req/s one core could serve |\n|---|---|---|');
    for (const r of results)
      console.log(`| ${r.label} | ${r.cpuPerRequestMs.toFixed(3)} | ${r.cpuPerRequestMs > 0 ? Math.round(1000 / r.cpuPerRequestMs) : '–'} |`);
    const verdict = (r: LoadResult) =>
      `${r.requestsPerSecond} req/s, p99 ${r.p99} ms: ${r.requestsPerSecond >= GOAL_RPS && r.p99 < GOAL_P99_MS ? 'met' : 'NOT met'}`;
    console.log(
      `\ngoal ≥ ${GOAL_RPS} req/s, p99 < ${GOAL_P99_MS} ms. Page, uncompressed: ${verdict(html)}; page, as browsers ask for it: ${verdict(browserLike)}`,
    );
    console.log(`/healthz in the same run: ${health.requestsPerSecond} req/s, p99 ${health.p99} ms; ${flips} status changes during the last run`);
    const ratio = (a: LoadResult, b: LoadResult) => (a.requestsPerSecond / b.requestsPerSecond).toFixed(2);
    console.log(
      `page with groups and maintenance (goal ≥ ${GOAL_RPS} req/s): ${verdict(grouped)}, ${ratio(grouped, html)}× the plain page; br: ${groupedBr.requestsPerSecond} req/s, ${ratio(groupedBr, browserLike)}× the plain page`,
    );
    const badgeVerdict = (r: LoadResult) => `${r.requestsPerSecond} req/s, p99 ${r.p99} ms: ${r.requestsPerSecond >= GOAL_BADGE_RPS ? 'met' : 'NOT met'}`;
    console.log(
      `badges (goal ≥ ${GOAL_BADGE_RPS} req/s): status ${badgeVerdict(badge)}, uptime ${badgeVerdict(uptimeBadge)}; ${ratio(badge, health)}× and ${ratio(uptimeBadge, health)}× /healthz`,
    );
  } finally {
    flipper.close();
    await server.stop();
    db.cleanup();
  }
}

await main();
