import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeySource } from './key-ring.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^(v[12])\.([0-9a-f]{8})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]*)$/;
/** The form `seal` writes: bound to its place. `v1` (bound to its key id only) is still opened. */
const VERSION = 'v2';

/** A sealed value names a key this installation does not have, or was tampered with. */
export class SecretBoxError extends Error {}

/**
 * Where a sealed value is stored: the table, the row's id and the field (a column, or a path
 * inside one). A value opens only at the place it was sealed for, so a ciphertext copied into
 * another row or field (where it would be sent somewhere else) does not open.
 */
export interface SecretPlace {
  table: string;
  id: string;
  field: string;
}

/**
 * Encrypts stored secrets (monitor credentials, webhook secrets) with AES-256-GCM.
 *
 * Sealed form: `v2.<keyId>.<iv>.<tag>.<ciphertext>`, the last three base64url. The key id says
 * which key of the ring opens it, so keys can be rotated. Authenticated as additional data: the
 * `v2.<keyId>` prefix and the value's place (table, row id, field), so neither the key id can be
 * swapped nor the value moved without `open` failing. Values of the first form, `v1`, bind the
 * prefix only; they are still opened, and `lookout secrets rotate` re-seals them as `v2`.
 * Plain text never leaves this class except as the return value of `open`.
 */
export class SecretBox {
  constructor(private readonly keys: KeySource) {}

  seal(plain: string, place: SecretPlace): string {
    const { id, key } = this.keys.ring().primary;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(VERSION, id, place));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** The plain value of `sealed`, stored at `place`. */
  open(sealed: string, place: SecretPlace): string {
    const match = SEALED.exec(sealed);
    if (!match) throw new SecretBoxError('The stored value is not a sealed secret.');
    const [, version, id, iv, tag, ciphertext] = match as unknown as [string, string, string, string, string, string];
    const entry = this.keys.ring().get(id) ?? this.keys.reload().get(id);
    if (!entry) throw new SecretBoxError(`A stored secret was sealed with key ${id}, which ${this.keys.description} does not hold.`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(version, id, place));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        `A stored secret sealed with key ${id} failed authentication at ${place.table}.${place.field} of ${place.id} (wrong key, altered data, or sealed for another place).`,
      );
    }
  }

  /** The id of the key that sealed the value, or null when it is not a sealed value. */
  keyIdOf(value: string): string | null {
    return SEALED.exec(value)?.[2] ?? null;
  }

  /** Whether `sealed` is in the form `seal` writes now, with the key it uses: nothing for rotation to do. */
  isCurrent(sealed: string): boolean {
    const match = SEALED.exec(sealed);
    return match?.[1] === VERSION && match[2] === this.currentKeyId();
  }

  /** The id of the key new values are sealed with. */
  currentKeyId(): string {
    return this.keys.ring().primary.id;
  }

  /**
   * A signature of `message` for one `purpose` (`<keyId>.<mac>`), made with a key derived from the
   * primary key for that purpose alone, so that a signature made for one use is worth nothing in
   * another. Verified by `signs` for as long as the key stays in the ring.
   */
  sign(purpose: string, message: string): string {
    return this.signer(purpose)(message);
  }

  signs(purpose: string, message: string, signature: string): boolean {
    return this.verifier(purpose)(message, signature);
  }

  /**
   * `sign` for many messages at once (a batch of probe leases): the ring is looked up once (a
   * file source looks at its file each time), and the purpose's key is derived once per key.
   */
  signer(purpose: string): (message: string) => string {
    const { id, key } = this.keys.ring().primary;
    const derived = derivedKey(key, purpose);
    return (message) => `${id}.${createHmac('sha256', derived).update(message).digest('base64url')}`;
  }

  /** `signs` for many messages at once, against the ring as it is now. */
  verifier(purpose: string): (message: string, signature: string) => boolean {
    const ring = this.keys.ring();
    return (message, signature) => {
      const [id, given] = signature.split('.');
      const entry = id === undefined ? undefined : ring.get(id);
      if (!entry || given === undefined) return false;
      const expected = Buffer.from(createHmac('sha256', derivedKey(entry.key, purpose)).update(message).digest('base64url'));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    };
  }
}

/** Keys derived per purpose, by the ring's key they come from (a reloaded ring brings new key objects). */
const derivedKeys = new WeakMap<Buffer, Map<string, Buffer>>();

/** The key of one purpose, derived from a ring's key: the same bytes every time, so derived once. */
function derivedKey(key: Buffer, purpose: string): Buffer {
  let byPurpose = derivedKeys.get(key);
  if (!byPurpose) derivedKeys.set(key, (byPurpose = new Map<string, Buffer>()));
  let derived = byPurpose.get(purpose);
  if (!derived) byPurpose.set(purpose, (derived = createHmac('sha256', key).update(`lookout-signature-v1:${purpose}`).digest()));
  return derived;
}

/**
 * What GCM authenticates besides the ciphertext. `v1`: the prefix alone. `v2`: the prefix and the
 * place, each part length-prefixed so that no two places give the same bytes.
 */
function additionalData(version: string, keyId: string, place: SecretPlace): Buffer {
  if (version === 'v1') return Buffer.from(`v1.${keyId}`);
  const parts = [place.table, place.id, place.field].map((part) => `${Buffer.byteLength(part)}:${part}`);
  return Buffer.from(`${version}.${keyId}.${parts.join('.')}`);
}
