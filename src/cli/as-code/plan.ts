import type { PolicyRecord } from '../../domain/alerts/policies.js';
import type { ConfigDocument, DocumentMonitor, DocumentPolicy, DocumentWindow, DocumentError } from '../../domain/as-code/document.js';
import type { MaintenanceWindowRecord } from '../../domain/maintenance/schema.js';
import type { MonitorRecord } from '../../domain/monitor-schemas.js';
import { SECRET_BOUND_FIELDS } from '../../domain/monitor-secrets.js';
import type { StatusPageRecord } from '../../domain/status-pages.js';
import type { LookoutClient } from './client.js';
import {
  desiredMonitorValue,
  monitorChanges,
  monitorFields,
  monitorSecrets,
  policyChanges,
  policySecrets,
  statusPageChanges,
  storedChannel,
  windowChanges,
  type KeyOf,
} from './compare.js';
import type { Digester } from './secrets-digest.js';

/** What the team holds now, as the API answers it. */
export interface TeamState {
  monitors: MonitorRecord[];
  policies: PolicyRecord[];
  windows: MaintenanceWindowRecord[];
  statusPage: StatusPageRecord | null;
}

export async function readTeamState(client: LookoutClient): Promise<TeamState> {
  const [monitors, policies, windows, statusPage] = await Promise.all([
    client.listMonitors(),
    client.listPolicies(),
    client.listWindows(),
    client.getStatusPage(),
  ]);
  return { monitors, policies, windows, statusPage };
}

export type StepKind = 'monitor' | 'policy' | 'window' | 'statusPage';

/** Ids of the records the steps make, by key, filled in as they are made. */
export interface Ids {
  monitors: Map<string, string>;
  policies: Map<string, string>;
}

/** One change of the plan and the request that makes it. */
export interface Step {
  action: 'create' | 'update' | 'delete';
  kind: StepKind;
  key: string;
  /** For an update: the fields that change, as the document names them. */
  fields: string[];
  run(client: LookoutClient, ids: Ids): Promise<void>;
}

export interface Plan {
  steps: Step[];
  /** Keyed records the document no longer has, kept because --prune was not given. */
  kept: Array<{ kind: StepKind; key: string }>;
}

/** A step as the plan prints it: `+ create monitor api`, `~ update monitor api: url, auth`, `- delete window nightly`. */
export function stepLine(step: Step): string {
  const sign = step.action === 'create' ? '+' : step.action === 'update' ? '~' : '-';
  return `${sign} ${step.action} ${step.kind} ${step.key}${step.action === 'update' ? `: ${step.fields.join(', ')}` : ''}`;
}

/**
 * The steps that make the team hold what the document says: policies first (each after the one it
 * escalates to), then monitors, windows and the status page, then the deletions (--prune) in the
 * reverse order. Records equal to the document get no step, so a second apply sends nothing. A
 * monitor whose type changes is a document error: a type is fixed at creation.
 */
