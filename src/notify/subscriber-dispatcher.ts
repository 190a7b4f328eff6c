import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { Pump } from '../domain/alerts/pump.js';
import { newId } from '../domain/ids.js';
import { systemClock, type Clock } from '../domain/ports/clock.js';
import { subscriberSecretAt } from '../domain/secrets/places.js';
import type { SecretBox } from '../domain/secrets/secret-box.js';
import { confirmEmail, noticeEmail, noticeWebhookBody } from '../domain/status-pages/notice-messages.js';
import type { NoticeFanout, NoticePayload } from '../domain/status-pages/notices.js';
import type { SubscriberLinks } from '../domain/status-pages/subscriber-links.js';
import type { ConfirmPayload } from '../domain/status-pages/subscribers.js';
import type { Database } from '../store/schema.js';
import type { SubscriberDeliveriesTable } from '../store/tables/status-pages.js';
import { VERSION } from '../version.js';
import { DEFAULT_DISPATCHER_OPTIONS, retryDelay, type DispatcherOptions } from './dispatcher.js';
import { postJson, type PostResult } from './http-post.js';
import { Mailer } from './mailer.js';
import { webhookSignature } from './signature.js';

type Delivery = Selectable<SubscriberDeliveriesTable>;

/**
 * Sends the subscribers' outbox as the alert dispatcher sends the alert outbox: deliveries claimed
 * under a lease (safe with several processes), each attempt's outcome written under the same lease,
 * failures retried with exponential backoff and jitter within the retry window, the same Message-ID
 * (email) or notice id (webhook) on every attempt so that a receiver can drop a repeat. Each pass
 * first has the fan-out turn new notices into deliveries.
 */
