import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The token a personal access token was created with (null: made from a session or by the
  // operator). Revoking a token revokes its descendants, found through this index.
  await db.schema.alterTable('access_tokens').addColumn('parent_id', 'text').execute();
  await db.schema.createIndex('access_tokens_parent').on('access_tokens').column('parent_id').execute();

  // Pruning old deliveries walks them by age, and removes their attempts by delivery.
  await db.schema.createIndex('deliveries_created').on('deliveries').column('created_at').execute();
  await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').column('delivery_id').execute();
}
