import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import type { Database } from '../../store/schema.js';
import { requireRole, type Actor } from '../actor.js';
import { isUuid, newId } from '../ids.js';
import { urlProblem } from '../monitor-fields.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { RateLimiter } from '../ports/coordination.js';
import { Problem, problems } from '../problem.js';
import { ADMINS } from '../roles.js';
import { subscriberSecretAt } from '../secrets/places.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { iso } from '../time.js';
import { parseInput } from '../validation.js';
import { CONFIRM_LINK_TTL_MS, type SubscriberLinks } from './subscriber-links.js';

/** Subscribe requests one client address may make in an hour, whatever they ask. */
export const SUBSCRIBES_PER_ADDRESS_PER_HOUR = 10;
export const SUBSCRIBER_KINDS = ['email', 'webhook'] as const;
export const SUBSCRIBER_STATES = ['pending', 'confirmed'] as const;

export const SubscribeInput = z
  .strictObject({
    email: z.email().max(320).optional().describe('The address to tell; it receives a confirmation link first.'),
    webhookUrl: z
      .string()
      .max(MONITOR_LIMITS.urlLength, { abort: true })
      .superRefine((value, ctx) => {
        const problem = urlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.replace('; use auth instead', ''), input: value });
      })
      .optional()
      .describe('An http(s) URL that receives a `subscription.confirm` request first, then signed JSON.'),
  })
  .superRefine((body, ctx) => {
    if ((body.email === undefined) === (body.webhookUrl === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'give either email or webhookUrl (one of them)' });
    }
  });

export const SubscriberRecord = z.object({
  id: z.string(),
  kind: z.enum(SUBSCRIBER_KINDS),
  address: z.string().describe('The email address or the webhook URL.'),
  state: z.enum(SUBSCRIBER_STATES).describe('`pending` until the confirmation link is opened; then `confirmed`.'),
  createdAt: z.string(),
});
export type SubscriberRecord = z.output<typeof SubscriberRecord>;

/** What a confirmation link turned out to be worth. */
export type ConfirmOutcome = 'confirmed' | 'expired' | 'invalid';

/** The payload of a confirmation request in the subscribers' outbox: the link is made when sending. */
export interface ConfirmPayload {
  type: 'subscription.confirm';
  expiresAt: number;
}

/**
 * Subscribers of a team's status page. The public side (subscribe, confirm, unsubscribe) answers
 * alike whatever the address's state, so that nobody learns who subscribed; the admin side lists
 * and deletes them. What they are told is fanned out by `NoticeFanout` and sent by the
 * subscribers' dispatcher.
 */
