import { isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import { ASSERTION_LIMITS, MONITOR_LIMITS, REQUEST_LIMITS } from '../shared/limits.js';
import { AUTH_TYPES, BODY_METHODS, DEGRADED_REASONS, HTTP_METHODS, MONITOR_STATUSES, MONITOR_TYPES, REGIONS, type MonitorType } from '../shared/vocabulary.js';
import { AssertionInput, AssertionRecord } from './assertions/assertion-schema.js';
import { HEADER_TOKEN, HEADER_TOKEN_MESSAGE, RESERVED_HEADERS } from './header-names.js';
import type { FieldError } from './problem.js';
import { intRange, judgedUnion, text, uuid } from './validation.js';

/*
 * Every shape a monitor has, defined once: these schemas validate requests (in MonitorService),
 * write the OpenAPI document (through the REST routes) and give the MCP tools their input
 * schemas. FIELD_ORDER below is the public order of the fields, which decides which error comes first.
 */

/**
 * Every input field in its public order (common fields, then HTTP, then SSL): a validation problem
 * lists its errors in this order and its `detail` names the first failing one.
 */
export const FIELD_ORDER = [
  'type',
  'name',
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
  .describe('`http` requests a URL and compares the status code; `ssl` checks the TLS certificate of a host. Fixed at creation.');

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

/* One schema per shape: common, HTTP, SSL (auth above). */

/** Fields every monitor has (create and update). */
export const MonitorCommonFields = z.object({
  name: NameField,
  intervalSeconds: IntervalField,
  timeoutSeconds: TimeoutField,
  regions: RegionsField,
  notificationPolicyId: PolicyField,
  failureThreshold: FailureThresholdField,
  recoveryThreshold: RecoveryThresholdField,
});

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

const commonCreate = {
  ...MonitorCommonFields.shape,
  notificationPolicyId: PolicyField.optional(),
  failureThreshold: FailureThresholdField.default(1),
  recoveryThreshold: RecoveryThresholdField.default(1),
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

/** POST /monitors and `create_monitor`: common fields plus those of the chosen `type`. */
export const MonitorCreate = z
  .discriminatedUnion('type', [HttpMonitorCreate, SslMonitorCreate])
  .describe('A new monitor: `type` picks the HTTP or the SSL fields; unknown fields are rejected.');
export type MonitorCreate = z.output<typeof MonitorCreate>;

/**
 * Validates a create body whose `type` is missing or unknown: reports the `type` error first,
 * then whatever is wrong with the common fields (the type-specific fields cannot be judged).
 */
export const UntypedMonitorCreate = z.object({ type: MonitorTypeField, ...commonCreate });

/**
 * What is judged of a create body without a known `type`: the `type` error, the common fields,
 * the fields of either type when present, and any field no monitor has.
 */
export const UntypedMonitorCreateCheck = z.strictObject({
  ...UntypedMonitorCreate.shape,
  ...HttpMonitorFields.partial().shape,
  ...SslMonitorFields.partial().shape,
});

export const HttpMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...HttpMonitorFields.partial().shape })
  .describe('Changes to an HTTP monitor: only the fields sent change.');
export type HttpMonitorUpdate = z.output<typeof HttpMonitorUpdate>;

export const SslMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...SslMonitorFields.partial().shape })
  .describe('Changes to an SSL monitor: only the fields sent change.');
export type SslMonitorUpdate = z.output<typeof SslMonitorUpdate>;

/** PATCH /monitors/{id} and `update_monitor`: validated against the stored monitor's type. */
export const MonitorUpdate = z
  .union([HttpMonitorUpdate, SslMonitorUpdate])
  .describe(
    'Changes to a monitor: only the fields sent change. `type` cannot be changed, and fields of the other monitor type are rejected. ' +
      '`auth`, `notificationPolicyId`, `warningDays`, `headers`, `body` and `assertions`: omitted keeps the current value, null clears it, a value replaces it ' +
      '(a list is replaced whole; omitting `auth` keeps the stored secret; a new `auth` object must carry its secret). ' +
      'Moving `url` to another origin (scheme, host or port) while credentials are stored needs `auth` in the same body, a new value or null; otherwise 400 on `auth`.',
  );

export function updateSchemaFor(type: MonitorType) {
  return type === 'http' ? HttpMonitorUpdate : SslMonitorUpdate;
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

const commonRecord = {
  name: z.string(),
  intervalSeconds: z.int(),
  timeoutSeconds: z.int(),
  regions: z.array(z.enum(REGIONS)),
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

export const MonitorRecord = z.discriminatedUnion('type', [HttpMonitorRecord, SslMonitorRecord]);
export type MonitorRecord = z.output<typeof MonitorRecord>;

export const MonitorList = z.object({ data: z.array(MonitorRecord).describe('Every monitor of the team, oldest first.') });
