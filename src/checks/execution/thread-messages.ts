import type { TargetPolicy } from '../../net/target-policy.js';
import type { CheckedRun, DueCheck } from './due-check.js';

/*
 * What crosses between the main thread and a check thread (thread-pool-executor.ts ↔ check-thread.ts):
 * due checks in, results out, each way in batches (one message per BATCH_WINDOW_MS).
 */

/**
 * How long due checks, and results, wait to share a message with those that follow. Each message
 * wakes the thread it goes to, which costs both sides far more than copying a few more checks:
 * at a thousand checks a second, a message per turn of the event loop carried one or two.
 */
export const BATCH_WINDOW_MS = 5;

/** What a check thread is started with (its `workerData`): what it builds its own resolver, trust store and lookup from. */
export interface CheckThreadSettings {
  targetPolicy: TargetPolicy;
  userAgent: string;
  /** Extra trusted CA certificates (PEM), on top of Node's roots and NODE_EXTRA_CA_CERTS. */
  extraCaPem: string[];
  retryDelayMs: number;
  dnsServers: readonly string[] | null;
  /** Where domain monitors find their registries; IANA's file when absent. */
  rdapBootstrapUrl?: string;
}

/** Due checks for the thread, each with the id its result comes back under. */
export interface CheckBatch {
  type: 'checks';
  /**
   * The main thread's clock minus the system clock when the batch left: a run's start is read on
   * the main thread's clock (a test's clock included), and the thread has only the system clock.
   */
  clockOffsetMs: number;
  checks: Array<{ id: number; check: DueCheck }>;
}

/** Ends the thread's waiting DNS queries (the executor is closing). */
export interface CloseThread {
  type: 'close';
}

export type ToCheckThread = CheckBatch | CloseThread;

/** A result: the run, or why the check could not run at all (a defect, as InProcessExecutor rejects). */
export type ThreadResult = { id: number; run: CheckedRun } | { id: number; error: string };

export type FromCheckThread = { type: 'ready' } | { type: 'results'; results: ThreadResult[] };
