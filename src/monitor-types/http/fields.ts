import { X509Certificate, createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { AssertionInput, AssertionRecord } from '../../domain/assertions/assertion-schema.js';
import {
  LONE_SURROGATE,
  MonitorCommonFields,
  RequestHeaders,
  boundedString,
  checked,
  commonCreate,
  commonRecord,
  credentialText,
  headerNameProblem,
  proxyProblem,
  urlProblem,
} from '../../domain/monitor-fields.js';
import type { FieldError } from '../../domain/problem.js';
import { intRange, judgedUnion } from '../../domain/validation.js';
import { ASSERTION_LIMITS, IP_FAMILIES, MONITOR_LIMITS, REQUEST_LIMITS } from '../../shared/limits.js';
import { AUTH_TYPES, BODY_METHODS, HTTP_METHODS } from '../../shared/vocabulary.js';

/*
 * An HTTP monitor's fields and their rules: the create, update and record schemas its definition
 * (definition.ts) declares, and the rules between the fields of its request.
 */

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

const TlsVerifyField = z
  .boolean()
  .describe(
    'Whether https certificates are verified (the default, true). False accepts any certificate and name: the run still records the certificate ' +
      'and carries the warning `certificate not verified`, which leaves the status as it is.',
  );

const PEM_TEXT = z.string().min(1, { abort: true }).max(MONITOR_LIMITS.pemLength, { abort: true });

/** A certificate and its key as sent, with what the record answers of the certificate (read once, here). */
export interface ClientCertificateInput {
  certificate: string;
  key: string;
  subject: string;
  notAfter: string;
}

const ClientCertificateField = z
  .strictObject({
    certificate: PEM_TEXT.describe('The client certificate, PEM (`-----BEGIN CERTIFICATE-----`); more certificates after it are sent as its chain.'),
    key: PEM_TEXT.describe('Its private key, PEM, not encrypted. Stored encrypted and never returned.'),
  })
  .transform((value, ctx): ClientCertificateInput => {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(value.certificate);
    } catch {
      ctx.addIssue({ code: 'custom', path: ['certificate'], message: 'must be a PEM certificate (-----BEGIN CERTIFICATE-----)', input: value.certificate });
      return z.NEVER;
    }
    let key: ReturnType<typeof createPrivateKey>;
    try {
      key = createPrivateKey({ key: value.key, format: 'pem' });
    } catch {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'must be an unencrypted PEM private key', input: '(secret)' });
      return z.NEVER;
    }
    if (!certificate.checkPrivateKey(key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'must be the private key of the certificate (it does not match)', input: '(secret)' });
      return z.NEVER;
    }
    return { certificate: value.certificate, key: value.key, subject: subjectOf(certificate), notAfter: new Date(certificate.validTo).toISOString() };
  })
  .nullable()
  .describe('A client certificate presented to https targets that ask for one (mutual TLS): `{certificate, key}` in PEM, or null for none.');

/** The certificate's common name, or its whole subject when it has none. */
function subjectOf(certificate: X509Certificate): string {
  const lines = certificate.subject.split('\n').filter(Boolean);
  const cn = lines.find((line) => line.startsWith('CN='));
  return (cn ? cn.slice(3) : lines.join(', ')).slice(0, 256);
}

/** A proxy as stored: its URL without the password, and the password (a secret) apart. */
export interface ProxyInput {
  /** `http://[user@]host:port`. */
  url: string;
  password: string | null;
}

const ProxyField = checked(boundedString(MONITOR_LIMITS.proxyUrlLength), proxyProblem)
  .transform((text): ProxyInput => {
    const url = new URL(text);
    const password = url.password === '' ? null : decodeURIComponent(url.password);
    url.password = '';
    return { url: `${url.protocol}//${url.username === '' ? '' : `${url.username}@`}${url.host}`, password };
  })
  .nullable()
  .meta({
    format: 'uri',
    description:
      'An HTTP proxy the checks go through: `http://[user:password@]host:port`, or null for none. https targets are reached through `CONNECT`, ' +
      "http targets with absolute-form requests. The target policy judges the proxy's address. The password is stored encrypted and never returned " +
      '(the record answers the URL without it, and `proxySet`).',
  });

const IpFamilyField = z
  .enum(IP_FAMILIES)
  .describe('Which addresses of the host the check connects to: `auto` (the default: whichever resolves first), `ipv4` or `ipv6` only.');

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
  tlsVerify: TlsVerifyField,
  clientCertificate: ClientCertificateField,
  proxy: ProxyField,
  ipFamily: IpFamilyField,
});

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
    tlsVerify: TlsVerifyField.default(true),
    clientCertificate: ClientCertificateField.optional(),
    proxy: ProxyField.optional(),
    ipFamily: IpFamilyField.default('auto'),
  })
  .describe('An HTTP monitor: one request to `url` per region and interval; it succeeds only on `expectedStatus`.');

export const HttpMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...HttpMonitorFields.partial().shape })
  .describe('Changes to an HTTP monitor: only the fields sent change.');
export type HttpMonitorUpdate = z.output<typeof HttpMonitorUpdate>;

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

export const MonitorAuthRecord = z.object({
  type: z.enum(AUTH_TYPES),
  username: z.string().nullable().describe('The basic-auth user name; null for other types.'),
  headerName: z.string().nullable().describe('The header carrying the secret; null for other types.'),
  secretSet: z.boolean().describe('Always true: a secret is stored (encrypted). The secret itself is never returned.'),
});
export type MonitorAuthRecord = z.output<typeof MonitorAuthRecord>;

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
  tlsVerify: z.boolean(),
  clientCertificate: z
    .object({
      subject: z.string().describe("The certificate's common name (or its whole subject)."),
      notAfter: z.string().describe('When the certificate expires (ISO 8601).'),
      keySet: z.boolean().describe('Always true: its key is stored (encrypted). The key itself is never returned.'),
    })
    .nullable(),
  proxy: z.string().nullable().describe('The proxy the checks go through, `http://[user@]host:port` without its password; null for none.'),
  proxySet: z.boolean().describe('Whether a proxy password is stored (encrypted); it is never returned.'),
  ipFamily: z.enum(IP_FAMILIES),
});
export type HttpMonitorRecord = z.output<typeof HttpMonitorRecord>;
