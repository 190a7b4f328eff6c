import { sql } from 'kysely';
import type { Database } from './schema.js';
import type { Store } from './database.js';

/**
 * Every table, parents before children (the order the migrations create them in), so that rows
 * arrive after the rows they reference. A migration that adds a table adds it here too; the
 * copy refuses a source with a table it does not know rather than leave it behind.
 */
export const TABLES_IN_ORDER = [
  'teams',
  'users',
  'memberships',
  'access_tokens',
  'notification_policies',
  'monitors',
  'events',
  'incidents',
  'incident_updates',
  'incident_timers',
  'deliveries',
  'delivery_attempts',
  'monitor_runs',
  'rollups',
  'rollup_folds',
  'sessions',
  'password_setups',
  'email_changes',
  'status_pages',
  'status_page_monitors',
  'maintenance_windows',
  'maintenance_window_monitors',
  'status_page_subscribers',
  'status_page_notices',
  'subscriber_deliveries',
  'two_factor',
  'two_factor_recovery_codes',
  'oidc_sign_ins',
  'audit_log',
  'audit_log_prune_permits',
  'probe_tokens',
  'region_presence',
] as const satisfies readonly (keyof Database)[];

/** The tables SQLite stores in the order of their primary key (WITHOUT ROWID): that key's columns. */
const KEY_OF_TABLES_WITHOUT_ROWID: Partial<Record<(typeof TABLES_IN_ORDER)[number], readonly string[]>> = {
  rollups: ['monitor_id', 'period', 'bucket_start', 'region'],
};

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest table. */
const BATCH_ROWS = 500;

export class CopyError extends Error {}

/**
 * Copies every row of the embedded database `from` into `to` (usually PostgreSQL), both migrated to
 * this version first, in one transaction on the target: all of it lands or none. The target must
 * hold no team yet. Stored secrets are copied sealed, as they are: the target's nodes need the
 * source's key (LOOKOUT_SECRET_KEY).
 */
export async function copyDatabase(from: Store, to: Store, onTable: (table: string, rows: number) => void = () => {}): Promise<Record<string, number>> {
  if (from.dialect !== 'sqlite') throw new CopyError('The source must be an embedded (SQLite) database: --from file:<path>');
  await from.migrate();
  await to.migrate();
  const known = new Set<string>(TABLES_IN_ORDER);
  const unknown = (await from.db.introspection.getTables()).map((t) => t.name).filter((name) => !known.has(name));
  if (unknown.length > 0) throw new CopyError(`The source has tables this version does not copy: ${unknown.join(', ')}`);
  const existing = await to.db.selectFrom('teams').select('id').limit(1).executeTakeFirst();
  if (existing) throw new CopyError('The target database already holds data; copy into an empty one.');

  const counts: Record<string, number> = {};
  await to.db.transaction().execute(async (trx) => {
    for (const table of TABLES_IN_ORDER) {
      let copied = 0;
      // Pages follow SQLite's rowid, or the key of a table stored without one: each page an index
      // range, however large the table.
      const key = KEY_OF_TABLES_WITHOUT_ROWID[table];
      const position = key ? sql.join(key.map((column) => sql.ref(column))) : sql`rowid`;
      const selected = key ? sql`*` : sql`rowid as lookout_rowid, *`;
      for (let after: unknown[] | null = null; ;) {
        const onward = after ? sql`where (${position}) > (${sql.join(after)})` : sql``;
        const page: Array<Record<string, unknown>> = (
          await sql<Record<string, unknown>>`select ${selected} from ${sql.table(table)} ${onward} order by ${position} limit ${BATCH_ROWS}`.execute(from.db)
        ).rows;
        if (page.length === 0) break;
        const last = page.at(-1)!;
        after = key ? key.map((column) => last[column]) : [last.lookout_rowid];
        if (!key) for (const row of page) delete row.lookout_rowid;
        await trx.insertInto(table).values(page).execute();
        copied += page.length;
      }
      counts[table] = copied;
      onTable(table, copied);
    }
    // Events came with their `seq`: PostgreSQL's sequence goes on after the last of them.
    if (to.dialect === 'postgres') await sql`select setval('events_seq', coalesce((select max(seq) from events), 0) + 1, false)`.execute(trx);
  });
  return counts;
}
