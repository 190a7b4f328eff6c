import { type Assertion, type HttpAssertion } from '../../domain/assertions/assertion-schema.js';
import { monitorSecretAt } from '../../domain/secrets/places.js';
import { SecretBoxError, type SecretBox } from '../../domain/secrets/secret-box.js';
import {
  NOTHING_FOLLOWS,
  assertionsColumn,
  flagColumn,
  listColumn,
  parseList,
  sentOf,
  type CheckCommon,
  type ColumnChange,
  type MonitorRow,
  type MonitorTypeDefinition,
} from '../definition.js';
import {
  HttpMonitorCreate,
  HttpMonitorFields,
  HttpMonitorRecord,
  HttpMonitorUpdate,
  httpRequestProblems,
  type ClientCertificateInput,
  type MonitorAuthInput,
  type MonitorAuthRecord,
  type ProxyInput,
} from './fields.js';
import type { IpFamily } from '../../shared/limits.js';

/*
 * HTTP monitors: a request to `url` per region and interval, judged on the status code and the
 * assertions. Its credentials (`auth`) are sealed at rest, never answered, and bound to the
 * request they were given for (see domain/monitor-secrets.ts).
 * Its fields and their rules are in fields.ts.
 */

/* Checks. */

/** Credentials as the check sends them: internal only, never part of an answer. */
export interface CheckAuth {
  type: MonitorAuthInput['type'];
  secret: string;
  username: string | null;
  headerName: string | null;
}

/** A header an HTTP monitor sends. */
export interface RequestHeader {
  name: string;
  value: string;
}

/** What an HTTP check sends and judges, beyond the URL and the expected status. */
export interface HttpCheckSettings {
  url: string;
  method: string;
  expectedStatus: number;
  auth: CheckAuth | null;
  headers: RequestHeader[];
  body: string | null;
  followRedirects: boolean;
  assertions: Assertion[];
  /** False: any certificate and name is accepted (runs say `certificate not verified`). */
  tlsVerify: boolean;
  /** Presented to targets that ask for one; null for none. */
  clientCertificate: { certificate: string; key: string } | null;
  /** The proxy the checks go through, its password opened; null for none. */
  proxy: CheckProxy | null;
  ipFamily: IpFamily;
}

/** A proxy as the check uses it. */
export interface CheckProxy {
  host: string;
  port: number;
  /** Decoded; null without credentials. */
  username: string | null;
  password: string | null;
}

export type HttpMonitorForCheck = CheckCommon & { type: 'http' } & HttpCheckSettings;

/* Stored columns. */

const COLUMNS = [
  'url',
  'method',
  'expected_status',
  'auth_type',
  'auth_username',
  'auth_header_name',
  'request_headers',
  'request_body',
  'follow_redirects',
  'assertions',
  'tls_verify',
  'client_certificate_record',
  'proxy_url',
  // Read for `proxySet` only (whether it is null); the sealed value never reaches an answer.
  'proxy_password_secret',
  'ip_family',
] as const satisfies ReadonlyArray<keyof MonitorRow>;

type HttpRow = Pick<MonitorRow, (typeof COLUMNS)[number] | 'id'>;

/** The auth columns of credentials (the secret sealed for this monitor's column). */
function authColumns(secrets: SecretBox, monitorId: string, auth: MonitorAuthInput | null) {
  return {
    auth_type: auth?.type ?? null,
    auth_username: auth?.type === 'basic' ? auth.username : null,
    auth_header_name: auth?.type === 'header' ? auth.headerName : null,
    auth_secret: auth ? secrets.seal(auth.secret, monitorSecretAt(monitorId, 'auth_secret')) : null,
  };
}

/** The client certificate's columns (its key sealed for this monitor's column). */
function clientCertificateColumns(secrets: SecretBox, monitorId: string, input: ClientCertificateInput | null) {
  return {
    client_certificate: input?.certificate ?? null,
    client_certificate_record: input ? JSON.stringify({ subject: input.subject, notAfter: input.notAfter, keySet: true }) : null,
    client_key_secret: input ? secrets.seal(input.key, monitorSecretAt(monitorId, 'client_key_secret')) : null,
  };
}

/** The proxy's columns (its password sealed for this monitor's column). */
function proxyColumns(secrets: SecretBox, monitorId: string, input: ProxyInput | null) {
  return {
    proxy_url: input?.url ?? null,
    proxy_password_secret: input?.password ? secrets.seal(input.password, monitorSecretAt(monitorId, 'proxy_password_secret')) : null,
  };
}

/** Whether a sealed value stored for the monitor opens to `plain` (a value no key opens never does). */
function opensTo(change: ColumnChange, sealed: string | null, column: 'client_key_secret' | 'proxy_password_secret', plain: string | null): boolean {
  if (sealed === null || plain === null) return sealed === plain;
  try {
    return change.secrets.open(sealed, monitorSecretAt(change.monitorId, column)) === plain;
  } catch (error) {
    if (error instanceof SecretBoxError) return false;
    throw error;
  }
}

