import { isIP, isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import { ASSERTION_LIMITS, MONITOR_LIMITS, REQUEST_LIMITS } from '../shared/limits.js';
import {
  AUTH_TYPES,
  BODY_METHODS,
  DEGRADED_REASONS,
  DNS_RECORD_TYPES,
  HTTP_METHODS,
  MONITOR_STATUSES,
  MONITOR_TYPES,
  REGIONS,
  type MonitorType,
} from '../shared/vocabulary.js';
import {
  AssertionInput,
  AssertionRecord,
  DnsAssertionInput,
  DnsAssertionRecord,
  TcpAssertionInput,
  TcpAssertionRecord,
} from './assertions/assertion-schema.js';
import { cronProblem } from './heartbeats/schedule.js';
import { KeyField, SecretsDigestField } from './keys.js';
import { isTimeZone } from './maintenance/rrule.js';
import { HEADER_TOKEN, HEADER_TOKEN_MESSAGE, RESERVED_HEADERS } from './header-names.js';
import type { FieldError } from './problem.js';
import { intRange, judgedUnion, text, uuid } from './validation.js';

/*
 * Every shape a monitor has, defined once: these schemas validate requests (in MonitorService),
 * write the OpenAPI document (through the REST routes) and give the MCP tools their input
 * schemas. FIELD_ORDER below is the public order of the fields, which decides which error comes first.
 */

/**
 * Every input field in its public order (common fields, then those of each type): a validation problem
 * lists its errors in this order and its `detail` names the first failing one.
 */
export const FIELD_ORDER = [
  'type',
  'name',
  'key',
  'intervalSeconds',
  'timeoutSeconds',
  'regions',
  'notificationPolicyId',
  'failureThreshold',
  'recoveryThreshold',
  'url',
  'method',
  'expectedStatus',
  'auth',
  'headers',
  'body',
  'followRedirects',
  'assertions',
  'host',
  'port',
  'warningDays',
  'tls',
  'hostname',
  'recordType',
  'resolver',
  'periodSeconds',
  'cron',
  'timezone',
  'graceSeconds',
  'secretsDigest',
] as const;

/**
 * Sorts field errors by that order (nested fields by their parent, then by their index in it;
 * unknown fields last), keeping ties in place. Errors in `wholeBody` concern the body as a whole
 * (such as the team's cap) and come first, although they too are named `body`.
 */
export function inFieldOrder(errors: readonly FieldError[], wholeBody: readonly FieldError[] = []): FieldError[] {
  const rank = (error: FieldError) => {
    if (wholeBody.includes(error)) return -1;
    const index = (FIELD_ORDER as readonly string[]).indexOf(error.field.split('.')[0]!);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  // `headers.3.name` before `headers.10.value`: list items in the order of the list.
  const position = (field: string) => {
    const item = field.split('.')[1];
    return item !== undefined && /^\d+$/.test(item) ? Number(item) : -1;
  };
  return errors
    .map((error, i) => ({ error, i, rank: rank(error), position: position(error.field) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position || a.i - b.i)
    .map((e) => e.error);
}

/* Field checks that go beyond what Zod says out of the box; each returns the message or null. */

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function urlProblem(url: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return 'must not contain white space or control characters';
  const wrong = 'must be an absolute http:// or https:// URL';
  if (!/^https?:\/\/[^/\\]/i.test(url)) return wrong;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return wrong;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') return wrong;
  if (parsed.username !== '' || parsed.password !== '') return 'must not contain credentials; use auth instead';
  return null;
}

const LABEL = '(?!-)[A-Za-z0-9_-]{1,63}(?<!-)';
const HOSTNAME = new RegExp(`^${LABEL}(\\.${LABEL})*$`);

export function hostProblem(host: string): string | null {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(host)) return 'must not include a scheme such as https://; give the host name only';
  if (/[/?#\\]/.test(host)) return 'must not include a path; give the host name only';
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\s\u0000-\u001f\u007f]/.test(host)) return 'must not contain white space or control characters';
  if (isIPv4(host) || isIPv6(host)) return null;
  if (host.startsWith('[')) return 'must be an IPv6 address without brackets and without a port';
  if (/:\d*$/.test(host)) return 'must not include a port; use the port field';
  const lastLabel = host.slice(host.lastIndexOf('.') + 1);
  if (!HOSTNAME.test(host) || /^\d+$/.test(lastLabel)) {
    return 'must be a host name (such as example.com, international names in xn-- form) or an IP address';
  }
  return null;
}

export function headerNameProblem(name: string): string | null {
  if (!HEADER_TOKEN.test(name)) return HEADER_TOKEN_MESSAGE;
  if (RESERVED_HEADERS.includes(name.toLowerCase())) return 'must not be Host, Content-Length, Transfer-Encoding or Connection';
  return null;
}

/** A string check as a Zod refinement with its own message (none when the check passes). */
function checked(schema: z.ZodString, problem: (value: string) => string | null) {
  return schema.superRefine((value, ctx) => {
    const message = problem(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
  });
}

/** 1..max characters, refined; length failures stop further checks so each field reports once. */
function boundedString(max: number) {
  return z.string().min(1, { abort: true }).max(max, { abort: true });
}

function credentialText(max: number, extra?: (value: string) => string | null) {
  return checked(boundedString(max), (value) => {
    if (CONTROL_CHARACTERS.test(value)) return 'must not contain control characters';
    if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text';
    return extra?.(value) ?? null;
  });
}

/* The fields. */

const MonitorTypeField = z
  .enum(MONITOR_TYPES)
  .describe(
    '`http` requests a URL and judges the answer; `ssl` checks the TLS certificate of a host; `tcp` connects to a port; ' +
      '`dns` asks a resolver for a record; `heartbeat` waits for pings from a job. Fixed at creation.',
  );

// PostgreSQL text cannot hold U+0000, so no stored string may contain it.
const NameField = text(MONITOR_LIMITS.nameLength)
  .refine((name) => !name.includes('\u0000'), { message: 'must not contain the NUL character (U+0000)' })
  .describe('A name people recognise the monitor by: 1-200 characters, not only white space.');

const IntervalField = intRange(...MONITOR_LIMITS.intervalSeconds).describe('Seconds between two checks: an integer from 60 to 3600.');

const TimeoutField = intRange(...MONITOR_LIMITS.timeoutSeconds).describe(
  'Seconds one check may take before it fails with `timeout`: an integer from 1 to 120.',
);

const FailureThresholdField = intRange(...MONITOR_LIMITS.threshold).describe(
  'Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.',
);

const RecoveryThresholdField = intRange(...MONITOR_LIMITS.threshold).describe(
  'Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.',
);

const RegionsField = z
  .array(z.enum(REGIONS))
  .min(1)
  .superRefine((regions, ctx) => {
    const twice = regions.find((region, i) => regions.indexOf(region) !== i);
    if (twice !== undefined) ctx.addIssue({ code: 'custom', message: `must not list a region twice ("${twice}")`, input: regions });
  })
  .meta({
    uniqueItems: true,
    description: `Regions to check from: one or more of ${REGIONS.join(', ')}, each at most once. The monitor is down only when every region fails.`,
  });

const PolicyField = uuid().nullable().describe('The id of a notification policy of your team, told when the status changes; null for none.');

const UrlField = checked(boundedString(MONITOR_LIMITS.urlLength), urlProblem).meta({
  format: 'uri',
  description: 'The absolute http:// or https:// URL to request, at most 2048 characters. Credentials belong in `auth`, not in the URL.',
});

const MethodField = z.enum(HTTP_METHODS).describe('The HTTP method of the check request (upper case).');

const ExpectedStatusField = intRange(...MONITOR_LIMITS.expectedStatus).describe(
  'The status code a check must get to succeed (exactly this code, in the final answer when redirects are followed): an integer from 100 to 599.',
);

const SecretField = credentialText(MONITOR_LIMITS.secretLength).describe(
  'The credential: the bearer token, the basic-auth password or the header value. 1-4096 characters; stored encrypted and never returned.',
);

/** Credentials the check sends; the secret is write-only. */
export const MonitorAuthInput = judgedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('bearer'), secret: SecretField }).describe('Sends `Authorization: Bearer <secret>`.'),
    z
      .strictObject({
        type: z.literal('basic'),
        secret: SecretField,
        username: credentialText(MONITOR_LIMITS.usernameLength, (v) => (v.includes(':') ? 'must not contain a colon' : null)).describe(
          'The basic-auth user name: 1-200 characters, no colon.',
        ),
      })
      .describe('Sends `Authorization: Basic base64(<username>:<secret>)`.'),
    z
      .strictObject({
        type: z.literal('header'),
        secret: SecretField,
        headerName: checked(boundedString(MONITOR_LIMITS.headerNameLength), headerNameProblem).describe(
          'The name of the header that carries the secret, e.g. `X-Api-Key`. Not Host, Content-Length, Transfer-Encoding or Connection.',
        ),
      })
      .describe('Sends `<headerName>: <secret>`.'),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? (issue.input as Record<string, unknown> | undefined)?.type === undefined
          ? 'is required'
          : `must be one of ${AUTH_TYPES.join(', ')}`
        : undefined,
  },
).describe('Credentials for the check: `bearer` (secret), `basic` (username and secret) or `header` (headerName and secret).');
export type MonitorAuthInput = z.output<typeof MonitorAuthInput>;

