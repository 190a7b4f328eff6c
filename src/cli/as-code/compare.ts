import type { PolicyRecord } from '../../domain/alerts/policies.js';
import { CHANNEL_SECRET_FIELDS, OPTIONAL_SECRET_FIELDS, channelRecord, secretsIn, type StoredChannel } from '../../domain/alerts/channels.js';
import { normalAssertion, type AnyAssertionInput } from '../../domain/assertions/assertion-schema.js';
import type { DocumentMonitor, DocumentPolicy, DocumentStatusPage, DocumentWindow } from '../../domain/as-code/document.js';
import { DocumentMonitor as DocumentMonitorSchema } from '../../domain/as-code/document.js';
import type { MaintenanceWindowRecord } from '../../domain/maintenance/schema.js';
import { normaliseRrule } from '../../domain/maintenance/rrule.js';
import { digestMatches } from '../../domain/keys.js';
import type { MonitorRecord } from '../../domain/monitor-schemas.js';
import type { StatusPageRecord } from '../../domain/status-pages.js';

/*
 * What differs between a record of the document and the one the server holds, field by field, as
 * the document names the fields. A field the document leaves out means its empty value (null, [],
 * or the API's default, which the schema filled in): the document says the whole record.
 */

/** Reads another record's key from its id (a record without a key reads as `#<id>`, never equal to a key). */
export type KeyOf = (id: string | null) => string | null;

/** Any value as text with object keys sorted, so that two equal values give the same text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** Fields compared apart: references by key, and those holding secrets (compared by the digest). */
const APART = ['type', 'key', 'notificationPolicy', 'dependsOn', 'auth', 'clientCertificate', 'proxy'];

/** The fields a monitor of this type has in a document, besides type, key, references and secrets. */
export function monitorFields(type: DocumentMonitor['type']): string[] {
  const option = DocumentMonitorSchema.options.find((o) => o.shape.type.value === type)!;
  return Object.keys(option.shape).filter((f) => !APART.includes(f));
}

/** A document monitor's value of a field, as a record would hold it. */
export function desiredMonitorValue(monitor: DocumentMonitor, field: string): unknown {
  const value = (monitor as Record<string, unknown>)[field];
  if (field === 'assertions') return ((value ?? []) as AnyAssertionInput[]).map(normalAssertion);
  if (field === 'headers') return value ?? [];
  if (field === 'timezone') return value ?? 'UTC';
  return value ?? null;
}

/** The secrets of a monitor of the document, in order. */
export function monitorSecrets(monitor: DocumentMonitor): string[] {
  if (monitor.type !== 'http') return [];
  const secrets = monitor.auth ? [monitor.auth.secret] : [];
  // Each joins only when set, so that the digest of a monitor with credentials alone stays as it was.
  if (monitor.clientCertificate) secrets.push(canonical(['clientCertificate', monitor.clientCertificate.certificate, monitor.clientCertificate.key]));
  if (monitor.proxy?.password) secrets.push(canonical(['proxy', monitor.proxy.password]));
  return secrets;
}

/** The fields of a monitor that differ from the record, in the document's order. */
export function monitorChanges(
  monitor: DocumentMonitor,
  record: MonitorRecord,
  policyKeyOf: KeyOf,
  digest: string | null,
  monitorKeyOf: KeyOf = (id) => id,
): string[] {
  const changed: string[] = [];
  const held = record as Record<string, unknown>;
  const noCron = monitor.type === 'heartbeat' && (monitor.cron ?? null) === null;
  for (const field of monitorFields(monitor.type)) {
    // Without cron a heartbeat's zone means nothing (the server keeps UTC).
    if (field === 'timezone' && noCron) continue;
    if (!same(desiredMonitorValue(monitor, field), held[field] ?? (field === 'headers' || field === 'assertions' ? [] : null))) changed.push(field);
  }
  if ((monitor.notificationPolicy ?? null) !== policyKeyOf(record.notificationPolicyId)) changed.push('notificationPolicy');
  if ((monitor.dependsOn ?? null) !== monitorKeyOf(record.dependsOn)) changed.push('dependsOn');
  if (monitor.type === 'http' && record.type === 'http') {
    // The digest vouches for every secret the document holds: when it does not match, each secret field is sent again.
    const vouched = digest !== null && digestMatches(record.secretsDigest, digest);
    const certificate = monitor.clientCertificate ?? null;
    if ((certificate === null) !== (record.clientCertificate === null) || (certificate !== null && !vouched)) changed.push('clientCertificate');
    const proxy = monitor.proxy ?? null;
    if ((proxy?.url ?? null) !== record.proxy || ((proxy?.password ?? null) !== null) !== record.proxySet || (proxy?.password && !vouched)) {
      changed.push('proxy');
    }
    const wanted = monitor.auth ?? null;
    const held = record.auth;
    const shape = (auth: { type: string; username?: string | null; headerName?: string | null } | null) =>
      auth && { type: auth.type, username: auth.type === 'basic' ? auth.username : null, headerName: auth.type === 'header' ? auth.headerName : null };
    if (!same(shape(wanted), shape(held)) || (wanted !== null && (digest === null || !digestMatches(record.secretsDigest, digest)))) changed.push('auth');
  }
  return changed;
}

