import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_policies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('notify_on', 'text', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_policies_team').on('notification_policies').column('team_id').execute();

  await db.schema
    .createTable('monitors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('regions', 'text', (c) => c.notNull())
    .addColumn('notification_policy_id', 'text', (c) => c.references('notification_policies.id').onDelete('set null'))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_checked_at', 'bigint')
    .addColumn('certificate', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('url', 'text')
    .addColumn('method', 'text')
    .addColumn('expected_status', 'integer')
    .addColumn('auth_type', 'text')
    .addColumn('auth_username', 'text')
    .addColumn('auth_header_name', 'text')
    .addColumn('auth_secret', 'text')
    .addColumn('host', 'text')
    .addColumn('port', 'integer')
    .addColumn('warning_days', 'integer')
    .execute();
  await db.schema.createIndex('monitors_team').on('monitors').columns(['team_id', 'deleted_at']).execute();
}
