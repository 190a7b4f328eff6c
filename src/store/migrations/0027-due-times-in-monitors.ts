import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.js';

/**
 * The due times move from `check_schedules` (a row per monitor and region) into the monitor's row
 * (`due_times`, JSON `{region: ms}`). Each run moved its row on: on SQLite a page found and written
 * per run beside the monitor's own, which the recorder writes in the same transaction anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db.schema.alterTable('monitors').addColumn('due_times', 'text').execute();
    await sql`update monitors m set due_times = s.due from (select monitor_id, json_object_agg(region, next_due_at)::text as due from check_schedules group by monitor_id) s where s.monitor_id = m.id`.execute(
      db,
    );
    await db.schema.dropTable('check_schedules').execute();
    return;
  }
  // One transaction: a stop half-way leaves the tables as they were, and the migration to do again.
  await sql`begin`.execute(db);
  try {
    await db.schema.alterTable('monitors').addColumn('due_times', 'text').execute();
    await sql`update monitors set due_times = (select json_group_object(region, next_due_at) from check_schedules s where s.monitor_id = monitors.id) where id in (select monitor_id from check_schedules)`.execute(
      db,
    );
    await db.schema.dropTable('check_schedules').execute();
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}
