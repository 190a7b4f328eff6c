import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS } from '../src/domain/rollup-buckets.js';
import { FOLD_AFTER_MS, foldDays } from '../src/domain/rollup-days.js';
import { REGIONS } from '../src/shared/vocabulary.js';
import { openStore } from '../src/store/database.js';
import { seedHourlyRollups, seedMonitors } from './seed.js';

/*
 * Folding one ended day into daily rollups, on SQLite, where each of its statements holds the event
 * loop: FOLD_MONITORS (50,000) monitors × 3 regions × 24 hourly rows, summed a page of monitors
 * (FOLD_PAGE, 100: the retention pass's) per statement. Prints the whole fold's time and CPU, the
 * statements, and the longest of them: what a request or a check waits at most while it runs.
 * Checks that the daily rows hold the sums of the hours.
 */

const monitors = Number(process.env.FOLD_MONITORS ?? 50_000);
const perPage = Number(process.env.FOLD_PAGE ?? 100);

const dir = mkdtempSync(join(tmpdir(), 'lookout-fold-'));
const url = `file:${join(dir, 'lookout.db')}`;
const day = Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS;
await seedMonitors(url, monitors, REGIONS, 'http://127.0.0.1:9/', { firstDueAt: day });
const store = openStore(url);
const seeding = performance.now();
// A whole day of hours for every monitor and region: 60 checks an hour, one failed, 40 ms each.
await seedHourlyRollups(store.db, REGIONS, day, 24);
const hourRows = monitors * REGIONS.length * 24;
console.log(`${hourRows.toLocaleString('en')} hourly rows written in ${Math.round(performance.now() - seeding)} ms`);

const pages: number[] = [];
let pageStarted = performance.now();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const folded = await foldDays(store.db, day + DAY_MS + FOLD_AFTER_MS, {
  monitorsPerPage: perPage,
  afterPage: async () => {
    pages.push(performance.now() - pageStarted);
    await new Promise((resolve) => setImmediate(resolve));
    pageStarted = performance.now();
    return true;
  },
});
const elapsed = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);

const sums = await store.db
  .selectFrom('rollups')
  .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('checks').as('checks'), eb.fn.sum<number>('h2').as('timed')])
  .where('period', '=', 'day')
  .where('bucket_start', '=', day)
  .executeTakeFirstOrThrow();
const expected = { rows: monitors * REGIONS.length, checks: hourRows * 60, timed: hourRows * 60 };
if (folded !== 1 || sums.rows !== expected.rows || sums.checks !== expected.checks || sums.timed !== expected.timed) {
  throw new Error(`the fold is wrong: ${folded} days, ${JSON.stringify(sums)} against ${JSON.stringify(expected)}`);
}
pages.sort((a, b) => a - b);
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(
  `| monitors × regions | hourly rows | statements (monitors each) | the fold: time / CPU | statement p50 / p99 / longest |\n|---|---|---|---|---|\n` +
    `| ${monitors.toLocaleString('en')} × ${REGIONS.length} | ${hourRows.toLocaleString('en')} | ${pages.length} (${perPage}) | ${(elapsed / 1000).toFixed(2)} s / ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s | ${ms(pages[Math.floor(pages.length / 2)]!)} / ${ms(pages[Math.floor(pages.length * 0.99)]!)} / ${ms(pages.at(-1)!)} |`,
);
await store.close();
rmSync(dir, { recursive: true, force: true });
