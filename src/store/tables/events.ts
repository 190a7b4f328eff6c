import type { Generated } from 'kysely';

export interface EventsTable {
  id: string;
  /**
   * The order events are processed in: for the events of one monitor, the order their
   * transactions committed (src/domain/events.ts). A sequence on PostgreSQL.
   */
  seq: Generated<number>;
  team_id: string;
  monitor_id: string;
  /** monitor.status_changed | certificate.expiring | incident.acknowledged | monitor.reminder | incident.escalated | monitor.flapping */
  type: string;
  /** JSON of the event (see src/domain/events.ts). */
  payload: string;
  occurred_at: number;
  /** Set once the alerting side has turned the event into incidents and deliveries. */
  processed_at: number | null;
}

export interface EventTables {
  events: EventsTable;
}
