/**
 * Cluster mode for the API suite: with `LOOKOUT_TEST_STORE=postgres` every test server gets a
 * throwaway PostgreSQL database of its own and a Redis database of its own, as a cluster node
 * would (DATABASE_URL=postgres://…, REDIS_URL, LOOKOUT_SECRET_KEY).
 *
 * - PostgreSQL: `CREATE DATABASE lookout_t_<run>_<random>` on the server of LOOKOUT_TEST_PG_URL
 *   (default postgres://postgres@127.0.0.1:5432/test), dropped when the test server closes; the
 *   global teardown (test/helpers/cluster-setup.ts) drops whatever a test left behind.
 * - Redis: one of the server's numbered databases (1…15), leased through a key in database 0 so
 *   that parallel workers and files never share one (rate windows are per client address too),
 *   and flushed when leased.
 * - LOOKOUT_SECRET_KEY: one random key per run (vitest.config.ts), so that a restarted server
 *   and the CLI read what the first one sealed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import type { Store } from '../../src/store/database.js';

export type TestStore = 'sqlite' | 'postgres';

/** Which store `startServer()` puts a test server on. */
export const TEST_STORE: TestStore = parseTestStore(process.env.LOOKOUT_TEST_STORE);

export const PG_ADMIN_URL = process.env.LOOKOUT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_BASE_URL = (process.env.LOOKOUT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '');
/** Names every database this run creates, so that the teardown drops exactly those. */
export const RUN_ID = (process.env.LOOKOUT_TEST_RUN_ID ??= randomBytes(4).toString('hex'));
export const TEST_DATABASE_PREFIX = 'lookout_t_';

function parseTestStore(value: string | undefined): TestStore {
  if (value === undefined || value === '' || value === 'sqlite') return 'sqlite';
  if (value === 'postgres') return 'postgres';
  throw new Error(`LOOKOUT_TEST_STORE must be sqlite or postgres (got "${value}")`);
}

let ownSecretKey: string | undefined;

/**
 * The run's LOOKOUT_SECRET_KEY (vitest.config.ts sets one per run in cluster mode); otherwise one of
 * this worker's own, kept out of `process.env` so that the test files sharing the worker after this
 * one (embedded: the key file) do not inherit it.
 */
export function testSecretKey(): string {
  return process.env.LOOKOUT_SECRET_KEY ?? (ownSecretKey ??= randomBytes(32).toString('base64'));
}

function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL for the cluster-mode tests is unreachable at ${PG_ADMIN_URL}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * The run's migrated database (test/helpers/cluster-setup.ts makes it once): copying it is about
 * three times quicker than migrating an empty database for every test server.
 */
export const MIGRATED_TEMPLATE = `${TEST_DATABASE_PREFIX}${RUN_ID}_migrated`;

/** Creates the run's migrated template database; nobody may stay connected to it. */
export async function createMigratedTemplate(migrate: (url: string) => Promise<void>): Promise<void> {
  await withAdmin((client) => client.query(`CREATE DATABASE "${MIGRATED_TEMPLATE}"`));
  await migrate(databaseUrl(MIGRATED_TEMPLATE));
}

/**
 * A new PostgreSQL database: empty, or `migrated` (a copy of the run's template, as a server leaves
 * a database it migrated); `drop()` ends its connections and removes it.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${RUN_ID}_${randomBytes(6).toString('hex')}`;
  // Which test made it, for the teardown to name the tests that leave their database behind.
  // Imported here: the global setup, which imports this file too, runs outside vitest's test state.
  const { expect } = await import('vitest');
  const { testPath, currentTestName } = expect.getState();
  const creator = [testPath && relative(process.cwd(), testPath), currentTestName].filter(Boolean).join(' > ') || 'unknown';
  await withAdmin(async (client) => {
    await client.query(`CREATE DATABASE "${name}"${options.migrated ? ` TEMPLATE "${MIGRATED_TEMPLATE}"` : ''}`);
    await client.query(`COMMENT ON DATABASE "${name}" IS ${client.escapeLiteral(creator)}`);
  });
  let dropped = false;
  return {
    name,
    url: databaseUrl(name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await dropDatabases([name]);
    },
  };
}

async function dropDatabases(names: string[]): Promise<void> {
  if (names.length === 0) return;
  await withAdmin(async (client) => {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()', [names]);
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Drops the databases of one run (the global teardown), or of every run (`runId` omitted); answers each with the test that made it. */
export async function dropTestDatabases(runId?: string): Promise<Array<{ name: string; creator: string | null }>> {
  const pattern = `${TEST_DATABASE_PREFIX}${runId ? `${runId}_` : ''}`.replaceAll('_', '\\_') + '%';
  const found = await withAdmin(async (client) => {
    const { rows } = await client.query<{ name: string; creator: string | null }>(
      "SELECT datname AS name, shobj_description(oid, 'pg_database') AS creator FROM pg_database WHERE datname LIKE $1",
      [pattern],
    );
    return rows;
  });
  await dropDatabases(found.map((database) => database.name));
  return found;
}

