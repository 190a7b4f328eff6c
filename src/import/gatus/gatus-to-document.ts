import { createHash } from 'node:crypto';
import { LineCounter, parseDocument } from 'yaml';
import { CHANNEL_LIMIT } from '../../domain/alerts/channels.js';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import { DNS_RECORD_TYPES } from '../../shared/vocabulary.js';
import { channelProblem, monitorProblem, policyProblem } from '../checked.js';
import {
  DEFAULT_IMPORT_REGIONS,
  HEARTBEAT_GRACE_SECONDS,
  IMPORT_LIMITS,
  IMPORTED_NOTIFY_ON,
  ImportError,
  ImportLog,
  intervalFrom,
  keyOf,
  periodFrom,
  timeoutFrom,
  type ImportedChannel,
  type ImportedMonitor,
  type ImportedPolicy,
  type ImportOptions,
  type ImportResult,
} from '../document.js';
import { requestFrom } from '../http-request.js';
import { channelFromGatus, isSupportedProvider, type GatusProviders } from './alerting.js';
import { conditionEffect, durationMs, type Assertion, type EndpointKind } from './conditions.js';

/*
 * A Gatus configuration (config.yaml: `endpoints`, `external-endpoints`, `alerting`; Gatus's
 * `config/endpoint/endpoint.go` and README) → a Lookout document. Keys are `gatus-<group>-<name>`
 * slugged, so the same configuration imports to the same keys. An endpoint's conditions become the
 * monitor's expected status and assertions; `[CERTIFICATE_EXPIRATION] > Nh` an SSL monitor beside
 * it (or instead of it, when the endpoint checks nothing else).
 */

type Entry = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const isEntry = (value: unknown): value is Entry => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Gatus's defaults: an interval of a minute, a client timeout of 10 s, an alert after 3 failures and a recovery after 2 successes. */
const GATUS_DEFAULTS = { intervalMs: 60_000, timeoutMs: 10_000, failureThreshold: 3, successThreshold: 2 } as const;

/** Why Gatus's other endpoint kinds are not imported, by URL scheme. */
const UNSUPPORTED_SCHEMES: Record<string, string> = {
  'icmp:': 'ICMP ping is not a Lookout monitor type yet',
  'udp:': 'UDP is not something Lookout checks',
  'sctp:': 'SCTP is not something Lookout checks',
  'starttls:': 'STARTTLS is not something Lookout checks (a tcp monitor connects; it does not speak the protocol)',
  'grpc:': 'gRPC health checks are not a Lookout monitor type',
  'grpcs:': 'gRPC health checks are not a Lookout monitor type',
  'ws:': 'WebSocket endpoints are not a Lookout monitor type',
  'wss:': 'WebSocket endpoints are not a Lookout monitor type',
  'ssh:': 'SSH is not a Lookout monitor type',
};

/** The configuration, parsed with the YAML library: an `ImportError` names the line and column of a syntax error. */
function parseConfiguration(yamlText: string): Entry {
  if (typeof yamlText !== 'string') throw new ImportError('is not text');
  if (Buffer.byteLength(yamlText, 'utf8') > IMPORT_LIMITS.fileBytes)
    throw new ImportError(`is larger than ${IMPORT_LIMITS.fileBytes} bytes, the most an import reads`);
  const lines = new LineCounter();
  const document = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true, lineCounter: lines });
  const error = document.errors[0];
  if (error) {
    const at = lines.linePos(error.pos[0]);
    const where = `line ${at.line}, column ${at.col}: `;
    throw new ImportError(`is not valid YAML (${where}${error.message.split('\n')[0] ?? ''})`);
  }
  let config: unknown;
  try {
    config = document.toJS({ maxAliasCount: IMPORT_LIMITS.yamlAliases });
  } catch (cause) {
    throw new ImportError(`cannot be read (${cause instanceof Error ? cause.message : String(cause)})`);
  }
  if (!isEntry(config) || (!Array.isArray(config.endpoints) && !Array.isArray(config['external-endpoints']))) {
    throw new ImportError('is not a Gatus configuration: it has no endpoints or external-endpoints list');
  }
  const count =
    (Array.isArray(config.endpoints) ? config.endpoints.length : 0) + (Array.isArray(config['external-endpoints']) ? config['external-endpoints'].length : 0);
  if (count > IMPORT_LIMITS.entries) throw new ImportError(`holds more than ${IMPORT_LIMITS.entries} endpoints; import it in parts`);
  return config;
}

