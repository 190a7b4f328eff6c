import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter, RateLimiterOptions } from './ports.js';

/**
 * The RateLimiter port over any rate-limiter-flexible store (memory or Redis): a fixed window
 * whose first point sets its expiry.
 */
export class FlexibleRateLimiter implements RateLimiter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly options: RateLimiterOptions,
  ) {}

  async consume(key: string): Promise<RateDecision> {
    try {
      return this.decision(await this.limiter.consume(key), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.decision(rejection, false);
      throw rejection;
    }
  }

  async peek(key: string): Promise<RateDecision> {
    const state = await this.limiter.get(key);
    if (!state) return { allowed: true, limit: this.options.points, remaining: this.options.points, resetSeconds: this.options.durationSeconds };
    return this.decision(state, state.consumedPoints < this.options.points);
  }

  private decision(state: RateLimiterRes, allowed: boolean): RateDecision {
    return {
      allowed,
      limit: this.options.points,
      remaining: Math.max(0, this.options.points - state.consumedPoints),
      resetSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
    };
  }
}