// ---------------------------------------------------------------------------------------------
// Redis databases

const LEASE_KEY = 'lookout-test:redis-db-lease:';
const LEASE_MS = 60_000;
let leaseClient: Redis | null = null;

function leases(): Redis {
  leaseClient ??= new Redis(`${REDIS_BASE_URL}/0`, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
  return leaseClient;
}

export interface RedisLease {
  db: number;
  url: string;
  release(): Promise<void>;
}

/**
 * A Redis database of its own, emptied, for one test server (or one test). Waits up to 60 s for
 * one to be free, then fails: it never shares one.
 */
export async function leaseRedisDatabase(): Promise<RedisLease> {
  const client = leases();
  try {
    if (client.status === 'wait') await client.connect();
    const [, count] = (await client.config('GET', 'databases')) as [string, string];
    const databases = Number(count);
    const owner = `${process.pid}:${randomBytes(6).toString('hex')}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      // Start at a different place per worker so that workers rarely contend for the same one.
      const start = Number(process.env.VITEST_POOL_ID ?? 1) * 3;
      for (let i = 0; i < databases - 1; i++) {
        const db = 1 + ((start + i) % (databases - 1));
        if ((await client.set(`${LEASE_KEY}${db}`, owner, 'PX', LEASE_MS, 'NX')) !== 'OK') continue;
        const refresh = setInterval(() => {
          client.pexpire(`${LEASE_KEY}${db}`, LEASE_MS).catch(() => {});
        }, LEASE_MS / 3);
        refresh.unref();
        const flusher = new Redis(`${REDIS_BASE_URL}/${db}`, { maxRetriesPerRequest: 1 });
        await flusher.flushdb();
        await flusher.quit();
        let released = false;
        return {
          db,
          url: `${REDIS_BASE_URL}/${db}`,
          async release() {
            if (released) return;
            released = true;
            clearInterval(refresh);
            await client.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0", 1, `${LEASE_KEY}${db}`, owner);
          },
        };
      }
      if (Date.now() > deadline) throw new Error(`no free Redis database for a test server: all ${databases - 1} are leased`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    if ((error as Error).message.startsWith('no free Redis')) throw error;
    throw new Error(`Redis for the cluster-mode tests is unreachable at ${REDIS_BASE_URL}: ${(error as Error).message}`, { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// Provisioning for startServer()

export interface ProvisionedStore {
  /** DATABASE_URL, REDIS_URL and LOOKOUT_SECRET_KEY for the server, unless the test gave its own. */
  env: Record<string, string>;
  /** Ends the Redis lease: when the app closes (the database may be reused after that). */
  releaseCoordination(): Promise<void>;
  /** Drops the database this provisioning created: when the test server closes. */
  dropDatabase(): Promise<void>;
}

/** Nothing with SQLite (the caller's temp directory holds the file); cluster resources with PostgreSQL. */
export async function provisionStore(requested: Record<string, string>): Promise<ProvisionedStore> {
  if (TEST_STORE === 'sqlite') return { env: {}, releaseCoordination: async () => {}, dropDatabase: async () => {} };
  const env: Record<string, string> = { LOOKOUT_SECRET_KEY: testSecretKey() };
  const database = requested.DATABASE_URL === undefined ? await createTestDatabase({ migrated: true }) : null;
  if (database) env.DATABASE_URL = database.url;
  let lease: RedisLease | null = null;
  try {
    if (requested.REDIS_URL === undefined) {
      lease = await leaseRedisDatabase();
      env.REDIS_URL = lease.url;
    }
  } catch (error) {
    await database?.drop();
    throw error;
  }
  return {
    env,
    releaseCoordination: async () => lease?.release(),
    dropDatabase: async () => database?.drop(),
  };
}

/**
 * Everything the store holds at rest, as bytes to search: with SQLite the database file and its
 * WAL; with PostgreSQL every row of every table of the schema as JSON (what a dump would show;
 * each column, not only text ones).
 */
export async function storedBytes(store: Store, dataDir: string): Promise<Buffer> {
  if (store.dialect === 'sqlite') {
    const files = ['lookout.db', 'lookout.db-wal'].map((f) => join(dataDir, f)).filter(existsSync);
    if (files.length === 0) throw new Error(`no SQLite files in ${dataDir}`);
    return Buffer.concat(files.map((f) => readFileSync(f)));
  }
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(store.db);
  if (tables.rows.length === 0) throw new Error('no tables in the PostgreSQL database');
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(table_name)} t`.execute(store.db);
    parts.push(`-- ${table_name}\n`, ...rows.rows.map((r) => `${r.row}\n`));
  }
  return Buffer.from(parts.join(''), 'utf8');
}
