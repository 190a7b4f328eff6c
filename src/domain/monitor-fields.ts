import { isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import { MONITOR_LIMITS, REQUEST_LIMITS, TAG_PATTERN } from '../shared/limits.js';
import { DEGRADED_REASONS, MONITOR_STATUSES, MONITOR_TYPES, REGION_NAME, REGIONS } from '../shared/vocabulary.js';
import { HEADER_TOKEN, HEADER_TOKEN_MESSAGE, RESERVED_HEADERS } from './header-names.js';
import { KeyField, SecretsDigestField } from './keys.js';
import { intRange, text, uuid } from './validation.js';

/*
 * What every monitor type builds its fields from: the common fields (name, interval, timeout,
 * regions, policy, thresholds) and their record, and the field checks several types (and the
 * custom alert channel) share. Each type's own fields are in its folder (src/monitor-types/<type>/);
 * monitor-schemas.ts puts them together.
 */

/* Field checks that go beyond what Zod says out of the box; each returns the message or null. */

// eslint-disable-next-line no-control-regex -- control characters are what it finds
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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

/** What is wrong with a proxy URL, or null. */
export function proxyProblem(text: string): string | null {
  const shape = 'must be http://[user:password@]host:port';
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return 'must not contain white space or control characters';
  if (!/^http:\/\/[^/\\]/i.test(text)) return shape;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return shape;
  }
  if (url.hostname === '' || url.port === '') return `${shape} (with its port)`;
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') return `${shape}, without a path, query or fragment`;
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return 'must percent-encode its user name and password correctly';
  }
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
export function checked(schema: z.ZodString, problem: (value: string) => string | null) {
  return schema.superRefine((value, ctx) => {
    const message = problem(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
  });
}

/** 1..max characters, refined; length failures stop further checks so each field reports once. */
export function boundedString(max: number) {
  return z.string().min(1, { abort: true }).max(max, { abort: true });
}

export function credentialText(max: number, extra?: (value: string) => string | null) {
  return checked(boundedString(max), (value) => {
    if (CONTROL_CHARACTERS.test(value)) return 'must not contain control characters';
    if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text';
    return extra?.(value) ?? null;
  });
}

/* The fields. */

export const MonitorTypeField = z
  .enum(MONITOR_TYPES)
  .describe(
    '`http` requests a URL and judges the answer; `ssl` checks the TLS certificate of a host; `tcp` connects to a port; ' +
      '`dns` asks a resolver for a record; `heartbeat` waits for pings from a job; `ping` sends ICMP echo requests to a host; ' +
      '`domain` asks the registry (RDAP) when a domain registration expires. Fixed at creation.',
  );

// PostgreSQL text cannot hold U+0000, so no stored string may contain it.
/** The host of an SSL, TCP or ping monitor; `what` says what is done with it ("The host to ping"). */
export function hostField(what: string) {
  return checked(boundedString(MONITOR_LIMITS.hostLength), hostProblem).describe(
    `${what}: a host name or an IP address, 1-253 characters, without scheme, path or port.`,
  );
}

export const NameField = text(MONITOR_LIMITS.nameLength)
  .refine((name) => !name.includes('\u0000'), { message: 'must not contain the NUL character (U+0000)' })
  .describe('A name people recognise the monitor by: 1-200 characters, not only white space.');

export const IntervalField = intRange(...MONITOR_LIMITS.intervalSeconds).describe('Seconds between two checks: an integer from 60 to 3600.');

export const TimeoutField = intRange(...MONITOR_LIMITS.timeoutSeconds).describe(
  'Seconds one check may take before it fails with `timeout`: an integer from 1 to 120.',
);

export const FailureThresholdField = intRange(...MONITOR_LIMITS.threshold).describe(
  'Consecutive failed runs (each after its confirming retry) before a region counts as failing: an integer from 1 to 10. Default 1.',
);

export const RecoveryThresholdField = intRange(...MONITOR_LIMITS.threshold).describe(
  'Consecutive successful runs before a failing region counts as succeeding again: an integer from 1 to 10. Default 1.',
);

export const RegionsField = z
  .array(z.string().regex(REGION_NAME, 'must be a region name (2-32 characters of a-z, 0-9 and -)'))
  .min(1)
  .superRefine((regions, ctx) => {
    const twice = regions.find((region, i) => regions.indexOf(region) !== i);
    if (twice !== undefined) ctx.addIssue({ code: 'custom', message: `must not list a region twice ("${twice}")`, input: regions });
  })
  .meta({
    uniqueItems: true,
    description: `Regions to check from: one or more of ${REGIONS.join(', ')} or of the installation's extra regions (LOOKOUT_EXTRA_REGIONS, served by remote probes; see GET /api/v1/regions), each at most once. The monitor is down only when every region fails.`,
  });

export const TagsField = z
  .array(
    z
      .string()
      .regex(TAG_PATTERN, { message: `must be 1-${MONITOR_LIMITS.tagLength} characters of a-z, 0-9, -, _, : and .` })
      .describe('One tag: 1-32 of a-z 0-9 - _ : .'),
  )
  .max(MONITOR_LIMITS.tags)
  .superRefine((tags, ctx) => {
    const twice = tags.find((tag, i) => tags.indexOf(tag) !== i);
    if (twice !== undefined) ctx.addIssue({ code: 'custom', message: `must not list a tag twice ("${twice}")`, input: tags });
  })
  // Answered sorted, whatever order they were sent in: stored as they are answered.
  .transform((tags) => [...tags].sort())
  .meta({
    uniqueItems: true,
    description: `Tags to find the monitor by: 0-${MONITOR_LIMITS.tags} distinct strings of 1-${MONITOR_LIMITS.tagLength} characters of a-z 0-9 - _ : . (answered sorted). Default none.`,
  });

export const DependsOnField = uuid()
  .nullable()
  .describe(
    'The id of another monitor of your team this one depends on, or null. While that monitor is down, this one going down opens no incident and ' +
      'alerts nobody (its runs are stored and its status is down, with `suppressedBy`); if it is still down when that monitor recovers, it opens its ' +
      'incident and alerts then. No loops.',
  );

export const PolicyField = uuid().nullable().describe('The id of a notification policy of your team, told when the status changes; null for none.');

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
  tags: TagsField,
  dependsOn: DependsOnField,
});