export function planChanges(
  document: ConfigDocument,
  state: TeamState,
  options: { prune: boolean; digest: Digester },
): { plan: Plan; errors: [] } | { plan: null; errors: DocumentError[] } {
  const policiesByKey = keyed(state.policies);
  const monitorsByKey = keyed(state.monitors);
  const windowsByKey = keyed(state.windows);
  const policyKeyOf = keyReader(state.policies);
  const monitorKeyOf = keyReader(state.monitors);
  const steps: Step[] = [];
  const errors: DocumentError[] = [];

  for (const policy of escalationOrder(document.notificationPolicies)) {
    const current = policiesByKey.get(policy.key);
    const digest = options.digest('policy', policy.key, policySecrets(policy));
    if (!current) {
      steps.push({
        action: 'create',
        kind: 'policy',
        key: policy.key,
        fields: [],
        run: async (client, ids) => {
          const made = await client.createPolicy({ ...policyBody(policy, ids), key: policy.key, ...(digest && { secretsDigest: digest }) });
          ids.policies.set(policy.key, made.id);
        },
      });
      continue;
    }
    const fields = policyChanges(policy, current, policyKeyOf, digest);
    if (fields.length === 0) continue;
    steps.push({
      action: 'update',
      kind: 'policy',
      key: policy.key,
      fields,
      run: async (client, ids) => {
        const whole = policyBody(policy, ids);
        const body: Record<string, unknown> = {};
        for (const field of fields) {
          if (field === 'escalationPolicy' || field === 'escalateAfterSeconds') {
            body.escalationPolicyId = whole.escalationPolicyId;
            body.escalateAfterSeconds = whole.escalateAfterSeconds;
          } else body[field] = whole[field];
        }
        if (fields.includes('channels') && digest) body.secretsDigest = digest;
        await client.updatePolicy(current.id, body);
      },
    });
  }

  dependencyOrder(document.monitors).forEach(({ monitor, index }) => {
    const current = monitorsByKey.get(monitor.key);
    const digest = options.digest('monitor', monitor.key, monitorSecrets(monitor));
    if (!current) {
      steps.push({
        action: 'create',
        kind: 'monitor',
        key: monitor.key,
        fields: [],
        run: async (client, ids) => {
          const made = await client.createMonitor({ ...monitorBody(monitor, ids), key: monitor.key, ...(digest && { secretsDigest: digest }) });
          ids.monitors.set(monitor.key, made.id);
        },
      });
      return;
    }
    if (current.type !== monitor.type) {
      errors.push({
        path: `monitors[${index}].type`,
        message: `cannot change from ${current.type} to ${monitor.type}: a type is fixed at creation (give the monitor another key; --prune deletes the old one)`,
      });
      return;
    }
    const fields = monitorChanges(monitor, current, policyKeyOf, digest, monitorKeyOf);
    if (fields.length === 0) return;
    steps.push({
      action: 'update',
      kind: 'monitor',
      key: monitor.key,
      fields,
      run: async (client, ids) => {
        const whole = monitorBody(monitor, ids);
        const body: Record<string, unknown> = {};
        for (const field of fields) {
          if (field === 'notificationPolicy') body.notificationPolicyId = whole.notificationPolicyId;
          else body[field] = whole[field] ?? null;
        }
        // Stored secrets are bound to their request: a change of it sends each again (src/domain/monitor-secrets.ts).
        const secretFields = ['auth', 'clientCertificate', 'proxy'];
        const bound = fields.some((f) => secretFields.includes(f) || (SECRET_BOUND_FIELDS as readonly string[]).includes(f));
        if (bound && monitor.type === 'http') {
          for (const field of secretFields) body[field] = whole[field] ?? null;
          if (digest) body.secretsDigest = digest;
        }
        await client.updateMonitor(current.id, body);
      },
    });
  });

  for (const window of document.maintenanceWindows) {
    const current = windowsByKey.get(window.key);
    if (!current) {
      steps.push({
        action: 'create',
        kind: 'window',
        key: window.key,
        fields: [],
        run: async (client, ids) => {
          await client.createWindow({ ...windowBody(window, ids), key: window.key });
        },
      });
      continue;
    }
    const fields = windowChanges(window, current, monitorKeyOf);
    if (fields.length === 0) continue;
    steps.push({
      action: 'update',
      kind: 'window',
      key: window.key,
      fields,
      run: async (client, ids) => {
        const whole = windowBody(window, ids);
        const body = Object.fromEntries(fields.map((f) => (f === 'monitors' ? ['monitorIds', whole.monitorIds] : [f, whole[f]])));
        await client.updateWindow(current.id, body);
      },
    });
  }

  const page = document.statusPage;
  if (page) {
    const fields = state.statusPage ? statusPageChanges(page, state.statusPage, monitorKeyOf) : [];
    if (!state.statusPage || fields.length > 0) {
      steps.push({
        action: state.statusPage ? 'update' : 'create',
        kind: 'statusPage',
        key: page.slug,
        fields,
        run: async (client, ids) => {
          await client.putStatusPage({
            slug: page.slug,
            title: page.title,
            showTargets: page.showTargets,
            monitorIds: page.monitors.map((key) => idOf(ids.monitors, key)),
          });
        },
      });
    }
  }

  const kept: Plan['kept'] = [];
  const gone = (
    kind: StepKind,
    records: ReadonlyArray<{ id: string; key: string | null }>,
    wanted: ReadonlyArray<{ key: string }>,
    remove: (c: LookoutClient, id: string) => Promise<void>,
  ) => {
    const keys = new Set(wanted.map((w) => w.key));
    for (const record of records) {
      if (record.key === null || keys.has(record.key)) continue;
      if (!options.prune) kept.push({ kind, key: record.key });
      else steps.push({ action: 'delete', kind, key: record.key, fields: [], run: (client) => remove(client, record.id) });
    }
  };
  gone('window', state.windows, document.maintenanceWindows, (c, id) => c.deleteWindow(id));
  gone('monitor', state.monitors, document.monitors, (c, id) => c.deleteMonitor(id));
  gone('policy', state.policies, document.notificationPolicies, (c, id) => c.deletePolicy(id));

  return errors.length > 0 ? { plan: null, errors } : { plan: { steps, kept }, errors: [] };
}

/** The ids of the team's records by key, to which the steps add those they make. */
export function knownIds(state: TeamState): Ids {
  return {
    monitors: new Map(state.monitors.filter((m) => m.key !== null).map((m) => [m.key!, m.id])),
    policies: new Map(state.policies.filter((p) => p.key !== null).map((p) => [p.key!, p.id])),
  };
}

