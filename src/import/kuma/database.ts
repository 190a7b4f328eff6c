import { closeSync, openSync, readSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { IMPORT_LIMITS, ImportError } from '../document.js';
import { readBoundedText } from '../files.js';
import { KUMA_DATABASE_ROWS, type KumaDatabaseRows } from './source.js';

/*
 * Reading Uptime Kuma's own files: its SQLite database (kuma.db, read only, never written, only
 * the four tables the import needs, never the heartbeat history that makes it large) or its JSON
 * backup.
 */

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** True when the file starts as every SQLite database does. */
export function isSqliteFile(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

function tableNames(db: SQLite.Database): Set<string> {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
  return new Set(rows.map((row) => row.name));
}

/** The rows of a kuma.db the import reads; an `ImportError` for a database that is not Kuma's. */
export function readKumaDatabase(path: string): KumaDatabaseRows {
  let db: SQLite.Database;
  try {
    db = new SQLite(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new ImportError(`cannot be opened as an SQLite database (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    const tables = tableNames(db);
    const missing = ['monitor', 'notification', 'monitor_notification'].filter((name) => !tables.has(name));
    if (missing.length > 0) throw new ImportError(`is not an Uptime Kuma database: it has no table ${missing.join(', ')}`);
    const limit = IMPORT_LIMITS.entries + 1;
    const rows = (sql: string) => db.prepare(`${sql} LIMIT ${limit}`).all() as Array<Record<string, unknown>>;
    return {
      [KUMA_DATABASE_ROWS]: true,
      monitors: rows('SELECT * FROM monitor ORDER BY id'),
      notifications: rows('SELECT * FROM notification ORDER BY id'),
      monitorNotifications: db.prepare('SELECT monitor_id, notification_id FROM monitor_notification ORDER BY id').all() as Array<Record<string, unknown>>,
      settings: tables.has('setting') ? rows("SELECT key, value FROM setting WHERE key = 'tlsExpiryNotifyDays'") : [],
      monitorTags:
        tables.has('tag') && tables.has('monitor_tag')
          ? rows('SELECT mt.monitor_id, t.name, mt.value FROM monitor_tag mt JOIN tag t ON t.id = mt.tag_id ORDER BY mt.id')
          : [],
      proxies: tables.has('proxy') ? rows('SELECT * FROM proxy ORDER BY id') : [],
    };
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`cannot be read as an Uptime Kuma database (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    db.close();
  }
}

/** What `import uptime-kuma` is given, read: a kuma.db's rows, or a JSON backup parsed (converted by `kumaToDocument`). */
export function readKumaFile(path: string): unknown {
  if (isSqliteFile(path)) return readKumaDatabase(path);
  const text = readBoundedText(path);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ImportError(`is neither an SQLite database nor a JSON backup (${error instanceof Error ? error.message : String(error)})`);
  }
}
