import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // How many failed (successful) runs in a row make a region count as failing (succeeding again).
  await db.schema
    .alterTable('monitors')
    .addColumn('failure_threshold', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('monitors')
    .addColumn('recovery_threshold', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Each region's run of consecutive outcomes, which the thresholds count.
  await db.schema.alterTable('monitors').addColumn('region_streaks', 'text').execute();
}
