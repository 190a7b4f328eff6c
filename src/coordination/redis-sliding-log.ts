import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter, RateLimiterOptions } from '../domain/ports/coordination.js';
import type { Guard } from './redis.js';
import { checkedPoints, decisionOf } from './sliding-log.js';

/**
 * The sliding log of src/coordination/sliding-log.ts in a Redis list (oldest first), one script per
 * operation so that every node's spends of one key are judged one at a time. Times are Redis's own
 * (`TIME`), so nodes whose clocks disagree still share one window. Returns {allowed, count, resetMs}.
 */
const SLIDE = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local points = tonumber(ARGV[3])
local mode = ARGV[4]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local newest = redis.call('LINDEX', key, -1)
if newest and tonumber(newest) > now then now = tonumber(newest) end
while true do
  local oldest = redis.call('LINDEX', key, 0)
  if not oldest or tonumber(oldest) > now - window then break end
  redis.call('LPOP', key)
end
local count = redis.call('LLEN', key)
local function untilOldestLeaves()
  local oldest = redis.call('LINDEX', key, 0)
  if oldest then return tonumber(oldest) + window - now end
  return window
end
if mode == 'refund' then
  for i = 1, math.min(points, count) do redis.call('RPOP', key) end
  return {1, redis.call('LLEN', key), 0}
end
if mode == 'peek' then
  return {count < limit and 1 or 0, count, untilOldestLeaves()}
end
if count + points <= limit then
  local times = {}
  for i = 1, points do times[i] = now end
  redis.call('RPUSH', key, unpack(times))
  redis.call('PEXPIRE', key, window)
  return {1, count + points, untilOldestLeaves()}
end
local freeing
if points > limit then freeing = redis.call('LINDEX', key, -1) else freeing = redis.call('LINDEX', key, count + points - limit - 1) end
if freeing then return {0, count, tonumber(freeing) + window - now} end
return {0, count, window}
`;

type SlideClient = Redis & {
  lookoutSlide(key: string, windowMs: string, limit: string, points: string, mode: 'consume' | 'refund' | 'peek'): Promise<[number, number, number]>;
};

/** Defines the script on a client (once per client). */
export function defineSlidingLog(client: Redis): void {
  client.defineCommand('lookoutSlide', { numberOfKeys: 1, lua: SLIDE });
}

export class RedisSlidingLog implements RateLimiter {
  private readonly windowMs: string;

  constructor(
    private readonly client: Redis,
    private readonly guard: Guard,
    /** Prefix of this limiter's keys (`lookout:rate:<name>`); a key's log is `<prefix>:<key>`. */
    private readonly prefix: string,
    private readonly options: RateLimiterOptions,
  ) {
    this.windowMs = String(Math.ceil(options.durationSeconds * 1000));
  }

  async consume(key: string, points = 1): Promise<RateDecision> {
    return this.run(key, checkedPoints(points), 'consume');
  }

  async refund(key: string, points = 1): Promise<void> {
    await this.run(key, checkedPoints(points), 'refund');
  }

  async peek(key: string): Promise<RateDecision> {
    return this.run(key, 1, 'peek');
  }

  private async run(key: string, points: number, mode: 'consume' | 'refund' | 'peek'): Promise<RateDecision> {
    const [allowed, count, resetMs] = await this.guard(
      (this.client as SlideClient).lookoutSlide(`${this.prefix}:${key}`, this.windowMs, String(this.options.points), String(points), mode),
    );
    return decisionOf({ allowed: allowed === 1, count, resetMs }, this.options.points);
  }
}
