/**
 * `lookout backup` and `lookout restore` as an operator runs them: the built CLI as its own process,
 * next to the built `lookout serve` writing runs (heartbeat pings) into the same SQLite file.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, lookoutCommand, serve, type ServeProcess } from '../helpers/process.js';

const dir = mkdtempSync(join(tmpdir(), 'lookout-backup-'));
const file = join(dir, 'lookout.db');
const env = { DATABASE_URL: `file:${file}` };
let port: number;
let server: ServeProcess | null = null;
let token: string;

beforeAll(async () => {
  port = await freePort();
  server = await serve({ ...env, PORT: String(port) });
  token = /API token:\s+(lkt_[A-Za-z0-9]{40})/.exec(server.output())![1]!;
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

/** Every run id in an SQLite file, read on a connection of the test's own. */
function runIds(path: string): Set<string> {
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    return new Set(db.prepare('select id from monitor_runs').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

function integrity(path: string): string {
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

/**
 * Pings each heartbeat four times a second, each with a 4 KiB log, so that the server commits runs
 * all the time; resolves with the pings answered once stopped. Paced, so that no key reaches its
 * limit (60 a minute) within 15 s: unpaced, 40 keys used up all 2,400 pings before a slow backup
 * began, and nothing was committed after it.
 */
function pingLoad(keys: string[]): { stop(): Promise<number> } {
  let running = true;
  let answered = 0;
  const log = 'x'.repeat(4096);
  const loops = keys.map(async (key) => {
    while (running) {
      const response = await fetch(`http://127.0.0.1:${port}/ping/${key}`, { method: 'POST', body: log });
      await response.text();
      if (response.status === 200) answered++;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return answered;
    },
  };
}

describe('lookout backup and restore (embedded)', () => {
  const snapshot = join(dir, 'snapshot.db');
  let before: Set<string>;

  it('backs up while the server writes runs: the snapshot passes the integrity check and holds every run committed before the backup began', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 40; i++) {
      const created = await api('/api/v1/monitors', { method: 'POST', body: { type: 'heartbeat', name: `Job ${i}`, periodSeconds: 3600, graceSeconds: 60 } });
      expect(created.status).toBe(201);
      keys.push(/\/ping\/([A-Za-z0-9_-]+)$/.exec(((await created.json()) as { pingUrl: string }).pingUrl)![1]!);
    }
    // A stored secret, sealed with the installation key (data/secret.key).
    const sealed = await api('/api/v1/monitors', {
      method: 'POST',
      body: {
        type: 'http',
        name: 'API',
        intervalSeconds: 60,
        timeoutSeconds: 10,
        regions: ['us-east'],
        url: 'https://example.com/',
        method: 'GET',
        expectedStatus: 200,
        auth: { type: 'bearer', secret: 'kept sealed' },
      },
    });
    expect(sealed.status).toBe(201);
    const load = pingLoad(keys);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      before = runIds(file);
      expect(before.size).toBeGreaterThan(20);
      const started = performance.now();
      const backup = await lookoutCommand(['backup', snapshot, '--json'], env);
      const took = performance.now() - started;
      expect(backup.code, backup.stderr).toBe(0);
      expect(JSON.parse(backup.stdout)).toEqual({ file: snapshot, bytes: statSync(snapshot).size, migrations: expect.any(Number) });
      // The server kept committing runs while the command ran.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = runIds(file);
      const pinged = await load.stop();
      const held = runIds(snapshot);
      expect(integrity(snapshot)).toBe('ok');
      expect([...before].filter((id) => !held.has(id))).toEqual([]);
      expect([...held].filter((id) => !after.has(id))).toEqual([]);
      expect(after.size).toBeGreaterThan(before.size);
      console.log(`backup: ${before.size} runs before, ${held.size} in the snapshot, ${after.size} after; ${pinged} pings; ${Math.round(took)} ms`);
    } finally {
      await load.stop();
    }
    // A self-contained file, readable by its owner only.
    expect(statSync(snapshot).mode & 0o777).toBe(0o600);
    expect(existsSync(`${snapshot}-wal`)).toBe(false);
    expect(readFileSync(snapshot).subarray(18, 20)).toEqual(Buffer.from([1, 1]));
    // An existing file is never overwritten.
    const again = await lookoutCommand(['backup', snapshot], env);
    expect(again).toMatchObject({ code: 1, stderr: `lookout: ${snapshot} exists already; name a new file.\n` });
  }, 60_000);

  it('restore refuses while the server has the database open, and leaves it as it was', async () => {
    const size = statSync(file).size;
    const refused = await lookoutCommand(['restore', snapshot], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`lookout: ${file} is in use: stop the Lookout server (and any lookout command) using it, then restore.\n`);
    expect(statSync(file).size).toBe(size);
    expect((await api('/api/v1/teams/current')).status).toBe(200);
  });

  it('restore refuses a file that is not a Lookout database, and a snapshot of a newer schema', async () => {
    const target = { DATABASE_URL: `file:${join(dir, 'other', 'lookout.db')}` };
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'SQLite format 3 — not really '.repeat(200));
    const notSqlite = await lookoutCommand(['restore', junk], target);
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.stderr).toMatch(new RegExp(`^lookout: ${junk} is not a Lookout database \\(file is not a database\\)\\.\\n$`));

    const foreign = join(dir, 'foreign.db');
    const other = new SQLite(foreign);
    other.exec('create table notes (body text); insert into notes values (1)');
    other.close();
    const notLookout = await lookoutCommand(['restore', foreign], target);
    expect(notLookout).toMatchObject({ code: 1, stderr: `lookout: ${foreign} is not a Lookout database (it has no kysely_migration table).\n` });

    const newer = join(dir, 'newer.db');
    copyFileSync(snapshot, newer);
    const edit = new SQLite(newer);
    edit.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-the-future', new Date().toISOString());
    edit.close();
    const refused = await lookoutCommand(['restore', newer], target);
    expect(refused).toMatchObject({
      code: 1,
      stderr: `lookout: ${newer} comes from a newer version of Lookout (migrations this version does not know: 9999-from-the-future); restore it with that version.\n`,
    });
    // A page of the migrations table damaged: integrity_check names it, nothing is restored.
    const damaged = join(dir, 'damaged.db');
    copyFileSync(snapshot, damaged);
    const inspect = new SQLite(damaged, { readonly: true });
    const root = inspect.prepare("select rootpage from sqlite_master where name = 'kysely_migration'").pluck().get() as number;
    const pageSize = inspect.pragma('page_size', { simple: true }) as number;
    inspect.close();
    const bytes = readFileSync(damaged);
    bytes.writeUInt16BE(0x0fff, (root - 1) * pageSize + 3); // the page's cell count
    writeFileSync(damaged, bytes);
    const broken = await lookoutCommand(['restore', damaged], target);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(new RegExp(`^lookout: ${damaged} is damaged\\b`));

    // Nothing was left behind: no database, no temporary file.
    expect(existsSync(join(dir, 'other', 'lookout.db'))).toBe(false);
    expect(readdir(join(dir, 'other'))).toEqual([]);
  });

  it('backup and restore name pg_dump and pg_restore for PostgreSQL', async () => {
    const pg = { DATABASE_URL: 'postgres://lookout@db.invalid:5432/lookout' };
    const backup = await lookoutCommand(['backup', join(dir, 'pg.dump')], pg);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('with PostgreSQL use pg_dump -Fc');
    const restore = await lookoutCommand(['restore', snapshot], pg);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('with PostgreSQL use pg_restore');
  });

  it('restores once the server is stopped, keeps the replaced database, and the server starts on the snapshot', async () => {
    await server!.stop();
    server = null;
    const held = runIds(snapshot);
    const restored = await lookoutCommand(['restore', snapshot, '--json'], env);
    expect(restored.code, restored.stderr).toBe(0);
    const report = JSON.parse(restored.stdout) as { file: string; replacedKeptAt: string; pending: string[] };
    expect(report).toMatchObject({ file, pending: [], missingKeyIds: [] });
    expect(restored.stderr).toBe('');
    expect(runIds(report.replacedKeptAt).size).toBeGreaterThan(held.size);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(runIds(file)).toEqual(held);
    expect(integrity(file)).toBe('ok');

    server = await serve({ ...env, PORT: String(port) });
    expect(server.output()).not.toContain('API token:');
    expect((await api('/api/v1/teams/current')).status).toBe(200);
    const monitors = (await (await api('/api/v1/monitors?limit=100')).json()) as { data: Array<{ id: string }> };
    expect(monitors.data).toHaveLength(41);
  }, 60_000);

  it('warns when the key the snapshot was sealed with is not there (restored on another machine without it)', async () => {
    const elsewhere = join(dir, 'elsewhere', 'lookout.db');
    const restored = await lookoutCommand(['restore', snapshot, '--json'], { DATABASE_URL: `file:${elsewhere}` });
    expect(restored.code, restored.stderr).toBe(0);
    const report = JSON.parse(restored.stdout) as { replacedKeptAt: string | null; missingKeyIds: string[] };
    expect(report.replacedKeptAt).toBeNull();
    expect(report.missingKeyIds).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/)]);
    expect(restored.stderr).toContain(`lookout: warning: stored secrets of the snapshot are sealed with keys ${report.missingKeyIds[0]!}, which the key file`);
    // With the installation's key file beside it, nothing is missing.
    copyFileSync(join(dir, 'secret.key'), join(dir, 'elsewhere', 'secret.key'));
    rmSync(elsewhere);
    const withKey = await lookoutCommand(['restore', snapshot, '--json'], { DATABASE_URL: `file:${elsewhere}` });
    expect(withKey.code, withKey.stderr).toBe(0);
    expect(JSON.parse(withKey.stdout)).toMatchObject({ missingKeyIds: [] });
    expect(withKey.stderr).toBe('');
  });
});

function readdir(path: string): string[] {
  return existsSync(path) ? readdirSync(path) : [];
}
