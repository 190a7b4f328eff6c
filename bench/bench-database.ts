/**
 * The database a bench:checks configuration runs on, SQLite or PostgreSQL, and what the bench reads
 * from it while the server writes: its size, the runs written, the status events not yet processed.
 *
 * SQLite: a file in a scratch directory, read through a read-only connection of its own.
 * PostgreSQL (BENCH_STORE=postgres): a database `lookout_bench_<random>` made on BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432, trust authentication) and dropped afterwards; the server
 * needs LOOKOUT_SECRET_KEY there (a random one per database), and no Redis (embedded coordination).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export type BenchStore = 'sqlite' | 'postgres';

const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

export interface StoreFigures {
  /**
   * SQLite: pages in use as the newest commit sees it ((page_count − freelist_count) × page_size, WAL
   * frames included). PostgreSQL: pg_total_relation_size of the schema's tables (indexes and TOAST
   * included, dead rows not yet vacuumed too).
   */
  dbBytes: number;
  /** SQLite: main file + WAL on disk. PostgreSQL: pg_database_size. */
  fileBytes: number;
  runs: number;
  /** PostgreSQL: pg_stat_wal.wal_bytes, the whole cluster's (other databases' writes included); NaN with SQLite. */
  walBytes: number;
}

export interface BenchDatabase {
  store: BenchStore;
  url: string;
  /** What the server needs besides DATABASE_URL. */
  serverEnv: Record<string, string>;
  /** Opens the reading side; call once the server has migrated the database. */
  open(): Promise<void>;
  figures(): Promise<StoreFigures>;
  unprocessedEvents(): Promise<number>;
  /** Runs carrying assertion outcomes started at or after `since`, and how many of them failed. */
  judged(since: number): Promise<{ n: number; failed: number }>;
  drop(): Promise<void>;
}

export async function createBenchDatabase(store: BenchStore): Promise<BenchDatabase> {
  return store === 'postgres' ? createPostgres() : createSqlite();
}

const fileBytes = (file: string) => (existsSync(file) ? statSync(file).size : 0);

function createSqlite(): BenchDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-bench-checks-'));
  const file = join(dir, 'lookout.db');
  let reader: SQLite.Database | null = null;
  const db = () => reader ?? (reader = new SQLite(file, { readonly: true, fileMustExist: true }));
  const pragma = (name: string) => db().pragma(name, { simple: true }) as number;
  return {
    store: 'sqlite',
    url: `file:${file}`,
    serverEnv: {},
    open: () => Promise.resolve(void db()),
    figures: () =>
      Promise.resolve({
        dbBytes: (pragma('page_count') - pragma('freelist_count')) * pragma('page_size'),
        fileBytes: fileBytes(file) + fileBytes(`${file}-wal`),
        runs: (db().prepare('select count(*) as n from monitor_runs').get() as { n: number }).n,
        walBytes: NaN,
      }),
    unprocessedEvents: () => Promise.resolve((db().prepare('select count(*) as n from events where processed_at is null').get() as { n: number }).n),
    judged: (since) =>
      Promise.resolve(
        db()
          .prepare('select count(*) as n, coalesce(sum(1 - ok), 0) as failed from monitor_runs where assertions is not null and started_at >= ?')
          .get(since) as { n: number; failed: number },
      ),
    drop: () => {
      reader?.close();
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

async function createPostgres(): Promise<BenchDatabase> {
  const name = `lookout_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${PG_URL}/postgres`, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = `${PG_URL}/${name}`;
  const client = new pg.Client({ connectionString: url });
  let opened = false;
  const one = async (text: string, values: unknown[] = []) => Number(Object.values((await client.query(text, values)).rows[0] as object)[0]);
  return {
    store: 'postgres',
    url,
    serverEnv: { LOOKOUT_SECRET_KEY: randomBytes(32).toString('base64') },
    open: async () => {
      if (opened) return;
      await client.connect();
      opened = true;
    },
    figures: async () => ({
      dbBytes: await one(
        `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind in ('r', 'p', 'm')`,
      ),
      fileBytes: await one('select pg_database_size(current_database())::float8'),
      runs: await one('select count(*)::float8 from monitor_runs'),
      walBytes: await one('select wal_bytes::float8 from pg_stat_wal'),
    }),
    unprocessedEvents: () => one('select count(*)::float8 from events where processed_at is null'),
    judged: async (since) => {
      const row = (
        await client.query(
          'select count(*)::float8 as n, coalesce(sum(1 - ok), 0)::float8 as failed from monitor_runs where assertions is not null and started_at >= $1',
          [since],
        )
      ).rows[0] as { n: number; failed: number };
      return row;
    },
    drop: async () => {
      if (opened) await client.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
