import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('status_pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('show_targets', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // One page per team; a slug names one page across every team.
    .addUniqueConstraint('status_pages_team', ['team_id'])
    .addUniqueConstraint('status_pages_slug', ['slug'])
    .execute();

  await db.schema
    .createTable('status_page_monitors')
    .addColumn('page_id', 'text', (c) => c.notNull().references('status_pages.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('status_page_monitors_pk', ['page_id', 'position'])
    .execute();

  // The public page asks on every request whether anything it shows has changed, among them the
  // team's incidents that are open or were resolved within the window: an index range, however
  // long the team's incident history grows.
  await db.schema.createIndex('incidents_team_resolved').on('incidents').columns(['team_id', 'resolved_at']).execute();
}