const AuthField = MonitorAuthInput.nullable().describe('Credentials for the check, or null for none.');

// Printable ASCII and tab: what every HTTP server reads the same way in a header value.
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

const RequestHeader = z
  .strictObject({
    name: checked(boundedString(MONITOR_LIMITS.headerNameLength), headerNameProblem).describe(
      'An HTTP header name, e.g. `Accept`. Not Host, Content-Length, Transfer-Encoding or Connection, nor the header `auth` sends.',
    ),
    value: z
      .string()
      .max(REQUEST_LIMITS.headerValueLength)
      // Not aborting on length, so that the list's own check (names repeated) still runs; one message per value.
      .refine((value) => value.length > REQUEST_LIMITS.headerValueLength || HEADER_VALUE.test(value), {
        message: 'must be printable ASCII characters (tab allowed, no other control characters)',
      })
      .describe('The value: at most 4096 printable ASCII characters.'),
  })
  .describe('One request header. Not secret: it is shown in answers.');

/** A list of request headers, each name once; shared with the `custom` notification channel. */
export const RequestHeaders = z
  .array(RequestHeader)
  .max(REQUEST_LIMITS.headers)
  .superRefine(
    (headers, ctx) => {
      if (!Array.isArray(headers)) return;
      const seen = new Set<string>();
      headers.forEach((header: unknown, i) => {
        const name = (header as { name?: unknown } | null)?.name;
        if (typeof name !== 'string') return;
        if (seen.has(name.toLowerCase())) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `must not repeat a header name (${name})`, input: name });
        seen.add(name.toLowerCase());
      });
    },
    // Also when another header is malformed: every failing field is reported at once.
    { when: () => true },
  );

