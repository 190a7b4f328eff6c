import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.references('monitors.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  // "100 newest of the team".
  await db.schema.createIndex('incidents_team_created').on('incidents').columns(['team_id', 'created_at']).execute();
  await db.schema.createIndex('incidents_monitor_open').on('incidents').columns(['monitor_id', 'resolved_at']).execute();
  // At most one open automatic incident per monitor, whatever processes the events.
  await db.schema
    .createIndex('incidents_one_open_automatic')
    .unique()
    .on('incidents')
    .column('monitor_id')
    .where(sql.ref('source'), '=', 'monitor')
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('incident_updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('posted_to_status_page', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incident_updates_incident').on('incident_updates').columns(['incident_id', 'created_at']).execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('policy_id', 'text', (c) => c.notNull().references('notification_policies.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('monitor_id', 'text')
    .addColumn('channel_index', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('lease_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    // A policy sees each event once, per channel, even if the event were processed twice.
    .addUniqueConstraint('deliveries_once', ['event_id', 'policy_id', 'channel_index'])
    .execute();
  // The dispatcher's claim: pending rows that are due.
  await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('policy_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'bigint')
    .execute();
  // "The latest 100 attempts of a policy".
  await db.schema.createIndex('delivery_attempts_policy').on('delivery_attempts').columns(['policy_id', 'id']).execute();
}
