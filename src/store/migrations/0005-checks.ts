import type { Kysely } from 'kysely';

export const HISTOGRAM_COLUMNS = ['h0', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8', 'h9', 'h10', 'h11'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The newest result of each region, as JSON: what `status` is computed from.
  await db.schema.alterTable('monitors').addColumn('region_results', 'text').execute();
  // Fingerprint of the certificate whose expiry was last announced: one event per certificate.
  await db.schema.alterTable('monitors').addColumn('expiry_warned_fingerprint', 'text').execute();

  await db.schema
    .createTable('monitor_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('timings', 'text')
    .addColumn('certificate', 'text')
    .execute();
  await db.schema.createIndex('monitor_runs_newest').on('monitor_runs').columns(['monitor_id', 'started_at']).execute();

  await db.schema
    .createTable('check_schedules')
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('next_due_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('check_schedules_pk', ['monitor_id', 'region'])
    .execute();

  let rollups = db.schema
    .createTable('rollups')
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('bucket_start', 'bigint', (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('duration_sum', 'bigint', (c) => c.notNull());
  for (const column of HISTOGRAM_COLUMNS) rollups = rollups.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
  await rollups.addPrimaryKeyConstraint('rollups_pk', ['monitor_id', 'region', 'period', 'bucket_start']).execute();
  // Retention deletes old buckets of each period.
  await db.schema.createIndex('rollups_age').on('rollups').columns(['period', 'bucket_start']).execute();
}