/** Whether the client certificate sent is the one stored, key included. */
async function sameClientCertificate(current: HttpRow, input: ClientCertificateInput | null, change: ColumnChange): Promise<boolean> {
  if (input === null) return current.client_certificate_record === null;
  if ((await change.storedSecret('client_certificate')) !== input.certificate) return false;
  return opensTo(change, await change.storedSecret('client_key_secret'), 'client_key_secret', input.key);
}

/** Whether the proxy sent is the one stored, password included. */
async function sameProxy(current: HttpRow, input: ProxyInput | null, change: ColumnChange): Promise<boolean> {
  if (input === null) return current.proxy_url === null;
  if (current.proxy_url !== input.url) return false;
  return opensTo(change, current.proxy_password_secret, 'proxy_password_secret', input.password);
}

/** A stored proxy URL and its opened password, as the check uses them. */
function checkProxy(url: string, password: string | null): CheckProxy {
  const parsed = new URL(url);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port),
    username: parsed.username === '' ? null : decodeURIComponent(parsed.username),
    password,
  };
}

/** Whether the credentials sent are those stored, secret included. */
async function sameAuth(current: HttpRow, auth: MonitorAuthInput | null, change: ColumnChange): Promise<boolean> {
  if (auth === null) return current.auth_type === null;
  if (current.auth_type !== auth.type) return false;
  if (current.auth_username !== (auth.type === 'basic' ? auth.username : null)) return false;
  if (current.auth_header_name !== (auth.type === 'header' ? auth.headerName : null)) return false;
  const sealed = await change.storedSecret('auth_secret');
  if (sealed === null) return false;
  try {
    return change.secrets.open(sealed, monitorSecretAt(current.id, 'auth_secret')) === auth.secret;
  } catch (error) {
    // A stored secret no key opens (or one sealed for another place) is replaced by the one sent.
    if (error instanceof SecretBoxError) return false;
    throw error;
  }
}

/** The request columns of the fields given (undefined: not given, so unchanged). Empty lists are stored as null. */
function requestColumns(fields: {
  headers?: RequestHeader[] | null;
  body?: string | null;
  followRedirects?: boolean;
  assertions?: HttpMonitorUpdate['assertions'];
}) {
  return {
    request_headers: listColumn(fields.headers?.map(({ name, value }) => ({ name, value })) ?? fields.headers),
    request_body: fields.body,
    follow_redirects: flagColumn(fields.followRedirects),
    assertions: assertionsColumn(fields.assertions),
  };
}

const REQUEST_FIELDS = ['method', 'body', 'auth', 'headers'] as const;

