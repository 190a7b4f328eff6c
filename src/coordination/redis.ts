import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Problem } from '../domain/problem.js';
import { MemoryChannel } from './embedded.js';
import { RedisSlidingLog, defineSlidingLog } from './redis-sliding-log.js';
import { sharedStateUnavailable, type Channel, type Coordination, type LockManager, type LockResult } from '../domain/ports/coordination.js';

/** Every key Lookout writes to Redis starts with this. */
export const REDIS_KEY_PREFIX = 'lookout:';

export interface RedisCoordinationOptions {
  /** Where connection trouble is reported after start-up (ioredis reconnects by itself). */
  logger?: Logger;
  /** Gives up on the first connection after this long (default 5 s). */
  connectTimeoutMs?: number;
  /** Gives up on a command Redis has not answered after this long (default REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
}

/**
 * How long a command may wait for Redis's answer. Redis answers in well under a millisecond; one
 * that has not answered in 2 s is stalled (paused, swapping, a half-open connection), and the
 * request that needs it is answered 503 instead of hanging. It also bounds a lease renewal, so
 * that a scheduler cut off from Redis steps down long before its lease can pass to another node
 * (src/coordination/leadership.ts).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

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
    // While Redis is away a request fails fast (503) instead of waiting for it; while it is
    // connected but stalled, the command timeout does the same.
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
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
    throw new Error(`Redis at ${redactUrl(redisUrl)} is unreachable: ${cause}`, { cause: error });
  }

  // Connection errors are logged above; a stalled command (no connection error) is logged here,
  // once per outage rather than once per request.
  let stalled = false;
  client.on('ready', () => (stalled = false));
  const guard: Guard = (command) =>
    command.then(
      (result) => {
        stalled = false;
        return result;
      },
      (error: unknown) => {
        if (error instanceof Problem || error instanceof RangeError) throw error;
        if (!stalled) options.logger?.warn({ err: error }, 'a redis command failed; requests that need redis answer 503 until it answers again');
        stalled = true;
        throw sharedStateUnavailable();
      },
    );

  const channels = new RedisChannels(client, guard, options.logger);
  defineSlidingLog(client);
  return {
    rateLimiter: (limiterOptions) => new RedisSlidingLog(client, guard, `${REDIS_KEY_PREFIX}rate:${limiterOptions.name}`, limiterOptions),
    locks: new RedisLockManager(client, guard),
    channel: (name) => channels.channel(name),
    async ping() {
      await guard(client.ping());
    },
    async close() {
      await channels.close();
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

/** Takes the key when free, or extends it when this owner holds it. */
const HOLD = `
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
if holder then return 0 end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/** Deletes the key only when this owner holds it. */
const RELEASE = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
`;

/** Turns a failed command into the 503 Problem (sharedStateUnavailable), logging its cause once per outage. */
export type Guard = <T>(command: Promise<T>) => Promise<T>;

type LockClient = Redis & {
  lookoutTryAcquire(key: string, owner: string, ttlMs: string): Promise<[number, number]>;
  lookoutHold(key: string, owner: string, ttlMs: string): Promise<number>;
  lookoutRelease(key: string, owner: string): Promise<number>;
};

class RedisLockManager implements LockManager {
  /** Identifies this process's holds: trigger locks are never released early, leases are. */
  private readonly owner = randomUUID();
  private readonly client: LockClient;

  constructor(
    client: Redis,
    private readonly guard: Guard,
  ) {
    client.defineCommand('lookoutTryAcquire', { numberOfKeys: 1, lua: TRY_ACQUIRE });
    client.defineCommand('lookoutHold', { numberOfKeys: 1, lua: HOLD });
    client.defineCommand('lookoutRelease', { numberOfKeys: 1, lua: RELEASE });
    this.client = client as LockClient;
  }

  async hold(key: string, ttlMs: number): Promise<boolean> {
    return (await this.guard(this.client.lookoutHold(`${REDIS_KEY_PREFIX}lease:${key}`, this.owner, String(Math.max(1, Math.ceil(ttlMs)))))) === 1;
  }

  async release(key: string): Promise<void> {
    await this.guard(this.client.lookoutRelease(`${REDIS_KEY_PREFIX}lease:${key}`, this.owner));
  }

  async tryAcquire(key: string, ttlMs: number): Promise<LockResult> {
    const ttl = Math.max(1, Math.ceil(ttlMs));
    const [acquired, pttl] = await this.guard(this.client.lookoutTryAcquire(`${REDIS_KEY_PREFIX}lock:${key}`, this.owner, String(ttl)));
    if (acquired === 1) return { acquired: true };
    // PTTL is -1 only for a key made by hand without expiry: report a full ttl rather than 0.
    return { acquired: false, retryAfterMs: pttl > 0 ? pttl : ttl };
  }
}

/**
 * Redis pub/sub under `lookout:<db>:channel:<name>`. Subscribing needs a connection of its own, opened
 * with the first subscriber; ioredis subscribes again by itself after a reconnect.
 */
class RedisChannels {
  private subscriber: Redis | null = null;
  /** Per topic, this process's listeners. */
  private readonly local = new Map<string, MemoryChannel<unknown>>();

  constructor(
    private readonly client: Redis,
    private readonly guard: Guard,
    private readonly logger?: Logger,
  ) {}

  channel<T>(name: string): Channel<T> {
    // Pub/sub ignores the database number: the topic carries it, so installations sharing a Redis stay apart.
    const topic = `${REDIS_KEY_PREFIX}${this.client.options.db ?? 0}:channel:${name}`;
    return {
      publish: async (message) => {
        await this.guard(this.client.publish(topic, JSON.stringify(message)));
      },
      subscribe: (listener) => {
        let local = this.local.get(topic);
        if (!local) {
          local = new MemoryChannel((error) => this.logger?.error({ err: error, topic }, 'channel listener failed'));
          this.local.set(topic, local);
          this.connection()
            .subscribe(topic)
            .catch((error: unknown) => this.logger?.error({ err: error, topic }, 'redis subscribe failed'));
        }
        return local.subscribe(listener as (message: unknown) => void);
      },
    };
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
  }

  private connection(): Redis {
    if (this.subscriber) return this.subscriber;
    // No ready check: it sends INFO, which a connection already in subscriber mode may not (two
    // channels subscribing before the connection is up leave it so).
    // No command timeout either: a SUBSCRIBE cut short would not be renewed after a reconnect.
    const subscriber = this.client.duplicate({ maxRetriesPerRequest: null, enableReadyCheck: false, commandTimeout: undefined });
    subscriber.on('error', () => {}); // the main connection reports Redis trouble
    subscriber.on('message', (topic: string, text: string) => {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return; // not ours
      }
      void this.local.get(topic)?.publish(message);
    });
    this.subscriber = subscriber;
    return subscriber;
  }
}
