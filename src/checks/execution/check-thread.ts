import { parentPort, workerData } from 'node:worker_threads';
import { HostResolver } from '../../net/resolver.js';
import { createTrustContext } from '../../net/trust-store.js';
import { systemClock, type Clock } from '../../domain/ports/clock.js';
import { InProcessExecutor } from './in-process-executor.js';
import { BATCH_WINDOW_MS, type CheckBatch, type CheckThreadSettings, type FromCheckThread, type ThreadResult, type ToCheckThread } from './thread-messages.js';

/*
 * A check thread (thread-pool-executor.ts): runs the due checks it is handed on its own event loop,
 * with its own resolver, trust store and connections, exactly as the in-process executor does, and
 * hands the results back in batches, one message per BATCH_WINDOW_MS.
 */

const settings = workerData as CheckThreadSettings;
const port = parentPort!;

/** The main thread's clock, as the last batch told it: see CheckBatch.clockOffsetMs. */
let clockOffsetMs = 0;
const clock: Clock = { now: () => Date.now() + clockOffsetMs, timer: (at, fn, options) => systemClock.timer(at, fn, options) };

const executor = new InProcessExecutor({
  targetPolicy: settings.targetPolicy,
  userAgent: settings.userAgent,
  secureContext: createTrustContext(settings.extraCaPem),
  retryDelayMs: settings.retryDelayMs,
  resolver: new HostResolver({ servers: settings.dnsServers ?? undefined }),
  dnsServers: settings.dnsServers,
  rdapBootstrapUrl: settings.rdapBootstrapUrl,
  clock,
});

let outbox: ThreadResult[] = [];
let flushing = false;

/** Sends what finished in the window, in one message. */
function flush(): void {
  flushing = false;
  const results = outbox;
  outbox = [];
  try {
    port.postMessage({ type: 'results', results } satisfies FromCheckThread);
  } catch {
    // One result that cannot be copied (a defect) must not take the others with it.
    for (const result of results) {
      try {
        port.postMessage({ type: 'results', results: [result] } satisfies FromCheckThread);
      } catch (error) {
        port.postMessage({ type: 'results', results: [{ id: result.id, error: `the result cannot be sent: ${String(error)}` }] } satisfies FromCheckThread);
      }
    }
  }
}

function answer(result: ThreadResult): void {
  outbox.push(result);
  if (flushing) return;
  flushing = true;
  setTimeout(flush, BATCH_WINDOW_MS);
}

function run(batch: CheckBatch): void {
  clockOffsetMs = batch.clockOffsetMs;
  for (const { id, check } of batch.checks) {
    executor.execute(check).then(
      (result) => answer({ id, run: result }),
      (error: unknown) => answer({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
}

port.on('message', (message: ToCheckThread) => {
  if (message.type === 'close') executor.close();
  else run(message);
});

await executor.ready();
port.postMessage({ type: 'ready' } satisfies FromCheckThread);
