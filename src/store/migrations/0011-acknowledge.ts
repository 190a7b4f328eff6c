import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Someone is on it: when, and who (a user id).
  await db.schema.alterTable('incidents').addColumn('acknowledged_at', 'bigint').execute();
  await db.schema.alterTable('incidents').addColumn('acknowledged_by', 'text').execute();
}
