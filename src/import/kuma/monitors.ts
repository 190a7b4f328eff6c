import { DNS_RECORD_TYPES, HTTP_METHODS, type Region } from '../../shared/vocabulary.js';
import { MONITOR_LIMITS, TAG_PATTERN } from '../../shared/limits.js';
import { HEARTBEAT_GRACE_SECONDS, intervalFrom, periodFrom, keyOf, suffixedKey, timeoutFrom, type ImportedMonitor, type ImportLog } from '../document.js';
import { jsonPathFrom, jsonValueFrom, requestFrom, urlCredentials, type ImportedAuth } from '../http-request.js';
import type { KumaMonitor } from './source.js';

/*
 * One Kuma monitor as Lookout monitors: its type's fields (Kuma's `server/model/monitor.js`
 * and `server/monitor-types/`), its schedule, and for an HTTPS monitor with Kuma's certificate
 * expiry notification an SSL monitor beside it. A monitor Lookout cannot check is answered with
 * the reason instead.
 */

/** Why Kuma's other monitor types are not imported. */
const UNSUPPORTED: Record<string, string> = {
  group: 'a group only gathers other monitors; Lookout has no monitor groups',
  'tailscale-ping': 'Tailscale ping is not a Lookout monitor type',
  globalping: 'Globalping probes are not a Lookout monitor type',
  docker: 'Docker container state is not something Lookout checks',
  'real-browser': 'real-browser checks (a headless Chromium loading the page) are not a Lookout monitor type',
  'grpc-keyword': 'gRPC calls are not a Lookout monitor type',
  gamedig: 'game server queries are not a Lookout monitor type',
  steam: 'Steam game server queries are not a Lookout monitor type',
  mqtt: 'MQTT is not a Lookout monitor type',
  rabbitmq: 'RabbitMQ is not a Lookout monitor type',
  'kafka-producer': 'Kafka is not a Lookout monitor type',
  sqlserver: 'database queries (SQL Server) are not a Lookout monitor type',
  postgres: 'database queries (PostgreSQL) are not a Lookout monitor type',
  mysql: 'database queries (MySQL/MariaDB) are not a Lookout monitor type',
  mongodb: 'database queries (MongoDB) are not a Lookout monitor type',
  oracledb: 'database queries (Oracle) are not a Lookout monitor type',
  redis: 'Redis is not a Lookout monitor type',
  radius: 'RADIUS is not a Lookout monitor type',
  snmp: 'SNMP is not a Lookout monitor type',
  smtp: 'an SMTP conversation is not a Lookout check (a tcp monitor on the port checks the connection only)',
  'websocket-upgrade': 'WebSocket upgrades are not a Lookout monitor type',
  'sip-options': 'SIP is not a Lookout monitor type',
  ntp: 'NTP is not a Lookout monitor type',
  'system-service': 'system services are not something Lookout checks',
  pm2: 'PM2 processes are not something Lookout checks',
  manual: 'a manual monitor has no check; Lookout has no manual monitors',
};

/** What every converted monitor shares. */
export interface KumaContext {
  regions: Region[];
  /** The days of Kuma's certificate expiry notification (setting `tlsExpiryNotifyDays`). */
  expiryDays: number[];
  log: ImportLog;
}

export type KumaConversion = { monitors: ImportedMonitor[] } | { skipped: string };

function label(monitor: KumaMonitor): string {
  return `${monitor.name} (kuma ${monitor.id})`;
}

/** The checked monitors' common fields: interval (Kuma's at least 20 s, Lookout's 60), timeout, regions, failures in a row. */
function schedule(monitor: KumaMonitor, context: KumaContext) {
  const intervalSeconds = intervalFrom(monitor.interval, label(monitor), context.log);
  // Kuma's default timeout is 80 % of its interval (0 in files written before timeouts existed).
  const timeoutSeconds = timeoutFrom(monitor.timeout, intervalSeconds, Math.min(48, Math.round(monitor.interval * 0.8)));
  return { intervalSeconds, timeoutSeconds, regions: context.regions, ...failures(monitor, context) };
}

/** Kuma retries `maxretries` times before it calls a monitor down: that many failures in a row, plus the first. */
function failures(monitor: KumaMonitor, context: KumaContext): { failureThreshold?: number } {
  if (monitor.maxretries <= 0) return {};
  const [, max] = MONITOR_LIMITS.threshold;
  const wanted = Math.round(monitor.maxretries) + 1;
  if (wanted > max) context.log.note(`${label(monitor)}: ${monitor.maxretries} retries lowered to ${max - 1} (failureThreshold at most ${max})`);
  return { failureThreshold: Math.min(wanted, max) };
}

