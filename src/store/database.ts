import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { auditingDialect } from './audit-trail.js';
import { migrations } from './migrations/index.js';
import { ensurePrivateDirectory, ensurePrivateFile } from './private-files.js';
import { LOG_RESTART_PAGES, startWalCheckpointer } from './wal-checkpointer.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite file, for tools that read it directly (backups, tests); null with PostgreSQL. */
  file: string | null;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Writers of many rows at a time (the run recorders) call this before each transaction: it
   * resolves at once, except when SQLite's write-ahead log must first be copied back so that it
   * can start over (src/store/wal-checkpointer.ts).
   */
  beforeBulkWrite(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /**
   * PostgreSQL: a pooled connection that was idle failed (server restart, failover, a terminated
   * backend). The pool drops it and opens a new one for the next query; this only reports it.
   */
  onConnectionError?(error: Error): void;
  /**
   * SQLite: write the log back into the database on a thread of its own (src/store/wal-checkpointer.ts),
   * for long-running processes that write all the time; `onCheckpointFailure` hears if it cannot.
   */
  checkpointInBackground?: boolean;
  onCheckpointFailure?(reason: string): void;
}

/** Opens `file:<path>` as embedded SQLite or `postgres://…` as PostgreSQL. */
export function openStore(databaseUrl: string, options: StoreOptions = {}): Store {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) return openPostgres(databaseUrl, options);
  if (databaseUrl.startsWith('file:')) return openSqlite(resolve(databaseUrl.slice('file:'.length)), options);
  throw new Error(`DATABASE_URL must start with file: or postgres:// (got "${databaseUrl.split(':')[0]!}:…")`);
}

function openSqlite(file: string, options: StoreOptions): Store {
  // A new data directory and database are private (0700, 0600); the WAL and shared-memory files
  // follow the database file's mode.
  ensurePrivateDirectory(dirname(file));
  ensurePrivateFile(file);
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  // The auditing driver writes an audited call's entry in the transaction of its change (audit-trail.ts).
  const db = new Kysely<Database>({ dialect: auditingDialect(new SqliteDialect({ database: withStatementCache(connection) }), 'sqlite') });
  const store = withCommon(db, 'sqlite', file);
  if (!options.checkpointInBackground) return store;
  connection.pragma('wal_autocheckpoint = 0');
  const checkpointer = startWalCheckpointer(file, (reason) => {
    // The connection checkpoints as it would have by itself: the log never grows without end.
    if (connection.open) connection.pragma('wal_autocheckpoint = 1000');
    options.onCheckpointFailure?.(reason);
  });
  // A log started over is cut back to its limit, so the file never keeps a burst's length.
  connection.pragma(`journal_size_limit = ${LOG_RESTART_PAGES * 4096}`);
  store.beforeBulkWrite = () => checkpointer.beforeBulkWrite();
  const closeConnection = store.close.bind(store);
  store.close = async () => {
    await checkpointer.stop();
    await closeConnection();
  };
  return store;
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed
 * query. Statements are cached by their SQL text, which Kysely keeps stable per query shape.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = connection.prepare(sqlText);
        if (statements.size >= 500) statements.delete(statements.keys().next().value!);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/**
 * The PostgreSQL client, loaded the first time a store on PostgreSQL opens: an embedded process
 * never holds it in memory.
 */
let postgresClient: typeof pg | null = null;
function loadPostgresClient(): typeof pg {
  if (postgresClient) return postgresClient;
  const client = createRequire(import.meta.url)('pg') as typeof pg;
  // int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
  client.types.setTypeParser(client.types.builtins.INT8, (value) => Number(value));
  return (postgresClient = client);
}

function openPostgres(url: string, options: StoreOptions): Store {
  const pool = new (loadPostgresClient().Pool)({ connectionString: url, max: 10 });
  // Without a listener, an idle connection's error (e.g. PostgreSQL restarting) would end the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  const db = new Kysely<Database>({ dialect: auditingDialect(new PostgresDialect({ pool }), 'postgres') });
  return withCommon(db, 'postgres', null);
}

const NOTHING_TO_WAIT_FOR = Promise.resolve();

function withCommon(db: Kysely<Database>, dialect: Dialect, file: string | null): Store {
  return {
    db,
    dialect,
    file,
    async migrate() {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error, results } = await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName;
        throw new Error(`Database migration ${failed ?? ''} failed: ${(error as Error).message}`);
      }
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    beforeBulkWrite: () => NOTHING_TO_WAIT_FOR,
    async close() {
      await db.destroy();
    },
  };
}
