import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.js';

const REFUSED = 'audit log entries cannot be changed or deleted';

/**
 * The audit log (contract-2 §U): one row per change, written in the change's transaction
 * (src/store/audit-trail.ts). No foreign keys: an entry outlives the team member, token or
 * monitor it names.
 *
 * Nobody changes or deletes an entry: a trigger refuses every UPDATE, and every DELETE except the
 * retention pruner's, which first writes a permit (`audit_log_prune_permits.before`) in its own
 * transaction and deletes only entries older than it. The permit is removed in the same
 * transaction, so no other connection ever sees one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null: an entry of no team (a failed sign-in to an unknown address), kept for the operator.
    .addColumn('team_id', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('surface', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('ip', 'text')
    // JSON array of field names; never a value.
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  // The list: a team's entries newest first (and the pruner's walk by age).
  await db.schema.createIndex('audit_log_team_at').on('audit_log').columns(['team_id', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

  await db.schema
    .createTable('audit_log_prune_permits')
    .addColumn('before', 'bigint', (c) => c.notNull())
    .execute();

  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(
        `create function audit_log_immutable() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            if old.at < (select max(before) from audit_log_prune_permits) then
              return old;
            end if;
          end if;
          raise exception '${REFUSED}' using errcode = 'insufficient_privilege';
        end $$`,
      )
      .execute(db);
    await sql`create trigger audit_log_immutable before update or delete on audit_log for each row execute function audit_log_immutable()`.execute(db);
    // TRUNCATE fires no row trigger: refused by a statement trigger of its own.
    await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_immutable()`.execute(db);
  } else {
    await sql.raw(`create trigger audit_log_no_update before update on audit_log begin select raise(abort, '${REFUSED}'); end`).execute(db);
    await sql
      .raw(
        `create trigger audit_log_no_delete before delete on audit_log
        when old.at >= coalesce((select max(before) from audit_log_prune_permits), -9223372036854775807)
        begin select raise(abort, '${REFUSED}'); end`,
      )
      .execute(db);
  }
}
