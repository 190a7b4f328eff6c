import { sql, type Kysely } from 'kysely';

/**
 * Keys name monitors, notification policies and maintenance windows in a document kept in Git
 * (`lookout apply`): unique per team among live records. A deleted monitor stays as a row
 * (`deleted_at` set), so its key is free again once it is deleted; policies and windows are
 * removed outright. `secrets_digest` is the opaque keyed hash of a record's secrets that the
 * client which set them sent (docs/as-code.md, Secrets); it says nothing about them to the server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['monitors', 'notification_policies', 'maintenance_windows']) {
    await db.schema.alterTable(table).addColumn('key', 'text').execute();
  }
  for (const table of ['monitors', 'notification_policies']) {
    await db.schema.alterTable(table).addColumn('secrets_digest', 'text').execute();
  }
  await db.schema
    .createIndex('monitors_team_key')
    .unique()
    .on('monitors')
    .columns(['team_id', 'key'])
    .where(sql.ref('key'), 'is not', null)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  for (const table of ['notification_policies', 'maintenance_windows']) {
    await db.schema.createIndex(`${table}_team_key`).unique().on(table).columns(['team_id', 'key']).where(sql.ref('key'), 'is not', null).execute();
  }
}
