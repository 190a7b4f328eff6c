/*
 * The bounds the API enforces, for the server (which validates with them) and the dashboard (which
 * offers choices within them). Pure TypeScript that imports nothing.
 */

/** A monitor's fields: lengths in characters, [min, max] ranges inclusive. */
export const MONITOR_LIMITS = {
  nameLength: 200,
  intervalSeconds: [60, 3600],
  timeoutSeconds: [1, 120],
  urlLength: 2048,
  expectedStatus: [100, 599],
  secretLength: 4096,
  usernameLength: 200,
  headerNameLength: 200,
  hostLength: 253,
  port: [1, 65535],
  defaultPort: 443,
  warningDays: [1, 3650],
  /** Consecutive failed (or, to recover, successful) runs before a region's outcome counts. */
  threshold: [1, 10],
  /** A heartbeat's expected period, and how late its ping may be before it counts as missed. */
  periodSeconds: [60, 2_592_000],
  graceSeconds: [0, 86_400],
  defaultGraceSeconds: 300,
  cronLength: 100,
  timezoneLength: 64,
  resolverLength: 64,
  /** A ping monitor's echo requests per check. */
  packets: [1, 10],
  defaultPackets: 3,
  /** A domain monitor's days of warning before the registration expires. */
  domainWarningDays: [1, 365],
  defaultDomainWarningDays: 30,
  /** Tags one monitor may have, and the characters of one. */
  tags: 10,
  tagLength: 32,
  /** A client certificate or its key, PEM text. */
  pemLength: 65_536,
  /** `http://[user:password@]host:port` of a proxy. */
  proxyUrlLength: 2048,
} as const;

/** A tag: 1-32 of these characters (lower case, so that one tag is never two). */
export const TAG_PATTERN = /^[a-z0-9\-_:.]{1,32}$/;

/** Which addresses of a name an HTTP check connects to. */
export const IP_FAMILIES = ['auto', 'ipv4', 'ipv6'] as const;
export type IpFamily = (typeof IP_FAMILIES)[number];

/** What a heartbeat's ping endpoints accept. */
export const PING_LIMITS = {
  /** Bytes of a POST body kept as the run's log (the rest is read and dropped). */
  logBytes: 10_240,
  /** Bytes of a POST body read at most; a longer one is 413. */
  bodyBytes: 1_048_576,
  /** Pings one key may send per minute; the next is 429. */
  perMinute: 60,
  /** Characters of a new ping key (URL-safe base64 of 24 random bytes). */
  keyLength: 32,
} as const;

/** What an HTTP monitor sends besides the URL and credentials: custom headers and a request body. */
export const REQUEST_LIMITS = {
  headers: 20,
  headerValueLength: 4096,
  bodyLength: 65_536,
  /** Redirects followed at most when `followRedirects` is true. */
  redirects: 5,
} as const;

/** Assertions on an HTTP check's answer. */
export const ASSERTION_LIMITS = {
  assertions: 20,
  /** A body or header value, and a pattern: characters. */
  valueLength: 1024,
  /** A JSON value compared with, as JSON text. */
  jsonValueLength: 1024,
  pathLength: 256,
  responseTimeMs: [1, 120_000],
  /** How much of the answer's body (after Content-Encoding is undone) assertions read. */
  bodyBytes: 1024 * 1024,
  /** How much of a checked value a run shows (`actual`). */
  actualLength: 200,
} as const;

/** Days until a personal access token expires, [min, max] inclusive, however it is created. */
export const TOKEN_EXPIRY_DAYS = [1, 3650] as const;

/** Reminders and escalation on a notification policy: [min, max] inclusive. */
export const ON_CALL_LIMITS = {
  repeatEverySeconds: [300, 86_400],
  repeatMax: [1, 100],
  escalateAfterSeconds: [60, 86_400],
} as const;
