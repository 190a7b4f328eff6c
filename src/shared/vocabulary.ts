/*
 * The words the server and the dashboard share: statuses, codes, roles and the other closed lists
 * of the API, each defined once. Pure TypeScript that imports nothing, so that the server, the
 * domain and the dashboard's bundle all read the same lists. Meanings never change: they are part
 * of the public API.
 */

/** Member roles, from least to most trusted. */
export const ROLES = ['Viewer', 'Member', 'Admin', 'Owner'] as const;
export type Role = (typeof ROLES)[number];

/** Where checks run. */
export const REGIONS = ['us-east', 'eu-west', 'asia'] as const;
/** One of the regions every installation has, which its own server or workers may check. */
export type BuiltInRegion = (typeof REGIONS)[number];
/**
 * A region's name as monitors, runs and checks carry it: a built-in one or one of the installation's
 * extra regions (REGION_NAME below), known only at run time.
 */
export type Region = string;
/** A region's name, built-in or one of LOOKOUT_EXTRA_REGIONS (served by remote probes only): 2-32 of a-z, 0-9 and `-`. */
export const REGION_NAME = /^[a-z0-9-]{2,32}$/;

export const MONITOR_TYPES = ['http', 'ssl', 'tcp', 'dns', 'heartbeat', 'ping', 'domain'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export const AUTH_TYPES = ['bearer', 'basic', 'header'] as const;
/** The record types a `dns` monitor asks for. */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** A monitor's status as the API reports it. */
/** `maintenance`: a maintenance window's occurrence covers the monitor (checks go on, nothing is alerted). */
export const MONITOR_STATUSES = ['pending', 'up', 'degraded', 'down', 'paused', 'maintenance'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];
/**
 * The statuses checks decide, the only ones a monitor's state and its status events hold: `paused`
 * is a setting and `maintenance` a time (a window's occurrence), neither decided by a check.
 */
export type CheckedStatus = Exclude<MonitorStatus, 'paused' | 'maintenance'>;
export const MONITOR_STATUS_TEXT: Record<MonitorStatus, string> = {
  pending: 'Pending',
  up: 'Up',
  degraded: 'Degraded',
  down: 'Down',
  paused: 'Paused',
  maintenance: 'Maintenance',
};

/** Why a monitor is `degraded`: some regions fail, or every region succeeds but an assertion of severity `degraded` does not hold. */
export const DEGRADED_REASONS = ['regions', 'assertions'] as const;
export type DegradedReason = (typeof DEGRADED_REASONS)[number];

/**
 * Assertions on a check's answer: where the checked value comes from (`source`), and the
 * operators (`op`) each source takes. A failing assertion fails the run (`fail`) or only marks the
 * monitor degraded (`degraded`). `answer` is a DNS check's records, `packetLoss` a ping check's
 * share of echo requests left unanswered (a percentage); the others are an HTTP check's, of which
 * a TCP check has only `responseTime`.
 */
export const ASSERTION_SOURCES = ['body', 'json', 'header', 'responseTime', 'answer', 'packetLoss'] as const;
export type AssertionSource = (typeof ASSERTION_SOURCES)[number];
/** The sources an HTTP monitor's assertions take. */
export const HTTP_ASSERTION_SOURCES = ['body', 'json', 'header', 'responseTime'] as const satisfies readonly AssertionSource[];
export const ASSERTION_OPS = {
  body: ['contains', 'notContains', 'matches', 'notMatches'],
  json: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'contains', 'exists', 'notExists'],
  header: ['eq', 'contains', 'matches', 'exists', 'notExists'],
  responseTime: ['lt', 'lte'],
  answer: ['contains', 'notContains', 'eq'],
  packetLoss: ['lte'],
} as const;
export type AssertionOp<S extends AssertionSource = AssertionSource> = (typeof ASSERTION_OPS)[S][number];
/** Operators that take no `value`: they ask only whether something is there. */
export const VALUELESS_OPS = ['exists', 'notExists'] as const;
export const ASSERTION_SEVERITIES = ['fail', 'degraded'] as const;
export type AssertionSeverity = (typeof ASSERTION_SEVERITIES)[number];
/** HTTP methods a monitor may send a request body with. */
export const BODY_METHODS = ['POST', 'PUT', 'DELETE'] as const;

