/**
 * The SQLite database, its WAL and shared-memory files and the key file are readable by Lookout's
 * own user only (0600), and the directories Lookout creates for them are 0700, whatever the
 * umask. Directories that already exist keep their mode. (SQLite only: with PostgreSQL Lookout
 * writes no files, so the cluster project skips this file.)
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/process.js';
import { startServer } from '../helpers/server.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(3, '0');

/** Mode of each path (octal text), so that a failure names every file at once. */
function modes(paths: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(paths).map(([name, path]) => [name, existsSync(path) ? modeOf(path) : 'missing']));
}

const databaseFiles = (dir: string) => ({
  db: join(dir, 'lookout.db'),
  wal: join(dir, 'lookout.db-wal'),
  shm: join(dir, 'lookout.db-shm'),
  key: join(dir, 'secret.key'),
});

describe('files are private', () => {
  it('a server on a fresh data directory creates it 0700 and the database, WAL, shared memory and key file 0600', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'lookout-modes-'));
    dirs.push(parent);
    const dataDir = join(parent, 'new', 'data');
    const fresh = await startServer({ DATABASE_URL: `file:${join(dataDir, 'lookout.db')}` });
    try {
      await fresh.newTeam('Owner'); // a write: the WAL holds it
      expect(modes({ outer: join(parent, 'new'), dataDir, ...databaseFiles(dataDir) })).toEqual({
        outer: '700',
        dataDir: '700',
        db: '600',
        wal: '600',
        shm: '600',
        key: '600',
      });
    } finally {
      await fresh.close();
    }
  });

  it('with umask 000, lookout serve still creates them private, and leaves an existing directory as it was', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'lookout-modes-'));
    dirs.push(parent);
    const existing = join(parent, 'existing');
    mkdirSync(existing);
    chmodSync(existing, 0o755);
    const dataDir = join(existing, 'data');
    const control = join(parent, 'control');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOOKOUT_REGIONS: 'none',
      DATABASE_URL: `file:${join(dataDir, 'lookout.db')}`,
    };
    delete env.LOOKOUT_SECRET_KEY; // the key file, not the environment
    // The control file shows the umask really is permissive for this process.
    const child = spawn('sh', ['-c', `umask 000 && touch "${control}" && exec "${process.execPath}" "${join(ROOT, 'dist/main.js')}" serve`], {
      cwd: ROOT,
      env,
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`lookout serve did not start:\n${output}`)), 60_000);
        child.stdout.on('data', () => {
          if (output.includes('Lookout is listening')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once('exit', (code) => reject(new Error(`lookout serve exited with ${String(code)}:\n${output}`)));
      });
      expect(modeOf(control)).toBe('666');
      // The first start bootstrapped a team: the WAL has been written.
      expect(output).toContain('API token:');
      expect(modes({ existing, dataDir, ...databaseFiles(dataDir) })).toEqual({
        existing: '755',
        dataDir: '700',
        db: '600',
        wal: '600',
        shm: '600',
        key: '600',
      });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }

    // A rotation under the same umask rewrites the key file, still 0600.
    const rotate = await new Promise<number | null>((resolve) => {
      const cli = spawn('sh', ['-c', `umask 000 && exec "${process.execPath}" "${join(ROOT, 'dist/main.js')}" secrets rotate`], { cwd: ROOT, env });
      cli.once('exit', resolve);
    });
    expect(rotate).toBe(0);
    expect(modeOf(join(dataDir, 'secret.key'))).toBe('600');
    expect(modeOf(join(dataDir, 'lookout.db'))).toBe('600');
  }, 120_000); // a server and a CLI process: slow on a loaded machine
});
