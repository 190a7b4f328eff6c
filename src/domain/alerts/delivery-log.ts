import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { requireRole, type Actor } from '../actor.js';
import { keysetPage, parseKeysetCursor } from '../keyset-page.js';
import { ADMINS, ANY_ROLE } from '../roles.js';
import { iso, isoOrNull } from '../time.js';
import { parseInput, uuid } from '../validation.js';
import { CHANNEL_TYPES } from '../../shared/vocabulary.js';
import { ChannelTarget, channelTarget } from './channels.js';

/** The states of a delivery (one alert to one channel), as the outbox keeps them. */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const DELIVERY_PAGE_DEFAULT = 50;
export const DELIVERY_PAGE_MAX = 100;

export const DeliveryLogQuery = z.strictObject({
  state: z.enum(DELIVERY_STATES).optional().describe('Only deliveries in this state: pending (still being tried), delivered or failed (given up).'),
  channel: z.enum(CHANNEL_TYPES).optional().describe('Only deliveries to channels of this type (`email`, `slack`, `webhook`, …).'),
  monitorId: uuid().optional().describe('Only the alerts about this monitor.'),
  incidentId: uuid().optional().describe('Only the alerts about this incident: its down alert, reminders, escalation, acknowledgement and recovery.'),
  policyId: uuid().optional().describe('Only the deliveries of this notification policy.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DELIVERY_PAGE_MAX)
    .default(DELIVERY_PAGE_DEFAULT)
    .describe(`How many to answer: 1-${DELIVERY_PAGE_MAX}; default ${DELIVERY_PAGE_DEFAULT}.`),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe('`nextCursor` of the previous page: the page after it. Cursors are opaque; one from another filter still pages by time.'),
});

export const DeliveryRecord = z.object({
  id: z.string(),
  event: z
    .string()
    .describe(
      'What the alert said: monitor.down, monitor.degraded, monitor.up, monitor.reminder, incident.escalated, incident.acknowledged, monitor.flapping, certificate.expiring, or test.',
    ),
  eventId: z.string().describe('The event id (webhook `id`, Lookout-Event-Id).'),
  state: z.enum(DELIVERY_STATES),
  channel: ChannelTarget,
  policy: z.object({ id: z.string(), name: z.string() }).nullable().describe('The notification policy that sent it.'),
  monitor: z.object({ id: z.string(), name: z.string() }).nullable().describe('The monitor the alert was about; null for a test, or a monitor deleted since.'),
  incident: z.object({ id: z.string(), title: z.string() }).nullable().describe('The incident the alert was about; null when there was none.'),
  attempts: z.int().describe('Attempts made so far.'),
  lastError: z.string().nullable().describe('Why the latest attempt failed, with the channel’s secrets shown as [secret]; null when none failed.'),
  createdAt: z.string().describe('When the alert was made for this channel.'),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable().describe('When a pending delivery is tried next; null once delivered or failed.'),
});
export type DeliveryRecord = z.infer<typeof DeliveryRecord>;

export const DeliveryPage = z.object({
  data: z.array(DeliveryRecord).describe('Newest first.'),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last one.'),
});
export type DeliveryPage = z.infer<typeof DeliveryPage>;

/**
 * The team's delivery log: every alert sent to every channel, newest first, with the monitor, the
 * incident and the policy it belongs to, filtered and read a page at a time (keyset on the time
 * and id, so that a page never repeats or skips a row written while someone reads).
 */
export class DeliveryLogService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(actor: Actor, query: unknown): Promise<DeliveryPage> {
    requireRole(actor, ANY_ROLE);
    const { state, channel, monitorId, incidentId, policyId, limit, cursor } = parseInput(DeliveryLogQuery, query);
    const after = parseKeysetCursor(cursor);
    let select = this.db
      .selectFrom('deliveries as d')
      .leftJoin('notification_policies as p', 'p.id', 'd.policy_id')
      .leftJoin('monitors as m', (join) => join.onRef('m.id', '=', 'd.monitor_id').on('m.deleted_at', 'is', null))
      .leftJoin('incidents as i', 'i.id', 'd.incident_id')
      .select([
        'd.id',
        'd.event',
        'd.event_id',
        'd.status',
        'd.channel',
        'd.policy_id',
        'p.name as policy_name',
        'd.monitor_id',
        'm.name as monitor_name',
        'd.incident_id',
        'i.title as incident_title',
        'd.attempts',
        'd.last_error',
        'd.created_at',
        'd.delivered_at',
        'd.next_attempt_at',
      ])
      .where('d.team_id', '=', actor.teamId);
    if (state) select = select.where('d.status', '=', state);
    // The stored channel is the JSON of its target, which always begins with its type.
    if (channel) select = select.where('d.channel', 'like', `{"type":"${channel}"%`);
    if (monitorId) select = select.where('d.monitor_id', '=', monitorId.toLowerCase());
    if (incidentId) select = select.where('d.incident_id', '=', incidentId.toLowerCase());
    if (policyId) select = select.where('d.policy_id', '=', policyId.toLowerCase());
    if (after) {
      select = select.where((eb) => eb.or([eb('d.created_at', '<', after.at), eb.and([eb('d.created_at', '=', after.at), eb('d.id', '<', after.id)])]));
    }
    const rows = await select
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit + 1)
      .execute();
    const { page, nextCursor } = keysetPage(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
    const view = { wholeUrls: ADMINS.includes(actor.role) };
    return {
      data: page.map((r) => ({
        id: r.id,
        event: r.event,
        eventId: r.event_id,
        state: r.status as DeliveryRecord['state'],
        channel: channelTarget(JSON.parse(r.channel) as ChannelTarget, view),
        policy: r.policy_name == null ? null : { id: r.policy_id, name: r.policy_name },
        monitor: r.monitor_id !== null && r.monitor_name != null ? { id: r.monitor_id, name: r.monitor_name } : null,
        incident: r.incident_id !== null && r.incident_title != null ? { id: r.incident_id, title: r.incident_title } : null,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: iso(r.created_at),
        deliveredAt: isoOrNull(r.delivered_at),
        nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
      })),
      nextCursor,
    };
  }
}
