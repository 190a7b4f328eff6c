import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { FlexibleRateLimiter } from './flexible-rate-limiter.js';
import type { Coordination, LockManager, LockResult } from './ports.js';

/** Every key Lookout writes to Redis starts with this. */
export const REDIS_KEY_PREFIX = 'lookout:';

export interface RedisCoordinationOptions {
  /** Where connection trouble is reported after start-up (ioredis reconnects by itself). */
  logger?: Logger;
  /** Gives up on the first connection after this long (default 5 s). */
  connectTimeoutMs?: number;
}

/**
 * Rate windows and trigger locks in Redis, so that every node of a cluster shares them: a token's
 * 300/minute is one budget whichever node answers, and a monitor's trigger lock is held once.
 *
 * Connects before returning and fails with a message naming the URL (without its password)
 * when Redis cannot be reached, so that a misconfigured node stops at start-up.
 */
export async function createRedisCoordination(redisUrl: string, options: RedisCoordinationOptions = {}): Promise<Coordination> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    // While Redis is away a request fails fast (500, logged) instead of waiting for it.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let lastError = '';
  let firstError: Error | null = null;
  client.on('error', (error: Error) => {
    firstError ??= error;
    // ioredis reports every failed reconnection; log each distinct cause once.
    if (error.message === lastError) return;
    lastError = error.message;
    options.logger?.error({ err: error }, 'redis connection error');
  });
  client.on('ready', () => {
    lastError = '';
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    // ioredis rejects with "Connection is closed."; the socket's error says why.
    const cause = (firstError as Error | null)?.message ?? (error as Error).message;
    throw new Error(`Redis at ${redactUrl(redisUrl)} is unreachable: ${cause}`);
  }

  return {
    rateLimiter: (limiterOptions) =>
      new FlexibleRateLimiter(
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${REDIS_KEY_PREFIX}rate:${limiterOptions.name}`,
          points: limiterOptions.points,
          duration: limiterOptions.durationSeconds,
        }),
        limiterOptions,
      ),
    locks: new RedisLockManager(client),
    async ping() {
      await client.ping();
    },
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * `SET key value NX PX ttl`, and when the key is taken its `PTTL`, in one script so that the
 * answer is about the same holder (a lock cannot expire between the two and yield -2).
 */
const TRY_ACQUIRE = `
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1, 0} end
return {0, redis.call('pttl', KEYS[1])}
`;

type LockClient = Redis & { lookoutTryAcquire(key: string, owner: string, ttlMs: string): Promise<[number, number]> };

class RedisLockManager implements LockManager {
  /** Identifies this process's holds when looking at Redis; locks are never released early. */
  private readonly owner = randomUUID();
  private readonly client: LockClient;

  constructor(client: Redis) {
    client.defineCommand('lookoutTryAcquire', { numberOfKeys: 1, lua: TRY_ACQUIRE });
    this.client = client as LockClient;
  }

  async tryAcquire(key: string, ttlMs: number): Promise<LockResult> {
    const ttl = Math.max(1, Math.ceil(ttlMs));
    const [acquired, pttl] = await this.client.lookoutTryAcquire(`${REDIS_KEY_PREFIX}lock:${key}`, this.owner, String(ttl));
    if (acquired === 1) return { acquired: true };
    // PTTL is -1 only for a key made by hand without expiry: report a full ttl rather than 0.
    return { acquired: false, retryAfterMs: pttl > 0 ? pttl : ttl };
  }
}