const HeadersField = RequestHeaders.nullable().describe(
  'Headers sent with every check request: 0-20 of `{name, value}`, each name once; null for none. Not secret: shown in answers (put credentials in `auth`).',
);

const BodyField = z
  .string()
  .max(REQUEST_LIMITS.bodyLength, { abort: true })
  .refine((body) => !body.includes('\u0000'), { message: 'must not contain the NUL character (U+0000)', abort: true })
  .refine((body) => !LONE_SURROGATE.test(body), { message: 'must be valid Unicode text' })
  .nullable()
  .describe(
    'The request body sent with every check, UTF-8 encoded: at most 65536 characters, only with method POST, PUT or DELETE; null for none. ' +
      'Set its Content-Type in `headers`.',
  );

const FollowRedirectsField = z
  .boolean()
  .describe(
    `Whether to follow redirects: false (the default) judges the first answer; true follows up to ${REQUEST_LIMITS.redirects} redirects, each to an address ` +
      'the target policy allows, and judges the final answer. Credentials (`auth`) and `headers` go only to the origin of `url`.',
  );

const AssertionsField = z
  .array(AssertionInput)
  .max(ASSERTION_LIMITS.assertions)
  .nullable()
  .describe(
    'Assertions on the answer, all of which must hold: 0-20, each on the `body`, a `json` path, a `header` or the `responseTime`; null for none. ' +
      'A failing `fail` assertion fails the run with `assertion-failed`; a failing `degraded` one leaves the run ok with a warning and marks the monitor degraded.',
  );

const HostField = checked(boundedString(MONITOR_LIMITS.hostLength), hostProblem).describe(
  'The host whose certificate is checked: a host name or an IP address, 1-253 characters, without https://, path or port.',
);

const PortField = intRange(...MONITOR_LIMITS.port).describe('The TLS port: an integer from 1 to 65535; 443 when omitted at creation.');

const WarningDaysField = intRange(...MONITOR_LIMITS.warningDays)
  .nullable()
  .describe(
    'Days before the certificate expires from which a check raises a `certificate.expiring` warning: an integer from 1 to 3650, or null for no warning.',
  );

const TcpHostField = checked(boundedString(MONITOR_LIMITS.hostLength), hostProblem).describe(
  'The host to connect to: a host name or an IP address, 1-253 characters, without scheme, path or port.',
);

const TcpPortField = intRange(...MONITOR_LIMITS.port).describe('The TCP port to connect to: an integer from 1 to 65535.');