export const httpDefinition = {
  type: 'http',
  title: 'HTTP',
  fields: HttpMonitorFields,
  create: HttpMonitorCreate,
  update: HttpMonitorUpdate,
  requiredOnCreate: ['url', 'method', 'expectedStatus'],
  fieldSummary: 'url, method, expectedStatus, auth, headers, body, followRedirects, assertions, tlsVerify, clientCertificate, proxy, ipFamily',
  checked: true,
  problemsOnCreate: (input) =>
    httpRequestProblems({ method: input.method, body: input.body, auth: input.auth, headers: input.headers, sent: sentOf(input, REQUEST_FIELDS) }),
  problemsOnUpdate(current, input) {
    const storedAuth = current.auth_type === null ? null : { type: current.auth_type, headerName: current.auth_header_name };
    return httpRequestProblems({
      method: 'method' in input ? input.method : current.method,
      body: 'body' in input ? input.body : current.request_body,
      auth: 'auth' in input ? input.auth : storedAuth,
      headers: 'headers' in input ? input.headers : parseList(current.request_headers),
      sent: sentOf(input, REQUEST_FIELDS),
    });
  },

  columns: COLUMNS,
  createColumns: (fields, { monitorId, secrets }) => ({
    url: fields.url,
    method: fields.method,
    expected_status: fields.expectedStatus,
    ...authColumns(secrets, monitorId, fields.auth ?? null),
    ...requestColumns({
      headers: fields.headers ?? null,
      body: fields.body ?? null,
      followRedirects: fields.followRedirects,
      assertions: fields.assertions ?? null,
    }),
    tls_verify: fields.tlsVerify ? 1 : 0,
    ...clientCertificateColumns(secrets, monitorId, fields.clientCertificate ?? null),
    ...proxyColumns(secrets, monitorId, fields.proxy ?? null),
    ip_family: fields.ipFamily,
  }),
  async changeColumns(changes, current, change) {
    change.put('url', changes.url);
    change.put('method', changes.method);
    change.put('expected_status', changes.expectedStatus);
    if (changes.auth !== undefined && !(await sameAuth(current, changes.auth, change))) change.set(authColumns(change.secrets, current.id, changes.auth));
    const request = requestColumns(changes);
    change.put('request_headers', request.request_headers);
    change.put('request_body', request.request_body);
    change.put('follow_redirects', request.follow_redirects);
    change.put('assertions', request.assertions);
    change.put('tls_verify', flagColumn(changes.tlsVerify));
    if (changes.clientCertificate !== undefined && !(await sameClientCertificate(current, changes.clientCertificate, change))) {
      change.set(clientCertificateColumns(change.secrets, current.id, changes.clientCertificate));
    }
    if (changes.proxy !== undefined && !(await sameProxy(current, changes.proxy, change))) change.set(proxyColumns(change.secrets, current.id, changes.proxy));
    change.put('ip_family', changes.ipFamily);
  },
  followChange: NOTHING_FOLLOWS,

  record: HttpMonitorRecord,
  toRecord: (row, { common }) => ({
    id: row.id,
    type: 'http',
    ...common,
    url: row.url!,
    method: row.method as HttpMonitorRecord['method'],
    expectedStatus: row.expected_status!,
    auth:
      row.auth_type === null
        ? null
        : { type: row.auth_type as MonitorAuthRecord['type'], username: row.auth_username, headerName: row.auth_header_name, secretSet: true },
    headers: parseList<RequestHeader>(row.request_headers),
    body: row.request_body,
    followRedirects: row.follow_redirects === 1,
    assertions: parseList<HttpAssertion>(row.assertions),
    tlsVerify: row.tls_verify === 1,
    clientCertificate: row.client_certificate_record === null ? null : (JSON.parse(row.client_certificate_record) as HttpMonitorRecord['clientCertificate']),
    proxy: row.proxy_url,
    proxySet: row.proxy_password_secret !== null,
    ipFamily: row.ip_family as IpFamily,
  }),
  listSql: {
    sqlite: `'url', url, 'method', method, 'expectedStatus', expected_status,
    'auth', case when auth_type is null then null else json_object(
      'type', auth_type, 'username', auth_username, 'headerName', auth_header_name, 'secretSet', json('true')) end,
    'headers', json(coalesce(request_headers, '[]')), 'body', request_body,
    'followRedirects', json(case when follow_redirects = 1 then 'true' else 'false' end),
    'assertions', json(coalesce(assertions, '[]')),
    'tlsVerify', json(case when tls_verify = 1 then 'true' else 'false' end),
    'clientCertificate', json(client_certificate_record), 'proxy', proxy_url,
    'proxySet', json(case when proxy_password_secret is null then 'false' else 'true' end),
    'ipFamily', ip_family`,
    postgres: `'url', url, 'method', method, 'expectedStatus', expected_status,
    'auth', case when auth_type is null then null else json_build_object(
      'type', auth_type, 'username', auth_username, 'headerName', auth_header_name, 'secretSet', true) end,
    'headers', coalesce(request_headers, '[]')::json, 'body', request_body,
    'followRedirects', follow_redirects = 1,
    'assertions', coalesce(assertions, '[]')::json,
    'tlsVerify', tls_verify = 1,
    'clientCertificate', client_certificate_record::json, 'proxy', proxy_url,
    'proxySet', proxy_password_secret is not null,
    'ipFamily', ip_family`,
  },

  forCheck: (row, common, open): HttpMonitorForCheck => ({
    ...common,
    type: 'http',
    url: row.url!,
    method: row.method!,
    expectedStatus: row.expected_status!,
    auth:
      row.auth_type === null || row.auth_secret === null
        ? null
        : {
            type: row.auth_type as CheckAuth['type'],
            secret: open(row.auth_secret, row.id, 'auth_secret'),
            username: row.auth_username,
            headerName: row.auth_header_name,
          },
    headers: parseList<RequestHeader>(row.request_headers),
    body: row.request_body,
    followRedirects: row.follow_redirects === 1,
    assertions: parseList<Assertion>(row.assertions),
    tlsVerify: row.tls_verify === 1,
    clientCertificate:
      row.client_certificate === null || row.client_key_secret === null
        ? null
        : { certificate: row.client_certificate, key: open(row.client_key_secret, row.id, 'client_key_secret') },
    proxy:
      row.proxy_url === null
        ? null
        : checkProxy(row.proxy_url, row.proxy_password_secret === null ? null : open(row.proxy_password_secret, row.id, 'proxy_password_secret')),
    ipFamily: row.ip_family as IpFamily,
  }),
  runDetails: ['statusCode', 'timings', 'certificate', 'assertions'],

  target: (row) => row.url ?? '',
  // The host only: its URL may carry a path, query or credentials that are nobody's business.
  publicTarget(row) {
    try {
      return row.url ? new URL(row.url).host : null;
    } catch {
      return null;
    }
  },
} satisfies MonitorTypeDefinition<
  'http',
  typeof HttpMonitorCreate,
  typeof HttpMonitorUpdate,
  typeof HttpMonitorRecord,
  HttpMonitorForCheck,
  (typeof COLUMNS)[number]
>;
