import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // What an HTTP monitor sends besides its URL and credentials, and what it asserts of the answer.
  await db.schema.alterTable('monitors').addColumn('request_headers', 'text').execute();
  await db.schema.alterTable('monitors').addColumn('request_body', 'text').execute();
  await db.schema
    .alterTable('monitors')
    .addColumn('follow_redirects', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('monitors').addColumn('assertions', 'text').execute();
  // Why a degraded monitor is degraded, decided with its status. Every monitor degraded so far
  // was degraded by its regions: nothing else could make it so.
  await db.schema
    .alterTable('monitors')
    .addColumn('degraded_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await sql`update monitors set degraded_reasons = '["regions"]' where status = 'degraded'`.execute(db);

  // A run's outcome of each assertion and its warnings (failing `degraded` assertions).
  await db.schema.alterTable('monitor_runs').addColumn('assertions', 'text').execute();
  await db.schema.alterTable('monitor_runs').addColumn('warnings', 'text').execute();
}