const TlsField = z
  .boolean()
  .describe('Whether to complete a TLS handshake after connecting, with the certificate checks of an SSL monitor (no expiry warning); default false.');

const TcpAssertionsField = z
  .array(TcpAssertionInput)
  .max(ASSERTION_LIMITS.assertions)
  .nullable()
  .describe('Assertions on the connection: `responseTime` only (the connection, and handshake, within a time); null for none.');

const DnsHostnameField = checked(boundedString(MONITOR_LIMITS.hostLength), (name) => {
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  return isIPv4(bare) || isIPv6(bare) ? 'must be a name, not an address' : hostProblem(bare);
}).describe('The name to ask about, 1-253 characters (a trailing dot is allowed), such as example.com.');

const RecordTypeField = z.enum(DNS_RECORD_TYPES).describe(`The record type asked for: ${DNS_RECORD_TYPES.join(', ')}.`);

/**
 * The address and port of a DNS server written as c-ares takes it (`ip`, `ip:port`, `[ipv6]`,
 * `[ipv6]:port`, or a bare IPv6 address without a port), or null for anything else.
 */
export function parseResolver(text: string): { address: string; port: number } | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})|([0-9a-fA-F:.]+))(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const [, bracketed, ipv4, bare, portText] = match;
  // A bare IPv6 address cannot take a port: its last group would be read as one.
  if (bare !== undefined && portText !== undefined) return null;
  const address = bracketed ?? ipv4 ?? bare!;
  const family = isIP(address);
  if (family === 0 || (ipv4 === undefined && family !== 6)) return null;
  const port = portText === undefined ? 53 : Number(portText);
  return port >= 1 && port <= 65535 ? { address, port } : null;
}

/** Why `resolver` is not a DNS server's address (`ip`, `ip:port` or `[ipv6]:port`), or null when it is one. */
export function resolverProblem(resolver: string): string | null {
  if (parseResolver(resolver) !== null) return null;
  // An address whose only fault is its port.
  const port = /:(\d{1,5})$/.exec(resolver);
  if (port && parseResolver(`${resolver.slice(0, port.index)}:53`) !== null) return 'must have a port from 1 to 65535';
  return 'must be an IP address, optionally with a port (such as 9.9.9.9, 9.9.9.9:53 or [2620:fe::fe]:53)';
}

const ResolverField = checked(boundedString(MONITOR_LIMITS.resolverLength), resolverProblem)
  .nullable()
  .describe("The DNS server to ask: `ip`, `ip:port` or `[ipv6]:port` (port 53 when omitted); null or omitted: the system's resolvers.");

const DnsAssertionsField = z
  .array(DnsAssertionInput)
  .max(ASSERTION_LIMITS.assertions)
  .nullable()
  .describe(
    'Assertions on the answer: `answer` (`contains`/`notContains` a record, `eq` the whole set of records) and `responseTime`; null for none. ' +
      'Records are compared as text: an address, a name, `<priority> <exchange>` for MX, the joined strings of a TXT record.',
  );

const PeriodField = intRange(...MONITOR_LIMITS.periodSeconds)
  .nullable()
  .describe('Seconds between two runs of the job: an integer from 60 to 2592000 (30 days). Exactly one of `periodSeconds` and `cron`.');

const CronField = checked(boundedString(MONITOR_LIMITS.cronLength), cronProblem)
  .nullable()
  .describe(
    'When the job runs, as a 5-field cron expression (minute hour day-of-month month day-of-week) in `timezone`, such as `0 3 * * *`. ' +
      'Exactly one of `periodSeconds` and `cron`.',
  );

const TimezoneField = z
  .string()
  .refine(isTimeZone, { message: 'must be an IANA time zone name, such as Europe/Berlin or UTC' })
  .describe('The IANA time zone `cron` is read in; default UTC. Only with `cron`.');

const GraceField = intRange(...MONITOR_LIMITS.graceSeconds).describe(
  `Seconds a ping may come after its expected time before the run counts as missed: an integer from 0 to 86400; default ${MONITOR_LIMITS.defaultGraceSeconds}.`,
);

/* One schema per shape: common, then one per type (auth above). */

/** Fields every monitor has (create and update); a heartbeat has no interval, timeout or regions. */
export const MonitorCommonFields = z.object({
  name: NameField,
  intervalSeconds: IntervalField,
  timeoutSeconds: TimeoutField,
  regions: RegionsField,
  notificationPolicyId: PolicyField,
  failureThreshold: FailureThresholdField,
  recoveryThreshold: RecoveryThresholdField,
  key: KeyField.nullable(),
  secretsDigest: SecretsDigestField.nullable(),
});

