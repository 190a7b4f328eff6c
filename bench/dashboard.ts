/**
 * npm run bench:dashboard — what a person waits for when they open the dashboard.
 *
 * Prints the size of the dashboard's built files (raw and gzip, as the server sends them to a
 * browser that asks for it), then measures the first load of the monitors page in Debian's
 * Chromium: a new browser context each time (nothing cached), signed in by a session cookie, from
 * navigation to every row of the list drawn. Two teams on one `lookout serve`: one with 500 HTTP
 * monitors carrying a day of rollups in three regions, one with none (the same page and files with
 * nothing to list: the yardstick of the same run). BENCH_ROUNDS (default 5) loads of each,
 * interleaved; the median is reported. BENCH_DASHBOARD_MONITORS changes the 500.
 */
import Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { REGIONS } from '../src/shared/vocabulary.js';
import type { Actor } from '../src/domain/actor.js';
import { launchBrowser } from '../test/dashboard/browser.js';
import { ensureDashboardBuilt } from '../test/dashboard/web-build.js';
import { machine, prepareDatabase, startBenchServer } from './harness.js';

const MONITORS = Number(process.env.BENCH_DASHBOARD_MONITORS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL_MS = 1000;
const PASSWORD = 'correct horse battery staple';
const HOUR = 3_600_000;
const ASSETS = new URL('../web/dist/assets/', import.meta.url).pathname;

function bundleSizes(): { file: string; bytes: number; gzip: number }[] {
  return readdirSync(ASSETS)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({ file, bytes: statSync(join(ASSETS, file)).size, gzip: gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Signs in through the API as the page would; answers the session cookie. */
async function sessionCookie(baseUrl: string, email: string): Promise<{ name: string; value: string }> {
  const answer = await fetch(`${baseUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${await answer.text()}`);
  const [pair] = (answer.headers.get('set-cookie') ?? '').split(';');
  const [name, value] = pair!.split('=') as [string, string];
  return { name, value };
}

/** One first load of /monitors in a fresh context: ms from navigation start until `rows` rows are drawn. */
async function firstLoad(browser: Browser, baseUrl: string, cookie: { name: string; value: string }, rows: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  try {
    await context.addCookies([{ ...cookie, url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/monitors`);
    if (rows > 0)
      await page
        .locator('tr[data-monitor-id]')
        .nth(rows - 1)
        .waitFor({ state: 'attached', timeout: 30_000 });
    else await page.getByText('No monitors yet').waitFor({ timeout: 30_000 });
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  await ensureDashboardBuilt();
  const emails = { full: 'full@bench.test', empty: 'empty@bench.test' };
  const monitorIds: string[] = [];
  const db = await prepareDatabase(async (services) => {
    for (const [kind, email] of Object.entries(emails)) {
      const team = await services.teams.create({ name: kind === 'full' ? 'Fleet' : 'Empty' });
      const user = await services.users.create({ email, name: kind, password: PASSWORD });
      await services.teams.addMember(team.id, user.id, 'Owner');
      if (kind !== 'full') continue;
      const actor: Actor = { tokenId: 'bench', userId: user.id, teamId: team.id, role: 'Owner' };
      for (let i = 0; i < MONITORS; i++) {
        const monitor = await services.monitors.create(actor, {
          type: 'http',
          name: `Service ${String(i + 1).padStart(3, '0')}`,
          intervalSeconds: 60,
          timeoutSeconds: 10,
          regions: [...REGIONS],
          url: `https://service-${i}.example.com/health`,
          method: 'GET',
          expectedStatus: 200,
        });
        monitorIds.push(monitor.id);
      }
    }
  });
  // A day of hourly rollups in every region, as the run recorder would have left them: the list's
  // uptime and response-time columns have something to show.
  const sqlite = new Database(db.databaseUrl.slice('file:'.length));
  const hour = Math.floor(Date.now() / HOUR) * HOUR;
  const insert = sqlite.prepare(
    'INSERT INTO rollups (monitor_id, region, period, bucket_start, checks, failures, duration_sum, h0, h1, h2, h3) VALUES (?, ?, ?, ?, 60, 0, 8400, 0, 55, 4, 1)',
  );
  sqlite.transaction(() => {
    for (const id of monitorIds) for (const region of REGIONS) for (let h = 0; h < 24; h++) insert.run(id, region, 'hour', hour - h * HOUR);
  })();
  sqlite.close();

  const server = await startBenchServer({ DATABASE_URL: db.databaseUrl });
  const browser = await launchBrowser();
  try {
    const cookies = { full: await sessionCookie(server.baseUrl, emails.full), empty: await sessionCookie(server.baseUrl, emails.empty) };
    // One load of each first, not counted: the server's first answers compile its statements.
    await firstLoad(browser, server.baseUrl, cookies.full, MONITORS);
    await firstLoad(browser, server.baseUrl, cookies.empty, 0);
    const times = { full: [] as number[], empty: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      times.empty.push(await firstLoad(browser, server.baseUrl, cookies.empty, 0));
      times.full.push(await firstLoad(browser, server.baseUrl, cookies.full, MONITORS));
    }
    const full = median(times.full);
    const empty = median(times.empty);
    console.log(`machine: ${machine()}, Chromium (Debian)`);
    console.log('\n| file | bytes | gzip |\n|---|---|---|');
    for (const size of bundleSizes()) console.log(`| ${size.file} | ${size.bytes} | ${size.gzip} |`);
    console.log(`\n| first load of /monitors | median of ${ROUNDS} | each |\n|---|---|---|`);
    console.log(`| no monitors (yardstick) | ${Math.round(empty)} ms | ${times.empty.map(Math.round).join(', ')} |`);
    console.log(`| ${MONITORS} monitors | ${Math.round(full)} ms (${(full / empty).toFixed(2)}×) | ${times.full.map(Math.round).join(', ')} |`);
    console.log(`\ngoal: ${MONITORS} monitors under ${GOAL_MS} ms: ${full < GOAL_MS ? 'met' : 'NOT met'}`);
  } finally {
    await browser.close();
    await server.stop();
    db.cleanup();
  }
}

await main();