/** Kuma's accepted status codes (`["200-299"]`, `["200", "301"]`) as the one code Lookout expects. */
function expectedStatus(monitor: KumaMonitor, log: ImportLog): number | string {
  const codes = monitor.acceptedStatusCodes;
  const first = codes[0] ?? '200-299';
  const range = /^\s*(\d{3})\s*-\s*(\d{3})\s*$/.exec(first);
  const single = /^\s*(\d{3})\s*$/.exec(first);
  if (!range && !single) return `accepted status code ${first} is not a status code`;
  const code = Number((range ?? single)![1]);
  const rest = codes.slice(1);
  if (range) log.note(`${label(monitor)}: accepted status codes ${first} became ${code} (Lookout expects one code)`);
  if (rest.length > 0) log.note(`${label(monitor)}: accepted status codes ${rest.join(', ')} left out (Lookout expects one code: ${code})`);
  return code;
}

function credentials(monitor: KumaMonitor): ImportedAuth | null | string {
  const method = monitor.authMethod ?? (monitor.basicAuthUser ? 'basic' : null);
  if (method === null || method === '' || method === 'null') return null;
  if (method === 'basic') return { type: 'basic', username: monitor.basicAuthUser ?? '', secret: monitor.basicAuthPass ?? '' };
  if (method === 'bearer') return { type: 'bearer', secret: monitor.bearerToken ?? '' };
  // mTLS is a client certificate (clientCertificate), not a header: no credentials here.
  if (method === 'mtls') return null;
  return `authentication ${method} is not one Lookout sends (it has basic, bearer and a header)`;
}

function headerEntries(monitor: KumaMonitor, log: ImportLog): Array<[string, string]> {
  if (monitor.headers === null || monitor.headers.trim() === '') return [];
  try {
    const parsed = JSON.parse(monitor.headers) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed as Record<string, unknown>).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
    }
  } catch {
    // Kuma refuses headers that are not JSON when saving; a row holding them anyway is reported below.
  }
  log.note(`${label(monitor)}: headers left out (not a JSON object)`);
  return [];
}

/** Kuma's body encodings and the Content-Type each sends. */
const BODY_TYPES: Record<string, string> = { json: 'application/json', form: 'application/x-www-form-urlencoded', xml: 'text/xml; charset=utf-8' };

function httpMonitor(monitor: KumaMonitor, context: KumaContext): KumaConversion {
  const { log } = context;
  const name = label(monitor);
  const method = (monitor.method ?? 'GET').toUpperCase();
  if (!(HTTP_METHODS as readonly string[]).includes(method)) return { skipped: `method ${method} is not one Lookout sends (${HTTP_METHODS.join(', ')})` };
  const status = expectedStatus(monitor, log);
  if (typeof status === 'string') return { skipped: status };
  const auth = credentials(monitor);
  if (typeof auth === 'string') return { skipped: auth };
  const entries = headerEntries(monitor, log);
  let body: string | undefined;
  if (monitor.body !== null && monitor.body.trim() !== '') {
    if (method === 'GET' || method === 'HEAD') {
      log.note(`${name}: request body left out (Lookout sends a body only with POST, PUT or DELETE)`);
    } else {
      body = monitor.body;
      const contentType = BODY_TYPES[monitor.httpBodyEncoding ?? 'json'] ?? BODY_TYPES.json!;
      if (!entries.some(([header]) => header.toLowerCase() === 'content-type')) entries.push(['Content-Type', contentType]);
    }
  }
  const target = urlCredentials(monitor.url ?? '', auth, name, log);
  const request = requestFrom(entries, target.auth, name, log);
  let proxy: string | undefined;
  if (monitor.proxyId !== null) {
    if (monitor.proxyUrl !== null) proxy = monitor.proxyUrl;
    else log.note(`${name}: Uptime Kuma checked it through a proxy this file does not describe (or a SOCKS one); Lookout connects directly`);
  }
  let clientCertificate: { certificate: string; key: string } | undefined;
  if (monitor.authMethod === 'mtls') {
    if (monitor.tlsCert && monitor.tlsKey) clientCertificate = { certificate: monitor.tlsCert, key: monitor.tlsKey };
    else log.note(`${name}: Uptime Kuma's mTLS certificate or key is missing from the file; no client certificate imported`);
  }
  const assertions = [];
  if (monitor.type === 'keyword' && monitor.keyword !== null && monitor.keyword !== '') {
    assertions.push({ source: 'body', op: monitor.invertKeyword ? 'notContains' : 'contains', value: monitor.keyword });
  }
  if (monitor.type === 'json-query') {
    const assertion = jsonAssertion(monitor, log);
    if (assertion) assertions.push(assertion);
  }
  const http: ImportedMonitor = {
    key: keyOf('kuma', String(monitor.id)),
    type: 'http',
    name: monitor.name,
    ...schedule(monitor, context),
    url: target.url,
    method,
    expectedStatus: status,
    ...(request.auth && { auth: request.auth }),
    ...(request.headers.length > 0 && { headers: request.headers }),
    ...(body !== undefined && { body }),
    followRedirects: monitor.maxredirects > 0,
    ...(assertions.length > 0 && { assertions }),
    // Kuma's "ignore TLS/SSL errors": the run still records the certificate and says it was not verified.
    ...(monitor.ignoreTls && { tlsVerify: false }),
    ...(clientCertificate && { clientCertificate }),
    ...(proxy && { proxy }),
    ...tagsOf(monitor, log),
  };
  return { monitors: [http, ...certificateMonitor(monitor, http, context)] };
}

