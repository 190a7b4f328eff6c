import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { KEY_BYTES, KeyRing, SecretKeyError, keyIdOf, parseKey, type KeySource, type SecretKey } from './key-ring.js';

/**
 * The key file (`secret.key` next to the SQLite database, mode 0600): one base64 key per
 * line, newest first. The first line seals; every line opens. Lines starting with `#` are
 * comments. `lookout secrets rotate` puts a new key on top and re-seals every stored secret.
 */
const HEADER = [
  '# Lookout secret keys: base64 of 32 bytes each, newest first.',
  '# The first key encrypts; every key decrypts. Keep this file private and back it up with the database.',
];

export function generateKey(): SecretKey {
  const key = randomBytes(KEY_BYTES);
  return { id: keyIdOf(key), key };
}

export function readKeyFile(path: string): SecretKey[] {
  const lines = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (lines.length === 0) throw new SecretKeyError(`The key file ${path} holds no key.`);
  return lines.map((line, i) => parseKey(line, `Line ${i + 1} of the key file ${path}`));
}

/** Replaces the file in one step (write beside it, then rename), always with mode 0600. */
export function writeKeyFile(path: string, keys: readonly SecretKey[]): void {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, serialize(keys), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/**
 * Reads the key file, creating it with one fresh key when it does not exist yet. Creation is
 * atomic (a hard link fails if another process got there first), so two processes starting
 * at once agree on one key.
 */
export function ensureKeyFile(path: string): SecretKey[] {
  try {
    return readKeyFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, serialize([generateKey()]), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readKeyFile(path);
}

/** Keys from the file; a change on disk (a rotation by the CLI) is picked up before the next seal. */
export function fileKeySource(path: string): KeySource {
  let ring = new KeyRing(ensureKeyFile(path));
  let stamp = fileStamp(path);
  const load = () => {
    ring = new KeyRing(readKeyFile(path));
    stamp = fileStamp(path);
    return ring;
  };
  return {
    description: `the key file ${path}`,
    ring() {
      return fileStamp(path) === stamp ? ring : load();
    },
    reload: load,
    addKey() {
      writeKeyFile(path, [generateKey(), ...readKeyFile(path)]);
      return load();
    },
    retain(ids) {
      const [first, ...rest] = readKeyFile(path);
      writeKeyFile(path, [first!, ...rest.filter((k) => ids.has(k.id) && k.id !== first!.id)]);
      return load();
    },
  };
}

function serialize(keys: readonly SecretKey[]): string {
  return [...HEADER, ...keys.map((k) => k.key.toString('base64'))].join('\n') + '\n';
}

function fileStamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return 'missing';
  }
}
