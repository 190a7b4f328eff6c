import { stringify } from 'yaml';
import { CHANNEL_SECRET_FIELDS } from '../../domain/alerts/channels.js';
import { KEY_PATTERN } from '../../domain/keys.js';
import type { MonitorRecord } from '../../domain/monitor-schemas.js';
import { monitorFields } from './compare.js';
import type { TeamState } from './plan.js';

/**
 * The team as a document `lookout apply` reads back: every monitor, policy, window and the status
 * page, each secret written as a `${LOOKOUT_SECRET_<KEY>_<FIELD>}` placeholder (the server never
 * answers a secret). A record without a key gets one made from its name, and is listed in
 * `unkeyed` so that the caller can say so: applied to the same team, such a record is made anew.
 */
export function exportDocument(state: TeamState): { document: Record<string, unknown>; unkeyed: string[]; secrets: string[] } {
  const unkeyed: string[] = [];
  const secrets: string[] = [];
  const keys = {
    monitor: keysFor(state.monitors, (m) => m.name, 'monitor', unkeyed),
    policy: keysFor(state.policies, (p) => p.name, 'policy', unkeyed),
    window: keysFor(state.windows, (w) => w.title, 'window', unkeyed),
  };
  const placeholder = (key: string, ...field: Array<string | number>) => {
    const name = `LOOKOUT_SECRET_${[key, ...field]
      .map((part) =>
        String(part)
          .toUpperCase()
          .replace(/[^A-Z0-9]+/g, '_'),
      )
      .join('_')}`;
    secrets.push(name);
    return `\${${name}}`;
  };

  const monitors = state.monitors.map((record) => {
    const key = keys.monitor.get(record.id)!;
    const out: Record<string, unknown> = { key, type: record.type };
    const held = record as Record<string, unknown>;
    for (const field of monitorFields(record.type)) {
      const value = held[field];
      if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
      if (field === 'timezone' && record.type === 'heartbeat' && record.cron === null) continue;
      out[field] = value;
    }
    if (record.notificationPolicyId !== null) out.notificationPolicy = keys.policy.get(record.notificationPolicyId);
    if (record.dependsOn !== null && keys.monitor.has(record.dependsOn)) out.dependsOn = keys.monitor.get(record.dependsOn);
    if (record.type === 'http' && record.clientCertificate !== null) {
      out.clientCertificate = { certificate: placeholder(key, 'client', 'certificate'), key: placeholder(key, 'client', 'key') };
    }
    if (record.type === 'http' && record.proxy !== null) {
      // The password is a secret: the URL carries a placeholder for it.
      out.proxy = record.proxySet
        ? record.proxy.replace(/^http:\/\/(?:([^@]*)@)?/, (_all, user: string | undefined) => `http://${user ?? ''}:${placeholder(key, 'proxy')}@`)
        : record.proxy;
    }
    const auth = authOf(record);
    if (auth) {
      out.auth = {
        type: auth.type,
        ...(auth.type === 'basic' && { username: auth.username }),
        ...(auth.type === 'header' && { headerName: auth.headerName }),
        secret: placeholder(key, 'auth'),
      };
    }
    return out;
  });

  const notificationPolicies = state.policies.map((record) => {
    const key = keys.policy.get(record.id)!;
    const channels = record.channels.map((channel, i) => {
      const out: Record<string, unknown> = {};
      const fields = CHANNEL_SECRET_FIELDS[channel.type] as readonly string[];
      for (const [field, value] of Object.entries(channel)) {
        const secretFlag = fields.find((f) => field === `${f}Set`);
        if (secretFlag !== undefined) {
          if (value === true) out[secretFlag] = placeholder(key, i, secretFlag);
        } else if (field === 'secretHeaders') {
          const named = value as Array<{ name: string }>;
          if (named.length > 0) out.secretHeaders = named.map((h, j) => ({ name: h.name, value: placeholder(key, i, 'secretHeaders', j) }));
        } else out[field] = value;
      }
      return out;
    });
    return {
      key,
      name: record.name,
      notifyOn: record.notifyOn,
      channels,
      repeatEverySeconds: record.repeatEverySeconds,
      repeatMax: record.repeatMax,
      ...(record.escalationPolicyId !== null && {
        escalateAfterSeconds: record.escalateAfterSeconds,
        escalationPolicy: keys.policy.get(record.escalationPolicyId),
      }),
    };
  });

  const maintenanceWindows = state.windows.map((record) => ({
    key: keys.window.get(record.id)!,
    title: record.title,
    monitors: record.monitorIds.map((id) => keys.monitor.get(id)!),
    startsAt: record.startsAt,
    endsAt: record.endsAt,
    ...(record.rrule !== null && { rrule: record.rrule }),
    timezone: record.timezone,
    showOnStatusPage: record.showOnStatusPage,
  }));

  const document: Record<string, unknown> = { monitors, notificationPolicies, maintenanceWindows };
  const page = state.statusPage;
  if (page) {
    document.statusPage = { slug: page.slug, title: page.title, showTargets: page.showTargets, monitors: page.monitorIds.map((id) => keys.monitor.get(id)!) };
  }
  return { document, unkeyed, secrets };
}

/** The document as YAML, with the line that lets an editor complete and check it against the server's schema. */
export function documentYaml(document: Record<string, unknown>, schemaUrl: string): string {
  return `# yaml-language-server: $schema=${schemaUrl}\n${stringify(document, { lineWidth: 0 })}`;
}

function authOf(record: MonitorRecord) {
  return record.type === 'http' ? record.auth : null;
}

/** Each record's key: its own, or one made from its name, unique among the others. */
function keysFor<R extends { id: string; key: string | null }>(records: R[], nameOf: (r: R) => string, kind: string, unkeyed: string[]): Map<string, string> {
  const taken = new Set(records.flatMap((r) => (r.key === null ? [] : [r.key])));
  const keys = new Map<string, string>();
  for (const record of records) {
    if (record.key !== null) {
      keys.set(record.id, record.key);
      continue;
    }
    const base =
      nameOf(record)
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 90) || `${kind}-${record.id.slice(0, 8)}`;
    let key = base;
    for (let n = 2; taken.has(key) || !KEY_PATTERN.test(key); n++) key = `${base}-${n}`;
    taken.add(key);
    keys.set(record.id, key);
    unkeyed.push(`${kind} ${key}`);
  }
  return keys;
}