/**
 * Kuma's tags as Lookout's: the name (with its value after a colon, when the monitor gives one),
 * lower case, other characters as dashes, at most 32 characters and 10 tags.
 */
function tagsOf(monitor: KumaMonitor, log: ImportLog): { tags?: string[] } {
  const tags = [
    ...new Set(
      monitor.tags
        .map(({ name, value }) => (value.trim() === '' ? name : `${name}:${value}`))
        .map((tag) =>
          tag
            .toLowerCase()
            .replace(/[^a-z0-9\-_:.]+/g, '-')
            .replace(/^-+|-+$/g, '')
            .slice(0, MONITOR_LIMITS.tagLength),
        )
        .filter((tag) => TAG_PATTERN.test(tag)),
    ),
  ];
  if (tags.length > MONITOR_LIMITS.tags) log.note(`${label(monitor)}: tags after the first ${MONITOR_LIMITS.tags} left out`);
  return tags.length === 0 ? {} : { tags: tags.slice(0, MONITOR_LIMITS.tags) };
}

/** Kuma's JSON query (a JSONata path, an operator of 2.x, the expected value) as an assertion. */
function jsonAssertion(monitor: KumaMonitor, log: ImportLog): Record<string, unknown> | null {
  const name = label(monitor);
  const path = jsonPathFrom(monitor.jsonPath ?? '');
  if (path === null) {
    log.note(`${name}: JSON query ${monitor.jsonPath ?? ''} left out (Lookout takes a plain path such as $.data.status, not a JSONata expression)`);
    return null;
  }
  const expected = monitor.expectedValue ?? '';
  const operator = monitor.jsonPathOperator ?? '==';
  const ops: Record<string, string> = { '==': 'eq', '!=': 'neq', '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte', contains: 'contains' };
  const op = ops[operator];
  if (op === undefined) {
    log.note(`${name}: JSON query operator ${operator} left out (not one Lookout compares with)`);
    return null;
  }
  const value = op === 'contains' ? expected : jsonValueFrom(expected);
  if (['lt', 'lte', 'gt', 'gte'].includes(op) && typeof value !== 'number') {
    log.note(`${name}: JSON query ${operator} ${expected} left out (Lookout compares numbers only with ${operator})`);
    return null;
  }
  return { source: 'json', path, op, value };
}

/** Kuma's certificate expiry notification on an https URL: an SSL monitor warning as early as Kuma's first notice. */
function certificateMonitor(monitor: KumaMonitor, http: ImportedMonitor, context: KumaContext): ImportedMonitor[] {
  if (!monitor.expiryNotification || monitor.url === null) return [];
  let url: URL;
  try {
    url = new URL(monitor.url);
  } catch {
    return [];
  }
  if (url.protocol !== 'https:') return [];
  return [
    {
      key: suffixedKey(http.key, 'certificate'),
      type: 'ssl',
      name: `${monitor.name} certificate`,
      intervalSeconds: http.intervalSeconds,
      timeoutSeconds: http.timeoutSeconds,
      regions: context.regions,
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port === '' ? 443 : Number(url.port),
      warningDays: Math.max(...context.expiryDays),
    },
  ];
}

function tcpMonitor(monitor: KumaMonitor, context: KumaContext): KumaConversion {
  return {
    monitors: [
      {
        key: keyOf('kuma', String(monitor.id)),
        type: 'tcp',
        name: monitor.name,
        ...schedule(monitor, context),
        host: monitor.hostname ?? '',
        port: monitor.port ?? 0,
      },
    ],
  };
}

