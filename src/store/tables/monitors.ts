import type { Generated } from 'kysely';

export interface MonitorsTable {
  id: string;
  team_id: string;
  type: 'http' | 'ssl' | 'tcp' | 'dns' | 'heartbeat' | 'ping' | 'domain';
  name: string;
  interval_seconds: number;
  timeout_seconds: number;
  /** JSON array of region names, in the order given. */
  regions: string;
  notification_policy_id: string | null;
  paused: number;
  /** pending | up | degraded | down; `paused` is shown when `paused` = 1. */
  status: string;
  /** 1 while a maintenance occurrence covers the monitor (shown as `maintenance`); `status` stays the one decided before it. */
  maintenance: Generated<number>;
  /** JSON array of why the monitor is degraded (regions, assertions), decided with `status`; `[]` otherwise. */
  degraded_reasons: Generated<string>;
  last_checked_at: number | null;
  /** JSON map region → newest result `{ok, error, at}`; what `status` is computed from. */
  region_results: string | null;
  /** Each region's streak of consecutive outcomes (JSON), which the thresholds count. */
  region_streaks: string | null;
  failure_threshold: Generated<number>;
  recovery_threshold: Generated<number>;
  /** Fingerprint of the certificate whose expiry was last announced (one event per certificate). */
  expiry_warned_fingerprint: string | null;
  /** JSON CertificateInfo from the newest SSL run, or null. */
  certificate: string | null;
  created_at: number;
  updated_at: number;
  /** Soft delete: set once, never listed, found or checked again. */
  deleted_at: number | null;
  /** The name a document kept in Git gives it (1-100 of a-z0-9-_.), unique per team among live monitors. */
  key: string | null;
  /** The opaque keyed hash of its secrets sent by whoever set them (docs/as-code.md); cleared when they change without one. */
  secrets_digest: string | null;
  /** JSON array of its tags, sorted; null for none. */
  tags: string | null;
  /** The monitor of the team it depends on: while that one is down, this one's going down alerts nobody. */
  depends_on: string | null;
  /** The parent whose being down held back this monitor's incident and alerts; null otherwise. */
  suppressed_by: string | null;
  /** The status it went down from while held back (pending, up or degraded); what its alert says once released. */
  suppressed_from: string | null;
  // HTTP monitors
  url: string | null;
  method: string | null;
  expected_status: number | null;
  auth_type: string | null;
  auth_username: string | null;
  auth_header_name: string | null;
  /** Sealed by the secret box (AES-256-GCM with a key id); never plain text. */
  auth_secret: string | null;
  /** JSON array of `{name, value}` sent with every check; null for none. */
  request_headers: string | null;
  request_body: string | null;
  /** 0 or 1. */
  follow_redirects: Generated<number>;
  /** JSON array of assertions (severity filled in); null for none. */
  assertions: string | null;
  /** 0: any certificate and name is accepted (the runs say so); 1 (default): verified. */
  tls_verify: Generated<number>;
  /** The client certificate (PEM) presented to the target; null for none. */
  client_certificate: string | null;
  /** Its answer, JSON `{"subject","notAfter","keySet":true}`, read when it was set. */
  client_certificate_record: string | null;
  /** The client certificate's private key (PEM), sealed by the secret box. */
  client_key_secret: string | null;
  /** `http://[user@]host:port` of the proxy, without its password; null for none. */
  proxy_url: string | null;
  /** The proxy's password, sealed by the secret box; null for none. */
  proxy_password_secret: string | null;
  /** auto | ipv4 | ipv6. */
  ip_family: Generated<string>;
  // SSL and TCP monitors; `host` is also the name a DNS monitor asks about
  host: string | null;
  port: number | null;
  warning_days: number | null;
  // TCP monitors: 1 = a TLS handshake after connecting
  tls: Generated<number>;
  // DNS monitors
  record_type: string | null;
  /** `ip` or `ip:port`; null: the system's resolvers. */
  resolver: string | null;
  // Heartbeat monitors: exactly one of period_seconds and cron
  period_seconds: number | null;
  cron: string | null;
  timezone: string | null;
  grace_seconds: number | null;
  /** The ping key, sealed by the secret box (the answer shows it in `pingUrl`). */
  ping_key: string | null;
  /** SHA-256 of the ping key (hex): how a ping finds its monitor. */
  ping_key_hash: string | null;
  /** When the monitor goes down without a success ping (expected time + grace); null before the first success ping. */
  heartbeat_deadline: number | null;
  /** When the job last said it started (`/start`), until its next success or failure ping. */
  heartbeat_started_at: number | null;
  // Ping monitors (the host in `host`): echo requests per check, 1-10
  packets: number | null;
  // Domain monitors (the name in `host`, `warning_days`): the expiry date (ISO) last announced as near
  domain_warned_expiry: string | null;
  /** When each region's next check is due: JSON `{region: ms}`, moved on with each run (domain/check-schedules.ts). */
  due_times: string | null;
}

export interface NotificationPoliciesTable {
  id: string;
  team_id: string;
  name: string;
  /** JSON array of events: down, degraded, up, certificate-expiring. */
  notify_on: string;
  /** JSON array of channels; a webhook secret inside is sealed by the secret box. */
  channels: string;
  /** Seconds between reminders of an open, unacknowledged incident; null: none. */
  repeat_every_seconds: number | null;
  repeat_max: Generated<number>;
  /** Seconds an incident may stay open and unacknowledged before `escalation_policy_id` is notified; null: never. */
  escalate_after_seconds: number | null;
  escalation_policy_id: string | null;
  /** The name a document kept in Git gives it, unique per team. */
  key: string | null;
  /** The opaque keyed hash of its channels' secrets sent by whoever set them; cleared when they change without one. */
  secrets_digest: string | null;
  created_at: number;
  updated_at: number;
}

export interface MonitorTables {
  monitors: MonitorsTable;
  notification_policies: NotificationPoliciesTable;
}