function keyed<R extends { key: string | null }>(records: R[]): Map<string, R> {
  return new Map(records.filter((r) => r.key !== null).map((r) => [r.key!, r]));
}

function keyReader(records: ReadonlyArray<{ id: string; key: string | null }>): KeyOf {
  const byId = new Map(records.map((r) => [r.id, r.key ?? `#${r.id}`]));
  return (id) => (id === null ? null : (byId.get(id) ?? `#${id}`));
}

function idOf(ids: Map<string, string>, key: string): string {
  const id = ids.get(key);
  // The document was checked against these keys before anything was applied.
  if (id === undefined) throw new Error(`no record has the key ${key}`);
  return id;
}

/** The create body of a monitor of the document, its policy named by id. */
function monitorBody(monitor: DocumentMonitor, ids: Ids): Record<string, unknown> {
  const body: Record<string, unknown> = { type: monitor.type };
  for (const field of monitorFields(monitor.type)) {
    const value = (monitor as Record<string, unknown>)[field];
    if (value !== undefined) body[field] = value;
    else if (field !== 'timezone') body[field] = desiredMonitorValue(monitor, field);
  }
  if (monitor.type === 'http') {
    if (monitor.auth) body.auth = monitor.auth;
    // The document holds them as validated (the proxy split from its password): sent as the API takes them.
    body.clientCertificate = monitor.clientCertificate ? { certificate: monitor.clientCertificate.certificate, key: monitor.clientCertificate.key } : null;
    body.proxy = monitor.proxy ? proxyText(monitor.proxy) : null;
  }
  body.notificationPolicyId = monitor.notificationPolicy ? idOf(ids.policies, monitor.notificationPolicy) : null;
  body.dependsOn = monitor.dependsOn ? idOf(ids.monitors, monitor.dependsOn) : null;
  // A heartbeat on a period has no zone: sending one is refused.
  if (monitor.type === 'heartbeat' && (monitor.cron ?? null) === null) delete body.timezone;
  return body;
}

function policyBody(policy: DocumentPolicy, ids: Ids): Record<string, unknown> {
  return {
    name: policy.name,
    notifyOn: policy.notifyOn,
    channels: policy.channels.map(storedChannel),
    repeatEverySeconds: policy.repeatEverySeconds,
    repeatMax: policy.repeatMax,
    escalateAfterSeconds: policy.escalateAfterSeconds,
    escalationPolicyId: policy.escalationPolicy ? idOf(ids.policies, policy.escalationPolicy) : null,
  };
}

function windowBody(window: DocumentWindow, ids: Ids): Record<string, unknown> {
  return {
    title: window.title,
    monitorIds: window.monitors.map((key) => idOf(ids.monitors, key)),
    startsAt: window.startsAt,
    endsAt: window.endsAt,
    rrule: window.rrule,
    timezone: window.timezone,
    showOnStatusPage: window.showOnStatusPage,
  };
}

/** A proxy's URL with its password put back, as the API takes it. */
function proxyText(proxy: { url: string; password: string | null }): string {
  if (proxy.password === null) return proxy.url;
  const url = new URL(proxy.url);
  url.password = proxy.password;
  return `${url.protocol}//${url.username}:${url.password}@${url.host}`;
}

/** Monitors ordered so that each comes after the one it depends on (made first when the document makes both); a loop keeps the document's order, for the server to refuse. */
function dependencyOrder(monitors: DocumentMonitor[]): Array<{ monitor: DocumentMonitor; index: number }> {
  const byKey = new Map(monitors.map((monitor, index) => [monitor.key, { monitor, index }]));
  const ordered: Array<{ monitor: DocumentMonitor; index: number }> = [];
  const placed = new Set<string>();
  const place = (entry: { monitor: DocumentMonitor; index: number }) => {
    if (placed.has(entry.monitor.key)) return;
    placed.add(entry.monitor.key);
    const parent = entry.monitor.dependsOn ? byKey.get(entry.monitor.dependsOn) : undefined;
    if (parent) place(parent);
    ordered.push(entry);
  };
  monitors.forEach((monitor, index) => place({ monitor, index }));
  return ordered;
}

/** Policies ordered so that each comes after the one it escalates to (the document has no loop). */
function escalationOrder(policies: DocumentPolicy[]): DocumentPolicy[] {
  const byKey = new Map(policies.map((p) => [p.key, p]));
  const ordered: DocumentPolicy[] = [];
  const placed = new Set<string>();
  const place = (policy: DocumentPolicy) => {
    if (placed.has(policy.key)) return;
    placed.add(policy.key);
    const target = policy.escalationPolicy ? byKey.get(policy.escalationPolicy) : undefined;
    if (target) place(target);
    ordered.push(policy);
  };
  policies.forEach(place);
  return ordered;
}
