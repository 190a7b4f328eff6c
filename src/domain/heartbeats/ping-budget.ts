import type { RateDecision, RateLimiter } from '../ports/coordination.js';

/** Unknown-key pings one client address may send per minute; the next is 429 (contract-2 rule 20). */
export const UNKNOWN_KEY_PINGS_PER_MINUTE = 60;

/** How long a ping waits for its rate limiter before going on without it. */
const LIMITER_WAIT_MS = 500;

/**
 * Spends one point of a ping budget, failing open: when the limiter's store (Redis in a cluster)
 * is away or slow, the ping is let through and `onError` told, rather than answered 500 or kept
 * waiting. A heartbeat's job is monitoring someone's system: a lost ping would page them for
 * nothing, while a minute without a limit costs little (the key is still looked up, and the run
 * written, in the database).
 */
export async function spendFailingOpen(limiter: RateLimiter, key: string, onError: (error: unknown) => void): Promise<RateDecision | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      limiter.consume(key),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`rate limiter did not answer within ${LIMITER_WAIT_MS} ms`)), LIMITER_WAIT_MS);
      }),
    ]);
  } catch (error) {
    onError(error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