/** Kuma's ping: `ping_count` echo requests (Kuma 2.x; one before), within Lookout's 1-10. */
function pingMonitor(monitor: KumaMonitor, context: KumaContext): KumaConversion {
  const [least, most] = MONITOR_LIMITS.packets;
  const asked = monitor.pingCount ?? 1;
  const packets = Math.min(most, Math.max(least, Math.round(asked)));
  if (packets !== asked) context.log.note(`${label(monitor)}: ${asked} echo requests became ${packets} (Lookout sends ${least} to ${most})`);
  return {
    monitors: [
      { key: keyOf('kuma', String(monitor.id)), type: 'ping', name: monitor.name, ...schedule(monitor, context), host: monitor.hostname ?? '', packets },
    ],
  };
}

/** Kuma 2.x's DNS conditions: none, or one `record equals <value>` (some record equals it), are what Lookout checks alike. */
function dnsAssertions(monitor: KumaMonitor, log: ImportLog): Array<Record<string, unknown>> {
  const conditions = Array.isArray(monitor.conditions) ? (monitor.conditions as unknown[]) : [];
  if (conditions.length === 0) return [];
  const only = conditions[0] as Record<string, unknown>;
  if (conditions.length === 1 && only.type === 'expression' && only.variable === 'record' && only.operator === 'equals' && typeof only.value === 'string') {
    return [{ source: 'answer', op: 'contains', value: only.value }];
  }
  log.note(`${label(monitor)}: DNS conditions left out (Lookout checks that some record equals a value, not ${JSON.stringify(conditions).slice(0, 200)})`);
  return [];
}

function dnsMonitor(monitor: KumaMonitor, context: KumaContext): KumaConversion {
  const recordType = (monitor.dnsResolveType ?? 'A').toUpperCase();
  if (!(DNS_RECORD_TYPES as readonly string[]).includes(recordType)) {
    return { skipped: `DNS record type ${recordType} is not one Lookout asks for (${DNS_RECORD_TYPES.join(', ')})` };
  }
  const servers = (monitor.dnsResolveServer ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter((server) => server !== '');
  if (servers.length > 1) context.log.note(`${label(monitor)}: DNS servers ${servers.slice(1).join(', ')} left out (Lookout asks one server)`);
  const port = monitor.port !== null && Number.isInteger(monitor.port) && monitor.port !== 53 ? monitor.port : null;
  const server = servers[0];
  const resolver = server === undefined ? null : port === null ? server : server.includes(':') ? `[${server}]:${port}` : `${server}:${port}`;
  const assertions = dnsAssertions(monitor, context.log);
  return {
    monitors: [
      {
        key: keyOf('kuma', String(monitor.id)),
        type: 'dns',
        name: monitor.name,
        ...schedule(monitor, context),
        hostname: monitor.hostname ?? '',
        recordType,
        ...(resolver !== null && { resolver }),
        ...(assertions.length > 0 && { assertions }),
      },
    ],
  };
}

/** Kuma goes down when no push came within the interval, after its retries: the retries' time is the grace. */
function heartbeatMonitor(monitor: KumaMonitor, context: KumaContext): KumaConversion {
  const name = label(monitor);
  const periodSeconds = periodFrom(monitor.interval, name, context.log);
  const [, maxGrace] = MONITOR_LIMITS.graceSeconds;
  const graceSeconds = monitor.maxretries > 0 ? Math.min(maxGrace, Math.round(monitor.maxretries * monitor.retryInterval)) : HEARTBEAT_GRACE_SECONDS;
  context.log.note(`${name}: push monitor became a heartbeat; point the job at its new pingUrl (Lookout makes a new key)`);
  return { monitors: [{ key: keyOf('kuma', String(monitor.id)), type: 'heartbeat', name: monitor.name, periodSeconds, graceSeconds }] };
}

const CONVERTERS: Record<string, (monitor: KumaMonitor, context: KumaContext) => KumaConversion> = {
  http: httpMonitor,
  keyword: httpMonitor,
  'json-query': httpMonitor,
  port: tcpMonitor,
  ping: pingMonitor,
  dns: dnsMonitor,
  push: heartbeatMonitor,
};

/** The Lookout monitors one Kuma monitor becomes, or why it becomes none. */
export function monitorsFromKuma(monitor: KumaMonitor, context: KumaContext): KumaConversion {
  if (!Number.isInteger(monitor.id)) return { skipped: 'it has no id to derive its key from' };
  if (!monitor.active)
    return { skipped: 'it is paused in Uptime Kuma (a new Lookout monitor would start checking at once); resume it there first or add it by hand' };
  if (monitor.upsideDown) return { skipped: 'upside-down mode (up when the check fails) is not something Lookout does' };
  const convert = Object.hasOwn(CONVERTERS, monitor.type) ? CONVERTERS[monitor.type] : undefined;
  if (convert) return convert(monitor, context);
  return { skipped: UNSUPPORTED[monitor.type] ?? `monitor type ${monitor.type || '(none)'} is not one Lookout has` };
}