/** The common fields a heartbeat monitor has: it is not checked, so it has no interval, timeout or regions. */
const HeartbeatCommonFields = MonitorCommonFields.omit({ intervalSeconds: true, timeoutSeconds: true, regions: true });

/** Fields of HTTP monitors. */
export const HttpMonitorFields = z.object({
  url: UrlField,
  method: MethodField,
  expectedStatus: ExpectedStatusField,
  auth: AuthField,
  headers: HeadersField,
  body: BodyField,
  followRedirects: FollowRedirectsField,
  assertions: AssertionsField,
});

/** Fields of SSL monitors. */
export const SslMonitorFields = z.object({
  host: HostField,
  port: PortField,
  warningDays: WarningDaysField,
});

/** Fields of TCP monitors. */
export const TcpMonitorFields = z.object({
  host: TcpHostField,
  port: TcpPortField,
  tls: TlsField,
  assertions: TcpAssertionsField,
});

/** Fields of DNS monitors. */
export const DnsMonitorFields = z.object({
  hostname: DnsHostnameField,
  recordType: RecordTypeField,
  resolver: ResolverField,
  assertions: DnsAssertionsField,
});

/** Fields of heartbeat monitors. */
export const HeartbeatMonitorFields = z.object({
  periodSeconds: PeriodField,
  cron: CronField,
  timezone: TimezoneField,
  graceSeconds: GraceField,
});

const commonCreate = {
  ...MonitorCommonFields.shape,
  notificationPolicyId: PolicyField.optional(),
  failureThreshold: FailureThresholdField.default(1),
  recoveryThreshold: RecoveryThresholdField.default(1),
  key: KeyField.nullable().optional(),
  secretsDigest: SecretsDigestField.nullable().optional(),
};

export const HttpMonitorCreate = z
  .strictObject({
    type: z.literal('http').describe('`http`: request a URL and compare the status code.'),
    ...commonCreate,
    ...HttpMonitorFields.shape,
    auth: AuthField.optional(),
    headers: HeadersField.optional(),
    body: BodyField.optional(),
    followRedirects: FollowRedirectsField.default(false),
    assertions: AssertionsField.optional(),
  })
  .describe('An HTTP monitor: one request to `url` per region and interval; it succeeds only on `expectedStatus`.');

export const SslMonitorCreate = z
  .strictObject({
    type: z.literal('ssl').describe('`ssl`: check the TLS certificate of `host`.'),
    ...commonCreate,
    ...SslMonitorFields.shape,
    port: PortField.default(MONITOR_LIMITS.defaultPort),
    warningDays: WarningDaysField.optional(),
  })
  .describe('An SSL monitor: a TLS handshake with `host:port`; it fails on an invalid, untrusted or expired certificate.');

export const TcpMonitorCreate = z
  .strictObject({
    type: z.literal('tcp').describe('`tcp`: connect to `host:port`.'),
    ...commonCreate,
    ...TcpMonitorFields.shape,
    tls: TlsField.default(false),
    assertions: TcpAssertionsField.optional(),
  })
  .describe('A TCP monitor: a connection to `host:port` per region and interval (and a TLS handshake with `tls`); it fails when none completes in time.');

export const DnsMonitorCreate = z
  .strictObject({
    type: z.literal('dns').describe('`dns`: ask a resolver for a record of `hostname`.'),
    ...commonCreate,
    ...DnsMonitorFields.shape,
    resolver: ResolverField.optional(),
    assertions: DnsAssertionsField.optional(),
  })
  .describe('A DNS monitor: one query per region and interval; it succeeds on an answer (NOERROR) with at least one record that meets the assertions.');

export const HeartbeatMonitorCreate = z
  .strictObject({
    type: z.literal('heartbeat').describe('`heartbeat`: a job pings Lookout; the monitor goes down when a ping is missed.'),
    ...HeartbeatCommonFields.shape,
    notificationPolicyId: PolicyField.optional(),
    failureThreshold: FailureThresholdField.default(1),
    recoveryThreshold: RecoveryThresholdField.default(1),
    key: KeyField.nullable().optional(),
    secretsDigest: SecretsDigestField.nullable().optional(),
    periodSeconds: PeriodField.optional(),
    cron: CronField.optional(),
    timezone: TimezoneField.optional(),
    graceSeconds: GraceField.default(MONITOR_LIMITS.defaultGraceSeconds),
  })
  .describe(
    'A heartbeat monitor: the job calls its `pingUrl` each time it runs (every `periodSeconds`, or on `cron`); a run not reported within ' +
      '`graceSeconds` of its expected time is missed and the monitor goes down. Lookout checks nothing itself: no interval, timeout or regions.',
  );

