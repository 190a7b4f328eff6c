import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { channelKey, matchingChannel, parseStoredChannels, type ChannelTarget, type StoredChannel } from '../domain/alerts/channels.js';
import type { EmailMessage } from '../domain/alerts/messages.js';
import type { LeasedDeliveryRunner } from '../domain/alerts/policies.js';
import { Pump } from '../domain/alerts/pump.js';
import { newId } from '../domain/ids.js';
import { systemClock, type Clock } from '../domain/ports/clock.js';
import { channelSecretAt } from '../domain/secrets/places.js';
import type { SecretBox } from '../domain/secrets/secret-box.js';
import type { Database } from '../store/schema.js';
import type { DeliveriesTable } from '../store/tables/alerts.js';
import { VERSION } from '../version.js';
import { postJson, type PostResult } from './http-post.js';
import { outgoing } from './channel-senders.js';
import { Mailer } from './mailer.js';

export interface DispatcherOptions {
  /** The first retry waits about this long; each further one twice as long. Default 10 s. */
  backoffBaseMs: number;
  /** No wait between attempts is longer than this. Default 1 h. */
  backoffCapMs: number;
  /** A delivery is retried until this long after it was made, then marked failed. Default 24 h. */
  retryWindowMs: number;
  /** How often due deliveries are looked for without a nudge. Default 1 s. */
  pollIntervalMs: number;
  /** How long a claimed delivery belongs to this process before another may take it. Default 60 s. */
  leaseMs: number;
  /** For one whole attempt (connect, send, answer). Default 10 s. */
  timeoutMs: number;
  /** Deliveries claimed and sent at once. Default 20. */
  batchSize: number;
  /** Jitter source, [0, 1). */
  random: () => number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  backoffBaseMs: 10_000,
  backoffCapMs: 3_600_000,
  retryWindowMs: 24 * 3_600_000,
  pollIntervalMs: 1000,
  leaseMs: 60_000,
  timeoutMs: 10_000,
  batchSize: 20,
  random: Math.random,
};

interface Outcome extends PostResult {
  /** No later attempt could succeed (the channel is gone): do not retry. */
  final?: boolean;
}

type Delivery = Selectable<DeliveriesTable>;

/**
 * Sends the outbox. Deliveries are claimed with a lease (an UPDATE guarded by status, due time
 * and lease expiry, safe with several processes on one database), sent, and the outcome is
 * written back under the same lease together with one attempt row. A failure is retried with
 * exponential backoff and jitter until the retry window has passed: at least once, perhaps more
 * (a crash between sending and recording repeats the send), always with the same event id.
 */
/**
 * The wait after the n-th failed attempt: base × 2^(n-1), capped, the upper half jittered. The
 * alert and the status page subscribers' outboxes retry alike.
 */
