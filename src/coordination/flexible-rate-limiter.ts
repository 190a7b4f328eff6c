import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter, RateLimiterOptions } from '../domain/ports/coordination.js';

/**
 * The RateLimiter port over any rate-limiter-flexible store (memory or Redis): a fixed window
 * whose first point sets its expiry. Windows run on real time (the process's timers, Redis key
 * expiry), not on the injected clock: they are shared between processes and meter real traffic.
 */
export class FlexibleRateLimiter implements RateLimiter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly options: RateLimiterOptions,
  ) {}

  async consume(key: string, points = 1): Promise<RateDecision> {
    if (!Number.isInteger(points) || points < 1) throw new RangeError(`points must be a positive whole number, not ${points}`);
    try {
      return this.decision(await this.limiter.consume(key, points), true);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // The store counted the refused points: take them back, so that a refusal spends nothing and
      // a caller refused for asking too much can still spend what is left.
      await this.limiter.reward(key, points);
      return this.decision({ consumedPoints: Math.max(0, rejection.consumedPoints - points), msBeforeNext: rejection.msBeforeNext }, false);
    }
  }

  async refund(key: string, points = 1): Promise<void> {
    if (!Number.isInteger(points) || points < 1) throw new RangeError(`points must be a positive whole number, not ${points}`);
    const state = await this.limiter.get(key);
    // Nothing counted in this window (it ended): nothing to give back, and no window to open.
    if (!state || state.consumedPoints <= 0) return;
    await this.limiter.reward(key, Math.min(points, state.consumedPoints));
  }

  async peek(key: string): Promise<RateDecision> {
    const state = await this.limiter.get(key);
    if (!state) return { allowed: true, limit: this.options.points, remaining: this.options.points, resetSeconds: this.options.durationSeconds };
    return this.decision(state, state.consumedPoints < this.options.points);
  }

  private decision(state: Pick<RateLimiterRes, 'consumedPoints' | 'msBeforeNext'>, allowed: boolean): RateDecision {
    return {
      allowed,
      limit: this.options.points,
      remaining: Math.min(this.options.points, Math.max(0, this.options.points - state.consumedPoints)),
      resetSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
    };
  }
}