/** Policies made from the alerting providers, one per provider (or group override) and one per set of them an endpoint alerts. */
class Policies {
  readonly byKey = new Map<string, ImportedPolicy>();
  /** Each channel by its id (`slack`, or `slack-<group>` for a group's override), null when it cannot be made. */
  private readonly channels = new Map<string, ImportedChannel | null>();

  constructor(
    private readonly providers: GatusProviders,
    private readonly log: ImportLog,
  ) {
    for (const type of Object.keys(providers)) {
      if (!isSupportedProvider(type)) {
        log.skip(`alerting provider ${type}`, `${type} is not one Lookout sends to`);
        continue;
      }
      const id = this.channelId(type, '');
      if (id !== null) this.keep([id], `Gatus ${type}`);
    }
  }

  /** The id of the channel of provider `type` for endpoints of `group`, made on first use; null when it cannot be made. */
  channelId(type: string, group: string): string | null {
    const made = channelFromGatus(this.providers, type, group, new ImportLog());
    const id = typeof made !== 'string' && made.overridden ? `${type}-${group}` : type;
    if (!this.channels.has(id)) {
      const channel = channelFromGatus(this.providers, type, group, this.log);
      const label = `alerting provider ${type}${id === type ? '' : ` (group ${group})`}`;
      if (typeof channel === 'string') {
        if (isSupportedProvider(type)) this.log.skip(label, channel);
        this.channels.set(id, null);
      } else {
        const problem = channelProblem(channel.channel);
        if (problem) this.log.skip(label, `Lookout would refuse it: ${problem}`);
        this.channels.set(id, problem ? null : channel.channel);
      }
    }
    return this.channels.get(id) ? id : null;
  }

  /** The key of the policy holding these channels, made when first asked for. */
  keep(ids: string[], name: string): string | null {
    const sorted = [...new Set(ids)].sort().slice(0, CHANNEL_LIMIT);
    const key = keyOf('gatus', ...sorted);
    if (this.byKey.has(key)) return key;
    const policy: ImportedPolicy = { key, name, notifyOn: [...IMPORTED_NOTIFY_ON], channels: sorted.map((id) => this.channels.get(id)!) };
    if (policyProblem(policy) !== null) return null;
    this.byKey.set(key, policy);
    return key;
  }
}

interface Alerting {
  policy: string | null;
  failureThreshold?: number;
  recoveryThreshold?: number;
}

/** What an endpoint's `alerts` make of it: its policy, and Gatus's thresholds as Lookout's. */
function alertingOf(entry: Entry, group: string, label: string, providers: GatusProviders, policies: Policies, log: ImportLog): Alerting {
  const alerts = (Array.isArray(entry.alerts) ? entry.alerts : []).filter(isEntry).filter((alert) => alert.enabled !== false);
  if (alerts.length === 0) return { policy: null };
  const ids: string[] = [];
  for (const alert of alerts) {
    const type = str(alert.type);
    const id = policies.channelId(type, group);
    if (id !== null) ids.push(id);
    else if (!isEntry(providers[type])) log.note(`${label}: alert ${type} left out (no such alerting provider is configured)`);
  }
  const first = alerts[0]!;
  const defaults = isEntry(providers[str(first.type)]) ? (providers[str(first.type)] as Entry)['default-alert'] : undefined;
  const threshold = (field: string, fallback: number) => {
    const value = Number(first[field] ?? (isEntry(defaults) ? defaults[field] : undefined) ?? fallback);
    const [min, max] = MONITOR_LIMITS.threshold;
    return Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;
  };
  const names = ids.map((id) => `Gatus ${id}`).join(' + ');
  return {
    policy: ids.length === 0 ? null : policies.keep(ids, names),
    failureThreshold: threshold('failure-threshold', GATUS_DEFAULTS.failureThreshold),
    recoveryThreshold: threshold('success-threshold', GATUS_DEFAULTS.successThreshold),
  };
}

/** Keys from group and name; two endpoints whose names slug alike are told apart by a hash of the original names. */
class Keys {
  private readonly taken = new Set<string>();

  of(group: string, name: string): string {
    const key = keyOf('gatus', group, name);
    if (!this.taken.has(key)) {
      this.taken.add(key);
      return key;
    }
    const hashed = keyOf('gatus', group, name, createHash('sha256').update(`${group}\u0000${name}`).digest('hex').slice(0, 6));
    this.taken.add(hashed);
    return hashed;
  }
}

