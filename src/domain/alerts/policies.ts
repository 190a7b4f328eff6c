import { z } from 'zod';
import type { Kysely, Selectable } from 'kysely';
import type { RateLimiter } from '../ports/coordination.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { Database } from '../../store/schema.js';
import type { NotificationPoliciesTable } from '../../store/tables/monitors.js';
import { requireRole, type Actor } from '../actor.js';
import { isUuid, newId } from '../ids.js';
import { NoFields } from '../monitor-schemas.js';
import { ON_CALL_LIMITS } from '../../shared/limits.js';
import { DELIVERY_OUTCOMES, NOTIFY_ON, type NotifyOn } from '../../shared/vocabulary.js';
import { Problem, problems, type FieldError } from '../problem.js';
import { ADMINS, ANY_ROLE } from '../roles.js';
import { channelSecretAt } from '../secrets/places.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { iso, isoOrNull } from '../time.js';
import { intRange, parseInput, text, uuid } from '../validation.js';
import { CreateChannelInput, UpdateChannelInput, type ChannelInput } from './channel-inputs.js';
import {
  CHANNEL_LIMIT,
  CHANNEL_SECRET_FIELDS,
  ChannelRecord,
  ChannelTarget,
  OPTIONAL_SECRET_FIELDS,
  channelKey,
  channelRecord,
  channelTarget,
  mapSecretValue,
  matchingChannel,
  type ChannelView,
  parseStoredChannels,
  secretsIn,
  type StoredChannel,
} from './channels.js';
import { KEY_TAKEN, KeyField, SecretsDigestField, digestMatches, isKeyConflict, sealedDigest } from '../keys.js';
import { enqueueDeliveries } from './outbox.js';

/**
 * Test sends per policy per window: enough to try a fix a few times, too few to turn a policy's
 * channels into a relay that floods a receiver (each test reaches every channel at once).
 */
export const POLICY_TESTS_PER_WINDOW = 5;
export const POLICY_TEST_WINDOW_SECONDS = 60;

/** The deliveries list answers the newest attempts only. */
export const DELIVERY_LIST_LIMIT = 100;

/* Inputs */

const NotifyOnInput = z
  .array(z.enum(NOTIFY_ON))
  .min(1)
  .refine((values) => new Set(values).size === values.length, { message: 'must not list a value twice' })
  .describe('Which changes are sent: a non-empty subset of down, degraded, up, certificate-expiring, domain-expiring.');

const channelsInput = <Channel extends z.ZodType>(channel: Channel) =>
  z.array(channel).min(1).max(CHANNEL_LIMIT).describe('1-10 channels; every one gets every selected event.');

const RepeatEveryInput = intRange(...ON_CALL_LIMITS.repeatEverySeconds)
  .nullable()
  .describe('Seconds between reminders of the down alert while its incident stays open and unacknowledged: 300-86400, or null for none.');
const RepeatMaxInput = intRange(...ON_CALL_LIMITS.repeatMax).describe('Reminders at most per incident: 1-100.');
const EscalateAfterInput = intRange(...ON_CALL_LIMITS.escalateAfterSeconds)
  .nullable()
  .describe('Seconds an incident may stay open and unacknowledged before escalationPolicyId is notified, once: 60-86400, or null for never.');
const EscalationPolicyInput = uuid()
  .nullable()
  .describe('The policy notified on escalation: another policy of your team. Set together with escalateAfterSeconds.');

export const CreatePolicyInput = z.strictObject({
  name: text(200).describe('A name for people: 1-200 characters.'),
  key: KeyField.nullable().default(null),
  // The contract's default is its four changes; `domain-expiring`, added later, is asked for by name.
  notifyOn: NotifyOnInput.default(['down', 'degraded', 'up', 'certificate-expiring']).describe(
    'Which changes are sent; default down, degraded, up and certificate-expiring (domain-expiring when listed).',
  ),
  channels: channelsInput(CreateChannelInput),
  repeatEverySeconds: RepeatEveryInput.default(null),
  repeatMax: RepeatMaxInput.default(12).describe('Reminders at most per incident: 1-100; default 12.'),
  escalateAfterSeconds: EscalateAfterInput.default(null),
  escalationPolicyId: EscalationPolicyInput.default(null),
  secretsDigest: SecretsDigestField.nullable().default(null),
});

