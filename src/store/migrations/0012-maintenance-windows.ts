import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maintenance_windows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('rrule', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('show_on_status_page', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ended_occurrence', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maintenance_windows_team').on('maintenance_windows').columns(['team_id', 'starts_at']).execute();

  await db.schema
    .createTable('maintenance_window_monitors')
    .addColumn('window_id', 'text', (c) => c.notNull().references('maintenance_windows.id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('maintenance_window_monitors_pk', ['window_id', 'monitor_id'])
    .execute();
  await db.schema.createIndex('maintenance_window_monitors_monitor').on('maintenance_window_monitors').column('monitor_id').execute();

  // Whether an occurrence covers the monitor now; `status` keeps the status decided before it.
  await db.schema
    .alterTable('monitors')
    .addColumn('maintenance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('monitor_runs')
    .addColumn('maintenance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Runs in maintenance are counted here only, never in `checks`, `failures` or the durations.
  await db.schema
    .alterTable('rollups')
    .addColumn('maintenance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
