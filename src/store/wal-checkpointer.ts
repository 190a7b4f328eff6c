import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * Writes SQLite's write-ahead log back into the database on a thread of its own. By default the
 * connection that commits does it, on the event loop, whenever the log passes 1,000 pages: copying
 * those pages and syncing the file then holds every request and check for milliseconds, the
 * slowest answers of a busy server. A second connection on a worker thread checkpoints the log
 * every quarter of a second instead (PASSIVE: it never waits for, nor blocks, the writer).
 */

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Stops checkpointing; the database's own connection takes over again. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `file` in the background, and calls `onFailure` (after which the caller
 * lets its connection checkpoint again) if the thread cannot do it.
 */
export function startWalCheckpointer(file: string, onFailure: (reason: string) => void, everyMs = 250): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs } });
  let failed = false;
  const fail = (reason: string) => {
    if (failed) return;
    failed = true;
    onFailure(reason);
  };
  worker.on('message', (message: { error?: string }) => fail(message.error ?? 'unknown'));
  worker.on('error', (error) => fail(error.message));
  worker.on('exit', (code) => {
    if (code !== 0) fail(`the checkpoint thread ended (${code})`);
  });
  // Never what keeps a process alive.
  worker.unref();
  return {
    async stop() {
      failed = true;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      await worker.terminate();
    },
  };
}
