import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeySource } from './key-ring.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^v1\.([0-9a-f]{8})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]*)$/;

/** A sealed value names a key this installation does not have, or was tampered with. */
export class SecretBoxError extends Error {}

/**
 * Encrypts stored secrets (monitor credentials, webhook secrets) with AES-256-GCM.
 *
 * Sealed form: `v1.<keyId>.<iv>.<tag>.<ciphertext>`, the last three base64url. The key id
 * says which key of the ring opens it, so keys can be rotated; the `v1.<keyId>` prefix is
 * authenticated as additional data, so it cannot be swapped without `open` failing.
 * Plain text never leaves this class except as the return value of `open`.
 */
export class SecretBox {
  constructor(private readonly keys: KeySource) {}

  seal(plain: string): string {
    const { id, key } = this.keys.ring().primary;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(`${VERSION}.${id}`));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const match = SEALED.exec(sealed);
    if (!match) throw new SecretBoxError('The stored value is not a sealed secret.');
    const [, id, iv, tag, ciphertext] = match as unknown as [string, string, string, string, string];
    const entry = this.keys.ring().get(id) ?? this.keys.reload().get(id);
    if (!entry) throw new SecretBoxError(`A stored secret was sealed with key ${id}, which ${this.keys.description} does not hold.`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(`${VERSION}.${id}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(`A stored secret sealed with key ${id} failed authentication (wrong key or altered data).`);
    }
  }

  /** The id of the key that sealed the value, or null when it is not a sealed value. */
  keyIdOf(value: string): string | null {
    return SEALED.exec(value)?.[1] ?? null;
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
    const { id, key } = this.keys.ring().primary;
    return `${id}.${mac(key, purpose, message)}`;
  }

  signs(purpose: string, message: string, signature: string): boolean {
    const [id, given] = signature.split('.');
    const entry = id === undefined ? undefined : this.keys.ring().get(id);
    if (!entry || given === undefined) return false;
    const expected = Buffer.from(mac(entry.key, purpose, message));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

function mac(key: Buffer, purpose: string, message: string): string {
  const derived = createHmac('sha256', key).update(`lookout-signature-v1:${purpose}`).digest();
  return createHmac('sha256', derived).update(message).digest('base64url');
}
