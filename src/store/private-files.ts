import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The SQLite database and the key file beside it hold every monitor, credential and token hash:
 * what Lookout creates for them is readable by its own user only, whatever the umask.
 *
 * Only what Lookout creates is set. A directory or file that already exists keeps the mode its
 * owner gave it (a mount point, a directory shared with a backup agent): Lookout never changes
 * permissions an operator chose, and never loosens any.
 */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates each missing directory of `dir`, outermost first, with mode 0700 exactly (a umask
 * neither loosens nor narrows it); directories that exist are left as they are.
 */
export function ensurePrivateDirectory(dir: string): void {
  const missing: string[] = [];
  for (let current = dir; !existsSync(current); current = dirname(current)) {
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const path of missing) {
    try {
      mkdirSync(path, { mode: PRIVATE_DIRECTORY_MODE });
    } catch (error) {
      // Another process created it first: then it is that process's to set.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    chmodSync(path, PRIVATE_DIRECTORY_MODE);
  }
}

/**
 * Creates `file` empty with mode 0600 exactly unless it exists. SQLite then opens it as a new
 * database, and creates its `-wal` and `-shm` files with the mode of the database file.
 */
export function ensurePrivateFile(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}