/** POST /monitors and `create_monitor`: common fields plus those of the chosen `type`. */
export const MonitorCreate = z
  .discriminatedUnion('type', [HttpMonitorCreate, SslMonitorCreate, TcpMonitorCreate, DnsMonitorCreate, HeartbeatMonitorCreate])
  .describe('A new monitor: `type` picks the fields of an HTTP, SSL, TCP, DNS or heartbeat monitor; unknown fields are rejected.');
export type MonitorCreate = z.output<typeof MonitorCreate>;

/**
 * Validates a create body whose `type` is missing or unknown: reports the `type` error first,
 * then whatever is wrong with the common fields (the type-specific fields cannot be judged).
 */
export const UntypedMonitorCreate = z.object({ type: MonitorTypeField, ...commonCreate });

/**
 * What is judged of a create body without a known `type`: the `type` error, the common fields,
 * the fields of any type when present, and any field no monitor has. (Fields two types share,
 * such as `host` or `assertions`, are judged as the last type has them.)
 */
export const UntypedMonitorCreateCheck = z.strictObject({
  ...UntypedMonitorCreate.shape,
  ...HttpMonitorFields.partial().shape,
  ...SslMonitorFields.partial().shape,
  ...TcpMonitorFields.partial().shape,
  ...DnsMonitorFields.partial().shape,
  ...HeartbeatMonitorFields.partial().shape,
});

export const HttpMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...HttpMonitorFields.partial().shape })
  .describe('Changes to an HTTP monitor: only the fields sent change.');
export type HttpMonitorUpdate = z.output<typeof HttpMonitorUpdate>;

export const SslMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...SslMonitorFields.partial().shape })
  .describe('Changes to an SSL monitor: only the fields sent change.');
export type SslMonitorUpdate = z.output<typeof SslMonitorUpdate>;

export const TcpMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...TcpMonitorFields.partial().shape })
  .describe('Changes to a TCP monitor: only the fields sent change.');
export type TcpMonitorUpdate = z.output<typeof TcpMonitorUpdate>;

export const DnsMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...DnsMonitorFields.partial().shape })
  .describe('Changes to a DNS monitor: only the fields sent change.');
export type DnsMonitorUpdate = z.output<typeof DnsMonitorUpdate>;

export const HeartbeatMonitorUpdate = z
  .strictObject({ ...HeartbeatCommonFields.partial().shape, ...HeartbeatMonitorFields.partial().shape })
  .describe('Changes to a heartbeat monitor: only the fields sent change. To move from `periodSeconds` to `cron`, send `periodSeconds: null` with it.');
export type HeartbeatMonitorUpdate = z.output<typeof HeartbeatMonitorUpdate>;

/** Any monitor's validated changes. */
export type AnyMonitorUpdate = HttpMonitorUpdate & SslMonitorUpdate & TcpMonitorUpdate & DnsMonitorUpdate & HeartbeatMonitorUpdate;

/** PATCH /monitors/{id} and `update_monitor`: validated against the stored monitor's type. */
export const MonitorUpdate = z
  .union([HttpMonitorUpdate, SslMonitorUpdate, TcpMonitorUpdate, DnsMonitorUpdate, HeartbeatMonitorUpdate])
  .describe(
    'Changes to a monitor: only the fields sent change. `type` cannot be changed, and fields of another monitor type are rejected. ' +
      '`auth`, `notificationPolicyId`, `warningDays`, `headers`, `body`, `assertions`, `resolver`, `periodSeconds` and `cron`: omitted keeps the current value, null clears it, a value replaces it ' +
      '(a list is replaced whole; omitting `auth` keeps the stored secret; a new `auth` object must carry its secret). ' +
      'While credentials are stored, a change of `url` (any part), `method`, `headers`, `body`, `followRedirects` or `assertions` needs `auth` in the same body, ' +
      'the credentials again or null; otherwise 400 on `auth`. A field sent with the value it has changes nothing and needs no `auth`.',
  );

const UPDATE_SCHEMAS = {
  http: HttpMonitorUpdate,
  ssl: SslMonitorUpdate,
  tcp: TcpMonitorUpdate,
  dns: DnsMonitorUpdate,
  heartbeat: HeartbeatMonitorUpdate,
} satisfies Record<MonitorType, z.ZodType>;

