import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { newId } from '../domain/ids.js';
import { pingKeyHash } from '../domain/heartbeats/ping-keys.js';
import { spendFailingOpen } from '../domain/heartbeats/ping-budget.js';
import { pingOutcome } from '../domain/heartbeats/runs.js';
import type { Ping, PingAdmission, PingAnswer, PingReceiver } from '../domain/heartbeats/pings.js';
import type { Clock } from '../domain/ports/clock.js';
import type { RateLimiter } from '../domain/ports/coordination.js';
import { NO_DURATION, PUSH_REGION } from '../domain/run-columns.js';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import type { RunRecorder } from './run-recorder.js';

export interface HeartbeatPingsOptions {
  db: Kysely<Database>;
  /** Writes each ping as a run, with the status it causes, before the ping is answered. */
  recorder: Pick<RunRecorder, 'record'>;
  /** Pings per key and minute. */
  limiter: RateLimiter;
  /** Pings to unknown keys per client address and minute. */
  unknownKeyLimiter: RateLimiter;
  clock: Clock;
  /** Told when a rate limiter fails (the ping goes on without it). */
  logger?: Logger;
}

/** Keys remembered at most: about one per heartbeat monitor that pings. */
const KNOWN_KEYS = 100_000;

/**
 * Receives heartbeat pings. A ping does only what it must: find the monitor by its key's hash
 * (before its body is read: an unknown key counts against its address's budget instead), count it
 * against the key's budget, and record it as a run (whose transaction moves the status
 * and the deadline, and appends the events). A ping for a paused monitor is answered and dropped.
 *
 * Which monitor a key belongs to is remembered after the first ping, so that a ping costs no read
 * before its write; the write checks, in its transaction, that the monitor still has that key (a
 * new key, a deleted monitor), so a remembered key is never trusted: it only says where to look.
 */
export class HeartbeatPings implements PingReceiver {
  private readonly find;
  private readonly markStarted;
  /** Key hash → monitor id. */
  private readonly known = new Map<string, string>();

  constructor(private readonly options: HeartbeatPingsOptions) {
    const { db } = options;
    this.find = prepared(db, (hash: string) => db.selectFrom('monitors').select('id').where('ping_key_hash', '=', hash).where('deleted_at', 'is', null));
    this.markStarted = prepared(db, (startedAt: number, id: string, hash: string) =>
      db
        .updateTable('monitors')
        .set({ heartbeat_started_at: startedAt })
        .where('id', '=', id)
        .where('ping_key_hash', '=', hash)
        .where('deleted_at', 'is', null)
        .returning('id'),
    );
  }

  async admit(key: string, address: string): Promise<PingAdmission> {
    const hash = pingKeyHash(key);
    if (hash !== null && (this.known.has(hash) || (await this.lookUp(hash)) !== undefined)) return { status: 'known' };
    const budget = await this.spend(this.options.unknownKeyLimiter, address);
    return budget && !budget.allowed ? { status: 'rate-limited', retryAfterSeconds: budget.resetSeconds } : { status: 'unknown' };
  }

  async receive(key: string, ping: Ping, log: string | null): Promise<PingAnswer> {
    const hash = pingKeyHash(key);
    if (hash === null) return { status: 'unknown' };
    const monitorId = this.known.get(hash) ?? (await this.lookUp(hash));
    if (monitorId === undefined) return { status: 'unknown' };
    const budget = await this.spend(this.options.limiter, hash);
    if (budget && !budget.allowed) {
      // The key may have stopped being one since it was remembered (renewed, or its monitor
      // deleted): a refusal is only for a key that still is, anything else is unknown.
      return (await this.find(hash)).length > 0 ? { status: 'rate-limited', retryAfterSeconds: budget.resetSeconds } : this.forget(hash);
    }

    const now = this.options.clock.now();
    if (ping.kind === 'start') {
      const [updated] = await this.markStarted(now, monitorId, hash);
      return updated ? { status: 'ok' } : this.forget(hash);
    }
    const { ok, error } = pingOutcome(ping);
    const outcome = await this.options.recorder.record({
      job: { monitorId, region: PUSH_REGION, trigger: 'ping', dueAt: now, nextDueAt: null },
      startedAt: now,
      attempts: 1,
      runId: newId(now),
      log,
      pingKeyHash: hash,
      result: {
        ok,
        // Taken from the monitor's `/start` when the run is written.
        durationMs: NO_DURATION,
        error,
        statusCode: null,
        timings: null,
        certificate: null,
        assertions: [],
        warnings: [],
      },
    });
    return outcome === 'unknown' ? this.forget(hash) : { status: 'ok' };
  }

  private async lookUp(hash: string): Promise<string | undefined> {
    const [row] = await this.find(hash);
    if (!row) return undefined;
    if (this.known.size >= KNOWN_KEYS) this.known.delete(this.known.keys().next().value!);
    this.known.set(hash, row.id);
    return row.id;
  }

  /** A limiter failure is logged once per distinct cause in a row, not once per ping, while its store is away. */
  private lastLimiterError = '';
  private async spend(limiter: RateLimiter, key: string) {
    const budget = await spendFailingOpen(limiter, key, (error) => {
      const message = error instanceof Error ? error.message : String(error);
      if (message === this.lastLimiterError) return;
      this.lastLimiterError = message;
      this.options.logger?.warn({ err: error }, 'ping rate limiter unavailable; pings go through without it');
    });
    if (budget !== null) this.lastLimiterError = '';
    return budget;
  }

  private forget(hash: string): PingAnswer {
    this.known.delete(hash);
    return { status: 'unknown' };
  }
}
