import { sql, type Kysely } from 'kysely';

/**
 * Deliveries name the incident their alert was about, so that an incident can show which alerts,
 * reminders and escalations went out for it, and the team's delivery log can be read page by page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('incident_id', 'text').execute();
  // Deliveries made before the column existed: the incident of their monitor that was open when
  // they were made (an up alert is made in the moment its incident resolves). Deliveries live 30
  // days, so this only fills in the recent past.
  await sql`update deliveries set incident_id = (
      select i.id from incidents i
      where i.monitor_id = deliveries.monitor_id
        and i.created_at <= deliveries.created_at
        and (i.resolved_at is null or i.resolved_at >= deliveries.created_at)
      order by i.created_at desc
      limit 1)
    where monitor_id is not null and event <> 'test'`.execute(db);
  await db.schema.createIndex('deliveries_incident').on('deliveries').columns(['incident_id', 'created_at']).execute();
  // The team's log, newest first, one page after another.
  await db.schema.createIndex('deliveries_team_newest').on('deliveries').columns(['team_id', 'created_at', 'id']).execute();

  // A new sign-in address waiting for its confirmation: the link mailed to it (only its digest is
  // kept), valid 24 hours, used once. The account keeps its address until then.
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
}
