import { MemorySlidingLog } from './sliding-log.js';
import type { Channel, Coordination, LockManager, LockResult } from '../domain/ports/coordination.js';

export interface EmbeddedCoordinationOptions {
  /**
   * The real time rate windows are kept on (the machine's clock by default). Not the rules' Clock:
   * a test gives its own to walk a window's edge without waiting a minute.
   */
  now?: () => number;
}

/** Everything in this process: right for `lookout serve` on one machine. */
export function createEmbeddedCoordination(options: EmbeddedCoordinationOptions = {}): Coordination {
  const channels = new Map<string, MemoryChannel<unknown>>();
  return {
    rateLimiter: (limiterOptions) => new MemorySlidingLog(limiterOptions, options.now),
    locks: new MemoryLockManager(),
    channel<T>(name: string): Channel<T> {
      let channel = channels.get(name);
      if (!channel) channels.set(name, (channel = new MemoryChannel()));
      return channel as Channel<T>;
    },
    ping: async () => {},
    close: async () => {},
  };
}

/**
 * Expiring locks in memory. They expire on the machine's clock, as Redis's do in a cluster (their
 * TTLs run on the Redis server's clock): a lock is coordination between processes, not a rule, and
 * both modes behave alike whatever clock the rules read.
 */
class MemoryLockManager implements LockManager {
  private readonly expiries = new Map<string, number>();

  async tryAcquire(key: string, ttlMs: number): Promise<LockResult> {
    const now = Date.now();
    const expiresAt = this.expiries.get(key);
    if (expiresAt !== undefined && expiresAt > now) return { acquired: false, retryAfterMs: expiresAt - now };
    this.expiries.set(key, now + ttlMs);
    if (this.expiries.size > 10_000) this.sweep(now);
    return { acquired: true };
  }

  /** One process is the only holder there can be. */
  async hold(): Promise<boolean> {
    return true;
  }

  async release(): Promise<void> {}

  private sweep(now: number): void {
    for (const [key, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(key);
  }
}

/** Delivers at once, in this process, to every listener: the embedded channel, and the local end of a Redis one. */
export class MemoryChannel<T> implements Channel<T> {
  private readonly listeners = new Set<(message: T) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  async publish(message: T): Promise<void> {
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch (error) {
        // One listener's failure is its own; the others still hear the message.
        this.onListenerError(error);
      }
    }
  }

  subscribe(listener: (message: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
