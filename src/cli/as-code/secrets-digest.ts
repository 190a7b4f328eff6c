import { createHmac } from 'node:crypto';

/*
 * Whether the secrets of a document are those a record holds, decided without the server ever
 * learning or confirming a secret. The client sends, with the secrets, a keyed hash of them:
 * HMAC-SHA256 under a key derived from its own API token, over the kind and key of the record and
 * the secrets in order. The server stores it as an opaque value and clears it whenever the secrets
 * change without one (src/domain/keys.ts), so it only ever vouches for secrets sent with it.
 *
 * - Reading it gives nothing to guess against: without the token, no one can compute a digest of a
 *   candidate secret, so a reader of the record (another member, a Viewer, a database dump) cannot
 *   test guesses offline; the server answers no question about a candidate either, so it is no oracle.
 * - The key is bound to the token: a digest made with another token never matches, which costs one
 *   harmless update (the secrets sent again, the same ones) after a token changes.
 * - Bound to the record's kind and key, the same secret gives unrelated digests on two records.
 */

const KEY_LABEL = 'lookout secrets digest v1';

export type Digester = (kind: 'monitor' | 'policy', key: string, secrets: readonly string[]) => string | null;

/** The digester of an API token; null for a record without secrets (nothing to vouch for). */
export function digesterFor(token: string): Digester {
  const key = createHmac('sha256', token).update(KEY_LABEL).digest();
  return (kind, recordKey, secrets) => {
    if (secrets.length === 0) return null;
    return createHmac('sha256', key)
      .update(JSON.stringify([kind, recordKey, secrets]))
      .digest('hex');
  };
}