interface Context {
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

function convertEndpoint(entry: Entry, context: Context): ImportedMonitor[] | string {
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
  else return UNSUPPORTED_SCHEMES[scheme] ?? `its url ${url || '(none)'} is not an address Gatus or Lookout checks`;
  const conditions = (Array.isArray(entry.conditions) ? entry.conditions : []).map(str).filter((condition) => condition !== '');
  if (conditions.length === 0) return 'it has no conditions (Gatus refuses such an endpoint)';

  const intervalMs = entry.interval === undefined ? GATUS_DEFAULTS.intervalMs : durationMs(str(entry.interval));
  const intervalSeconds = intervalFrom(intervalMs === null ? NaN : intervalMs / 1000, label, log);
  const client = isEntry(entry.client) ? entry.client : {};
  const timeoutMs = client.timeout === undefined ? GATUS_DEFAULTS.timeoutMs : (durationMs(str(client.timeout)) ?? GATUS_DEFAULTS.timeoutMs);
  if (client.insecure === true) log.note(`${label}: Gatus skipped certificate verification (client.insecure); Lookout verifies the certificate`);
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
  for (const condition of conditions) {
    const effect = conditionEffect(condition, kind);
    if (effect.kind === 'status') {
      if (effect.note) log.note(`${label}: ${effect.note}`);
      statuses.push(effect.code);
    } else if (effect.kind === 'assertion') {
      assertions.push(effect.assertion);
    } else if (effect.kind === 'certificate') {
      warningDays = Math.max(warningDays ?? 0, effect.warningDays);
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
    const request = requestFrom(headers, null, label, log);
    monitors.push({
      key,
      type: 'http',
      ...common,
      url,
      method,
      expectedStatus: statuses[0] ?? 200,
      ...(request.auth && { auth: request.auth }),
      ...(request.headers.length > 0 && { headers: request.headers }),
      ...(body !== undefined && { body }),
      // Gatus follows redirects (Go's client does, up to 10) unless the endpoint says otherwise.
      followRedirects: client['ignore-redirect'] !== true,
      ...(assertions.length > 0 && { assertions }),
    });
  }
  if (kind === 'tcp') {
    const address = hostPort(url, null);
    if (address === null) return `its url ${url} has no host and port`;
    monitors.push({ key, type: 'tcp', ...common, ...address, ...(scheme === 'tls:' && { tls: true }), ...(assertions.length > 0 && { assertions }) });
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
        key: alone ? key : `${key}-certificate`,
        type: 'ssl',
        ...common,
        name: alone ? common.name : `${common.name} certificate`.slice(0, MONITOR_LIMITS.nameLength),
        ...address,
        warningDays,
      });
    }
  }
  return monitors.length > 0 ? monitors : 'none of its conditions is one Lookout checks';
}

/** An external endpoint (results pushed to Gatus) with a heartbeat interval: a Lookout heartbeat. */
function convertExternal(entry: Entry, context: Context): ImportedMonitor[] | string {
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

/** A Gatus config.yaml as a document, its notes and what it left out; an `ImportError` for text that is not a Gatus configuration. */
export function gatusToDocument(yamlText: string, options: ImportOptions = {}): ImportResult {
  const config = parseConfiguration(yamlText);
  const log = new ImportLog();
  const providers = isEntry(config.alerting) ? config.alerting : {};
  const context: Context = {
    options: { regions: options.regions ?? DEFAULT_IMPORT_REGIONS },
    log,
    providers,
    policies: new Policies(providers, log),
    keys: new Keys(),
  };
  const monitors: ImportedMonitor[] = [];
  const lists: Array<[unknown, (entry: Entry, context: Context) => ImportedMonitor[] | string]> = [
    [config.endpoints, convertEndpoint],
    [config['external-endpoints'], convertExternal],
  ];
  for (const [list, convert] of lists) {
    for (const entry of Array.isArray(list) ? list : []) {
      if (!isEntry(entry) || str(entry.name) === '') {
        log.skip('(unnamed)', 'an endpoint needs a name');
        continue;
      }
      const label = str(entry.group) === '' ? str(entry.name) : `${str(entry.group)}/${str(entry.name)}`;
      const own = new ImportLog();
      const converted = convert(entry, { ...context, log: own });
      if (typeof converted === 'string') {
        log.skip(label, converted);
        continue;
      }
      const problem = converted.map(monitorProblem).find((found) => found !== null);
      if (problem) {
        log.skip(label, `Lookout would refuse it: ${problem}`);
        continue;
      }
      log.adopt(own);
      monitors.push(...converted);
    }
  }
  for (const suite of Array.isArray(config.suites) ? config.suites : []) {
    log.skip(`suite ${isEntry(suite) ? str(suite.name) : ''}`.trim(), 'suites (endpoints run in sequence sharing values) are not something Lookout runs');
  }
  return { document: { monitors, notificationPolicies: [...context.policies.byKey.values()] }, notes: log.notes, skipped: log.skipped };
}
