import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../../domain/ports/clock.js';
import type { TargetPolicy } from '../../net/target-policy.js';
import type { CheckedRun, CheckExecutor, DueCheck } from './due-check.js';
import { BATCH_WINDOW_MS, type CheckThreadSettings, type FromCheckThread, type ThreadResult, type ToCheckThread } from './thread-messages.js';

export interface ThreadPoolExecutorOptions {
  /** How many check threads (2 or more; one is the in-process executor's work). */
  threads: number;
  targetPolicy: TargetPolicy;
  userAgent: string;
  /** Extra trusted CA certificates (PEM) for HTTPS and SSL checks: each thread builds its own trust store with them. */
  extraCaPem?: string[];
  retryDelayMs?: number;
  dnsServers?: readonly string[] | null;
  /** Where domain monitors find their registries (LOOKOUT_RDAP_BOOTSTRAP_URL); IANA's file when absent. */
  rdapBootstrapUrl?: string;
  /** The clock runs start on (a test's clock included); the system clock when absent. */
  clock?: Clock;
  logger: Logger;
}

/** A due check handed to a thread, until its result comes back. */
interface InFlight {
  check: DueCheck;
  resolve: (run: CheckedRun) => void;
  reject: (error: Error) => void;
  /** Whether it was handed to a thread again after the first one ended under it. */
  again: boolean;
  /** When it must have answered (system clock): past it, its thread is taken for stuck. */
  deadline: number;
}

interface Thread {
  worker: Worker;
  /** Started and its resolver ready: it is given checks. */
  ready: boolean;
  /** Ids of the checks it holds. */
  inFlight: Set<number>;
  /** Checks waiting for this turn's message. */
  outbox: Array<{ id: number; check: DueCheck }>;
  /** Why it ended, when an error ended it. */
  error?: unknown;
}

/** How often the pool looks for a thread stuck past every deadline of the checks it holds. */
const WATCH_EVERY_MS = 1000;
/** What a check may take beyond its two attempts and the pause between them before its thread is taken for stuck. */
const STUCK_GRACE_MS = 5000;
/** The first pause before a thread that ended is started again; doubled for each one that ends before it was ready. */
const RESTART_DELAY_MS = 100;
const RESTART_DELAY_MAX_MS = 10_000;

/**
 * Runs due checks on check threads (worker_threads), one per core by default: each thread has its
 * own event loop, resolver, trust store and connections, and runs checks exactly as the in-process
 * executor does. The main thread keeps the API, the scheduler, loading monitors and recording runs;
 * due checks go to the thread holding the fewest, and cross each way in batches, one message per
 * turn of the event loop.
 *
 * A thread that ends (an error thrown in it, or ended from outside) is logged and started again,
 * and the checks it held are handed to another thread: they run again from the start, and their
 * runs keep their ids (from the job), so a run is still recorded once. A check whose thread ends
 * under it a second time is failed as a defect rather than tried forever. A thread that holds a
 * check well past its timeout is taken for stuck and ended, the same way.
 */
export class ThreadPoolExecutor implements CheckExecutor {
  private readonly threads: Thread[] = [];
  private readonly inFlight = new Map<number, InFlight>();
  /** Checks no thread is ready for yet (all starting or restarting). */
  private readonly waiting: number[] = [];
  private nextId = 1;
  private closed = false;
  private flushScheduled = false;
  private readonly settings: CheckThreadSettings;
  private readonly clock: Clock;
  private readonly retryDelayMs: number;
  private restartDelayMs = RESTART_DELAY_MS;
  private readonly watch: NodeJS.Timeout;
  private readyOnce: Promise<void> | null = null;

  constructor(private readonly options: ThreadPoolExecutorOptions) {
    this.clock = options.clock ?? systemClock;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.settings = {
      targetPolicy: options.targetPolicy,
      userAgent: options.userAgent,
      extraCaPem: options.extraCaPem ?? [],
      retryDelayMs: this.retryDelayMs,
      dnsServers: options.dnsServers ?? null,
      rdapBootstrapUrl: options.rdapBootstrapUrl,
    };
    this.watch = setInterval(() => this.endStuckThreads(), WATCH_EVERY_MS);
    this.watch.unref();
  }

  /** The live threads and how many checks each holds (tests end one under a check to see the pool recover). */
  threadsNow(): Array<{ worker: Worker; checks: number }> {
    return this.threads.map((thread) => ({ worker: thread.worker, checks: thread.inFlight.size }));
  }

  /** Starts the threads; resolves once each has read its hosts file. */
  ready(): Promise<void> {
    this.readyOnce ??= Promise.all(Array.from({ length: Math.max(1, this.options.threads) }, () => this.start())).then(() => undefined);
    return this.readyOnce;
  }

