/**
 * Moving from embedded to cluster mode (docs/deploy.md): `lookout copy` takes an SQLite database
 * into PostgreSQL, and a cluster node over the copy serves the same team, token, monitors, runs
 * and secrets.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDatabase, TABLES_IN_ORDER } from '../../src/store/copy.js';
import { openStore } from '../../src/store/database.js';
import { createTestDatabase, leaseRedisDatabase, type RedisLease, type TestDatabase } from '../helpers/cluster.js';
import { freePort, lookoutCommand, serve } from '../helpers/process.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

const dir = mkdtempSync(join(tmpdir(), 'lookout-copy-'));
const sqliteUrl = `file:${join(dir, 'lookout.db')}`;
let database: TestDatabase;
let redis: RedisLease;
let target: Target;

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await leaseRedisDatabase();
  target = await startTarget();
});
afterAll(async () => {
  await target?.close();
  await redis?.release();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function call(port: number, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe('lookout copy', () => {
  it('copies every table the migrations make', async () => {
    const store = openStore(`file:${join(dir, 'tables.db')}`);
    try {
      await store.migrate();
      const tables = (await store.db.introspection.getTables()).map((t) => t.name).sort();
      expect([...TABLES_IN_ORDER].sort()).toEqual(tables);
    } finally {
      await store.close();
    }
  });

  it('copies a table SQLite keeps in the order of its key (rollups) page after page, every row once', async () => {
    const from = openStore(`file:${join(dir, 'rollups.db')}`);
    const target = await createTestDatabase({ migrated: true });
    const to = openStore(target.url);
    try {
      await from.migrate();
      const histogram = { h0: 0, h1: 1, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0, h8: 0, h9: 0, h10: 0, h11: 0 };
      // Three pages and a part: pages that end inside one monitor's buckets, and inside one bucket's regions.
      const rows = [];
      for (const monitor of ['m-1', 'm-2', 'm-3'])
        for (const period of ['day', 'hour'])
          for (let bucket = 0; bucket < 100; bucket++)
            for (const region of ['asia', 'eu-west', 'us-east'])
              rows.push({
                monitor_id: monitor,
                region,
                period,
                bucket_start: bucket * 3_600_000,
                checks: bucket + 1,
                failures: bucket % 3,
                duration_sum: bucket * 10,
                ...histogram,
              });
      for (let start = 0; start < rows.length; start += 500)
        await from.db
          .insertInto('rollups')
          .values(rows.slice(start, start + 500))
          .execute();

      expect((await copyDatabase(from, to)).rollups).toBe(rows.length);
      const read = (db: typeof from.db) =>
        db
          .selectFrom('rollups')
          .select(['monitor_id', 'region', 'period', 'bucket_start', 'checks', 'failures', 'duration_sum'])
          .orderBy('monitor_id')
          .orderBy('period')
          .orderBy('bucket_start')
          .orderBy('region')
          .execute();
      expect(await read(to.db)).toEqual(await read(from.db));
    } finally {
      await from.close();
      await to.close();
      await target.drop();
    }
  });

  it('moves an embedded installation to PostgreSQL: the cluster serves the same token, monitors, runs and secrets', { timeout: 120_000 }, async () => {
    // An embedded installation with a monitor (with a credential), its runs, an incident and a status page.
    const port = await freePort();
    // As `npm start` runs it: no key given, so one is generated next to the database.
    const embedded = await serve({
      PORT: String(port),
      DATABASE_URL: sqliteUrl,
      LOOKOUT_SECRET_KEY: undefined,
      LOOKOUT_REGIONS: 'us-east',
      LOOKOUT_TARGET_POLICY: 'all',
    });
    const token = /API token:\s+(lkt_\w+)/.exec(embedded.output())![1]!;
    const monitor = (
      await call(port, token, 'POST', '/api/v1/monitors', {
        type: 'http',
        name: 'Moved',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: `${target.url}/moved`,
        method: 'GET',
        expectedStatus: 200,
        auth: { type: 'bearer', secret: 'moved-credential' },
      })
    ).body;
    await eventually(async () => (await call(port, token, 'GET', `/api/v1/monitors/${monitor.id}/runs`)).body.data.length === 1);
    expect((await call(port, token, 'POST', '/api/v1/incidents', { title: 'Moving day', monitorId: monitor.id, message: 'Copying' })).status).toBe(201);
    const before = {
      monitors: (await call(port, token, 'GET', '/api/v1/monitors')).body,
      runs: (await call(port, token, 'GET', `/api/v1/monitors/${monitor.id}/runs`)).body,
      incidents: (await call(port, token, 'GET', '/api/v1/incidents')).body,
    };
    await embedded.stop();

    const copy = await lookoutCommand(['copy', '--from', sqliteUrl, '--to', database.url, '--json']);
    expect(copy.stderr).toBe('');
    expect(copy.code).toBe(0);
    const counts = JSON.parse(copy.stdout).copied;
    expect(counts).toMatchObject({ teams: 1, users: 1, access_tokens: 1, monitors: 1, monitor_runs: 1, incidents: 1 });
    // A second copy into the now full database is refused, and changes nothing.
    const again = await lookoutCommand(['copy', '--from', sqliteUrl, '--to', database.url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds data');

    // The cluster node, with the key the embedded installation generated.
    const keys = readFileSync(join(dir, 'secret.key'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    const clusterPort = await freePort();
    const node = await serve({
      PORT: String(clusterPort),
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      LOOKOUT_SECRET_KEY: keys.join(','),
      LOOKOUT_REGIONS: 'us-east',
      LOOKOUT_TARGET_POLICY: 'all',
    });
    try {
      expect(node.output()).not.toContain('API token'); // not empty: no bootstrap
      expect((await call(clusterPort, token, 'GET', '/api/v1/monitors')).body).toEqual(before.monitors);
      expect((await call(clusterPort, token, 'GET', `/api/v1/monitors/${monitor.id}/runs`)).body).toEqual(before.runs);
      expect((await call(clusterPort, token, 'GET', '/api/v1/incidents')).body).toEqual(before.incidents);
      // The sealed credential opens with the carried key: a check sends it.
      const hits = target.hits.length;
      expect((await call(clusterPort, token, 'POST', `/api/v1/monitors/${monitor.id}/check`)).status).toBe(202);
      await eventually(async () => target.hits.slice(hits).find((h) => h.path === '/moved'), 15_000);
      expect(target.hits.slice(hits).find((h) => h.path === '/moved')!.headers.authorization).toBe('Bearer moved-credential');
    } finally {
      await node.stop();
    }
  });
});