export class SubscriberDispatcher {
  private readonly options: DispatcherOptions;
  private readonly pump: Pump;
  private readonly mailer: Mailer;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    private readonly links: SubscriberLinks,
    private readonly fanout: Pick<NoticeFanout, 'run'>,
    private readonly settings: Pick<Config, 'targetPolicy' | 'smtpUrl' | 'publicUrl'>,
    options: Partial<DispatcherOptions> = {},
    private readonly logger?: Logger,
    private readonly clock: Clock = systemClock,
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
    this.mailer = new Mailer(settings.smtpUrl, { publicUrl: settings.publicUrl, timeoutMs: this.options.timeoutMs, targetPolicy: settings.targetPolicy });
    this.pump = new Pump(() => this.drain(), {
      intervalMs: this.options.pollIntervalMs,
      onError: (error) => logger?.error({ err: error }, 'subscriber dispatch failed'),
    });
  }

  /** Whether mail can be tried at all: subscribing by email needs it. */
  get mailConfigured(): boolean {
    return this.mailer.configured;
  }

  start(): void {
    this.pump.start();
  }

  async stop(): Promise<void> {
    await this.pump.stop();
    this.mailer.close();
  }

  notify(): void {
    this.pump.notify();
  }

  /** Fans out and sends everything due now; resolves with how many attempts were made. */
  runDue(): Promise<number> {
    return this.pump.run();
  }

  private async drain(): Promise<number> {
    await this.fanout.run();
    let attempted = 0;
    for (;;) {
      const token = newId();
      const rows = await this.claim(token);
      // Subscribers in parallel, each one's messages in the order they were made: an incident's
      // opening reaches a reader before its resolution.
      const bySubscriber = new Map<string, Delivery[]>();
      for (const row of rows.sort((x, y) => x.created_at - y.created_at || (x.id < y.id ? -1 : 1))) {
        bySubscriber.set(row.subscriber_id, [...(bySubscriber.get(row.subscriber_id) ?? []), row]);
      }
      await Promise.all(
        [...bySubscriber.values()].map(async (own) => {
          for (const row of own) await this.attempt(row, token);
        }),
      );
      attempted += rows.length;
      if (rows.length < this.options.batchSize) return attempted;
    }
  }

  private async claim(token: string): Promise<Delivery[]> {
    const now = this.clock.now();
    const due = this.db
      .selectFrom('subscriber_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(this.options.batchSize);
    // The guards again on the row itself: a competing claim re-checks them after the row lock.
    await this.db
      .updateTable('subscriber_deliveries')
      .set({ lease_token: token, lease_until: now + this.options.leaseMs })
      .where('id', 'in', due)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .execute();
    return this.db.selectFrom('subscriber_deliveries').selectAll().where('lease_token', '=', token).execute();
  }

  private async attempt(row: Delivery, token: string): Promise<void> {
    const started = this.clock.now();
    let result: PostResult & { final?: boolean };
    try {
      result = await this.send(row, started);
    } catch (error) {
      result = { ok: false, statusCode: null, error: error instanceof Error ? error.message : String(error) };
    }
    const finished = this.clock.now();
    const attempt = row.attempts + 1;
    const retry = !result.ok && !result.final && finished - row.created_at < this.options.retryWindowMs;
    await this.db
      .updateTable('subscriber_deliveries')
      .set({
        status: result.ok ? 'delivered' : retry ? 'pending' : 'failed',
        attempts: attempt,
        next_attempt_at: retry ? finished + retryDelay(this.options, attempt) : row.next_attempt_at,
        lease_until: null,
        lease_token: null,
        last_error: result.error,
        updated_at: finished,
        delivered_at: result.ok ? finished : null,
      })
      .where('id', '=', row.id)
      .where('lease_token', '=', token)
      .execute();
    if (!result.ok) this.logger?.warn({ subscriberDeliveryId: row.id, attempt, retry, error: result.error }, 'subscriber delivery attempt failed');
  }

  /** Renders the message with its links (made now, never stored) and sends it; a subscriber gone or unsubscribed gets nothing. */
  private async send(row: Delivery, at: number): Promise<PostResult & { final?: boolean }> {
    const subscriber = await this.db
      .selectFrom('status_page_subscribers as s')
      .innerJoin('status_pages as p', 'p.id', 's.page_id')
      .select(['s.id', 's.kind', 's.address', 's.state', 's.pending_since', 's.secret', 'p.slug', 'p.title'])
      .where('s.id', '=', row.subscriber_id)
      .executeTakeFirst();
    const wanted = row.kind === 'confirm' ? 'pending' : 'confirmed';
    if (!subscriber || subscriber.state !== wanted) return { ok: false, statusCode: null, error: `subscriber-not-${wanted}`, final: true };
    const payload = JSON.parse(row.payload) as ConfirmPayload | NoticePayload;
    const page = { title: subscriber.title, url: `${this.settings.publicUrl}/status/${subscriber.slug}` };
    const unsubscribeUrl = this.links.unsubscribeUrl(subscriber.slug, subscriber.id);
    const confirmUrl =
      payload.type === 'subscription.confirm' ? this.links.confirmUrl(subscriber.slug, subscriber.id, subscriber.pending_since, payload.expiresAt) : null;
    if (subscriber.kind === 'email') {
      const message = confirmUrl ? confirmEmail(page, confirmUrl, unsubscribeUrl) : noticeEmail((payload as NoticePayload).notice, unsubscribeUrl);
      const host = new URL(this.settings.publicUrl).hostname;
      const headers = {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Lookout-Event': confirmUrl ? 'subscription.confirm' : (payload as NoticePayload).notice.type,
      };
      return this.mailer.send([subscriber.address], message, headers, `<${row.id.replace(':', '.')}@${host}>`);
    }
    const secret = this.box.open(subscriber.secret!, subscriberSecretAt(subscriber.id));
    const headers: Record<string, string> = { 'User-Agent': `Lookout/${VERSION}` };
    const http = { targetPolicy: this.settings.targetPolicy, timeoutMs: this.options.timeoutMs, secrets: [secret] };
    if (confirmUrl) {
      // The secret travels once, in the request the subscriber confirms with (as Amazon SNS sends its SubscribeURL).
      return postJson(
        subscriber.address,
        JSON.stringify({ type: 'subscription.confirm', confirmUrl, secret }),
        { ...headers, 'Lookout-Event': 'subscription.confirm' },
        http,
      );
    }
    const notice = (payload as NoticePayload).notice;
    const body = noticeWebhookBody(notice);
    headers['Lookout-Event'] = notice.type;
    headers['Lookout-Event-Id'] = notice.id;
    headers['Lookout-Signature'] = webhookSignature(secret, body, Math.floor(at / 1000));
    return postJson(subscriber.address, body, headers, http);
  }
}
