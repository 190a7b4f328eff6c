import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../store/schema.js';
import type { MonitorsTable } from '../../store/tables/monitors.js';
import { unprocessedEvents, type MonitorStatusChanged, type StoredEvent } from '../events.js';
import { MonitorIncidents } from '../incidents.js';
import { toRecord as monitorRecord } from '../monitor-record.js';
import { definitionOf } from '../../monitor-types/definitions.js';
import { ALERT_EVENTS, type AlertEvent } from './channels.js';
import type { DegradedReason, NotifyOn } from '../../shared/vocabulary.js';
import type { Alert, MonitorSummary } from './wording.js';
import type { AcknowledgeLinks } from './acknowledge-links.js';
import { enqueueDeliveries } from './outbox.js';
import { fireDueTimers, startTimers } from './on-call.js';
import { Pump } from './pump.js';
import { admitStatusAlert } from './storms.js';
import { systemClock, type Clock } from '../ports/clock.js';
import { readPresence, type RegionPresence } from '../probes/regions.js';
import { clearSuppressed, markSuppressed, releaseSuppressed, suppressingParent } from '../dependencies.js';

type Trx = Transaction<Database>;
type MonitorRow = Selectable<MonitorsTable>;

export interface AlertProcessorOptions {
  publicUrl: string;
  /** Signs the link that acknowledges an incident in one click, put in down alerts, reminders and escalations. */
  acknowledgeLinks?: Pick<AcknowledgeLinks, 'url'>;
  /** How often unprocessed events are looked for without a nudge. Default 1 s. */
  pollIntervalMs?: number;
  /** Events read per batch. Default 100. */
  batchSize?: number;
  /** Called after a batch that put deliveries into the outbox (wakes the dispatcher). */
  onDeliveries?: () => void;
  logger?: Logger;
  /** When events are claimed and deliveries stamped; the system clock when absent. */
  clock?: Clock;
}

/** The alerts that carry a link acknowledging their incident: those asking someone to act. */
const ACKNOWLEDGEABLE = new Set<AlertEvent>(['monitor.down', 'monitor.reminder', 'incident.escalated', 'monitor.flapping']);

/** Consecutive failures of one event before it is set aside, so that it cannot block the rest. */
const MAX_FAILURES = 5;

/**
 * Turns domain events (written by the check engine with its runs) into automatic incidents and
 * outbox deliveries. Each event is handled in a transaction (its batch's, see processBatch) that
 * first claims it (so that two processes never handle it twice), then opens or resolves the
 * incident, then writes one delivery per channel of the monitor's policy.
 */
