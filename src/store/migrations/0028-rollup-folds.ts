import { sql, type Kysely } from 'kysely';

/**
 * Daily rollups are folded from the hourly ones once a day has ended, instead of written with each
 * run (src/domain/rollup-days.ts). `rollup_folds` holds how far that has gone: the daily rows of
 * days before `folded_through` are whole; later days are read from their hours. No row: nothing
 * folded yet, every day is read from its hours.
 *
 * Until now every run wrote its day's row as well, so every day up to the newest one with a daily
 * row is whole. The newest is today's, which runs from now on no longer add to: it is read from its
 * hours until it is folded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rollup_folds')
    .addColumn('period', 'text', (c) => c.primaryKey())
    .addColumn('folded_through', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into rollup_folds (period, folded_through)
    select 'day', (select max(bucket_start) from rollups where period = 'day') where exists (select 1 from rollups where period = 'day')`.execute(db);
}
