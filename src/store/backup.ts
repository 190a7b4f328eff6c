import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, constants, copyFileSync, existsSync, fsyncSync, linkSync, openSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations } from './migrations/index.js';
import { ensurePrivateDirectory, PRIVATE_FILE_MODE } from './private-files.js';

/*
 * `lookout backup` and `lookout restore` for the embedded (SQLite) database. PostgreSQL has its
 * own tools (pg_dump, pg_restore; docs/deploy.md).
 *
 * A backup is SQLite's online backup (the backup API), taken in one step: the whole copy is read
 * inside one read transaction of the write-ahead log, so it is the database as of one commit, while
 * the server goes on writing. Copied in many small steps instead, every commit of the server in
 * between would start the copy over, and under a steady write load it might never end.
 *
 * A restore replaces the database file while nobody has it open. SQLite's own locks tell: every
 * open connection to a database in WAL mode (the server always opens it so) holds a shared lock
 * on it, so a connection asking for an exclusive lock gets SQLITE_BUSY while any other process
 * (a server, a worker thread of it, a `lookout` command) has the file open, on this host or in
 * another container sharing the volume.
 */

export class BackupError extends Error {}

/** Migration table Kysely's migrator keeps: its rows name every migration applied. */
const MIGRATION_TABLE = 'kysely_migration';
/** All pages in one step of the backup API: one read transaction, one consistent copy. */
const ALL_PAGES = 0x7fffffff;

export interface BackupReport {
  file: string;
  bytes: number;
  migrations: number;
}

/**
 * Writes a snapshot of the SQLite database `source` to `target` (a new file, mode 0600, a
 * self-contained database in rollback-journal mode). The file appears whole or not at all.
 */
export async function backupDatabase(source: string, target: string): Promise<BackupReport> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  if (existsSync(target)) throw new BackupError(`${target} exists already; name a new file.`);
  if (!existsSync(dirname(target))) throw new BackupError(`The directory ${dirname(target)} does not exist.`);
  const temporary = besideName(target, 'backup');
  const connection = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  try {
    const applied = migrationsOf(connection, source);
    createPrivateFile(temporary);
    try {
      await connection.backup(temporary, { progress: () => ALL_PAGES });
      // The copy keeps the source's WAL mode; a snapshot is one file, complete without a log beside it.
      const copy = new SQLite(temporary, { fileMustExist: true });
      try {
        copy.pragma('journal_mode = DELETE');
      } finally {
        copy.close();
      }
      syncFile(temporary);
      // A link fails if `target` appeared meanwhile: an existing file is never overwritten.
      linkSync(temporary, target);
    } finally {
      unlinkSync(temporary);
    }
    syncFile(dirname(target));
    return { file: target, bytes: statSync(target).size, migrations: applied.length };
  } finally {
    connection.close();
  }
}

export interface RestoreReport {
  file: string;
  /** Where the database that was replaced was kept; null if there was none. */
  replacedKeptAt: string | null;
  migrations: number;
  /** Migrations this version has that the snapshot lacks: `lookout serve` (or `migrate`) applies them. */
  pending: string[];
}

/**
 * Replaces the database `target` with the snapshot `snapshot` after checking it: an SQLite file
 * that passes `PRAGMA integrity_check`, a Lookout database, made by this version or an older one.
 * Refuses while anything has `target` open. The database it replaces is kept beside it
 * (`<name>.before-restore-<time>`).
 */
export function restoreDatabase(snapshot: string, target: string, now: Date): RestoreReport {
  if (!existsSync(snapshot)) throw new BackupError(`There is no file at ${snapshot}.`);
  ensurePrivateDirectory(dirname(target));
  // Checked on a private copy beside the target: the rename below is then one step on one file system.
  const temporary = besideName(target, 'restore');
  copyFileSync(snapshot, temporary, constants.COPYFILE_EXCL);
  try {
    chmodSync(temporary, PRIVATE_FILE_MODE);
    const applied = checkSnapshot(temporary, snapshot);
    syncFile(temporary);
    const replacedKeptAt = existsSync(target) ? keepReplaced(target, now) : null;
    renameSync(temporary, target);
    // Logs of the replaced database would be read as the new one's.
    for (const suffix of ['-wal', '-shm', '-journal']) removeIfPresent(`${target}${suffix}`);
    syncFile(dirname(target));
    const known = new Set(applied);
    return { file: target, replacedKeptAt, migrations: applied.length, pending: Object.keys(migrations).filter((name) => !known.has(name)) };
  } finally {
    removeIfPresent(temporary);
  }
}

/** The snapshot's applied migrations, after checking it is a sound Lookout database this version can run. */
function checkSnapshot(file: string, shownAs: string): string[] {
  const connection = new SQLite(file, { fileMustExist: true });
  try {
    let integrity: string[];
    try {
      integrity = (connection.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
    } catch (error) {
      // An SQLite file too damaged to check at all, or no SQLite file.
      const damaged = (error as { code?: string }).code?.startsWith('SQLITE_CORRUPT') === true;
      throw new BackupError(`${shownAs} ${damaged ? 'is damaged' : 'is not a Lookout database'} (${(error as Error).message}).`);
    }
    if (integrity.length !== 1 || integrity[0] !== 'ok') throw new BackupError(`${shownAs} is damaged: ${integrity.slice(0, 3).join('; ')}`);
    const applied = migrationsOf(connection, shownAs);
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new BackupError(
        `${shownAs} comes from a newer version of Lookout (migrations this version does not know: ${unknown.join(', ')}); restore it with that version.`,
      );
    }
    connection.pragma('journal_mode = DELETE');
    return applied;
  } finally {
    connection.close();
  }
}

function migrationsOf(connection: SQLite.Database, shownAs: string): string[] {
  let names: string[];
  try {
    const table = connection.prepare('select name from sqlite_master where type = ? and name = ?').get('table', MIGRATION_TABLE);
    if (!table) throw new BackupError(`${shownAs} is not a Lookout database (it has no ${MIGRATION_TABLE} table).`);
    names = connection
      .prepare(`select name from ${MIGRATION_TABLE} order by name`)
      .all()
      .map((row) => (row as { name: string }).name);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${shownAs} is not a Lookout database (${(error as Error).message}).`);
  }
  if (!names.includes('0001-platform')) throw new BackupError(`${shownAs} is not a Lookout database (no migration of Lookout's was applied to it).`);
  return names;
}

/**
 * Takes an exclusive lock on `target`, which succeeds only if no other connection has it open,
 * then links the file under a new name (the replaced database stays readable there). The lock is
 * let go before the rename: closing a connection later would remove the new database's log files.
 */
function keepReplaced(target: string, now: Date): string {
  const connection = new SQLite(target, { fileMustExist: true, timeout: 0 });
  try {
    connection.pragma('locking_mode = EXCLUSIVE');
    try {
      connection.exec('BEGIN EXCLUSIVE');
      connection.exec('COMMIT');
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
        throw new BackupError(`${target} is in use: stop the Lookout server (and any lookout command) using it, then restore.`);
      }
      throw error;
    }
    // Written back into the file (the last connection closing does it too): the kept copy is whole.
    connection.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    connection.close();
  }
  const kept = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
  linkSync(target, kept);
  return kept;
}

function besideName(target: string, purpose: string): string {
  return join(dirname(target), `.${basename(target)}.${purpose}-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

function createPrivateFile(file: string): void {
  closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
}

/** Flushes a file (or a directory's entries) to disk, so that a rename survives a power cut. */
function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
