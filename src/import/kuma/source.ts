import { z } from 'zod';
import { IMPORT_LIMITS, ImportError } from '../document.js';

/*
 * Uptime Kuma's monitors and notifications as the converter reads them, whichever of Kuma's
 * stores they come from: the JSON backup of 1.x (Settings → Backup: `{version, notificationList,
 * monitorList}`, each monitor as Kuma's `Monitor.toJSON()` wrote it, camelCase and snake_case
 * mixed) or the rows of its SQLite database (`kuma.db`, 1.x and 2.x: snake_case columns, booleans
 * as 0/1, the accepted status codes and headers as JSON text).
 */

/** One Kuma monitor, with the fields the converter reads. */
export interface KumaMonitor {
  id: number;
  name: string;
  type: string;
  active: boolean;
  url: string | null;
  method: string | null;
  body: string | null;
  /** JSON text of an object of header names to values, as Kuma keeps it. */
  headers: string | null;
  httpBodyEncoding: string | null;
  authMethod: string | null;
  basicAuthUser: string | null;
  basicAuthPass: string | null;
  bearerToken: string | null;
  interval: number;
  retryInterval: number;
  maxretries: number;
  timeout: number | null;
  hostname: string | null;
  port: number | null;
  keyword: string | null;
  invertKeyword: boolean;
  ignoreTls: boolean;
  upsideDown: boolean;
  maxredirects: number;
  acceptedStatusCodes: string[];
  dnsResolveType: string | null;
  dnsResolveServer: string | null;
  /** Kuma 2.x's echo requests per ping check; null before (one). */
  pingCount: number | null;
  pushToken: string | null;
  /** The proxy Kuma checks through, when there is one. */
  proxyId: number | null;
  expiryNotification: boolean;
  jsonPath: string | null;
  jsonPathOperator: string | null;
  expectedValue: string | null;
  /** Kuma 2.x's conditions (DNS): JSON of expression groups; `[]` when none. */
  conditions: unknown;
  notificationIds: number[];
  /** mTLS (`authMethod: mtls`): the client certificate and its key, PEM. */
  tlsCert: string | null;
  tlsKey: string | null;
  /** Its tags as Kuma names them: a tag's name, and the value this monitor gives it (often empty). */
  tags: Array<{ name: string; value: string }>;
  /** The proxy's address when the store holds Kuma's proxies (kuma.db), as `http://[user:password@]host:port`; null otherwise. */
  proxyUrl: string | null;
}

export interface KumaNotification {
  id: number;
  name: string;
  /** The notification's settings as Kuma keeps them (JSON), `type` naming the provider. */
  config: Record<string, unknown>;
}

export interface KumaSource {
  monitors: KumaMonitor[];
  notifications: KumaNotification[];
  /** Days before a certificate expires on which Kuma sends its expiry notification (setting `tlsExpiryNotifyDays`). */
  tlsExpiryNotifyDays: number[];
}

/**
 * Marks rows that `readKumaDatabase` read, so that no parsed JSON (which cannot hold a symbol)
 * passes for them, whatever fields it has.
 */
export const KUMA_DATABASE_ROWS = Symbol('uptime-kuma-database');

/** Rows read from a kuma.db (see `readKumaDatabase`): each table as better-sqlite3 answers it. */
export interface KumaDatabaseRows {
  [KUMA_DATABASE_ROWS]: true;
  monitors: Array<Record<string, unknown>>;
  notifications: Array<Record<string, unknown>>;
  monitorNotifications: Array<Record<string, unknown>>;
  settings: Array<Record<string, unknown>>;
  /** Each monitor's tags (monitor_id, name, value), when the database has them. */
  monitorTags?: Array<Record<string, unknown>>;
  /** Kuma's proxies (id, protocol, host, port, auth, username, password), when the database has them. */
  proxies?: Array<Record<string, unknown>>;
}

/** Kuma's default for `tlsExpiryNotifyDays`. */
export const KUMA_EXPIRY_DAYS = [7, 14, 21];

/* Reading loosely typed values: Kuma's columns hold what its versions wrote over the years. */

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function number(value: unknown, fallback: number): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : fallback;
}

function flag(value: unknown, fallback = false): boolean {
  if (value === null || value === undefined) return fallback;
  return value === true || value === 1 || value === '1' || value === 'true';
}