export class SubscriberService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    readonly links: SubscriberLinks,
    /** Subscribe requests per client address: SUBSCRIBES_PER_ADDRESS_PER_HOUR in any hour. */
    private readonly limiter: RateLimiter,
    /** Whether mail can be sent at all (SMTP_URL): without it, subscribing by email is 503. */
    private readonly mailConfigured: boolean,
    /** New confirmation requests are in the outbox. */
    private readonly onDeliveries: () => void,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * A subscribe request from `clientAddress`: counted first (every request, whatever it asks),
   * then the page (404), the body (400), mail (503). Answers nothing about the address: a new or
   * unsubscribed address becomes pending and gets a confirmation, a pending one gets it again, a
   * confirmed one gets nothing.
   */
  async subscribe(slug: string, input: unknown, clientAddress: string): Promise<void> {
    const decision = await this.limiter.consume(clientAddress);
    if (!decision.allowed) {
      throw new Problem('rate-limited', `At most ${SUBSCRIBES_PER_ADDRESS_PER_HOUR} subscribe requests an hour from one address; try again later.`, {
        retryAfter: decision.resetSeconds,
      });
    }
    const page = await this.db.selectFrom('status_pages').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();
    if (!page) throw problems.notFound('status page');
    const body = parseInput(SubscribeInput, input);
    const kind = body.email !== undefined ? 'email' : 'webhook';
    if (kind === 'email' && !this.mailConfigured) {
      throw new Problem('email-unavailable', 'This installation sends no email (no SMTP server is set up); subscribe with a webhook or the Atom feed.');
    }
    const address = (body.email ?? body.webhookUrl)!;
    const key = kind === 'email' ? address.toLowerCase() : address;
    const now = this.clock.now();
    const queued = await this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('status_page_subscribers')
        .selectAll()
        .where('page_id', '=', page.id)
        .where('kind', '=', kind)
        .where('address_key', '=', key)
        .executeTakeFirst();
      if (existing?.state === 'confirmed') return false;
      let id: string;
      if (!existing) {
        id = newId(now);
        const secret = kind === 'webhook' ? this.box.seal(randomBytes(32).toString('base64url'), subscriberSecretAt(id)) : null;
        const inserted = await trx
          .insertInto('status_page_subscribers')
          .values({
            id,
            page_id: page.id,
            kind,
            address,
            address_key: key,
            state: 'pending',
            pending_since: now,
            secret,
            created_at: now,
            confirmed_at: null,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['page_id', 'kind', 'address_key']).doNothing())
          .executeTakeFirst();
        // The same address subscribed at the same moment from elsewhere: that request sends the link.
        if (inserted.numInsertedOrUpdatedRows === 0n) return false;
      } else {
        id = existing.id;
        // Unsubscribed and back: a new secret, as for a new subscriber. Pending: the same one, the link again.
        const secret =
          kind === 'webhook' && existing.state === 'unsubscribed'
            ? this.box.seal(randomBytes(32).toString('base64url'), subscriberSecretAt(id))
            : existing.secret;
        await trx
          .updateTable('status_page_subscribers')
          .set({ state: 'pending', pending_since: now, secret, updated_at: now })
          .where('id', '=', id)
          .where('state', '=', existing.state)
          .execute();
      }
      await queueConfirm(trx, id, now);
      return true;
    });
    if (queued) this.onDeliveries();
  }

  /** Opens a confirmation link: the subscriber is told from now on. Opening it twice confirms once. */
  async confirm(slug: string, token: string): Promise<ConfirmOutcome> {
    const now = this.clock.now();
    const parts = this.links.readConfirm(token);
    const row = parts && (await this.subscriberOfPage(slug, parts.subscriberId));
    if (!parts || !row) return 'invalid';
    const check = this.links.checkConfirm(parts, row.pending_since, now);
    if (check !== 'valid') return check;
    if (row.state === 'confirmed') return 'confirmed';
    if (row.state !== 'pending') return 'invalid';
    await this.db
      .updateTable('status_page_subscribers')
      .set({ state: 'confirmed', confirmed_at: now, updated_at: now })
      .where('id', '=', row.id)
      .where('state', '=', 'pending')
      .where('pending_since', '=', row.pending_since)
      .execute();
    return 'confirmed';
  }

  /** Unsubscribes through a link (GET or the one-click POST); false when the link is not one. Twice changes nothing. */
  async unsubscribe(slug: string, token: string): Promise<boolean> {
    const id = this.links.checkUnsubscribe(token);
    const row = id && (await this.subscriberOfPage(slug, id));
    if (!row) return false;
    if (row.state !== 'unsubscribed') {
      const now = this.clock.now();
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('status_page_subscribers').set({ state: 'unsubscribed', updated_at: now }).where('id', '=', row.id).execute();
        // What was queued and not yet sent is not sent.
        await trx
          .updateTable('subscriber_deliveries')
          .set({ status: 'failed', last_error: 'unsubscribed', updated_at: now })
          .where('subscriber_id', '=', row.id)
          .where('status', '=', 'pending')
          .execute();
      });
    }
    return true;
  }

  /** The team page's subscribers, pending and confirmed (not those who left), oldest first. */
  async list(actor: Actor): Promise<SubscriberRecord[]> {
    requireRole(actor, ADMINS);
    const page = await this.pageOf(actor);
    const rows = await this.db
      .selectFrom('status_page_subscribers')
      .select(['id', 'kind', 'address', 'state', 'created_at'])
      .where('page_id', '=', page.id)
      .where('state', 'in', SUBSCRIBER_STATES)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as SubscriberRecord['kind'],
      address: r.address,
      state: r.state as SubscriberRecord['state'],
      createdAt: iso(r.created_at),
    }));
  }

  /** Deletes a subscriber and whatever is queued for it; an unknown id (or another team's) is 404. */
  async remove(actor: Actor, id: string): Promise<void> {
    requireRole(actor, ADMINS);
    const page = await this.pageOf(actor);
    if (!isUuid(id)) throw problems.notFound('subscriber');
    const deleted = await this.db
      .deleteFrom('status_page_subscribers')
      .where('id', '=', id.toLowerCase())
      .where('page_id', '=', page.id)
      .where('state', 'in', SUBSCRIBER_STATES)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw problems.notFound('subscriber');
  }

  private async pageOf(actor: Actor): Promise<{ id: string }> {
    const page = await this.db.selectFrom('status_pages').select('id').where('team_id', '=', actor.teamId).executeTakeFirst();
    if (!page) throw problems.notFound('status page');
    return page;
  }

  private subscriberOfPage(slug: string, id: string) {
    return this.db
      .selectFrom('status_page_subscribers as s')
      .innerJoin('status_pages as p', 'p.id', 's.page_id')
      .select(['s.id', 's.state', 's.pending_since'])
      .where('s.id', '=', id)
      .where('p.slug', '=', slug)
      .executeTakeFirst();
  }
}

/** A confirmation request in the outbox, its link's expiry fixed now so that every attempt sends the same link. */
async function queueConfirm(trx: Transaction<Database>, subscriberId: string, now: number): Promise<void> {
  const payload: ConfirmPayload = { type: 'subscription.confirm', expiresAt: now + CONFIRM_LINK_TTL_MS };
  await trx
    .insertInto('subscriber_deliveries')
    .values({
      id: newId(now),
      subscriber_id: subscriberId,
      notice_id: null,
      kind: 'confirm',
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      lease_token: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      delivered_at: null,
    })
    .execute();
}
