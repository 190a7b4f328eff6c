import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.js';

/**
 * Events are processed in `seq` order, the order their transactions committed (for each monitor;
 * src/domain/events.ts), no longer in id order: an id is made before the commit, on one process's
 * clock. Events already stored keep their id order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .alterTable('events')
    .addColumn('seq', postgres ? 'bigint' : 'integer')
    .execute();
  await sql`update events set seq = ranked.n from (select id, row_number() over (order by id) as n from events) as ranked where events.id = ranked.id`.execute(
    db,
  );
  if (postgres) {
    await sql`create sequence events_seq as bigint owned by events.seq`.execute(db);
    await sql`select setval('events_seq', coalesce((select max(seq) from events), 0) + 1, false)`.execute(db);
    await sql`alter table events alter column seq set default nextval('events_seq'), alter column seq set not null`.execute(db);
  } else {
    // One writer at a time: the next value, read in the write transaction, is in commit order already.
    await sql`create trigger events_seq after insert on events when new.seq is null begin
      update events set seq = (select coalesce(max(seq), 0) + 1 from events) where rowid = new.rowid;
    end`.execute(db);
  }
  // Unique, and the next value on SQLite is read from it (max + 1).
  await db.schema.createIndex('events_seq_unique').on('events').column('seq').unique().execute();
  await db.schema.dropIndex('events_unprocessed').execute();
  await db.schema.createIndex('events_unprocessed').on('events').columns(['processed_at', 'seq']).execute();
}
