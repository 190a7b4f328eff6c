import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.js';
import { newId } from './ids.js';
import type { DegradedReason, MonitorStatus as ReportedStatus } from '../shared/vocabulary.js';

/**
 * Domain events: facts the check engine records in the same transaction as the run that
 * caused them, so none is lost across a crash. The alerting side consumes them.
 */
/**
 * The status checks decide; `paused` is a setting and `maintenance` a time (a window's occurrence),
 * neither decided by a check.
 */
export type MonitorStatus = Exclude<ReportedStatus, 'paused' | 'maintenance'>;

export interface RegionOutcome {
  region: string;
  ok: boolean;
  error: { code: string; message: string } | null;
  /** The newest run's warnings (failing `degraded` assertions); absent in events recorded before assertions existed. */
  warnings?: string[];
}

export interface MonitorStatusChanged {
  type: 'monitor.status_changed';
  monitorId: string;
  teamId: string;
  previousStatus: MonitorStatus;
  status: MonitorStatus;
  /** Why the new status is degraded (empty for other statuses); absent in events recorded before reasons existed. */
  degradedReasons?: DegradedReason[];
  /** The newest result of every region at the time of the change. */
  regions: RegionOutcome[];
  occurredAt: string;
}

export interface CertificateExpiring {
  type: 'certificate.expiring';
  monitorId: string;
  teamId: string;
  certificate: { subject: string; issuer: string; validFrom: string; validTo: string; daysRemaining: number; fingerprint256: string };
  warningDays: number;
  occurredAt: string;
}

/** Someone said they are on the monitor's open incident. */
export interface IncidentAcknowledged {
  type: 'incident.acknowledged';
  monitorId: string;
  teamId: string;
  incidentId: string;
  /** The user who acknowledged it; null through the link of an alert. */
  acknowledgedBy: string | null;
  occurredAt: string;
}

/** The down alert again: the monitor's incident is still open and nobody acknowledged it. */
export interface MonitorReminder {
  type: 'monitor.reminder';
  monitorId: string;
  teamId: string;
  incidentId: string;
  /** Which reminder this is, from 1. */
  reminder: number;
  occurredAt: string;
}

/** The monitor's incident stayed open and unacknowledged too long: another policy is notified. */
export interface IncidentEscalated {
  type: 'incident.escalated';
  monitorId: string;
  teamId: string;
  incidentId: string;
  escalationPolicyId: string;
  occurredAt: string;
}

/**
 * The summed alert: the monitor went down `downCount` more times in the 5 minutes after its last
 * down alert, and those transitions were held back (see alerts/storms.ts).
 */
export interface MonitorFlapping {
  type: 'monitor.flapping';
  monitorId: string;
  teamId: string;
  incidentId: string;
  downCount: number;
  windowSeconds: number;
  occurredAt: string;
}

export type DomainEvent = MonitorStatusChanged | CertificateExpiring | IncidentAcknowledged | MonitorReminder | IncidentEscalated | MonitorFlapping;

export interface StoredEvent {
  id: string;
  event: DomainEvent;
}

/** Appends an event inside the caller's transaction. */
export async function appendEvent(trx: Transaction<Database> | Kysely<Database>, event: DomainEvent): Promise<string> {
  const occurredAt = Date.parse(event.occurredAt);
  const id = newId(occurredAt);
  await trx
    .insertInto('events')
    .values({
      id,
      team_id: event.teamId,
      monitor_id: event.monitorId,
      type: event.type,
      payload: JSON.stringify(event),
      occurred_at: occurredAt,
      processed_at: null,
    })
    .execute();
  return id;
}

/** The oldest events not yet processed, oldest first. */
export async function unprocessedEvents(db: Kysely<Database>, limit: number): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('events').select(['id', 'payload']).where('processed_at', 'is', null).orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, event: JSON.parse(r.payload) as DomainEvent }));
}
