/**
 * The outbox: one row per (event, policy, channel), written in the same transaction as the
 * event is processed, then sent by the dispatcher until delivered or the retry window ends.
 */
export interface DeliveriesTable {
  id: string;
  team_id: string;
  policy_id: string;
  /** The domain event id (the webhook body's `id` and `Lookout-Event-Id`); a fresh id for tests. */
  event_id: string;
  /** monitor.down | monitor.degraded | monitor.up | certificate.expiring | test */
  event: string;
  monitor_id: string | null;
  /** The incident the alert was about (down, up, reminder, escalation); null for a test or a certificate warning. */
  incident_id: string | null;
  /** Position of the channel in the policy when the delivery was made. */
  channel_index: number;
  /** JSON of the channel as it was then; a webhook secret stays sealed by the secret box. */
  channel: string;
  /** JSON of what is sent, rendered once so that every attempt sends the same thing. */
  payload: string;
  /** pending | delivered | failed */
  status: string;
  attempts: number;
  next_attempt_at: number;
  /** While a dispatcher holds the row: until when, and its claim token. */
  lease_until: number | null;
  lease_token: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  policy_id: string;
  /** 1 for the first attempt of a delivery. */
  attempt: number;
  started_at: number;
  duration_ms: number;
  /** delivered | retrying | failed */
  outcome: string;
  status_code: number | null;
  error: string | null;
  next_attempt_at: number | null;
}

export interface AlertTables {
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
}