export const UpdatePolicyInput = z
  .strictObject({
    name: text(200).optional().describe('A name for people: 1-200 characters.'),
    key: KeyField.nullable().optional(),
    notifyOn: NotifyOnInput.optional(),
    channels: channelsInput(UpdateChannelInput)
      .optional()
      .describe(
        'Replaces every channel. A channel sent without one of its secrets keeps the one stored for the same channel (same type and address, at the same place in the list or else the first such).',
      ),
    repeatEverySeconds: RepeatEveryInput.optional(),
    repeatMax: RepeatMaxInput.optional(),
    escalateAfterSeconds: EscalateAfterInput.optional(),
    escalationPolicyId: EscalationPolicyInput.optional(),
    secretsDigest: SecretsDigestField.nullable().optional(),
  })
  .describe('Changes to a policy: only the fields sent change.');

/* Records */

export const PolicyRecord = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().nullable().describe('The name a document kept as code gives the policy, or null.'),
  notifyOn: z.array(z.enum(NOTIFY_ON)),
  channels: z.array(ChannelRecord),
  repeatEverySeconds: z.int().nullable(),
  repeatMax: z.int(),
  escalateAfterSeconds: z.int().nullable(),
  escalationPolicyId: z.string().nullable(),
  secretsDigest: z
    .string()
    .nullable()
    .describe('The seal of the digest sent with its channels’ secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PolicyRecord = z.infer<typeof PolicyRecord>;

export const DeliveryAttemptRecord = z.object({
  id: z.string(),
  deliveryId: z.string().describe('The outbox entry: one per event and channel; its attempts share it.'),
  eventId: z.string().describe('The event id, sent as `id` in webhook bodies and as the Lookout-Event-Id header: receivers drop repeats by it.'),
  event: z.string().describe('monitor.down, monitor.degraded, monitor.up, certificate.expiring, or test.'),
  monitorId: z.string().nullable(),
  channel: ChannelTarget,
  attempt: z.int().describe('1 for the first attempt of the delivery.'),
  attemptedAt: z.string(),
  durationMs: z.int(),
  outcome: z
    .enum(DELIVERY_OUTCOMES)
    .describe(
      '`delivered`: the channel accepted it; `retrying`: it failed and another attempt is scheduled (nextAttemptAt); `failed`: it failed and no attempt follows.',
    ),
  statusCode: z.int().nullable().describe('The HTTP status the receiver answered with (every channel but email), else null.'),
  error: z
    .string()
    .nullable()
    .describe('Why it failed: a stable code and message, or `HTTP <status>: ` and the start of the answer, with the channel’s secrets shown as [secret].'),
  nextAttemptAt: z.string().nullable(),
});
export type DeliveryAttemptRecord = z.infer<typeof DeliveryAttemptRecord>;

export const PolicyTestResult = z.object({
  eventId: z.string().describe('The id of the test event (webhook `id`, Lookout-Event-Id).'),
  results: z
    .array(
      z.object({
        channel: ChannelTarget,
        outcome: z.enum(['delivered', 'failed']),
        statusCode: z.int().nullable(),
        error: z.string().nullable(),
        durationMs: z.int(),
      }),
    )
    .describe('One outcome per channel, in the policy’s order.'),
});
export type PolicyTestResult = z.infer<typeof PolicyTestResult>;

/** Sends deliveries that a caller leased itself, once and at once (no retry). */
export interface LeasedDeliveryRunner {
  runLeased(token: string): Promise<void>;
  readonly leaseMs: number;
}

/**
 * Notification policies as a resource (CRUD and test; writes need Admin or Owner): the one
 * service REST, MCP and the dashboard call. Channel secrets are sealed by the secret box and never
 * returned.
 */
export class AlertPolicyService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
    private readonly runner: LeasedDeliveryRunner,
    private readonly publicUrl: string,
    /** POLICY_TESTS_PER_WINDOW per POLICY_TEST_WINDOW_SECONDS, keyed by policy; shared by every node of a cluster. */
    private readonly testLimiter: RateLimiter,
    /** Change and test-delivery times are read on it. */
    private readonly clock: Clock = systemClock,
  ) {}

  async list(actor: Actor): Promise<PolicyRecord[]> {
    requireRole(actor, ANY_ROLE);
    const rows = await this.db
      .selectFrom('notification_policies')
      .selectAll()
      .where('team_id', '=', actor.teamId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => toRecord(row, viewOf(actor)));
  }

  async get(actor: Actor, id: string): Promise<PolicyRecord> {
    requireRole(actor, ANY_ROLE);
    return toRecord(await this.find(actor, id), viewOf(actor));
  }

  async create(actor: Actor, input: unknown): Promise<PolicyRecord> {
    requireRole(actor, ADMINS);
    const { name, key, secretsDigest, notifyOn, channels, ...onCall } = parseInput(CreatePolicyInput, input);
    await this.judgeKeyAndDigest(actor, input, key, undefined);
    const now = this.clock.now();
    const id = newId(now);
    const row = {
      id,
      team_id: actor.teamId,
      name,
      key,
      secrets_digest: secretsDigest && sealedDigest(secretsDigest),
      notify_on: JSON.stringify(notifyOn),
      channels: JSON.stringify(this.storeChannels(id, channels, [])),
      ...(await this.onCallColumns(actor, id, onCall)),
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('notification_policies').values(row).execute().catch(keyTaken);
    return toRecord(row);
  }

  async update(actor: Actor, id: string, input: unknown): Promise<PolicyRecord> {
    requireRole(actor, ADMINS);
    const current = await this.find(actor, id);
    const sent = parseInput(UpdatePolicyInput, input);
    if (Object.keys(sent).length === 0) return toRecord(current);
    const { name, key, secretsDigest, notifyOn, channels, ...onCall } = sent;
    await this.judgeKeyAndDigest(actor, input, key, current.id);
    const changes = {
      ...(name !== undefined && { name }),
      ...(key !== undefined && { key }),
      // Channels sent with secrets but without a digest: the stored digest no longer vouches for them.
      ...(secretsDigest !== undefined
        ? { secrets_digest: secretsDigest && (digestMatches(current.secrets_digest, secretsDigest) ? current.secrets_digest : sealedDigest(secretsDigest)) }
        : channels !== undefined && sendsSecrets(channels) && { secrets_digest: null }),
      ...(notifyOn !== undefined && { notify_on: JSON.stringify(notifyOn) }),
      ...(channels !== undefined && { channels: JSON.stringify(this.storeChannels(current.id, channels, parseStoredChannels(current.channels))) }),
      ...(await this.onCallColumns(actor, current.id, {
        repeatEverySeconds: onCall.repeatEverySeconds === undefined ? current.repeat_every_seconds : onCall.repeatEverySeconds,
        repeatMax: onCall.repeatMax ?? current.repeat_max,
        escalateAfterSeconds: onCall.escalateAfterSeconds === undefined ? current.escalate_after_seconds : onCall.escalateAfterSeconds,
        escalationPolicyId: onCall.escalationPolicyId === undefined ? current.escalation_policy_id : onCall.escalationPolicyId,
      })),
      updated_at: this.clock.now(),
    };
    await this.db.updateTable('notification_policies').set(changes).where('id', '=', current.id).execute().catch(keyTaken);
    return toRecord({ ...current, ...changes });
  }

  /** Deletes the policy; its monitors keep running without one (notificationPolicyId null). */
  async delete(actor: Actor, id: string, input?: unknown): Promise<void> {
    requireRole(actor, ADMINS);
    const current = await this.find(actor, id);
    parseInput(NoFields, input);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('monitors')
        .set({ notification_policy_id: null, updated_at: this.clock.now() })
        .where('notification_policy_id', '=', current.id)
        .execute();
      // A policy that escalated to it escalates no more.
      await trx
        .updateTable('notification_policies')
        .set({ escalation_policy_id: null, escalate_after_seconds: null, updated_at: this.clock.now() })
        .where('escalation_policy_id', '=', current.id)
        .execute();
      // Its outbox and attempt log go with it (foreign keys cascade).
      await trx.deleteFrom('notification_policies').where('id', '=', current.id).execute();
    });
  }

  /**
   * Sends a `test` event to every channel now, through the outbox like any alert (so it is in
   * the deliveries log), but once: a failing channel is reported, not retried.
   *
   * Judged in the contract's order: role, policy, body, and only then the per-policy limit, so a
   * request refused for another reason spends nothing of it.
   */
  async test(actor: Actor, id: string, input?: unknown): Promise<PolicyTestResult> {
    requireRole(actor, ADMINS);
    const policy = await this.find(actor, id);
    parseInput(NoFields, input);
    const decision = await this.testLimiter.consume(policy.id);
    if (!decision.allowed) {
      throw new Problem(
        'rate-limited',
        `This notification policy was tested ${decision.limit} times in the last minute; try again in ${decision.resetSeconds} s.`,
        { retryAfter: decision.resetSeconds },
      );
    }
    const now = this.clock.now();
    const eventId = newId(now);
    const token = newId(now);
    await enqueueDeliveries(
      this.db,
      { teamId: actor.teamId, policyId: policy.id, channels: policy.channels, monitorId: null },
      {
        id: eventId,
        event: 'test',
        occurredAt: iso(now),
        monitorRecord: null,
        monitor: null,
        previousStatus: null,
        status: null,
        incidentId: null,
        regions: [],
        certificate: null,
        policyName: policy.name,
      },
      { publicUrl: this.publicUrl, now, lease: { token, until: now + this.runner.leaseMs } },
    );
    await this.runner.runLeased(token);
    const rows = await this.db
      .selectFrom('deliveries as d')
      .leftJoin('delivery_attempts as a', 'a.delivery_id', 'd.id')
      .select(['d.channel', 'd.last_error', 'a.outcome', 'a.status_code', 'a.error', 'a.duration_ms'])
      .where('d.event_id', '=', eventId)
      .where('d.policy_id', '=', policy.id)
      .orderBy('d.channel_index')
      .execute();
    return {
      eventId,
      results: rows.map((r) => ({
        channel: JSON.parse(r.channel) as ChannelTarget,
        outcome: r.outcome === 'delivered' ? 'delivered' : 'failed',
        statusCode: r.status_code ?? null,
        error: r.outcome === null ? (r.last_error ?? 'not attempted') : (r.error ?? null),
        durationMs: r.duration_ms ?? 0,
      })),
    };
  }

  /** The newest attempts to deliver this policy's alerts, newest first. */
  async deliveries(actor: Actor, id: string): Promise<DeliveryAttemptRecord[]> {
    requireRole(actor, ANY_ROLE);
    const policy = await this.find(actor, id);
    const view = viewOf(actor);
    const rows = await this.db
      .selectFrom('delivery_attempts as a')
      .innerJoin('deliveries as d', 'd.id', 'a.delivery_id')
      .select([
        'a.id',
        'a.delivery_id',
        'a.attempt',
        'a.started_at',
        'a.duration_ms',
        'a.outcome',
        'a.status_code',
        'a.error',
        'a.next_attempt_at',
        'd.event_id',
        'd.event',
        'd.monitor_id',
        'd.channel',
      ])
      .where('a.policy_id', '=', policy.id)
      .orderBy('a.started_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(DELIVERY_LIST_LIMIT)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      deliveryId: r.delivery_id,
      eventId: r.event_id,
      event: r.event,
      monitorId: r.monitor_id,
      channel: channelTarget(JSON.parse(r.channel) as ChannelTarget, view),
      attempt: r.attempt,
      attemptedAt: iso(r.started_at),
      durationMs: r.duration_ms,
      outcome: r.outcome as DeliveryAttemptRecord['outcome'],
      statusCode: r.status_code,
      error: r.error,
      nextAttemptAt: isoOrNull(r.next_attempt_at),
    }));
  }

  /** A key another policy of the team holds is 400 on `key`; a digest comes with the channels whose secrets it covers. */
  private async judgeKeyAndDigest(actor: Actor, input: unknown, key: string | null | undefined, ownId: string | undefined): Promise<void> {
    const errors: FieldError[] = [];
    if (typeof key === 'string') {
      const holder = await this.db
        .selectFrom('notification_policies')
        .select('id')
        .where('team_id', '=', actor.teamId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (holder && holder.id !== ownId) errors.push({ field: 'key', message: KEY_TAKEN });
    }
    const body = input as Record<string, unknown>;
    if (typeof body.secretsDigest === 'string' && body.channels === undefined) {
      errors.push({ field: 'secretsDigest', message: 'must be sent with the channels whose secrets it is a digest of' });
    }
    if (errors.length > 0) throw problems.validation(errors);
  }

  /** A path id that is not a UUID, unknown or another team's: one identical 404. */
  private async find(actor: Actor, id: string): Promise<Selectable<NotificationPoliciesTable>> {
    const row = isUuid(id)
      ? await this.db.selectFrom('notification_policies').selectAll().where('id', '=', id.toLowerCase()).where('team_id', '=', actor.teamId).executeTakeFirst()
      : undefined;
    if (!row) throw problems.notFound('notification policy');
    return row;
  }

  /**
   * The reminder and escalation columns of a policy as they will be: escalation needs both its
   * delay and its policy, and that policy must be another one of the team (400 otherwise).
   */
  private async onCallColumns(
    actor: Actor,
    policyId: string,
    wanted: { repeatEverySeconds: number | null; repeatMax: number; escalateAfterSeconds: number | null; escalationPolicyId: string | null },
  ) {
    const escalationPolicyId = wanted.escalationPolicyId?.toLowerCase() ?? null;
    const errors: FieldError[] = [];
    if (wanted.escalateAfterSeconds !== null && escalationPolicyId === null) {
      errors.push({ field: 'escalationPolicyId', message: 'is required with escalateAfterSeconds: the policy notified on escalation' });
    } else if (wanted.escalateAfterSeconds === null && escalationPolicyId !== null) {
      errors.push({ field: 'escalateAfterSeconds', message: 'is required with escalationPolicyId: how long before escalating' });
    } else if (escalationPolicyId === policyId) {
      errors.push({ field: 'escalationPolicyId', message: 'must be another policy: a policy cannot escalate to itself' });
    } else if (escalationPolicyId !== null) {
      const found = await this.db
        .selectFrom('notification_policies')
        .select('id')
        .where('id', '=', escalationPolicyId)
        .where('team_id', '=', actor.teamId)
        .executeTakeFirst();
      if (!found) errors.push({ field: 'escalationPolicyId', message: 'must be the id of a notification policy of your team' });
    }
    if (errors.length > 0) throw problems.validation(errors);
    return {
      repeat_every_seconds: wanted.repeatEverySeconds,
      repeat_max: wanted.repeatMax,
      escalate_after_seconds: wanted.escalateAfterSeconds,
      escalation_policy_id: escalationPolicyId,
    };
  }

  /**
   * Seals new secrets. A secret left out keeps the one stored for the same channel (see
   * `matchingChannel`); null removes an optional one. A required secret with nothing to keep is
   * named like any other missing field.
   */
  private storeChannels(policyId: string, channels: ChannelInput[], current: StoredChannel[]): StoredChannel[] {
    const missing: FieldError[] = [];
    const stored = channels.map((channel, index): StoredChannel => {
      const kept = matchingChannel(current, channelKey(channel), index) as Record<string, unknown> | undefined;
      const next: Record<string, unknown> = { ...channel };
      for (const field of CHANNEL_SECRET_FIELDS[channel.type]) {
        const value = next[field];
        if (value !== null && value !== undefined)
          next[field] = mapSecretValue(value, (secret) => this.box.seal(secret, channelSecretAt(policyId, channel.type, field)));
        else if (value === undefined && kept?.[field] !== undefined && kept[field] !== null) next[field] = kept[field];
        else if ((OPTIONAL_SECRET_FIELDS[channel.type] as ReadonlyArray<string> | undefined)?.includes(field)) next[field] = null;
        else missing.push({ field: `channels.${index}.${field}`, message: 'is required: no channel of the policy has one to keep' });
      }
      return next as StoredChannel;
    });
    if (missing.length > 0) throw problems.validation(missing);
    return stored;
  }
}

