/**
 * Global setup of the `cluster` project (vitest.config.ts): the run stops here, loudly, when
 * PostgreSQL or Redis cannot be reached (nothing is skipped); it migrates the database every test
 * server's database is copied from, and the teardown drops every database the run created,
 * including those of servers a test never closed.
 */
import { Redis } from 'ioredis';
import { openStore } from '../../src/store/database.js';
import { MIGRATED_TEMPLATE, PG_ADMIN_URL, REDIS_BASE_URL, RUN_ID, createMigratedTemplate, dropTestDatabases } from './cluster.js';
import pg from 'pg';

export async function setup(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `Cluster-mode tests need PostgreSQL at ${PG_ADMIN_URL} (set LOOKOUT_TEST_PG_URL to use another): ${(error as Error).message}. ` +
        'Run only the embedded suite with: npm run test:embedded',
      { cause: error },
    );
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(`${REDIS_BASE_URL}/0`, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 5000, retryStrategy: () => null });
  let cause = '';
  redis.on('error', (error: Error) => (cause ||= error.message));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Cluster-mode tests need Redis at ${REDIS_BASE_URL} (set LOOKOUT_TEST_REDIS_URL to use another): ${cause || (error as Error).message}. ` +
        'Run only the embedded suite with: npm run test:embedded',
      { cause: error },
    );
  } finally {
    redis.disconnect();
  }

  await createMigratedTemplate(async (url) => {
    const store = openStore(url);
    try {
      await store.migrate();
    } finally {
      await store.close();
    }
  });

  return async () => {
    const dropped = (await dropTestDatabases(RUN_ID)).filter(({ name }) => name !== MIGRATED_TEMPLATE);
    if (dropped.length > 0) {
      console.log(`cluster tests: dropped ${dropped.length} database(s) left by tests that did not close their server:`);
      for (const { creator } of dropped) console.log(`  ${creator ?? 'unknown'}`);
    }
  };
}
