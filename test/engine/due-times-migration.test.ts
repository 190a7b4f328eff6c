import { Migrator, type Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedDueTimes } from '../../src/domain/check-schedules.js';
import { openStore, type Store } from '../../src/store/database.js';
import { migrations } from '../../src/store/migrations/index.js';
import { TEST_STORE, createTestDatabase, type TestDatabase } from '../helpers/cluster.js';

/*
 * The due times a database kept a row per monitor and region for move into the monitors' rows,
 * each monitor's under its regions, and the former table goes. On the suite's store.
 */

let dir: string;
let database: TestDatabase | null = null;
let store: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lookout-due-times-'));
  database = TEST_STORE === 'postgres' ? await createTestDatabase() : null;
  store = openStore(database?.url ?? `file:${join(dir, 'lookout.db')}`);
});
afterAll(async () => {
  await store.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const migrator = (db: Kysely<unknown>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

describe('the due times migration', () => {
  it('moves every stored due time into its monitor and drops check_schedules', async () => {
    const db = store.db as unknown as Kysely<any>;
    expect((await migrator(db).migrateTo('0026-rollups-by-monitor')).error).toBeUndefined();
    const now = 1_700_000_000_000;
    await db.insertInto('teams').values({ id: 'team-1', name: 'Team', created_at: now }).execute();
    const monitor = (id: string) => ({
      id,
      team_id: 'team-1',
      type: 'http',
      name: id,
      interval_seconds: 60,
      timeout_seconds: 10,
      regions: JSON.stringify(['us-east', 'eu-west']),
      status: 'up',
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('monitors')
      .values([monitor('m-1'), monitor('m-2'), monitor('m-never-due')])
      .execute();
    await db
      .insertInto('check_schedules')
      .values([
        { monitor_id: 'm-1', region: 'us-east', next_due_at: now + 1 },
        { monitor_id: 'm-1', region: 'eu-west', next_due_at: now + 2 },
        { monitor_id: 'm-2', region: 'us-east', next_due_at: now + 60_000 },
      ])
      .execute();

    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();

    const rows = await db.selectFrom('monitors').select(['id', 'due_times']).orderBy('id').execute();
    expect(rows.map((row: { id: string; due_times: string | null }) => [row.id, row.due_times === null ? null : JSON.parse(row.due_times)])).toEqual([
      ['m-1', { 'us-east': now + 1, 'eu-west': now + 2 }],
      ['m-2', { 'us-east': now + 60_000 }],
      ['m-never-due', null],
    ]);
    expect(await storedDueTimes(store.db)).toHaveLength(3);
    const tables = (await store.db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('check_schedules');
  });
});
