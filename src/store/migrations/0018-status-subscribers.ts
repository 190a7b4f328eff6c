import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Groups of the page's monitors, in order, as JSON `[{"name", "monitorIds"}]`; null without groups.
  await db.schema.alterTable('status_pages').addColumn('groups', 'text').execute();
  // The host name the page is also answered at (lower case); one page per name across every team.
  await db.schema.alterTable('status_pages').addColumn('custom_domain', 'text').execute();
  await db.schema.createIndex('status_pages_custom_domain').on('status_pages').column('custom_domain').unique().execute();

  await db.schema
    .createTable('status_page_subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('page_id', 'text', (c) => c.notNull().references('status_pages.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pending_since', 'bigint', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('status_page_subscribers_address', ['page_id', 'kind', 'address_key'])
    .execute();

  // Facts subscribers may be told of, written in the transaction of the change (incidents) or
  // once per occurrence and kind (maintenance: `key` is unique), then fanned out to subscribers.
  await db.schema
    .createTable('status_page_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('update_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('processed_at', 'bigint')
    .execute();
  await db.schema.createIndex('status_page_notices_pending').on('status_page_notices').columns(['processed_at', 'created_at']).execute();

  // The subscribers' outbox: one row per (subscriber, notice), or a confirmation request.
  await db.schema
    .createTable('subscriber_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscriber_id', 'text', (c) => c.notNull().references('status_page_subscribers.id').onDelete('cascade'))
    .addColumn('notice_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('lease_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addUniqueConstraint('subscriber_deliveries_once', ['subscriber_id', 'notice_id'])
    .execute();
  await db.schema.createIndex('subscriber_deliveries_due').on('subscriber_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('subscriber_deliveries_lease').on('subscriber_deliveries').column('lease_token').execute();
}
