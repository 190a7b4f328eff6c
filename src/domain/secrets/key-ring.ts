import { createHash } from 'node:crypto';

/** AES-256 keys are 32 bytes. */
export const KEY_BYTES = 32;

/** A key the secret box can seal or open with. */
export interface SecretKey {
  /** First 8 hex digits of the key's SHA-256: stored with each ciphertext, reveals nothing usable. */
  id: string;
  key: Buffer;
}

/** A configuration problem with the secret keys; start-up stops with its message. */
export class SecretKeyError extends Error {}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** Decodes one key written as base64 (standard or url-safe) of exactly 32 bytes. */
export function parseKey(text: string, source: string): SecretKey {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new SecretKeyError(
      `${source} must be base64 of exactly ${KEY_BYTES} bytes (got ${key.length === 0 ? 'no valid base64' : `${key.length} bytes`}); ` +
        'create one with: openssl rand -base64 32',
    );
  }
  return { id: keyIdOf(key), key };
}

/**
 * The keys in use, newest first: the first seals, every one opens. Older keys stay readable
 * so that values sealed before a rotation can still be opened (and re-sealed).
 */
export class KeyRing {
  private readonly byId: Map<string, SecretKey>;

  constructor(readonly keys: readonly SecretKey[]) {
    if (keys.length === 0) throw new SecretKeyError('No secret key is configured.');
    this.byId = new Map();
    for (const key of keys) if (!this.byId.has(key.id)) this.byId.set(key.id, key);
  }

  get primary(): SecretKey {
    return this.keys[0]!;
  }

  get(id: string): SecretKey | undefined {
    return this.byId.get(id);
  }
}

/** Where the keys come from: the key file next to the SQLite database, or LOOKOUT_SECRET_KEY. */
export interface KeySource {
  /** For messages: "the key file /…/secret.key" or "LOOKOUT_SECRET_KEY". */
  readonly description: string;
  /** The current ring; a file source picks up a rotation made by another process. */
  ring(): KeyRing;
  /** Reads the keys again (a sealed value named a key this process does not know yet). */
  reload(): KeyRing;
  /** File sources only: a fresh key becomes the first; the others stay readable. */
  addKey?(): KeyRing;
  /** File sources only: drops every key but the first and those listed. */
  retain?(ids: ReadonlySet<string>): KeyRing;
}

/** LOOKOUT_SECRET_KEY: one key, or several separated by commas, newest first. */
export function envKeySource(value: string): KeySource {
  const parts = value.split(',').map((part) => part.trim());
  const ring = new KeyRing(parts.map((part, i) => parseKey(part, parts.length === 1 ? 'LOOKOUT_SECRET_KEY' : `LOOKOUT_SECRET_KEY (key ${i + 1})`)));
  return { description: 'LOOKOUT_SECRET_KEY', ring: () => ring, reload: () => ring };
}
