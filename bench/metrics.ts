/**
 * npm run bench:metrics — one scrape of GET /api/v1/metrics with BENCH_METRICS_MONITORS (10,000)
 * monitors in a team, each checked from 3 regions: newest runs, 24 hourly and 30 daily rollups per
 * region, a certificate on every fourth. The goal: one scrape answers in under 1 s.
 *
 * Seeds a fresh SQLite database (monitors through the bench seed, runs and rollups straight into the
 * tables), starts `lookout serve` on it (LOOKOUT_REGIONS=none: nothing is checked meanwhile), then
 * scrapes BENCH_SCRAPES (5) times one after the other and reports each scrape's wall time and the
 * server's CPU time for it. The baseline, in the same run and on the same data: GET /api/v1/monitors
 * (the team's whole list, which the database writes as JSON), the API's largest answer until now.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { REGIONS } from '../src/shared/vocabulary.js';
import { DAY_MS, HOUR_MS } from '../src/domain/rollup-buckets.js';
import { machine, ownerOfNewTeam, prepareDatabase, startBenchServer } from './harness.js';
import { seedMonitors } from './seed.js';

const MONITORS = Number(process.env.BENCH_METRICS_MONITORS ?? 10_000);
const SCRAPES = Number(process.env.BENCH_SCRAPES ?? 5);
const GOAL_MS = 1000;
const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = fields.slice(fields.lastIndexOf(')') + 2).split(' ');
  return ((Number(rest[11]) + Number(rest[12])) * 1000) / TICKS_PER_SECOND;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  let token = '';
  let teamId = '';
  const db = await prepareDatabase(async (services) => {
    const owner = await ownerOfNewTeam(services, 'Metrics', 'metrics@bench.test');
    token = owner.token;
    teamId = owner.actor.teamId;
  });
  try {
    const started = Date.now();
    const ids = await seedMonitors(db.databaseUrl, MONITORS, REGIONS, 'http://127.0.0.1:9/health', { firstDueAt: Date.now() + DAY_MS, teamId });
    fill(join(db.dir, 'lookout.db'), ids);
    console.log(`seeded ${MONITORS} monitors with runs and rollups in ${Date.now() - started} ms`);
    // A database of this size on a busy machine: give the server time to open it.
    const server = await startBenchServer({ DATABASE_URL: db.databaseUrl }, { startTimeoutMs: 120_000 });
    try {
      const measure = async (path: string) => {
        const cpuBefore = cpuMsOf(server.pid);
        const t = performance.now();
        const answer = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
        const text = await answer.text();
        const ms = performance.now() - t;
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${text.slice(0, 200)}`);
        return { ms, cpuMs: cpuMsOf(server.pid) - cpuBefore, bytes: Buffer.byteLength(text), lines: text.split('\n').length - 1 };
      };
      // One of each first: compiled queries and warm caches, as a scraper every 15 s meets them.
      await measure('/api/v1/metrics');
      await measure('/api/v1/monitors');
      const scrapes = [];
      const lists = [];
      for (let i = 0; i < SCRAPES; i++) {
        scrapes.push(await measure('/api/v1/metrics'));
        lists.push(await measure('/api/v1/monitors'));
      }
      const s = { ms: median(scrapes.map((x) => x.ms)), cpuMs: median(scrapes.map((x) => x.cpuMs)) };
      const l = { ms: median(lists.map((x) => x.ms)), cpuMs: median(lists.map((x) => x.cpuMs)) };
      console.log(`${machine()}; ${new Date().toISOString()}; load ${execSync('cat /proc/loadavg').toString().trim()}`);
      console.log(
        `| answer | monitors | size | wall ms (median of ${SCRAPES}; each) | server CPU ms (median) | ratio to the list (wall / CPU) |\n|---|---|---|---|---|---|`,
      );
      console.log(
        `| GET /api/v1/metrics | ${MONITORS} | ${(scrapes[0]!.bytes / 1e6).toFixed(1)} MB, ${scrapes[0]!.lines} lines | ${s.ms.toFixed(0)} (${scrapes.map((x) => x.ms.toFixed(0)).join(', ')}) | ${s.cpuMs.toFixed(0)} | ${(s.ms / l.ms).toFixed(2)} / ${(s.cpuMs / Math.max(1, l.cpuMs)).toFixed(2)} |`,
      );
      console.log(
        `| GET /api/v1/monitors (baseline) | ${MONITORS} | ${(lists[0]!.bytes / 1e6).toFixed(1)} MB | ${l.ms.toFixed(0)} (${lists.map((x) => x.ms.toFixed(0)).join(', ')}) | ${l.cpuMs.toFixed(0)} | 1 |`,
      );
      console.log(
        `goal: one scrape under ${GOAL_MS} ms: ${Math.max(...scrapes.map((x) => x.ms)) < GOAL_MS ? 'held' : 'NOT held'} (slowest ${Math.max(...scrapes.map((x) => x.ms)).toFixed(0)} ms)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    db.cleanup();
  }
}

/** Each monitor up, its newest run per region, 24 hourly and 30 daily rollups (days before today, folded) per region, a certificate on every fourth. */
function fill(file: string, ids: readonly string[]): void {
  const sqlite = new SQLite(file);
  const now = Date.now();
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const certificate = JSON.stringify({
    subject: 'service.example.com',
    issuer: 'Bench CA',
    validFrom: new Date(now - 30 * DAY_MS).toISOString(),
    validTo: new Date(now + 60 * DAY_MS).toISOString(),
    daysRemaining: 60,
    fingerprint256: 'AB:CD',
  });
  const status = sqlite.prepare('update monitors set status = ?, certificate = ?, last_checked_at = ? where id = ?');
  const run = sqlite.prepare(
    'insert into monitor_runs (id, monitor_id, region, trigger, started_at, duration_ms, ok, attempts) values (?, ?, ?, ?, ?, ?, 1, 1)',
  );
  const rollup = sqlite.prepare('insert into rollups (monitor_id, region, period, bucket_start, checks, failures, duration_sum) values (?, ?, ?, ?, ?, ?, ?)');
  sqlite.transaction(() => {
    ids.forEach((id, i) => {
      status.run(i % 10 === 0 ? 'down' : 'up', i % 4 === 0 ? certificate : null, now, id);
      for (const region of REGIONS) {
        run.run(`${id}-${region}`, id, region, 'scheduled', now - 30_000, 40 + (i % 200));
        for (let h = 0; h < 24; h++) rollup.run(id, region, 'hour', hour - h * HOUR_MS, 60, i % 10 === 0 ? 3 : 0, 60 * 80);
        // Ended days are folded into daily rows; today is read from its hours.
        for (let d = 1; d <= 30; d++) rollup.run(id, region, 'day', day - d * DAY_MS, 1440, i % 10 === 0 ? 30 : 0, 1440 * 80);
      }
    });
    sqlite.prepare("insert into rollup_folds (period, folded_through) values ('day', ?)").run(day);
  })();
  sqlite.close();
}

await main();
