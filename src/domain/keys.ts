import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/*
 * Keys: the names a document kept in Git (`lookout apply`, docs/as-code.md) gives monitors,
 * notification policies and maintenance windows, so that applying it again finds what it made.
 */

export const KEY_PATTERN = /^[a-z0-9._-]{1,100}$/;
export const KEY_TAKEN = 'is already taken by another record of your team';

export const KeyField = z
  .string()
  .regex(KEY_PATTERN, 'must be 1-100 characters of a-z, 0-9, -, _ and .')
  .describe('A name for configuration kept as code: 1-100 characters of a-z, 0-9, -, _ and ., unique in your team. Null for none.');

/**
 * The opaque digest a client keeps with a record's secrets (64 lowercase hex digits: an HMAC-SHA256
 * under a key only the client knows). It comes only with the secrets it covers, and is cleared
 * whenever they change without one. It is stored sealed (`sealedDigest`), so that the value a
 * record answers cannot be sent back with other secrets to vouch for them.
 */
export const SecretsDigestField = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hexadecimal digits')
  .describe(
    'Opaque to Lookout: a keyed hash of the secrets sent in the same body (`lookout apply` sends one), kept so that the client can tell ' +
      'whether its secrets are the ones stored without reading them. Only together with the secrets; cleared when they change without one. ' +
      'Answered sealed (`<nonce>.<HMAC-SHA256 of it under the nonce>`, a new nonce each time it is set). Null for none.',
  );

/**
 * The digest as stored and answered: a fresh random nonce and the HMAC-SHA256 of the digest under
 * it. Whoever holds the digest can recognise it (`digestMatches`); whoever reads only the sealed
 * value cannot recover the digest, so cannot send it again with secrets of their own to make them
 * pass for the ones it was made from.
 */
export function sealedDigest(digest: string): string {
  const nonce = randomBytes(16).toString('hex');
  return `${nonce}.${createHmac('sha256', nonce).update(digest).digest('hex')}`;
}

/** Whether a sealed value (as a record answers it) is the seal of this digest. */
export function digestMatches(sealed: string | null, digest: string): boolean {
  const [nonce, mac] = sealed?.split('.') ?? [];
  if (!nonce || !mac || mac.length !== 64) return false;
  return timingSafeEqual(Buffer.from(mac), Buffer.from(createHmac('sha256', nonce).update(digest).digest('hex')));
}

/** Whether a database error is the unique index on `<table>(team_id, key)` (another live record of the team has the key). */
export function isKeyConflict(error: unknown, table: 'monitors' | 'notification_policies' | 'maintenance_windows'): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code === '23505') return e.constraint === `${table}_team_key`;
  return typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT') && new RegExp(`${table}\\.key`).test(e.message ?? '');
}