function jsonText(value: unknown, fallback: unknown): unknown {
  if (typeof value !== 'string') return value ?? fallback;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return fallback;
  }
}

function statusCodes(value: unknown): string[] {
  const list = jsonText(value, null);
  return Array.isArray(list) ? list.map(text).filter((code): code is string => code !== null) : ['200-299'];
}

/** The fields both stores share, read from one record whose names are given by `at`. */
function monitorFrom(
  read: (camel: string, snake: string) => unknown,
  notificationIds: number[],
  extra: { tags?: Array<{ name: string; value: string }>; proxyUrl?: string | null } = {},
): KumaMonitor {
  const interval = number(read('interval', 'interval'), 60);
  return {
    id: number(read('id', 'id'), NaN),
    name: text(read('name', 'name')) ?? '',
    type: text(read('type', 'type')) ?? '',
    active: flag(read('active', 'active'), true),
    url: text(read('url', 'url')),
    method: text(read('method', 'method')),
    body: text(read('body', 'body')),
    headers: text(read('headers', 'headers')),
    httpBodyEncoding: text(read('httpBodyEncoding', 'http_body_encoding')),
    authMethod: text(read('authMethod', 'auth_method')),
    basicAuthUser: text(read('basic_auth_user', 'basic_auth_user')),
    basicAuthPass: text(read('basic_auth_pass', 'basic_auth_pass')),
    bearerToken: text(read('bearer_token', 'bearer_token')),
    interval,
    retryInterval: number(read('retryInterval', 'retry_interval'), 0) || interval,
    maxretries: number(read('maxretries', 'maxretries'), 0),
    timeout: read('timeout', 'timeout') === null ? null : number(read('timeout', 'timeout'), 0),
    hostname: text(read('hostname', 'hostname')),
    port: read('port', 'port') === null || read('port', 'port') === undefined ? null : number(read('port', 'port'), NaN),
    keyword: text(read('keyword', 'keyword')),
    invertKeyword: flag(read('invertKeyword', 'invert_keyword')),
    ignoreTls: flag(read('ignoreTls', 'ignore_tls')),
    upsideDown: flag(read('upsideDown', 'upside_down')),
    maxredirects: number(read('maxredirects', 'maxredirects'), 10),
    acceptedStatusCodes: statusCodes(read('accepted_statuscodes', 'accepted_statuscodes_json')),
    dnsResolveType: text(read('dns_resolve_type', 'dns_resolve_type')),
    dnsResolveServer: text(read('dns_resolve_server', 'dns_resolve_server')),
    pingCount: typeof read('ping_count', 'ping_count') === 'number' ? (read('ping_count', 'ping_count') as number) : null,
    pushToken: text(read('pushToken', 'push_token')),
    proxyId: typeof read('proxyId', 'proxy_id') === 'number' ? (read('proxyId', 'proxy_id') as number) : null,
    expiryNotification: flag(read('expiryNotification', 'expiry_notification')),
    jsonPath: text(read('jsonPath', 'json_path')),
    jsonPathOperator: text(read('jsonPathOperator', 'json_path_operator')),
    expectedValue: text(read('expectedValue', 'expected_value')),
    conditions: jsonText(read('conditions', 'conditions'), []),
    notificationIds,
    tlsCert: text(read('tlsCert', 'tls_cert')),
    tlsKey: text(read('tlsKey', 'tls_key')),
    tags: extra.tags ?? backupTags(read('tags', 'tags')),
    proxyUrl: extra.proxyUrl ?? null,
  };
}

/** A JSON backup's tags of a monitor (`[{name, value}]`, as Kuma's toJSON writes them). */
function backupTags(value: unknown): Array<{ name: string; value: string }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tag: unknown) => {
    const { name, value: given } = (tag ?? {}) as { name?: unknown; value?: unknown };
    return typeof name === 'string' ? [{ name, value: typeof given === 'string' ? given : '' }] : [];
  });
}

