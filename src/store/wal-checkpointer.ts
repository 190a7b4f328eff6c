import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * Writes SQLite's write-ahead log back into the database on a thread of its own. By default the
 * connection that commits does it, on the event loop, whenever the log passes 1,000 pages: copying
 * those pages and syncing the file then holds every request and check for milliseconds, the
 * slowest answers of a busy server. A second connection on a worker thread does it instead, on
 * the same rule (PASSIVE: it never waits for, nor blocks, the writer): it reads how long the log
 * is every 100 ms and checkpoints once 1,000 pages have been added. A fixed interval would not do:
 * short, it copies the pages that every write touches again and again (CPU per check); long, each
 * checkpoint copies and syncs so much at once that the writer's own appends stall.
 *
 * A checkpointed log is started over by the next write only if that write's transaction began
 * with the whole log already copied. Under a steady stream of writes (heartbeat pings, one batch
 * per turn of the event loop) some batch always commits while a checkpoint runs, and the log
 * would grow without end: once it passes its limit, heavy writers wait (without blocking the
 * event loop) for one checkpoint, and their next write starts the log over.
 */

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync } = require('node:fs');
const { endianness } = require('node:os');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');

// How many pages the log holds: mxFrame of the wal-index header, at offset 16 of the -shm file
// in the machine's byte order (SQLite's documented WAL format). Only read; null if it cannot be.
const header = Buffer.alloc(20);
let shm = null;
const logPages = () => {
  try {
    shm ??= openSync(workerData.file + '-shm', 'r');
    if (readSync(shm, header, 0, 20, 0) < 20) return null;
    return endianness() === 'LE' ? header.readUInt32LE(16) : header.readUInt32BE(16);
  } catch {
    return null;
  }
};

/** The log's length at the last checkpoint. */
let copied = 0;
const checkpoint = (requested) => {
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    copied = log;
    parentPort.postMessage({ log, requested });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
};
let timer = null;
const poll = () => {
  const pages = logPages();
  if (pages !== null && pages < copied) copied = 0; // started over
  if (pages === null || pages - copied >= workerData.checkpointPages) checkpoint(false);
  timer = setTimeout(poll, workerData.pollMs);
};
timer = setTimeout(poll, workerData.pollMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    checkpoint(true);
    // The next look a full interval later: a checkpoint under way when the writer starts the log
    // over would hold a lock that makes it give up and append instead.
    clearTimeout(timer);
    timer = setTimeout(poll, workerData.pollMs);
    return;
  }
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/** Log pages (4 KiB each) past which writers make way for a checkpoint that lets the log start over. */
export const LOG_RESTART_PAGES = 65_536;

export interface WalCheckpointer {
  /**
   * For writers of many rows at a time, before each transaction: resolves at once while the log
   * is within its limit; past it, once a checkpoint has copied the whole log.
   */
  beforeBulkWrite(): Promise<void>;
  /** Stops checkpointing; the database's own connection takes over again. */
  stop(): Promise<void>;
}

export interface CheckpointRule {
  /** How often the thread looks at the log's length. */
  pollMs: number;
  /** Pages added to the log since the last checkpoint that call for the next (SQLite's own default). */
  checkpointPages: number;
  /** See LOG_RESTART_PAGES. */
  restartPages: number;
}

const DEFAULT_RULE: CheckpointRule = { pollMs: 100, checkpointPages: 1000, restartPages: LOG_RESTART_PAGES };

type WorkerMessage = { error: string } | { log: number; requested: boolean };

const READY = Promise.resolve();

/**
 * Starts checkpointing `file` in the background, and calls `onFailure` (after which the caller
 * lets its connection checkpoint again) if the thread cannot do it.
 */
export function startWalCheckpointer(file: string, onFailure: (reason: string) => void, options: Partial<CheckpointRule> = {}): WalCheckpointer {
  const { pollMs, checkpointPages, restartPages } = { ...DEFAULT_RULE, ...options };
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, pollMs, checkpointPages } });
  let failed = false;
  /** The log's length at the last checkpoint, in pages. */
  let logPages = 0;
  let requested: { done: Promise<void>; resolve: () => void } | null = null;
  const settleRequest = () => {
    requested?.resolve();
    requested = null;
  };
  const fail = (reason: string) => {
    settleRequest();
    if (failed) return;
    failed = true;
    onFailure(reason);
  };
  worker.on('message', (message: WorkerMessage) => {
    if ('error' in message) {
      fail(message.error);
      return;
    }
    logPages = message.log;
    if (!message.requested) return;
    // The next write starts the log over (the next checkpoint's report says if it did not).
    logPages = 0;
    settleRequest();
  });
  worker.on('error', (error) => fail(error.message));
  worker.on('exit', (code) => {
    if (code !== 0) fail(`the checkpoint thread ended (${code})`);
  });
  // Never what keeps a process alive.
  worker.unref();
  return {
    beforeBulkWrite() {
      if (failed || logPages < restartPages) return READY;
      if (!requested) {
        let resolve!: () => void;
        const done = new Promise<void>((r) => (resolve = r));
        requested = { done, resolve };
        worker.postMessage('checkpoint');
      }
      return requested.done;
    },
    async stop() {
      failed = true;
      settleRequest();
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      // While it stops, the thread keeps the process alive: otherwise a caller awaiting stop() with
      // nothing else left to run (a script's last await) would see its process end with the await unsettled.
      worker.ref();
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
