import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.js';

const HISTOGRAM_COLUMNS = ['h0', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8', 'h9', 'h10', 'h11'] as const;

/**
 * Rollups keyed by monitor, then period and bucket, then region: a monitor's buckets of one period
 * since a time are one range of the key, whatever its regions. On SQLite the table is stored in
 * that key's order (WITHOUT ROWID), so that such a range is read in place: a metrics scrape sums
 * a day of hourly and 30 days of daily rollups of every monitor of a team (1.6 million rows at
 * 10,000 monitors × 3 regions), which through the former separate key index cost a lookup in the
 * table per row (2 s a window). It also leaves the run recorder's upsert one tree to change
 * instead of two. PostgreSQL keeps its table and takes the key in the same order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table rollups drop constraint rollups_pk, add constraint rollups_pk primary key (monitor_id, period, bucket_start, region)`.execute(db);
    return;
  }
  // One transaction: a stop half-way leaves the former table as it was, and the migration to do again.
  await sql`begin`.execute(db);
  try {
    let table = db.schema
      .createTable('rollups_by_monitor')
      .addColumn('monitor_id', 'text', (c) => c.notNull())
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('bucket_start', 'bigint', (c) => c.notNull())
      .addColumn('checks', 'integer', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('duration_sum', 'bigint', (c) => c.notNull());
    for (const column of HISTOGRAM_COLUMNS) table = table.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
    await table
      .addColumn('maintenance', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('rollups_pk', ['monitor_id', 'period', 'bucket_start', 'region'])
      .modifyEnd(sql`without rowid`)
      .execute();
    const columns = sql.join(
      ['monitor_id', 'region', 'period', 'bucket_start', 'checks', 'failures', 'duration_sum', ...HISTOGRAM_COLUMNS, 'maintenance'].map((c) => sql.ref(c)),
    );
    // In the new key's order: the table is written from its first page to its last.
    await sql`insert into rollups_by_monitor (${columns}) select ${columns} from rollups order by monitor_id, period, bucket_start, region`.execute(db);
    await db.schema.dropTable('rollups').execute();
    await db.schema.alterTable('rollups_by_monitor').renameTo('rollups').execute();
    // Retention deletes old buckets of each period.
    await db.schema.createIndex('rollups_age').on('rollups').columns(['period', 'bucket_start']).execute();
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}
