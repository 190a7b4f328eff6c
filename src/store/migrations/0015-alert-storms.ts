import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Which alert's acknowledge link acknowledged the incident: `{"channel", "deliveryId"}` as JSON,
  // null when acknowledged another way (or not at all).
  await db.schema.alterTable('incidents').addColumn('acknowledged_via', 'text').execute();
  // Timeline entries that are more than a note: `reopened`, `acknowledged` (null for a plain update),
  // and for an acknowledgement through a link, the same JSON as the incident's.
  await db.schema.alterTable('incident_updates').addColumn('kind', 'text').execute();
  await db.schema.alterTable('incident_updates').addColumn('acknowledged_via', 'text').execute();
  // `incident_timers` gains the kind `storm` (no schema change): the 5 minutes after a down alert
  // during which a policy sends no other, with the transitions it held back counted in `sent`.
  // It outlives its incident's resolution, so it is found by monitor.
  await db.schema.createIndex('incident_timers_monitor_kind').on('incident_timers').columns(['monitor_id', 'kind']).execute();
}