/** Whether channels sent carry a secret value (a new one, or the same one again). */
function sendsSecrets(channels: ChannelInput[]): boolean {
  return channels.some((channel) => CHANNEL_SECRET_FIELDS[channel.type].some((field) => secretsIn((channel as Record<string, unknown>)[field]).length > 0));
}

function keyTaken(error: unknown): never {
  if (isKeyConflict(error, 'notification_policies')) throw problems.invalidField('key', KEY_TAKEN);
  throw error;
}

/**
 * Channel addresses are often credentials themselves (a Slack webhook's path): whole to those
 * who may change the policy, masked to scheme://host[:port]/… for the others.
 */
function viewOf(actor: Actor): ChannelView {
  return { wholeUrls: ADMINS.includes(actor.role) };
}

/** The policy as answered; writes are answered to Admins and Owners, who see addresses whole. */
function toRecord(row: Selectable<NotificationPoliciesTable>, view: ChannelView = { wholeUrls: true }): PolicyRecord {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    notifyOn: JSON.parse(row.notify_on) as NotifyOn[],
    channels: parseStoredChannels(row.channels).map((channel) => channelRecord(channel, view)),
    repeatEverySeconds: row.repeat_every_seconds,
    repeatMax: row.repeat_max,
    escalateAfterSeconds: row.escalate_after_seconds,
    escalationPolicyId: row.escalation_policy_id,
    secretsDigest: row.secrets_digest,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
