import { Migrator, sql, type Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/domain/rollup-buckets.js';
import { rollupsByDay } from '../../src/domain/rollup-days.js';
import { openStore, type Store } from '../../src/store/database.js';
import { migrations } from '../../src/store/migrations/index.js';
import { TEST_STORE, createTestDatabase, type TestDatabase } from '../helpers/cluster.js';

/*
 * A database from before daily rollups were folded, where every run wrote its day's row: every day
 * but the newest stays read from its daily rows, the newest (whose row runs no longer add to) from
 * its hours. A database without daily rows marks nothing folded. On the suite's store.
 */

const stores: Array<{ store: Store; database: TestDatabase | null; dir: string }> = [];
async function freshStore(): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-rollup-folds-'));
  const database = TEST_STORE === 'postgres' ? await createTestDatabase() : null;
  const store = openStore(database?.url ?? `file:${join(dir, 'lookout.db')}`);
  stores.push({ store, database, dir });
  return store;
}
afterAll(async () => {
  for (const { store, database, dir } of stores) {
    await store.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});

const migrator = (db: Kysely<unknown>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });
const DAY = 1_794_700_800_000; // a day's start (UTC)

function rollup(period: 'hour' | 'day', bucketStart: number, checks: number, failures: number) {
  const histogram = { h0: checks, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0, h8: 0, h9: 0, h10: 0, h11: 0 };
  return { monitor_id: 'm-1', region: 'us-east', period, bucket_start: bucketStart, checks, failures, duration_sum: checks * 5, ...histogram };
}

let store: Store;
beforeAll(async () => {
  store = await freshStore();
});

describe('the rollup folds migration', () => {
  it('marks every day before the newest daily row folded', async () => {
    const db = store.db as unknown as Kysely<any>;
    expect((await migrator(db).migrateTo('0027-due-times-in-monitors')).error).toBeUndefined();
    // As the former recorder left them: each run in its hour's row and its day's.
    await db
      .insertInto('rollups')
      .values([
        rollup('day', DAY - DAY_MS, 24, 2),
        rollup('hour', DAY - DAY_MS + 5 * HOUR_MS, 24, 2),
        rollup('day', DAY, 10, 1),
        rollup('hour', DAY + HOUR_MS, 4, 1),
        rollup('hour', DAY + 2 * HOUR_MS, 6, 0),
      ])
      .execute();

    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('rollup_folds').selectAll().execute()).toEqual([{ period: 'day', folded_through: DAY }]);

    // After the migration, runs of the newest day add to its hours only.
    await db
      .updateTable('rollups')
      .set({ checks: sql`checks + 1`, h0: sql`h0 + 1`, duration_sum: sql`duration_sum + 5` })
      .where('period', '=', 'hour')
      .where('bucket_start', '=', DAY + 2 * HOUR_MS)
      .execute();
    const days = await store.db
      .selectFrom((await rollupsByDay(store.db, ['m-1'], DAY - DAY_MS)).as('d'))
      .select((eb) => ['bucket_start', eb.fn.sum<number>('checks').as('checks'), eb.fn.sum<number>('failures').as('failures')])
      .groupBy('bucket_start')
      .orderBy('bucket_start')
      .execute();
    expect(days.map((d) => [d.bucket_start, d.checks, d.failures])).toEqual([
      [DAY - DAY_MS, 24, 2],
      [DAY, 11, 1],
    ]);
  });

  it('marks nothing folded on a database without daily rows', async () => {
    const empty = await freshStore();
    await empty.migrate();
    expect(await empty.db.selectFrom('rollup_folds').selectAll().execute()).toEqual([]);
  });
});
