import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleRateLimiter } from './flexible-rate-limiter.js';
import type { Coordination, LockManager, LockResult } from './ports.js';

/** Everything in this process: right for `lookout serve` on one machine. */
export function createEmbeddedCoordination(): Coordination {
  return {
    rateLimiter: (options) =>
      new FlexibleRateLimiter(new RateLimiterMemory({ keyPrefix: options.name, points: options.points, duration: options.durationSeconds }), options),
    locks: new MemoryLockManager(),
    ping: async () => {},
    close: async () => {},
  };
}

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

  private sweep(now: number): void {
    for (const [key, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(key);
  }
}
