import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Semaphore } from './semaphore.js';

const scryptUnbounded = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));

/**
 * Hashing a password costs about 16 MiB and tens of milliseconds of a libuv thread, the same small
 * pool file and name-resolution work use. However many sign-ins arrive at once, at most four hashes
 * run in this process; the rest wait their turn, so a burst of sign-ins cannot exhaust memory or
 * starve the rest of the server.
 */
export const passwordWork = new Semaphore(4);

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  passwordWork.run(() => scryptUnbounded(password, salt, keylen, options));

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$<salt b64>$<hash b64>`: parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}