export class AlertProcessor {
  private readonly batchSize: number;
  private readonly pump: Pump;
  private readonly failures = new Map<string, number>();
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AlertProcessorOptions,
  ) {
    this.batchSize = options.batchSize ?? 100;
    this.clock = options.clock ?? systemClock;
    this.pump = new Pump(() => this.drain(), {
      intervalMs: options.pollIntervalMs ?? 1000,
      onError: (error) => options.logger?.error({ err: error }, 'alert event processing failed'),
    });
  }

  /** Polls for events in the background (and on `notify`). */
  start(): void {
    this.pump.start();
  }

  async stop(): Promise<void> {
    await this.pump.stop();
  }

  /** A nudge after the engine committed events: process them now rather than at the next poll. */
  notify(): void {
    this.pump.notify();
  }

  /** Processes every pending event, oldest first; resolves with how many were handled. */
  processPending(): Promise<number> {
    return this.pump.run();
  }

  /**
   * The regions' presence as the batch under way first read it: the same for each of its alerts, and
   * read within an event's transaction (on SQLite, the only connection while it is open).
   */
  private batchPresence: RegionPresence | null = null;

  private async drain(): Promise<number> {
    // Reminders and escalations that fell due become events first, handled below like any other.
    while ((await fireDueTimers(this.db, this.clock.now(), this.batchSize)) === this.batchSize);
    let handled = 0;
    for (;;) {
      const batch = await unprocessedEvents(this.db, this.batchSize);
      this.batchPresence = null;
      const done = await this.processBatch(batch);
      handled += done.handled;
      if (done.enqueued) this.options.onDeliveries?.();
      if (done.blocked || batch.length < this.batchSize) return handled;
    }
  }

  /**
   * Handles a batch of events in one transaction: one commit rather than one per event, which is
   * most of an event's cost when a first round of checks brings thousands (a commit writes every
   * page it touched). Should any event fail, none of the batch is kept, and each is handled again
   * in a transaction of its own, in order, so that the failing one alone is retried or set aside.
   */
  private async processBatch(batch: readonly StoredEvent[]): Promise<{ handled: number; enqueued: boolean; blocked: boolean }> {
    if (batch.length > 1) {
      try {
        const enqueued = await this.db.transaction().execute(async (trx) => {
          let any = false;
          for (const stored of batch) any = (await this.claimAndHandle(trx, stored)) === 'enqueued' || any;
          return any;
        });
        for (const stored of batch) this.failures.delete(stored.id);
        return { handled: batch.length, enqueued, blocked: false };
      } catch {
        // Read again in each event's own transaction below.
        this.batchPresence = null;
      }
    }
    let handled = 0;
    let enqueued = false;
    for (const stored of batch) {
      const outcome = await this.processOne(stored);
      // Keeps the order of events: the failed one and those after it are tried again at the next pass.
      if (outcome === 'failed') return { handled, enqueued, blocked: true };
      handled++;
      enqueued ||= outcome === 'enqueued';
    }
    return { handled, enqueued, blocked: false };
  }

  private async processOne(stored: StoredEvent): Promise<'done' | 'enqueued' | 'failed'> {
    try {
      const outcome = await this.db.transaction().execute((trx) => this.claimAndHandle(trx, stored));
      this.failures.delete(stored.id);
      return outcome;
    } catch (error) {
      const failures = (this.failures.get(stored.id) ?? 0) + 1;
      this.failures.set(stored.id, failures);
      if (failures < MAX_FAILURES) {
        this.options.logger?.warn({ err: error, eventId: stored.id, failures }, 'alert event failed; it will be retried');
        return 'failed';
      }
      this.options.logger?.error({ err: error, eventId: stored.id }, 'alert event failed repeatedly; set aside without alerts');
      await this.db.updateTable('events').set({ processed_at: this.clock.now() }).where('id', '=', stored.id).execute();
      this.failures.delete(stored.id);
      return 'done';
    }
  }

  /** Claims the event (so that two processes never handle it twice) and handles it, in the caller's transaction. */
  private async claimAndHandle(trx: Trx, stored: StoredEvent): Promise<'done' | 'enqueued'> {
    const claimed = await trx
      .updateTable('events')
      .set({ processed_at: this.clock.now() })
      .where('id', '=', stored.id)
      .where('processed_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return 'done'; // another process has it
    return (await this.handle(trx, stored)) > 0 ? 'enqueued' : 'done';
  }

  /** Returns how many deliveries went into the outbox. */
  private async handle(trx: Trx, stored: StoredEvent): Promise<number> {
    const event = stored.event;
    const monitor = await trx.selectFrom('monitors').selectAll().where('id', '=', event.monitorId).where('team_id', '=', event.teamId).executeTakeFirst();
    // A run that finished after its monitor was deleted changes nothing.
    if (!monitor || monitor.deleted_at !== null) return 0;
    const policyId = monitor.notification_policy_id;
    switch (event.type) {
      case 'monitor.status_changed': {
        if (await this.heldBack(trx, monitor, event)) return 0;
        const incidentId = await this.followIncident(trx, monitor, event);
        const alertEvent = statusEvent(event);
        if (!alertEvent || !policyId) return 0;
        if (!(await admitStatusAlert(trx, { id: monitor.id, teamId: monitor.team_id }, incidentId, alertEvent, Date.parse(event.occurredAt)))) return 0;
        return this.enqueue(trx, monitor, policyId, stored.id, alertEvent, {
          occurredAt: event.occurredAt,
          previousStatus: event.previousStatus,
          status: event.status,
          degradedReasons: event.degradedReasons,
          incidentId,
          regions: event.regions,
          certificate: null,
        });
      }
      case 'certificate.expiring': {
        if (!policyId) return 0;
        const open = await MonitorIncidents.findOpen(trx, monitor.id);
        return this.enqueue(trx, monitor, policyId, stored.id, 'certificate.expiring', {
          ...asItIs(monitor, event.occurredAt, open?.id ?? null),
          certificate: event.certificate,
        });
      }
      case 'domain.expiring': {
        if (!policyId) return 0;
        const open = await MonitorIncidents.findOpen(trx, monitor.id);
        return this.enqueue(trx, monitor, policyId, stored.id, 'domain.expiring', {
          ...asItIs(monitor, event.occurredAt, open?.id ?? null),
          certificate: null,
          domain: event.domain,
        });
      }
      case 'monitor.flapping':
        if (!policyId) return 0;
        return this.enqueue(trx, monitor, policyId, stored.id, event.type, {
          ...asItIs(monitor, event.occurredAt, event.incidentId),
          certificate: null,
          downCount: event.downCount,
        });
      case 'incident.acknowledged':
      case 'monitor.reminder':
        if (!policyId) return 0;
        return this.enqueue(trx, monitor, policyId, stored.id, event.type, { ...asItIs(monitor, event.occurredAt, event.incidentId), certificate: null });
      case 'incident.escalated':
        // The escalation policy hears of it whatever events it selects for its own monitors.
        return this.enqueue(
          trx,
          monitor,
          event.escalationPolicyId,
          stored.id,
          event.type,
          { ...asItIs(monitor, event.occurredAt, event.incidentId), certificate: null },
          { whateverItSelects: true },
        );
    }
  }

  /**
   * Dependencies (domain/dependencies.ts). A monitor going down while the monitor it depends on is
   * down is held back: no incident, no alert (true). One held back that leaves `down` goes on
   * quietly when it recovers (nobody heard it go down), or as usual otherwise (degraded alerts).
   * And a monitor leaving `down` (or changing to anything but down) releases those it held back that are still down: their events
   * are appended here and handled after this one.
   */
  private async heldBack(trx: Trx, monitor: MonitorRow, event: MonitorStatusChanged): Promise<boolean> {
    const at = Date.parse(event.occurredAt);
    // Whatever it was before (a resumed parent starts from pending): not down, so it holds nobody back.
    if (event.status !== 'down') await releaseSuppressed(trx, { parentId: monitor.id }, at);
    if (event.status === 'down') {
      const parent = await suppressingParent(trx, monitor);
      if (parent !== null) {
        await markSuppressed(trx, monitor.id, parent, event.previousStatus);
        return true;
      }
      return false;
    }
    if (monitor.suppressed_by === null) return false;
    await clearSuppressed(trx, monitor.id);
    return event.status !== 'degraded';
  }

  /**
   * The automatic incident: opened when the monitor goes down (unless an incident is already
   * open for it, or one resolved less than 5 minutes ago, which is reopened), noted when it
   * changes while open, resolved when the monitor is up again.
   * Returns the incident the change belongs to, if any.
   */
  private async followIncident(trx: Trx, monitor: MonitorRow, event: MonitorStatusChanged): Promise<string | null> {
    const at = Date.parse(event.occurredAt);
    const open = await MonitorIncidents.findOpen(trx, monitor.id);
    const automatic = open?.source === 'monitor' ? open : undefined;
    switch (event.status) {
      case 'down':
        if (!open) {
          const opened =
            (await MonitorIncidents.reopenRecent(trx, monitor.id, downNote(event, monitor), at)) ??
            (await MonitorIncidents.open(trx, { id: monitor.id, teamId: monitor.team_id, name: monitor.name }, downNote(event, monitor), at));
          const policy = await this.policyOf(trx, monitor);
          if (policy) await startTimers(trx, { id: opened, teamId: monitor.team_id, monitorId: monitor.id }, policy, at);
          return opened;
        }
        if (automatic) await MonitorIncidents.note(trx, automatic.id, downNote(event, monitor), at);
        return open.id;
      case 'degraded':
        if (automatic) await MonitorIncidents.note(trx, automatic.id, degradedNote(event), at);
        return open?.id ?? null;
      case 'up':
        if (automatic) await MonitorIncidents.resolve(trx, automatic.id, at);
        return open?.id ?? null;
      case 'pending':
        return open?.id ?? null;
    }
  }

  private policyOf(trx: Trx, monitor: MonitorRow) {
    if (!monitor.notification_policy_id) return Promise.resolve(undefined);
    return trx
      .selectFrom('notification_policies')
      .selectAll()
      .where('id', '=', monitor.notification_policy_id)
      .where('team_id', '=', monitor.team_id)
      .executeTakeFirst();
  }

  /** One delivery per channel of the policy, when it selects the event (or `whateverItSelects`). */
  private async enqueue(
    trx: Trx,
    monitor: MonitorRow,
    policyId: string,
    eventId: string,
    event: AlertEvent,
    details: Pick<Alert, 'occurredAt' | 'previousStatus' | 'status' | 'incidentId' | 'regions'> & {
      certificate: { subject: string; validTo: string; daysRemaining: number } | null;
      domain?: Alert['domain'];
      downCount?: number;
      /** The reasons the event decided with its status (absent in events recorded before reasons existed). */
      degradedReasons?: DegradedReason[];
    },
    options: { whateverItSelects?: boolean } = {},
  ): Promise<number> {
    const policy = await trx
      .selectFrom('notification_policies')
      .selectAll()
      .where('id', '=', policyId)
      .where('team_id', '=', monitor.team_id)
      .executeTakeFirst();
    if (!policy) return 0;
    if (!options.whateverItSelects && !(JSON.parse(policy.notify_on) as NotifyOn[]).includes(ALERT_EVENTS[event])) return 0;
    // The record the team reads, its stale regions included (a receiver may act on them).
    this.batchPresence ??= await readPresence(trx);
    const record = monitorRecord(monitor, undefined, { presence: this.batchPresence, now: this.clock.now() });
    // The record as of this event: a later change must not show through a late delivery.
    if (record.status !== 'paused' && details.status) {
      record.status = details.status as typeof record.status;
      if (details.degradedReasons) record.degradedReasons = details.degradedReasons;
    }
    const now = this.clock.now();
    const { degradedReasons: _decided, ...alert } = details;
    const { incidentId } = alert;
    const links = this.options.acknowledgeLinks;
    const acknowledgeUrl = ACKNOWLEDGEABLE.has(event) && incidentId && links ? (deliveryId: string) => links.url(incidentId, deliveryId, now) : undefined;
    return enqueueDeliveries(
      trx,
      { teamId: monitor.team_id, policyId: policy.id, channels: policy.channels, monitorId: monitor.id },
      { id: eventId, event, monitorRecord: record, monitor: summary(monitor), policyName: policy.name, ...alert, acknowledgeUrl: null },
      { publicUrl: this.options.publicUrl, now, acknowledgeUrl },
    );
  }
}