/** A Kuma proxy row as an http proxy's URL; null for another protocol (socks) or a row that is not one. */
function proxyUrlOf(row: Record<string, unknown>): string | null {
  const host = text(row.host);
  const port = number(row.port, NaN);
  if (text(row.protocol) !== 'http' || host === null || !Number.isInteger(port)) return null;
  const credentials = flag(row.auth) && text(row.username) ? `${encodeURIComponent(text(row.username)!)}:${encodeURIComponent(text(row.password) ?? '')}@` : '';
  return `http://${credentials}${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function configOf(value: unknown): Record<string, unknown> {
  const config = jsonText(value, {});
  return config !== null && typeof config === 'object' && !Array.isArray(config) ? (config as Record<string, unknown>) : {};
}

function bounded<T>(list: readonly T[], what: string): readonly T[] {
  if (list.length > IMPORT_LIMITS.entries) throw new ImportError(`holds more than ${IMPORT_LIMITS.entries} ${what}; import it in parts`);
  return list;
}

const Backup = z.object({
  version: z.string().optional(),
  notificationList: z.array(z.object({ id: z.int().min(0), name: z.string().nullable().optional(), config: z.string().nullable().optional() }).loose()),
  monitorList: z.array(z.object({ id: z.int().min(0), name: z.string().nullable().optional(), type: z.string() }).loose()),
});

/** A Kuma 1.x JSON backup, read; anything else is an `ImportError` saying what is wrong with it. */
export function backupSource(input: unknown): KumaSource {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ImportError('is not an Uptime Kuma JSON backup: expected an object with version, notificationList and monitorList');
  }
  const parsed = Backup.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ImportError(`is not an Uptime Kuma JSON backup: ${issue.path.join('.') || 'the file'} ${issue.message.toLowerCase()}`);
  }
  const monitors = bounded(parsed.data.monitorList, 'monitors').map((raw) => {
    const record = raw as Record<string, unknown>;
    const list = record.notificationIDList;
    // Kuma writes the monitor's notifications as an object whose keys are their ids ({"1": true}).
    const ids =
      list !== null && typeof list === 'object'
        ? Object.entries(list as Record<string, unknown>)
            .filter(([, on]) => on === true || on === 1)
            .map(([id]) => Number(id))
            .filter(Number.isInteger)
        : [];
    return monitorFrom((camel) => record[camel], ids);
  });
  const notifications = bounded(parsed.data.notificationList, 'notifications').map((row) => ({
    id: row.id,
    name: row.name ?? `notification ${row.id}`,
    config: configOf(row.config),
  }));
  return { monitors, notifications, tlsExpiryNotifyDays: KUMA_EXPIRY_DAYS };
}

/** Rows of a kuma.db, read. */
export function databaseSource(rows: KumaDatabaseRows): KumaSource {
  const links = new Map<number, number[]>();
  for (const link of rows.monitorNotifications) {
    const monitorId = number(link.monitor_id, NaN);
    links.set(monitorId, [...(links.get(monitorId) ?? []), number(link.notification_id, NaN)]);
  }
  const tags = new Map<number, Array<{ name: string; value: string }>>();
  for (const tag of rows.monitorTags ?? []) {
    const monitorId = number(tag.monitor_id, NaN);
    const name = text(tag.name);
    if (name !== null) tags.set(monitorId, [...(tags.get(monitorId) ?? []), { name, value: text(tag.value) ?? '' }]);
  }
  const proxies = new Map((rows.proxies ?? []).map((row) => [number(row.id, NaN), proxyUrlOf(row)]));
  const monitors = bounded(rows.monitors, 'monitors').map((row) =>
    monitorFrom((_camel, snake) => row[snake], links.get(number(row.id, NaN)) ?? [], {
      tags: tags.get(number(row.id, NaN)) ?? [],
      proxyUrl: proxies.get(number(row.proxy_id, NaN)) ?? null,
    }),
  );
  const notifications = bounded(rows.notifications, 'notifications').map((row) => ({
    id: number(row.id, NaN),
    name: text(row.name) ?? `notification ${String(row.id)}`,
    config: configOf(row.config),
  }));
  const days = jsonText(rows.settings.find((row) => row.key === 'tlsExpiryNotifyDays')?.value, null);
  const tlsExpiryNotifyDays = Array.isArray(days) && days.every((day) => Number.isInteger(day) && day > 0) ? (days as number[]) : KUMA_EXPIRY_DAYS;
  return { monitors, notifications, tlsExpiryNotifyDays };
}