export function retryDelay(options: Pick<DispatcherOptions, 'backoffBaseMs' | 'backoffCapMs' | 'random'>, failedAttempts: number): number {
  const { backoffBaseMs, backoffCapMs, random } = options;
  const full = Math.min(backoffCapMs, backoffBaseMs * 2 ** Math.min(failedAttempts - 1, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

export class DeliveryDispatcher implements LeasedDeliveryRunner {
  private readonly options: DispatcherOptions;
  private readonly pump: Pump;
  private readonly mailer: Mailer;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    private readonly settings: Pick<Config, 'targetPolicy' | 'smtpUrl' | 'publicUrl' | 'providerUrls'>,
    options: Partial<DispatcherOptions> = {},
    private readonly logger?: Logger,
    /** Due times, leases, the retry window and the signed timestamp; attempt durations stay on performance.now(). */
    private readonly clock: Clock = systemClock,
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
    this.mailer = new Mailer(settings.smtpUrl, { publicUrl: settings.publicUrl, timeoutMs: this.options.timeoutMs, targetPolicy: settings.targetPolicy });
    this.pump = new Pump(() => this.drain(), {
      intervalMs: this.options.pollIntervalMs,
      onError: (error) => logger?.error({ err: error }, 'delivery dispatch failed'),
    });
  }

  get leaseMs(): number {
    return this.options.leaseMs;
  }

  start(): void {
    this.pump.start();
  }

  /** Stops claiming; attempts under way finish (each within the attempt timeout). */
  async stop(): Promise<void> {
    await this.pump.stop();
    this.mailer.close();
  }

  /** New deliveries are in the outbox: send them now rather than at the next poll. */
  notify(): void {
    this.pump.notify();
  }

  /** Sends every due delivery; resolves with how many attempts were made. */
  runDue(): Promise<number> {
    return this.pump.run();
  }

  /** Attempts deliveries the caller leased with `token` once, now, without scheduling a retry. */
  async runLeased(token: string): Promise<void> {
    const rows = await this.db.selectFrom('deliveries').selectAll().where('lease_token', '=', token).execute();
    await Promise.all(rows.map((row) => this.attempt(row, token, false)));
  }

  /** The wait after the n-th failed attempt (see `retryDelay`). */
  backoff(failedAttempts: number): number {
    return retryDelay(this.options, failedAttempts);
  }

  private async drain(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const token = newId();
      const rows = await this.claim(token);
      await Promise.all(rows.map((row) => this.attempt(row, token, true)));
      attempted += rows.length;
      if (rows.length < this.options.batchSize) return attempted;
    }
  }

  /** Takes up to one batch of due deliveries nobody holds. */
  private async claim(token: string): Promise<Delivery[]> {
    const now = this.clock.now();
    const due = this.db
      .selectFrom('deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(this.options.batchSize);
    // The guards are repeated on the row itself: on PostgreSQL a competing claim re-checks them
    // after waiting for the row lock, so one row is never claimed twice.
    await this.db
      .updateTable('deliveries')
      .set({ lease_token: token, lease_until: now + this.options.leaseMs })
      .where('id', 'in', due)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .execute();
    return this.db.selectFrom('deliveries').selectAll().where('lease_token', '=', token).execute();
  }

  private async attempt(row: Delivery, token: string, retry: boolean): Promise<void> {
    const started = this.clock.now();
    const startedMark = performance.now();
    let result: Outcome;
    try {
      result = await this.send(row, started);
    } catch (error) {
      result = { ok: false, statusCode: null, error: error instanceof Error ? error.message : String(error) };
    }
    const finished = this.clock.now();
    const attempt = row.attempts + 1;
    let outcome: 'delivered' | 'retrying' | 'failed';
    let nextAttemptAt: number | null = null;
    if (result.ok) outcome = 'delivered';
    else if (!retry || result.final || finished - row.created_at >= this.options.retryWindowMs) outcome = 'failed';
    else {
      outcome = 'retrying';
      nextAttemptAt = finished + this.backoff(attempt);
    }
    await this.db.transaction().execute(async (trx) => {
      const written = await trx
        .updateTable('deliveries')
        .set({
          status: outcome === 'retrying' ? 'pending' : outcome,
          attempts: attempt,
          next_attempt_at: nextAttemptAt ?? row.next_attempt_at,
          lease_until: null,
          lease_token: null,
          last_error: result.error,
          updated_at: finished,
          delivered_at: result.ok ? finished : null,
        })
        .where('id', '=', row.id)
        .where('lease_token', '=', token)
        .executeTakeFirst();
      // The lease ran out and another process took the row, or the policy was deleted: its outcome stands.
      if (written.numUpdatedRows === 0n) return;
      await trx
        .insertInto('delivery_attempts')
        .values({
          id: newId(started),
          delivery_id: row.id,
          policy_id: row.policy_id,
          attempt,
          started_at: started,
          duration_ms: Math.round(performance.now() - startedMark),
          outcome,
          status_code: result.statusCode,
          error: result.error,
          next_attempt_at: nextAttemptAt,
        })
        .execute();
    });
    if (!result.ok) {
      this.logger?.warn({ deliveryId: row.id, eventId: row.event_id, attempt, outcome, error: result.error }, 'alert delivery attempt failed');
    }
  }

  /** Sends to the channel as the policy has it now; a channel no longer in the policy gets nothing. */
  private async send(row: Delivery, at: number): Promise<Outcome> {
    const policy = await this.db.selectFrom('notification_policies').select('channels').where('id', '=', row.policy_id).executeTakeFirst();
    const key = channelKey(JSON.parse(row.channel) as ChannelTarget);
    const channel = policy && matchingChannel(parseStoredChannels(policy.channels), key, row.channel_index);
    if (!channel) return { ok: false, statusCode: null, error: 'channel-removed: the channel is no longer part of the notification policy', final: true };
    return this.sendTo(channel, row, at);
  }

  /** `at`: when the attempt started, the time a webhook signature vouches for. */
  private async sendTo(channel: StoredChannel, row: Delivery, at: number): Promise<Outcome> {
    const headers: Record<string, string> = {
      'User-Agent': `Lookout/${VERSION}`,
      'Lookout-Event-Id': row.event_id,
      'Lookout-Event': row.event,
    };
    const open = (sealed: string, field: string) => this.box.open(sealed, channelSecretAt(row.policy_id, channel.type, field));
    const attempt = outgoing(channel, { payload: row.payload, open, urls: this.settings.providerUrls, at });
    if (attempt.transport === 'mail') {
      const host = new URL(this.settings.publicUrl).hostname;
      // The same Message-ID on every attempt lets mail systems drop a repeat too.
      const messageId = `<${row.event_id}.${row.channel_index}@${host}>`;
      const { 'User-Agent': _http, ...mailHeaders } = headers;
      return this.mailer.send(attempt.to, JSON.parse(row.payload) as EmailMessage, mailHeaders, messageId);
    }
    const { request } = attempt;
    return postJson(
      request.url,
      request.body,
      { ...headers, ...request.headers },
      {
        targetPolicy: this.settings.targetPolicy,
        timeoutMs: this.options.timeoutMs,
        method: request.method,
        secrets: request.secrets,
      },
    );
  }
}