/** Which status changes are alerted: down and degraded always; up only after down or degraded (not after pending). */
export function statusEvent(event: Pick<MonitorStatusChanged, 'previousStatus' | 'status'>): AlertEvent | null {
  if (event.status === event.previousStatus) return null;
  if (event.status === 'down') return 'monitor.down';
  if (event.status === 'degraded') return 'monitor.degraded';
  if (event.status === 'up' && (event.previousStatus === 'down' || event.previousStatus === 'degraded')) return 'monitor.up';
  return null;
}

/** The details of an event that does not change the monitor's status: its status as it is. */
function asItIs(monitor: MonitorRow, occurredAt: string, incidentId: string | null) {
  return { occurredAt, previousStatus: monitor.status, status: monitor.status, incidentId, regions: [] };
}

/** What the monitor watches, as messages name it; a heartbeat's ping key is a secret and never part of it. */
function summary(monitor: MonitorRow): MonitorSummary {
  return { id: monitor.id, name: monitor.name, type: monitor.type, target: targetOf(monitor) };
}

/** What the monitor watches, as its type names it. */
function targetOf(monitor: MonitorRow): string {
  return definitionOf(monitor.type).target(monitor);
}

/*
 * Timeline notes. They go on the public status page, so they name regions and stable error
 * codes only, never a raw error message (which may show internal addresses).
 */

function failing(event: MonitorStatusChanged): string {
  const failed = event.regions.filter((r) => !r.ok);
  return failed.map((r) => `${r.region}: ${r.error?.code ?? 'failed'}`).join(', ');
}

/** A heartbeat has no regions: its job reports, so the note says what the job did or failed to do. */
function downNote(event: MonitorStatusChanged, monitor: MonitorRow): string {
  if (monitor.type === 'heartbeat') {
    const reported = event.regions.some((r) => r.error?.code === 'heartbeat-failed');
    return `${reported ? 'The scheduled job reported a failure' : 'The scheduled job did not report in time (no ping arrived)'}. We are investigating.`;
  }
  const detail = failing(event);
  return `Checks from every region are failing${detail ? ` (${detail})` : ''}. We are investigating.`;
}

function degradedNote(event: MonitorStatusChanged): string {
  const failed = event.regions.filter((r) => !r.ok).length;
  // Every region succeeds, some with warnings: what the warnings say stays off the public page.
  if (failed === 0) return 'Recovered with warnings: every region succeeds, but some assertions marked degraded do not hold.';
  const detail = failing(event);
  return `Partly recovered: ${failed} of ${event.regions.length} regions still failing${detail ? ` (${detail})` : ''}.`;
}