/** A channel of the document as the server stores it: an optional secret left out is none (null), not "keep the stored one". */
export function storedChannel(channel: DocumentPolicy['channels'][number]): StoredChannel {
  const stored: Record<string, unknown> = { ...channel };
  for (const field of (OPTIONAL_SECRET_FIELDS[channel.type] ?? []) as string[]) stored[field] ??= null;
  return stored as StoredChannel;
}

/** The secrets of a policy's channels, each named by its place, in order. */
export function policySecrets(policy: DocumentPolicy): string[] {
  return policy.channels.flatMap((channel, i) =>
    (CHANNEL_SECRET_FIELDS[channel.type] as readonly string[]).flatMap((field) => {
      const value = (channel as Record<string, unknown>)[field];
      return secretsIn(value).length === 0 ? [] : [canonical([i, field, value])];
    }),
  );
}

export function policyChanges(policy: DocumentPolicy, record: PolicyRecord, policyKeyOf: KeyOf, digest: string | null): string[] {
  const changed: string[] = [];
  if (policy.name !== record.name) changed.push('name');
  if (!same(policy.notifyOn, record.notifyOn)) changed.push('notifyOn');
  const channels = policy.channels.map((c) => channelRecord(storedChannel(c)));
  if (!same(channels, record.channels) || (digest !== null && !digestMatches(record.secretsDigest, digest))) changed.push('channels');
  if (policy.repeatEverySeconds !== record.repeatEverySeconds) changed.push('repeatEverySeconds');
  if (policy.repeatMax !== record.repeatMax) changed.push('repeatMax');
  if (policy.escalateAfterSeconds !== record.escalateAfterSeconds) changed.push('escalateAfterSeconds');
  if (policy.escalationPolicy !== policyKeyOf(record.escalationPolicyId)) changed.push('escalationPolicy');
  return changed;
}

export function windowChanges(window: DocumentWindow, record: MaintenanceWindowRecord, monitorKeyOf: KeyOf): string[] {
  const changed: string[] = [];
  if (window.title !== record.title) changed.push('title');
  const keys = record.monitorIds.map(monitorKeyOf);
  if (!same([...window.monitors].sort(), [...keys].sort())) changed.push('monitors');
  if (Date.parse(window.startsAt) !== Date.parse(record.startsAt)) changed.push('startsAt');
  if (Date.parse(window.endsAt) !== Date.parse(record.endsAt)) changed.push('endsAt');
  if ((window.rrule === null ? null : normaliseRrule(window.rrule)) !== record.rrule) changed.push('rrule');
  if (window.timezone !== record.timezone) changed.push('timezone');
  if (window.showOnStatusPage !== record.showOnStatusPage) changed.push('showOnStatusPage');
  return changed;
}

export function statusPageChanges(page: DocumentStatusPage, record: StatusPageRecord, monitorKeyOf: KeyOf): string[] {
  const changed: string[] = [];
  if (page.slug !== record.slug) changed.push('slug');
  if (page.title !== record.title) changed.push('title');
  if (!same(page.monitors, record.monitorIds.map(monitorKeyOf))) changed.push('monitors');
  if (page.showTargets !== record.showTargets) changed.push('showTargets');
  return changed;
}