export function updateSchemaFor(type: MonitorType): z.ZodType<Partial<AnyMonitorUpdate>> {
  return UPDATE_SCHEMAS[type] as z.ZodType<Partial<AnyMonitorUpdate>>;
}

/*
 * Rules between fields of an HTTP monitor's request, judged on what the monitor will be (the stored
 * values with a PATCH's applied), and reported on the field that was sent.
 */

/** What the request rules read: each value as the monitor will have it, and which of them the body sent. */
export interface HttpRequestShape {
  method: unknown;
  body: unknown;
  auth: unknown;
  headers: unknown;
  sent: ReadonlySet<'method' | 'body' | 'auth' | 'headers'>;
}

/** The header `auth` sends (lower case), or null when there is no (valid) auth. */
function authHeaderOf(auth: unknown): string | null {
  if (auth === null || typeof auth !== 'object') return null;
  const { type, headerName } = auth as { type?: unknown; headerName?: unknown };
  if (type === 'bearer' || type === 'basic') return 'authorization';
  if (type === 'header' && typeof headerName === 'string') return headerName.toLowerCase();
  return null;
}

/**
 * A body goes only with POST, PUT or DELETE; a custom header never doubles the one that carries
 * the credentials (`Authorization`, or the `header` auth's name), which would send them twice or
 * override them.
 */
export function httpRequestProblems(shape: HttpRequestShape): FieldError[] {
  const errors: FieldError[] = [];
  const hasBody = typeof shape.body === 'string';
  // A method that is not one at all is reported on its own; the rule needs a real one.
  const method = typeof shape.method === 'string' && (HTTP_METHODS as readonly string[]).includes(shape.method) ? shape.method : null;
  if (hasBody && method !== null && !(BODY_METHODS as readonly string[]).includes(method)) {
    errors.push(
      shape.sent.has('body')
        ? { field: 'body', message: `is only allowed with method ${BODY_METHODS.join(', ')} (method is ${method})` }
        : { field: 'method', message: `must be ${BODY_METHODS.join(', ')} while the monitor has a body (send body: null to remove it)` },
    );
  }
  const authHeader = authHeaderOf(shape.auth);
  if (authHeader !== null && Array.isArray(shape.headers)) {
    shape.headers.forEach((header: unknown, i) => {
      const name = (header as { name?: unknown } | null)?.name;
      if (typeof name !== 'string' || name.toLowerCase() !== authHeader) return;
      errors.push(
        shape.sent.has('headers')
          ? { field: `headers.${i}.name`, message: `must not be ${name} while auth is set: auth sends that header` }
          : { field: 'auth', message: `must not send ${name}: the monitor's headers already set it (remove that header first)` },
      );
    });
  }
  return errors;
}

/** What the heartbeat rules read: each value as the monitor will have it, and which of them the body sent. */
export interface HeartbeatScheduleShape {
  periodSeconds: unknown;
  cron: unknown;
  timezone: unknown;
  sent: ReadonlySet<'periodSeconds' | 'cron' | 'timezone'>;
}

/** A heartbeat runs on a period or on a cron expression, exactly one; `timezone` is read only with `cron`. */
export function heartbeatScheduleProblems(shape: HeartbeatScheduleShape): FieldError[] {
  const hasPeriod = shape.periodSeconds !== null && shape.periodSeconds !== undefined;
  const hasCron = shape.cron !== null && shape.cron !== undefined;
  if (!hasPeriod && !hasCron) {
    return [{ field: shape.sent.has('cron') ? 'cron' : 'periodSeconds', message: 'is required: a heartbeat needs periodSeconds or cron' }];
  }
  if (hasPeriod && hasCron) {
    return shape.sent.has('cron')
      ? [{ field: 'cron', message: 'must not be set with periodSeconds: a heartbeat has one or the other (send periodSeconds: null to use cron)' }]
      : [{ field: 'periodSeconds', message: 'must not be set with cron: a heartbeat has one or the other (send cron: null to use periodSeconds)' }];
  }
  if (!hasCron && shape.sent.has('timezone') && shape.timezone !== undefined) {
    return [{ field: 'timezone', message: 'is only used with cron' }];
  }
  return [];
}

/** Bodiless actions (pause, resume, delete) take no fields; an empty object is fine. */
export const NoFields = z.strictObject({});

/* Records: what every surface answers with. The secret is never part of one. */

export const MonitorAuthRecord = z.object({
  type: z.enum(AUTH_TYPES),
  username: z.string().nullable().describe('The basic-auth user name; null for other types.'),
  headerName: z.string().nullable().describe('The header carrying the secret; null for other types.'),
  secretSet: z.boolean().describe('Always true: a secret is stored (encrypted). The secret itself is never returned.'),
});
export type MonitorAuthRecord = z.output<typeof MonitorAuthRecord>;

