import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../store/dialect-of.js';
import type { Database } from '../store/schema.js';
import { newId } from './ids.js';
import type { CheckedStatus, DegradedReason } from '../shared/vocabulary.js';

/**
 * Domain events: facts the check engine records in the same transaction as the run that
 * caused them, so none is lost across a crash. The alerting side consumes them.
 */

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
  previousStatus: CheckedStatus;
  status: CheckedStatus;
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

/** A domain monitor's registration expires within its warning days: told once per expiry date. */
export interface DomainExpiring {
  type: 'domain.expiring';
  monitorId: string;
  teamId: string;
  domain: { name: string; expiresAt: string; daysRemaining: number; registrar: string | null };
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

export type DomainEvent =
  MonitorStatusChanged | CertificateExpiring | DomainExpiring | IncidentAcknowledged | MonitorReminder | IncidentEscalated | MonitorFlapping;

export interface StoredEvent {
  id: string;
  event: DomainEvent;
}

/**
 * The key of the transaction-scoped advisory lock that event writers of one monitor take on
 * PostgreSQL (the monitor's id hashed is the second key): "Lk" "Ev".
 */
const EVENT_ORDER_LOCK = 0x4c6b4576;

/*
 * Commit order. Events are processed in `seq` order, and the events of one monitor must be
 * processed in the order their transactions committed (a `monitor.down` before the `monitor.up`
 * after it, or the incident stays open on a monitor that is up). An id is no such order: it is
 * made before the commit, on one process's clock. Nor is a plain sequence on PostgreSQL: two
 * transactions can take values 1 and 2 and commit 2 first, and a consumer that then handles 2
 * meets 1 only after it.
 *
 * So the writer of an event first takes a transaction-scoped advisory lock on its monitor, and
 * only then takes the next `seq` (the column's default, a sequence). Whoever appends an event for
 * the same monitor next waits for the lock until the first commits or rolls back, and draws a
 * larger `seq`: for the events of one monitor, `seq` order is commit order. A consumer that sees
 * one of them has already been able to see every earlier one (it committed first), and the alert
 * processor handles events not yet processed (not those past a cursor), so none is ever skipped.
 *
 * Per monitor, not for the whole installation: events of different monitors change different
 * state (an automatic incident is one monitor's; deliveries are independent), so their relative
 * order does not matter, and a lock for every event would serialize every run batch that changes a
 * status, and deadlock with the run recorder, which locks monitor rows one after another in a
 * transaction. The lock is the last one its holder takes for that monitor (the recorder holds the
 * monitor's row already; a timer or an acknowledgement holds only its own rows), so it adds no
 * cycle. On SQLite, one writer at a time: the next `seq` read in the write transaction is in
 * commit order already.
 */

/** Appends an event inside the caller's transaction. */
export async function appendEvent(trx: Transaction<Database> | Kysely<Database>, event: DomainEvent): Promise<string> {
  const occurredAt = Date.parse(event.occurredAt);
  const id = newId(occurredAt);
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK}, hashtext(${event.monitorId}))`.execute(trx);
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
      // seq: a sequence on PostgreSQL (drawn after the lock above), max + 1 on SQLite (0016-event-order.ts).
    })
    .execute();
  return id;
}

/** The oldest events not yet processed, in the order they were committed (for each monitor; see above). */
export async function unprocessedEvents(db: Kysely<Database>, limit: number): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('events').select(['id', 'payload']).where('processed_at', 'is', null).orderBy('seq').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, event: JSON.parse(r.payload) as DomainEvent }));
}