/** What started a check run. */
/** `ping`: a heartbeat monitor's job reported (a missed deadline is `scheduled`). */
export const RUN_TRIGGERS = ['scheduled', 'manual', 'ping'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** Why a check run failed (a run's `error.code`). */
export const CHECK_ERROR_CODES = [
  'timeout',
  'dns-failure',
  'connection-refused',
  'connection-reset',
  'tls-error',
  'status-mismatch',
  'certificate-expired',
  'certificate-not-yet-valid',
  'certificate-untrusted',
  'hostname-mismatch',
  'target-blocked',
  'assertion-failed',
  'assertion-timeout',
  'heartbeat-missed',
  'heartbeat-failed',
  'dns-nxdomain',
  'dns-servfail',
  'ping-no-reply',
  'domain-expired',
  'rdap-error',
] as const;
export type CheckErrorCode = (typeof CHECK_ERROR_CODES)[number];

/** One sentence per Lookout code: what went wrong, as the person on call would say it. */
export const CHECK_ERROR_TEXT: Record<CheckErrorCode, string> = {
  timeout: 'No answer within the timeout',
  'dns-failure': 'The host name could not be resolved',
  'connection-refused': 'The connection was refused or the host could not be reached',
  'connection-reset': 'The connection was closed before the check completed',
  'tls-error': 'The TLS handshake failed',
  'status-mismatch': 'The answer had another status code than expected',
  'certificate-expired': 'The certificate has expired',
  'certificate-not-yet-valid': 'The certificate is not valid yet',
  'certificate-untrusted': 'The certificate is not trusted',
  'hostname-mismatch': 'The certificate is not valid for this host name',
  'target-blocked': 'The target is a private or blocked address',
  'assertion-failed': 'An assertion did not hold',
  'assertion-timeout': 'Judging the assertions took too long',
  'heartbeat-missed': 'No ping arrived in time',
  'heartbeat-failed': 'The job reported a failure',
  'dns-nxdomain': 'The name does not exist (NXDOMAIN)',
  'dns-servfail': 'The DNS server failed to answer (SERVFAIL)',
  'ping-no-reply': 'No echo reply came back',
  'domain-expired': 'The domain registration has expired',
  'rdap-error': 'The registry could not tell when the domain expires',
};

export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
/** The statuses an update may set; `resolved` is reached only by resolving. */
export const UPDATE_STATUSES = ['investigating', 'identified', 'monitoring'] as const;
export const INCIDENT_STATUS_TEXT: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};
export const SEVERITIES = ['minor', 'major', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_TEXT: Record<Severity, string> = { minor: 'Minor', major: 'Major', critical: 'Critical' };
export const INCIDENT_SOURCES = ['manual', 'monitor'] as const;

/** A public status page's banner, from all well to worst. */
export const OVERALL_STATUSES = ['operational', 'partial-outage', 'major-outage'] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];
/** A monitor's status as a public status page shows it. */
export const PUBLIC_MONITOR_STATUSES = ['operational', 'degraded', 'down', 'no-data', 'paused', 'maintenance'] as const;
export type PublicMonitorStatus = (typeof PUBLIC_MONITOR_STATUSES)[number];

/** What a notification policy can be notified of (its `notifyOn`). */
export const NOTIFY_ON = ['down', 'degraded', 'up', 'certificate-expiring', 'domain-expiring'] as const;
export type NotifyOn = (typeof NOTIFY_ON)[number];
export const DELIVERY_OUTCOMES = ['delivered', 'retrying', 'failed'] as const;

/** Where a notification policy sends: each channel's `type`. */
export const CHANNEL_TYPES = ['webhook', 'slack', 'email', 'discord', 'teams', 'telegram', 'pagerduty', 'opsgenie', 'ntfy', 'pushover', 'custom'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/** Opsgenie keeps an account's alerts in one of two places; each has its own API host. */
export const OPSGENIE_REGIONS = ['us', 'eu'] as const;
/** The methods a `custom` channel sends its body with. */
export const CUSTOM_METHODS = ['POST', 'PUT'] as const;
/** ntfy's priorities: 1 (min) to 5 (max, urgent); 3 is its default. */
export const NTFY_PRIORITIES = [1, 2, 3, 4, 5] as const;
/** The variables a `custom` channel's body may use, as `{{name}}`. */
export const TEMPLATE_VARIABLES = ['monitor.name', 'status', 'previousStatus', 'incident.id', 'event', 'occurredAt'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** The spans a monitor's figures are asked for. */
export const STATS_RANGES = ['24h', '7d', '30d'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** The `type` of every error answer (`{publicUrl}/errors/{code}`); titles and details may change, codes do not. */
export const PROBLEM_CODES = [
  'validation',
  'unauthorized',
  'forbidden',
  'not-found',
  'rate-limited',
  'internal',
  'method-not-allowed',
  'not-acceptable',
  'request-timeout',
  'payload-too-large',
  'unsupported-media-type',
  'headers-too-large',
  'unavailable',
  'email-unavailable',
  'two-factor-required',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];