export const CertificateRecord = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  daysRemaining: z.int().describe('Whole days until validTo when the newest check ran; negative once expired.'),
});
export type CertificateRecord = z.output<typeof CertificateRecord>;

/** What every monitor's record has after its name (and, for checked monitors, interval, timeout and regions). */
const stateRecord = {
  key: z.string().nullable().describe('The name a document kept as code gives the monitor, or null.'),
  secretsDigest: z.string().nullable().describe('The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null.'),
  notificationPolicyId: z.string().nullable(),
  failureThreshold: z.int(),
  recoveryThreshold: z.int(),
  status: z
    .enum(MONITOR_STATUSES)
    .describe(
      '`pending`: no completed check since creation or resume; `up`: every region succeeded; `degraded`: some regions failed, ' +
        'or every region succeeded but an assertion of severity `degraded` did not hold; `down`: every region failed; `paused`: the monitor is paused.',
    ),
  degradedReasons: z
    .array(z.enum(DEGRADED_REASONS))
    .describe(
      'Why the monitor is degraded: empty unless `status` is `degraded`, then `regions` (the newest run of some regions failed), ' +
        '`assertions` (the newest run of some region succeeded with warnings), or both.',
    ),
  paused: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const commonRecord = {
  name: z.string(),
  intervalSeconds: z.int(),
  timeoutSeconds: z.int(),
  regions: z.array(z.enum(REGIONS)),
  ...stateRecord,
};

export const HttpMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('http'),
  ...commonRecord,
  url: z.string(),
  method: z.enum(HTTP_METHODS),
  expectedStatus: z.int(),
  auth: MonitorAuthRecord.nullable(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })).describe('Headers sent with every check; empty for none.'),
  body: z.string().nullable().describe('The request body, or null.'),
  followRedirects: z.boolean(),
  assertions: z.array(AssertionRecord).describe('Assertions on the answer, in order (a run reports each by its index); empty for none.'),
});
export type HttpMonitorRecord = z.output<typeof HttpMonitorRecord>;

export const SslMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('ssl'),
  ...commonRecord,
  host: z.string(),
  port: z.int(),
  warningDays: z.int().nullable(),
  certificate: CertificateRecord.nullable().describe('The certificate seen by the newest check, or null before the first one.'),
});
export type SslMonitorRecord = z.output<typeof SslMonitorRecord>;

export const TcpMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('tcp'),
  ...commonRecord,
  host: z.string(),
  port: z.int(),
  tls: z.boolean(),
  assertions: z.array(TcpAssertionRecord).describe('Assertions on the connection, in order; empty for none.'),
});
export type TcpMonitorRecord = z.output<typeof TcpMonitorRecord>;

export const DnsMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('dns'),
  ...commonRecord,
  hostname: z.string(),
  recordType: z.enum(DNS_RECORD_TYPES),
  resolver: z.string().nullable().describe("The DNS server asked, or null for the system's resolvers."),
  assertions: z.array(DnsAssertionRecord).describe('Assertions on the answer, in order; empty for none.'),
});
export type DnsMonitorRecord = z.output<typeof DnsMonitorRecord>;

export const HeartbeatMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('heartbeat'),
  name: z.string(),
  ...stateRecord,
  periodSeconds: z.int().nullable(),
  cron: z.string().nullable(),
  timezone: z.string(),
  graceSeconds: z.int(),
  pingUrl: z
    .string()
    .nullable()
    .describe(
      'Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, ' +
        '`pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. ' +
        'Null only where the record leaves the team (notification payloads).',
    ),
  deadlineAt: z
    .string()
    .nullable()
    .describe('When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused.'),
});
export type HeartbeatMonitorRecord = z.output<typeof HeartbeatMonitorRecord>;

export const MonitorRecord = z.discriminatedUnion('type', [HttpMonitorRecord, SslMonitorRecord, TcpMonitorRecord, DnsMonitorRecord, HeartbeatMonitorRecord]);
export type MonitorRecord = z.output<typeof MonitorRecord>;

/** GET /monitors: `key` narrows the list to the monitor that has it (none or one). Other parameters are left to the list's other filters. */
export const MonitorListQuery = z.object({
  key: KeyField.optional().describe('Only the monitor with this key (a list of none or one).'),
});

export const MonitorList = z.object({ data: z.array(MonitorRecord).describe('Every monitor of the team, oldest first.') });
