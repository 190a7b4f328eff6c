import type { Kysely } from 'kysely';

/**
 * Remote probes. `probe_tokens`: the installation's probe tokens (`lkb_…`), each for one region,
 * kept as the SHA-256 of the token like personal access tokens. `region_presence`: when each
 * region last asked for work and by whom (the server itself, a worker or a probe), with the rate
 * and lag it reported then: a region nobody asked for within 3 × a monitor's interval is stale for
 * that monitor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('probe_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('region_presence')
    .addColumn('region', 'text', (c) => c.primaryKey())
    .addColumn('served_by', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('checks_per_minute', 'integer', (c) => c.notNull())
    .addColumn('lag_ms', 'bigint', (c) => c.notNull())
    .execute();
}