  execute(check: DueCheck): Promise<CheckedRun> {
    if (this.closed) return Promise.reject(new Error('the check threads are closed'));
    const id = this.nextId++;
    return new Promise<CheckedRun>((resolve, reject) => {
      this.inFlight.set(id, { check, resolve, reject, again: false, deadline: this.deadlineOf(check) });
      this.dispatch(id);
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.watch);
    for (const thread of this.threads) {
      thread.worker.postMessage({ type: 'close' } satisfies ToCheckThread);
      void thread.worker.terminate();
    }
    for (const entry of this.inFlight.values()) entry.reject(new Error('the check threads are closed'));
    this.inFlight.clear();
    this.waiting.length = 0;
  }

  private deadlineOf({ monitor }: DueCheck): number {
    return Date.now() + 2 * monitor.timeoutSeconds * 1000 + this.retryDelayMs + STUCK_GRACE_MS;
  }

  /** Hands a check to the ready thread holding the fewest; it waits when none is ready. */
  private dispatch(id: number): void {
    let best: Thread | undefined;
    for (const thread of this.threads) if (thread.ready && (!best || thread.inFlight.size < best.inFlight.size)) best = thread;
    if (!best) {
      this.waiting.push(id);
      return;
    }
    best.inFlight.add(id);
    best.outbox.push({ id, check: this.inFlight.get(id)!.check });
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Every check handed out in the window shares its thread's message.
    setTimeout(() => this.flush(), BATCH_WINDOW_MS);
  }

  private flush(): void {
    this.flushScheduled = false;
    const clockOffsetMs = this.clock === systemClock ? 0 : this.clock.now() - Date.now();
    for (const thread of this.threads) {
      if (thread.outbox.length === 0) continue;
      const checks = thread.outbox;
      thread.outbox = [];
      thread.worker.postMessage({ type: 'checks', clockOffsetMs, checks } satisfies ToCheckThread);
    }
  }

  private start(): Promise<void> {
    const worker = spawnCheckThread(this.settings);
    const thread: Thread = { worker, ready: false, inFlight: new Set(), outbox: [] };
    this.threads.push(thread);
    return new Promise<void>((resolve) => {
      worker.on('message', (message: FromCheckThread) => {
        if (message.type === 'results') {
          this.settle(thread, message.results);
          return;
        }
        thread.ready = true;
        this.restartDelayMs = RESTART_DELAY_MS;
        resolve();
        // Checks that waited for a thread go now.
        for (const id of this.waiting.splice(0)) this.dispatch(id);
      });
      worker.on('error', (error) => {
        thread.error = error;
      });
      worker.on('exit', (code) => {
        resolve(); // a thread that never got ready does not hold start-up
        this.ended(thread, code);
      });
    });
  }

  private settle(thread: Thread, results: ThreadResult[]): void {
    for (const result of results) {
      thread.inFlight.delete(result.id);
      const entry = this.inFlight.get(result.id);
      if (!entry) continue;
      this.inFlight.delete(result.id);
      if ('run' in result) entry.resolve(result.run);
      else entry.reject(new Error(result.error));
    }
  }

  /** A thread ended: it is replaced, and the checks it held go to another. */
  private ended(thread: Thread, code: number): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    if (this.closed) return;
    const held = [...thread.inFlight, ...thread.outbox.map(({ id }) => id)];
    this.options.logger.error(
      { err: thread.error, exitCode: code, threadId: thread.worker.threadId, checksHeld: held.length },
      'a check thread ended; its checks run again on another, and it is started again',
    );
    const delay = thread.ready ? RESTART_DELAY_MS : this.restartDelayMs;
    if (!thread.ready) this.restartDelayMs = Math.min(RESTART_DELAY_MAX_MS, this.restartDelayMs * 2);
    setTimeout(() => {
      if (!this.closed) void this.start();
    }, delay).unref();
    for (const id of held) {
      const entry = this.inFlight.get(id);
      if (!entry) continue;
      if (entry.again) {
        this.inFlight.delete(id);
        entry.reject(new Error('the check thread ended under this check twice'));
        continue;
      }
      entry.again = true;
      entry.deadline = this.deadlineOf(entry.check);
      this.dispatch(id);
    }
  }

  /** Ends a thread that holds a check long past what its timeouts allow: it is stuck where no timer runs. */
  private endStuckThreads(): void {
    const now = Date.now();
    for (const thread of this.threads) {
      for (const id of thread.inFlight) {
        const entry = this.inFlight.get(id);
        if (!entry || entry.deadline > now) continue;
        thread.error = new Error('the check thread held a check past its timeout');
        void thread.worker.terminate();
        break;
      }
    }
  }
}

/**
 * A check thread. Built, it runs check-thread.js beside this file. From the sources (tests, benches
 * run under tsx) it runs check-thread.ts through tsx's loader, registered in the thread first (Node
 * 20 does not apply a worker's `--import` hooks to its entry file), as the judging thread does.
 */
function spawnCheckThread(settings: CheckThreadSettings): Worker {
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(new URL(`data:text/javascript,${encodeURIComponent(sourceBootstrap())}`), { workerData: settings })
    : new Worker(new URL('./check-thread.js', import.meta.url), { workerData: settings });
  // The HTTP server keeps the process alive; an idle check thread does not.
  worker.unref();
  return worker;
}

/** The thread's entry when running from the TypeScript sources: tsx's loader, then the typed module. */
function sourceBootstrap(): string {
  // The `import` target of tsx's `./esm/api` export (require.resolve would give the CommonJS one).
  const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const entry = new URL('./check-thread.ts', import.meta.url).href;
  return `const tsx = await import(${JSON.stringify(tsx)}); tsx.register(); await import(${JSON.stringify(entry)});`;
}
