import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { proxyProblem } from '../../domain/monitor-fields.js';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import { DNS_RECORD_TYPES } from '../../shared/vocabulary.js';
import {
  HEARTBEAT_GRACE_SECONDS,
  intervalFrom,
  keyOf,
  periodFrom,
  suffixedKey,
  timeoutFrom,
  type ImportedMonitor,
  type ImportLog,
  type ImportOptions,
} from '../document.js';
import { requestFrom, urlCredentials } from '../http-request.js';
import type { GatusProviders } from './alerting.js';
import { conditionEffect, durationMs, type Assertion, type EndpointKind } from './conditions.js';
import { alertingOf, type Policies } from './policies.js';
import { GATUS_DEFAULTS, isEntry, str, type Entry } from './values.js';

/*
 * One Gatus endpoint (`endpoints:`) or external endpoint (`external-endpoints:`) as Lookout
 * monitors, or the reason it becomes none.
 */

/** Why Gatus's other endpoint kinds are not imported, by URL scheme. */
const UNSUPPORTED_SCHEMES: Record<string, string> = {
  'udp:': 'UDP is not something Lookout checks',
  'sctp:': 'SCTP is not something Lookout checks',
  'starttls:': 'STARTTLS is not something Lookout checks (a tcp monitor connects; it does not speak the protocol)',
  'grpc:': 'gRPC health checks are not a Lookout monitor type',
  'grpcs:': 'gRPC health checks are not a Lookout monitor type',
  'ws:': 'WebSocket endpoints are not a Lookout monitor type',
  'wss:': 'WebSocket endpoints are not a Lookout monitor type',
  'ssh:': 'SSH is not a Lookout monitor type',
};

/** Client settings without which the endpoint cannot be checked as Gatus checks it, and why Lookout cannot. */
const UNSUPPORTED_CLIENT: Record<string, string> = {
  oauth2: 'it authenticates with OAuth2 client credentials (client.oauth2), which Lookout does not send',
  'identity-aware-proxy': "it goes through Google's Identity-Aware Proxy (client.identity-aware-proxy), which Lookout does not",
  tls: 'it presents a client certificate from files (client.tls), which an import cannot read: make the monitor by hand with clientCertificate',
  tunnel: 'it is reached through an SSH tunnel (client.tunnel), which Lookout does not open',
};

/** Keys from group and name; two endpoints whose names slug alike are told apart by a hash of the original names. */
export class Keys {
  private readonly taken = new Set<string>();

  of(group: string, name: string): string {
    let key = keyOf('gatus', group, name);
    const hash = createHash('sha256').update(`${group}\u0000${name}`).digest('hex').slice(0, 6);
    // Gatus refuses two endpoints of one group and name, so the count is only for names that differ in what slugging drops.
    for (let count = 1; this.taken.has(key); count++) key = keyOf('gatus', group, name, count === 1 ? hash : `${hash}-${count}`);
    this.taken.add(key);
    return key;
  }
}

export interface Context {
  options: Required<ImportOptions>;
  log: ImportLog;
  providers: GatusProviders;
  policies: Policies;
  keys: Keys;
}

function schemeOf(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(url);
  return match ? match[1]!.toLowerCase() : '';
}

