import { CHANNEL_LIMIT } from '../../domain/alerts/channels.js';
import { channelProblem, monitorProblem, policyProblem } from '../checked.js';
import {
  DEFAULT_IMPORT_REGIONS,
  IMPORTED_NOTIFY_ON,
  ImportLog,
  nameFrom,
  type ImportedChannel,
  type ImportedMonitor,
  type ImportedPolicy,
  type ImportOptions,
  type ImportResult,
} from '../document.js';
import { monitorsFromKuma } from './monitors.js';
import { channelFromKuma } from './notifications.js';
import { backupSource, databaseSource, KUMA_DATABASE_ROWS, type KumaDatabaseRows, type KumaSource } from './source.js';

/*
 * Uptime Kuma → a Lookout document. Each monitor keeps Kuma's id in its key (`kuma-<id>`), each
 * notification too (`kuma-notification-<id>`), so importing the same source again names the same
 * monitors and policies and `apply` changes nothing. A Kuma monitor tells every notification linked
 * to it; a Lookout monitor tells one policy, so a monitor linked to several gets a policy holding
 * all their channels (`kuma-notifications-<id>-<id>`).
 */

function isDatabaseRows(source: unknown): source is KumaDatabaseRows {
  return source !== null && typeof source === 'object' && KUMA_DATABASE_ROWS in source;
}

/** A Kuma JSON backup (parsed) or the rows of a kuma.db (`readKumaDatabase`) as a document, its notes and what it left out. */
export function kumaToDocument(source: unknown, options: ImportOptions = {}): ImportResult {
  const kuma: KumaSource = isDatabaseRows(source) ? databaseSource(source) : backupSource(source);
  const log = new ImportLog();
  const channels = notificationChannels(kuma, log);
  const policies = new Map<string, ImportedPolicy>();
  for (const notification of kuma.notifications) {
    const channel = channels.get(notification.id);
    const key = policyKey([notification.id]);
    // Kuma's ids are unique; a backup repeating one keeps the first, as its channel did.
    if (channel && !policies.has(key)) {
      policies.set(key, {
        key,
        name: nameFrom(notification.name, `Uptime Kuma notification ${notification.id}`),
        notifyOn: [...IMPORTED_NOTIFY_ON],
        channels: [channel],
      });
    }
  }
  const monitors: ImportedMonitor[] = [];
  for (const monitor of kuma.monitors) {
    const name = monitor.name || `monitor ${monitor.id}`;
    const own = new ImportLog();
    const converted = monitorsFromKuma(monitor, { regions: options.regions ?? DEFAULT_IMPORT_REGIONS, expiryDays: kuma.tlsExpiryNotifyDays, log: own });
    if ('skipped' in converted) {
      log.skip(name, converted.skipped);
      continue;
    }
    const taken = converted.monitors.find((each) => monitors.some((kept) => kept.key === each.key));
    if (taken) {
      log.skip(name, `another monitor has the same id (${monitor.id}), so the same key ${taken.key}`);
      continue;
    }
    const problem = converted.monitors.map(monitorProblem).find((found) => found !== null);
    if (problem) {
      log.skip(name, `Lookout would refuse it: ${problem}`);
      continue;
    }
    log.adopt(own);
    const policy = policyFor(
      [...new Set(monitor.notificationIds)].filter((id) => channels.has(id)).sort((a, b) => a - b),
      channels,
      policies,
      log,
    );
    monitors.push(...converted.monitors.map((each) => (policy === null ? each : { ...each, notificationPolicy: policy })));
  }
  return { document: { monitors, notificationPolicies: [...policies.values()] }, notes: log.notes, skipped: log.skipped };
}

function policyKey(ids: readonly number[]): string {
  return ids.length === 1 ? `kuma-notification-${ids[0]!}` : `kuma-notifications-${ids.join('-')}`;
}

/** Each notification's channel, for those Lookout has one for; the others are skipped with their reason. */
function notificationChannels(kuma: KumaSource, log: ImportLog): Map<number, ImportedChannel> {
  const channels = new Map<number, ImportedChannel>();
  for (const notification of kuma.notifications) {
    const name = `notification ${notification.name}`;
    const channel = channelFromKuma(notification, log);
    if (typeof channel === 'string') {
      log.skip(name, channel);
      continue;
    }
    const problem = channelProblem(channel);
    if (problem) log.skip(name, `Lookout would refuse it: ${problem}`);
    else if (!channels.has(notification.id)) channels.set(notification.id, channel);
  }
  return channels;
}

/** The policy key of a monitor told through these notifications (made when several share it), or null for none. */
function policyFor(ids: number[], channels: Map<number, ImportedChannel>, policies: Map<string, ImportedPolicy>, log: ImportLog): string | null {
  if (ids.length === 0) return null;
  const key = policyKey(ids);
  if (policies.has(key)) return key;
  const kept = ids.slice(0, CHANNEL_LIMIT);
  if (ids.length > kept.length)
    log.note(`policy ${key}: notifications after the first ${CHANNEL_LIMIT} left out (a policy has at most ${CHANNEL_LIMIT} channels)`);
  const names = kept.map((id) => policies.get(policyKey([id]))!.name);
  const policy: ImportedPolicy = {
    key,
    name: nameFrom(names.join(' + '), `Uptime Kuma notifications ${ids.join(', ')}`),
    notifyOn: [...IMPORTED_NOTIFY_ON],
    channels: kept.map((id) => channels.get(id)!),
  };
  if (policyProblem(policy) !== null) return null;
  policies.set(key, policy);
  return key;
}