/** The common fields a heartbeat monitor has: it is not checked, so it has no interval, timeout or regions. */
export const HeartbeatCommonFields = MonitorCommonFields.omit({ intervalSeconds: true, timeoutSeconds: true, regions: true });

export const commonCreate = {
  ...MonitorCommonFields.shape,
  notificationPolicyId: PolicyField.optional(),
  failureThreshold: FailureThresholdField.default(1),
  recoveryThreshold: RecoveryThresholdField.default(1),
  key: KeyField.nullable().optional(),
  secretsDigest: SecretsDigestField.nullable().optional(),
  tags: TagsField.default([]),
  dependsOn: DependsOnField.optional(),
};

export const CertificateRecord = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  daysRemaining: z.int().describe('Whole days until validTo when the newest check ran; negative once expired.'),
});
export type CertificateRecord = z.output<typeof CertificateRecord>;

/** What every monitor's record has after its name (and, for checked monitors, interval, timeout and regions). */
export const stateRecord = {
  key: z.string().nullable().describe('The name a document kept as code gives the monitor, or null.'),
  secretsDigest: z.string().nullable().describe('The seal of the digest sent with its secrets (`<nonce>.<HMAC>`, see `secretsDigest` on create), or null.'),
  notificationPolicyId: z.string().nullable(),
  failureThreshold: z.int(),
  recoveryThreshold: z.int(),
  tags: z.array(z.string()).describe('Its tags, sorted; empty for none.'),
  dependsOn: z.string().nullable().describe('The monitor this one depends on, or null.'),
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
  suppressedBy: z
    .string()
    .nullable()
    .describe(
      'The monitor (`dependsOn`) that was down when this one went down: its incident and alerts are held back until that one recovers. Null otherwise.',
    ),
  staleRegions: z
    .array(z.string())
    .describe(
      'Regions of the monitor that no server, worker or probe has served for 3 × its interval: their last result no longer counts toward ' +
        '`down` or `degraded`. Empty when none; when every region is stale the monitor keeps its last status.',
    ),
  paused: z.boolean(),
  lastCheckedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const commonRecord = {
  name: z.string(),
  intervalSeconds: z.int(),
  timeoutSeconds: z.int(),
  regions: z.array(z.string()),
  ...stateRecord,
};

/** The state every monitor's record carries, as `stateRecord` answers it. */
export type RecordState = { [K in keyof typeof stateRecord]: z.output<(typeof stateRecord)[K]> };
