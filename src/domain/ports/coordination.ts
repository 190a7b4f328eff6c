/**
 * The small interfaces that decide whether Lookout runs on one machine or many.
 * Embedded implementations keep state in this process; cluster ones keep it in Redis. The domain
 * owns these ports and src/coordination implements them, so the domain never depends on either.
 */
import { Problem } from '../problem.js';

/**
 * What a request that needs the shared state (Redis: budgets, locks, the check queues) gets while it
 * is away or stalled: a clear 503 that every surface renders, never a hang, never a 500. Thrown by
 * the cluster's adapters; the embedded ones never fail so.
 */
export function sharedStateUnavailable(): Problem {
  return new Problem('unavailable', 'The shared state (Redis) is not answering; try again in a moment.', { retryAfter: 5 });
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /**
   * Seconds (at least 1) until the answer changes: when granted or peeked, until the oldest counted
   * point leaves the window (the whole window when nothing is counted), when more becomes
   * `remaining`; when refused, until enough has left for the same spend to fit (its Retry-After).
   */
  resetSeconds: number;
}

/**
 * A budget of `points` per key in any `durationSeconds`, wherever that span starts: a sliding
 * window, never a fixed one (which lets twice the budget through across its edge). Kept in real
 * time (not on the rules' Clock), with memory per key bounded by `points`.
 */
export interface RateLimiter {
  /**
   * Spends `points` (default 1). A spend that does not fit in what is left is refused whole: it
   * spends nothing, so a caller refused for asking too much can still spend what remains.
   */
  consume(key: string, points?: number): Promise<RateDecision>;
  /** Gives back the latest points spent that still count (never more than are counted). */
  refund(key: string, points?: number): Promise<void>;
  /** Reports the state without spending. */
  peek(key: string): Promise<RateDecision>;
}

export interface RateLimiterOptions {
  name: string;
  points: number;
  durationSeconds: number;
}

export type LockResult = { acquired: true } | { acquired: false; retryAfterMs: number };

/** Locks that expire by themselves, in real time: taken at most once per key until the time runs out. */
export interface LockManager {
  tryAcquire(key: string, ttlMs: number): Promise<LockResult>;
  /**
   * Takes `key` for this process, or extends it when this process holds it already, for `ttlMs`
   * from now: a lease that its holder renews. False while another process holds it.
   */
  hold(key: string, ttlMs: number): Promise<boolean>;
  /** Gives up a lease this process holds (nothing happens if another holds it). */
  release(key: string): Promise<void>;
}

/** Messages to every process of the installation that listens (best effort: none is stored). */
export interface Channel<T> {
  publish(message: T): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: T) => void): () => void;
}

export interface Coordination {
  rateLimiter(options: RateLimiterOptions): RateLimiter;
  locks: LockManager;
  /** A named broadcast channel; the same name gives the same channel in every process. */
  channel<T>(name: string): Channel<T>;
  /** Resolves when the shared state can be reached (readiness); always at once when embedded. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
