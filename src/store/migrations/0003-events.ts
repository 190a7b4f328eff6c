import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    .addColumn('processed_at', 'bigint')
    .execute();
  // The alerting side reads unprocessed events in id (= time) order.
  await db.schema.createIndex('events_unprocessed').on('events').columns(['processed_at', 'id']).execute();
}
