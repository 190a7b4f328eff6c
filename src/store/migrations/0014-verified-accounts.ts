import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the account was verified: its password set through a link that reached its mailbox, or
  // made or reset by the operator. Null: not verified. Accounts that exist already start
  // unverified, since nothing kept tells an invitation link passed on by a member from one the
  // operator made; the operator verifies them with `lookout member add` or `lookout user reset`.
  await db.schema.alterTable('users').addColumn('verified_at', 'bigint').execute();
  // 1 when using the link verifies its account: it was mailed to the address, or made by the operator.
  await db.schema
    .alterTable('password_setups')
    .addColumn('verifies', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
