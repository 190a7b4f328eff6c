import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer, type WalCheckpointer } from '../../src/store/wal-checkpointer.js';

const PAGE = 4096;
const RESTART_PAGES = 64;

describe('the background WAL checkpointer', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database written by this thread and checkpointed by the worker, as `lookout serve` runs it. */
  function open(): { connection: SQLite.Database; walFile: string; checkpointer: WalCheckpointer; failures: string[] } {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-wal-'));
    const file = join(dir, 'test.db');
    const connection = new SQLite(file);
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
    connection.pragma('wal_autocheckpoint = 0');
    connection.pragma(`journal_size_limit = ${RESTART_PAGES * PAGE}`);
    connection.exec('create table rows (id integer primary key, body text)');
    const failures: string[] = [];
    const checkpointer = startWalCheckpointer(file, (reason) => failures.push(reason), { pollMs: 20, checkpointPages: 16, restartPages: RESTART_PAGES });
    cleanups.push(async () => {
      await checkpointer.stop();
      connection.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return { connection, walFile: `${file}-wal`, checkpointer, failures };
  }

  /**
   * Writes without a gap for `ms`: each turn of the event loop commits a transaction of 20 rows
   * (as the run recorder does with the pings of one turn), so some write is always under way when
   * a checkpoint ends. Answers the log file's size after every write, and after which writes
   * `makeWay` had made them wait.
   */
  async function writeSteadily(connection: SQLite.Database, walFile: string, ms: number, makeWay?: () => Promise<void>) {
    const insert = connection.prepare('insert into rows (body) values (?)');
    const batch = connection.transaction(() => {
      for (let i = 0; i < 20; i++) insert.run('x'.repeat(500));
    });
    const sizes: number[] = [];
    const afterWaiting: number[] = [];
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const madeWay = makeWay?.();
      let waited = false;
      if (madeWay) {
        let settled = false;
        void madeWay.then(() => (settled = true));
        await Promise.resolve();
        waited = !settled;
        await madeWay;
      }
      batch();
      sizes.push(statSync(walFile).size);
      if (waited) afterWaiting.push(sizes.at(-1)!);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { sizes, afterWaiting };
  }

  it('starts the log over whenever writes that never pause have made way for a checkpoint, as it asks once the log passes its limit', async () => {
    const { connection, walFile, checkpointer, failures } = open();
    const { afterWaiting } = await writeSteadily(connection, walFile, 1500, () => checkpointer.beforeBulkWrite());
    expect(afterWaiting.length).toBeGreaterThanOrEqual(3);
    // Started over, and cut back to the limit.
    for (const size of afterWaiting) expect(size).toBeLessThanOrEqual(RESTART_PAGES * PAGE);
    expect(failures).toEqual([]);
  });

  it('lets the log grow without end under the same writes when writers do not make way (the reason they must)', async () => {
    const { connection, walFile, failures } = open();
    const { sizes } = await writeSteadily(connection, walFile, 1500);
    // The log grows far past its limit: a checkpoint that ends between two writes is rare (a busy
    // machine that stalls this thread may let one through), and the writes outrun it again at once.
    expect(Math.max(...sizes)).toBeGreaterThan(RESTART_PAGES * PAGE * 8);
    const restarts = sizes.filter((size, i) => i > 0 && size < sizes[i - 1]!).length;
    expect(restarts).toBeLessThan(sizes.length / 10);
    expect(failures).toEqual([]);
  });

  it('checkpoints by itself once enough pages were added: after a pause, the next write starts the log over', async () => {
    const { connection, walFile, failures } = open();
    const insert = connection.prepare('insert into rows (body) values (?)');
    const batch = connection.transaction(() => {
      for (let i = 0; i < 20; i++) insert.run('x'.repeat(500));
    });
    for (let i = 0; i < 60; i++) batch();
    expect(statSync(walFile).size).toBeGreaterThan(RESTART_PAGES * PAGE * 2);
    // The thread checkpoints within moments of a pause (it polls every 20 ms); on a busy machine it
    // may take longer, so the next write is tried every 100 ms for up to 5 s.
    let size = Infinity;
    for (let waited = 0; waited < 5000 && size > RESTART_PAGES * PAGE; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      batch();
      size = statSync(walFile).size;
    }
    expect(size).toBeLessThanOrEqual(RESTART_PAGES * PAGE);
    expect(failures).toEqual([]);
  });

  it('answers at once while the log is short', async () => {
    const { checkpointer } = open();
    let settled = false;
    void checkpointer.beforeBulkWrite().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(true);
  });
});
