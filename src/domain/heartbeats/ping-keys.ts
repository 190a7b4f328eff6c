import { createHash, randomBytes } from 'node:crypto';
import { PING_LIMITS } from '../../shared/limits.js';
import { monitorSecretAt } from '../secrets/places.js';
import type { SecretBox } from '../secrets/secret-box.js';

/*
 * A heartbeat's ping key is the only thing that lets a job report for it, so it is a secret: 24
 * random bytes (192 bits, no guessing or enumerating), stored sealed for the team to read back and
 * found again by its SHA-256 alone, so that looking one up compares no key byte by byte.
 */

const KEY_BYTES = (PING_LIMITS.keyLength * 3) / 4;
/** What a ping key looks like; anything else is not looked up at all. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{32,64}$/;

export function newPingKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** The hash a monitor is found by, or null for text that cannot be a key. */
export function pingKeyHash(key: string): string | null {
  return KEY_SHAPE.test(key) ? createHash('sha256').update(key).digest('hex') : null;
}

/** `{base_url}/ping/<key>`. */
export function pingUrl(publicUrl: string, key: string): string {
  return `${publicUrl}/ping/${key}`;
}

/** The columns of a new ping key for a monitor: sealed for its place (for the team to read back), and its hash (how a ping finds it). */
export function pingKeyColumns(secrets: SecretBox, monitorId: string): { ping_key: string; ping_key_hash: string } {
  const key = newPingKey();
  return { ping_key: secrets.seal(key, monitorSecretAt(monitorId, 'ping_key')), ping_key_hash: pingKeyHash(key)! };
}
