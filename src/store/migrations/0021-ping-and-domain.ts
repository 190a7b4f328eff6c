import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Ping monitors keep the host they ping in `host`; domain monitors the name in `host` and their
  // warning days in `warning_days`, as SSL monitors do.
  await db.schema.alterTable('monitors').addColumn('packets', 'integer').execute();
  // The expiry date (ISO) a domain monitor last announced as near: one `domain.expiring` per date.
  await db.schema.alterTable('monitors').addColumn('domain_warned_expiry', 'text').execute();
  // What a ping run and a domain run saw (JSON).
  await db.schema.alterTable('monitor_runs').addColumn('ping', 'text').execute();
  await db.schema.alterTable('monitor_runs').addColumn('domain', 'text').execute();
}