/** The host and port of an address such as `tcp://example.org:25` or `https://[::1]`, or null. */
function hostPort(url: string, defaultPort: number | null): { host: string; port: number } | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:\[([^\]]+)\]|([^:/?#[\]]+))(?::(\d{1,5}))?(?:[/?#]|$)/i.exec(url);
  if (!match) return null;
  const port = match[3] === undefined ? defaultPort : Number(match[3]);
  return port === null ? null : { host: match[1] ?? match[2]!, port };
}

export function convertEndpoint(entry: Entry, context: Context): ImportedMonitor[] | string {
  const { log } = context;
  const name = str(entry.name);
  const group = str(entry.group);
  const label = group === '' ? name : `${group}/${name}`;
  if (entry.enabled === false) return 'it is disabled in Gatus';
  const url = str(entry.url);
  const dns = isEntry(entry.dns) ? entry.dns : null;
  const scheme = schemeOf(url);
  let kind: EndpointKind;
  if (dns !== null) kind = 'dns';
  else if (scheme === 'http:' || scheme === 'https:') kind = 'http';
  else if (scheme === 'tcp:' || scheme === 'tls:') kind = 'tcp';
  else if (scheme === 'icmp:') kind = 'ping';
  else return UNSUPPORTED_SCHEMES[scheme] ?? `its url ${url || '(none)'} is not an address Gatus or Lookout checks`;
  const conditions = (Array.isArray(entry.conditions) ? entry.conditions : []).map(str).filter((condition) => condition !== '');
  if (conditions.length === 0) return 'it has no conditions (Gatus refuses such an endpoint)';

  const intervalMs = entry.interval === undefined ? GATUS_DEFAULTS.intervalMs : durationMs(str(entry.interval));
  const intervalSeconds = intervalFrom(intervalMs === null ? NaN : intervalMs / 1000, label, log);
  const client = isEntry(entry.client) ? entry.client : {};
  const unsupportedClient = Object.keys(UNSUPPORTED_CLIENT).find((field) => client[field] !== undefined && client[field] !== null);
  if (unsupportedClient !== undefined) return UNSUPPORTED_CLIENT[unsupportedClient]!;
  // An http proxy Lookout can use too; another (https, socks) is left out with a note.
  const proxyUrl = str(client['proxy-url']);
  const proxy = proxyUrl !== '' && proxyProblem(proxyUrl.replace(/\/$/, '')) === null ? proxyUrl.replace(/\/$/, '') : undefined;
  if (proxyUrl !== '' && proxy === undefined)
    log.note(`${label}: Gatus went through the proxy ${proxyUrl}; Lookout takes http://host:port proxies only and connects directly`);
  if (str(client['dns-resolver']) !== '') log.note(`${label}: Gatus resolved names with ${str(client['dns-resolver'])}; Lookout uses its own resolvers`);
  const timeoutMs = client.timeout === undefined ? GATUS_DEFAULTS.timeoutMs : (durationMs(str(client.timeout)) ?? GATUS_DEFAULTS.timeoutMs);

  const alerting = alertingOf(entry, group, label, context.providers, context.policies, log);
  const common = {
    name: label.slice(0, MONITOR_LIMITS.nameLength),
    intervalSeconds,
    timeoutSeconds: timeoutFrom(timeoutMs / 1000, intervalSeconds, 10),
    regions: context.options.regions,
    ...(alerting.policy !== null && { notificationPolicy: alerting.policy }),
    ...(alerting.failureThreshold !== undefined && alerting.failureThreshold > 1 && { failureThreshold: alerting.failureThreshold }),
    ...(alerting.recoveryThreshold !== undefined && alerting.recoveryThreshold > 1 && { recoveryThreshold: alerting.recoveryThreshold }),
  };

  const statuses: number[] = [];
  const assertions: Assertion[] = [];
  let warningDays: number | null = null;
  let domainWarningDays: number | null = null;
  for (const condition of conditions) {
    const effect = conditionEffect(condition, kind);
    if (effect.kind === 'status') {
      if (effect.note) log.note(`${label}: ${effect.note}`);
      statuses.push(effect.code);
    } else if (effect.kind === 'assertion') {
      assertions.push(effect.assertion);
    } else if (effect.kind === 'certificate') {
      warningDays = Math.max(warningDays ?? 0, effect.warningDays);
    } else if (effect.kind === 'domain') {
      domainWarningDays = Math.max(domainWarningDays ?? 0, effect.warningDays);
    } else if (effect.kind === 'dropped') {
      log.note(`${label}: condition ${condition} left out (${effect.reason})`);
    }
  }
  const key = context.keys.of(group, name);
  const monitors: ImportedMonitor[] = [];
  const checksMore = kind !== 'http' || statuses.length > 0 || assertions.length > 0;
  if (kind === 'http' && checksMore) {
    if (statuses.length === 0) log.note(`${label}: no [STATUS] condition; Lookout expects one code, 200`);
    if (statuses.length > 1) log.note(`${label}: [STATUS] conditions after the first left out (Lookout expects one code: ${statuses[0]!})`);
    const method = (str(entry.method) || 'GET').toUpperCase();
    const headers = isEntry(entry.headers) ? Object.entries(entry.headers).map(([header, value]): [string, string] => [header, str(value)]) : [];
    let body: string | undefined = str(entry.body) === '' ? undefined : String(entry.body);
    if (body !== undefined && entry.graphql === true) {
      body = JSON.stringify({ query: body });
      if (!headers.some(([header]) => header.toLowerCase() === 'content-type')) headers.push(['Content-Type', 'application/json']);
    }
    if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
      log.note(`${label}: request body left out (Lookout sends a body only with POST, PUT or DELETE)`);
      body = undefined;
    }
    const target = urlCredentials(url, null, label, log);
    const request = requestFrom(headers, target.auth, label, log);
    monitors.push({
      key,
      type: 'http',
      ...common,
      url: target.url,
      method,
      expectedStatus: statuses[0] ?? 200,
      ...(request.auth && { auth: request.auth }),
      ...(request.headers.length > 0 && { headers: request.headers }),
      ...(body !== undefined && { body }),
      // Gatus follows redirects (Go's client does, up to 10) unless the endpoint says otherwise.
      followRedirects: client['ignore-redirect'] !== true,
      ...(assertions.length > 0 && { assertions }),
      // client.insecure: any certificate accepted; the runs still record it and say it was not verified.
      ...(client.insecure === true && { tlsVerify: false }),
      ...(proxy !== undefined && { proxy }),
    });
  }
  if (kind === 'tcp') {
    const address = hostPort(url, null);
    if (address === null) return `its url ${url} has no host and port`;
    monitors.push({ key, type: 'tcp', ...common, ...address, ...(scheme === 'tls:' && { tls: true }), ...(assertions.length > 0 && { assertions }) });
  }
  if (kind === 'ping') {
    // icmp://host: Gatus sends one echo request; its [RESPONSE_TIME] is the round trip.
    const address = /^icmp:\/\/(?:\[([^\]]+)\]|([^:/?#[\]]+))(?:[/?#]|$)/i.exec(url);
    if (!address) return `its url ${url} has no host`;
    monitors.push({ key, type: 'ping', ...common, host: address[1] ?? address[2]!, packets: 1, ...(assertions.length > 0 && { assertions }) });
  }
  if (kind === 'dns') {
    const recordType = str(dns!['query-type']).toUpperCase();
    if (!(DNS_RECORD_TYPES as readonly string[]).includes(recordType))
      return `DNS record type ${recordType || '(none)'} is not one Lookout asks for (${DNS_RECORD_TYPES.join(', ')})`;
    monitors.push({
      key,
      type: 'dns',
      ...common,
      hostname: str(dns!['query-name']).replace(/\.$/, ''),
      recordType,
      ...(url !== '' && { resolver: url.replace(/^udp:\/\//i, '') }),
      ...(assertions.length > 0 && { assertions }),
    });
  }
  if (warningDays !== null) {
    const address = hostPort(url, scheme === 'https:' ? 443 : null);
    if (address === null || kind === 'dns' || scheme === 'http:' || scheme === 'tcp:') {
      log.note(`${label}: [CERTIFICATE_EXPIRATION] left out (the endpoint has no TLS)`);
    } else {
      // Beside another monitor of the endpoint it takes a key and name of its own; alone it is the endpoint.
      const alone = monitors.length === 0;
      monitors.push({
        key: alone ? key : suffixedKey(key, 'certificate'),
        type: 'ssl',
        ...common,
        name: alone ? common.name : `${common.name} certificate`.slice(0, MONITOR_LIMITS.nameLength),
        ...address,
        warningDays,
      });
    }
  }
  if (domainWarningDays !== null) {
    const host = hostPort(url, 0)?.host ?? /^icmp:\/\/([^:/?#[\]]+)/i.exec(url)?.[1];
    // Gatus asks WHOIS about the host's domain; Lookout asks RDAP about the registered name, its last two labels here.
    const domain = host && isIP(host) === 0 && host.includes('.') ? host.split('.').slice(-2).join('.').toLowerCase() : null;
    if (domain === null) {
      log.note(`${label}: [DOMAIN_EXPIRATION] left out (the endpoint has no domain name)`);
    } else {
      if (domain !== host!.toLowerCase())
        log.note(`${label}: [DOMAIN_EXPIRATION] watches ${domain}; change it if the registered name has more labels (such as example.co.uk)`);
      log.note(`${label}: [DOMAIN_EXPIRATION] became a domain monitor: it warns within ${domainWarningDays} days and fails once the domain has expired`);
      const alone = monitors.length === 0;
      monitors.push({
        key: alone ? key : suffixedKey(key, 'domain'),
        type: 'domain',
        ...common,
        name: alone ? common.name : `${common.name} domain`.slice(0, MONITOR_LIMITS.nameLength),
        // A registry is asked at most every 12 hours whatever the interval; an hour between runs is plenty.
        intervalSeconds: MONITOR_LIMITS.intervalSeconds[1],
        domain,
        warningDays: domainWarningDays,
      });
    }
  }
  return monitors.length > 0 ? monitors : 'none of its conditions is one Lookout checks';
}

/** An external endpoint (results pushed to Gatus) with a heartbeat interval: a Lookout heartbeat. */
export function convertExternal(entry: Entry, context: Context): ImportedMonitor[] | string {
  const { log } = context;
  const name = str(entry.name);
  const group = str(entry.group);
  const label = group === '' ? name : `${group}/${name}`;
  if (entry.enabled === false) return 'it is disabled in Gatus';
  const heartbeat = isEntry(entry.heartbeat) ? entry.heartbeat : {};
  const intervalMs = heartbeat.interval === undefined ? null : durationMs(str(heartbeat.interval));
  if (intervalMs === null || intervalMs <= 0) return 'it has no heartbeat interval, so nothing says when a result is missing (Lookout needs a period)';
  const alerting = alertingOf(entry, group, label, context.providers, context.policies, log);
  log.note(`${label}: external endpoint became a heartbeat; point the job at its new pingUrl instead of Gatus's /api/v1/endpoints/…/external`);
  return [
    {
      key: context.keys.of(group, name),
      type: 'heartbeat',
      name: label.slice(0, MONITOR_LIMITS.nameLength),
      periodSeconds: periodFrom(intervalMs / 1000, label, log),
      graceSeconds: HEARTBEAT_GRACE_SECONDS,
      ...(alerting.policy !== null && { notificationPolicy: alerting.policy }),
      ...(alerting.failureThreshold !== undefined && alerting.failureThreshold > 1 && { failureThreshold: alerting.failureThreshold }),
      ...(alerting.recoveryThreshold !== undefined && alerting.recoveryThreshold > 1 && { recoveryThreshold: alerting.recoveryThreshold }),
    },
  ];
}
