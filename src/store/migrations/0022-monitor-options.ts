import { sql, type Kysely } from 'kysely';

/**
 * Monitor breadth, part one (contract-2 §B): an HTTP monitor's TLS verification, client
 * certificate, proxy and address family; every monitor's tags and the monitor it depends on, and
 * which one holds its alerts back while it is down.
 *
 * Secrets are sealed like `auth_secret` (the client certificate's key, the proxy's password). The
 * client certificate is kept as sent (PEM) beside what its record answers (`subject`, `notAfter`),
 * read once when it is set rather than at every answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('monitors')
    .addColumn('tls_verify', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // PEM as sent; its answer `{"subject","notAfter","keySet":true}` as JSON text.
  await db.schema.alterTable('monitors').addColumn('client_certificate', 'text').execute();
  await db.schema.alterTable('monitors').addColumn('client_certificate_record', 'text').execute();
  await db.schema.alterTable('monitors').addColumn('client_key_secret', 'text').execute();
  // The proxy's URL without its password; the password sealed apart.
  await db.schema.alterTable('monitors').addColumn('proxy_url', 'text').execute();
  await db.schema.alterTable('monitors').addColumn('proxy_password_secret', 'text').execute();
  await db.schema
    .alterTable('monitors')
    .addColumn('ip_family', 'text', (c) => c.notNull().defaultTo('auto'))
    .execute();
  // JSON array of the tags, sorted; null for none.
  await db.schema.alterTable('monitors').addColumn('tags', 'text').execute();
  await db.schema.alterTable('monitors').addColumn('depends_on', 'text').execute();
  // The parent whose being down held back this monitor's incident and alerts; null otherwise.
  await db.schema.alterTable('monitors').addColumn('suppressed_by', 'text').execute();
  // The status it went down from, which its alert says once it is released.
  await db.schema.alterTable('monitors').addColumn('suppressed_from', 'text').execute();
  // The dependents a parent's recovery releases are found by it.
  await db.schema.createIndex('monitors_suppressed_by').on('monitors').column('suppressed_by').where(sql.ref('suppressed_by'), 'is not', null).execute();
}
