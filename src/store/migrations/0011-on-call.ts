import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Someone is on it: when, and who (a user id).
  await db.schema.alterTable('incidents').addColumn('acknowledged_at', 'bigint').execute();
  await db.schema.alterTable('incidents').addColumn('acknowledged_by', 'text').execute();

  // Reminders while an incident stays open and unacknowledged, and escalation to another policy.
  await db.schema.alterTable('notification_policies').addColumn('repeat_every_seconds', 'integer').execute();
  await db.schema
    .alterTable('notification_policies')
    .addColumn('repeat_max', 'integer', (c) => c.notNull().defaultTo(12))
    .execute();
  await db.schema.alterTable('notification_policies').addColumn('escalate_after_seconds', 'integer').execute();
  await db.schema.alterTable('notification_policies').addColumn('escalation_policy_id', 'text').execute();

  // The reminder or escalation due next for an open incident: claimed (deleted) by one process when
  // due, so each fires once in a cluster and none is lost across a restart.
  await db.schema
    .createTable('incident_timers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incident_timers_due').on('incident_timers').column('due_at').execute();
  await db.schema.createIndex('incident_timers_incident').on('incident_timers').column('incident_id').execute();
}
