import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A person's TOTP second factor (RFC 6238). `id` is the user's id (one per user). `secret` is the
  // 160-bit key, sealed like every stored secret; `confirmed_at` null while the enrolment waits for
  // its first code; `last_step` is the time step of the last code accepted, so no code is taken twice.
  await db.schema
    .createTable('two_factor')
    .addColumn('id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  // The ten single-use recovery codes of a confirmed second factor: only their SHA-256 is stored.
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').columns(['user_id', 'code_hash']).execute();

  // 1: members of the team without a second factor are sent to enrol before anything else.
  await db.schema
    .alterTable('teams')
    .addColumn('require_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // An OpenID Connect sign-in under way: made when the browser leaves for the provider, used once
  // by the callback. The browser holds a random secret in a short-lived HttpOnly cookie; only its
  // SHA-256 is kept (`binding_hash`), and the PKCE verifier is derived from it, so nothing here
  // completes a sign-in without that browser. `state` and `nonce` are public values sent in the
  // open to the provider.
  await db.schema
    .createTable('oidc_sign_ins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('binding_hash', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_sign_ins_expiry').on('oidc_sign_ins').column('expires_at').execute();
}
