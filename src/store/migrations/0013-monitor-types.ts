import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // TCP monitors use `host` and `port` as SSL ones do; DNS monitors keep the name they ask about in `host`.
  await db.schema
    .alterTable('monitors')
    .addColumn('tls', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['record_type', 'resolver', 'cron', 'timezone', 'ping_key', 'ping_key_hash']) {
    await db.schema.alterTable('monitors').addColumn(column, 'text').execute();
  }
  for (const column of ['period_seconds', 'grace_seconds']) {
    await db.schema.alterTable('monitors').addColumn(column, 'integer').execute();
  }
  for (const column of ['heartbeat_deadline', 'heartbeat_started_at']) {
    await db.schema.alterTable('monitors').addColumn(column, 'bigint').execute();
  }
  // A ping finds its monitor by the key's hash; the deadline sweep reads only what is due.
  await db.schema.createIndex('monitors_ping_key_hash').on('monitors').column('ping_key_hash').unique().execute();
  await db.schema.createIndex('monitors_heartbeat_deadline').on('monitors').column('heartbeat_deadline').execute();

  await db.schema.alterTable('monitor_runs').addColumn('log', 'text').execute();
  await db.schema.alterTable('monitor_runs').addColumn('dns', 'text').execute();
}
