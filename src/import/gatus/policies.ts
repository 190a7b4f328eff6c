import { CHANNEL_LIMIT } from '../../domain/alerts/channels.js';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import { channelProblem, policyProblem } from '../checked.js';
import { IMPORTED_NOTIFY_ON, keyOf, type ImportedChannel, type ImportedPolicy, type ImportLog } from '../document.js';
import { channelFromGatus, hasGroupOverride, isSupportedProvider, type GatusProviders } from './alerting.js';
import { GATUS_DEFAULTS, isEntry, str, type Entry } from './values.js';

/** Policies made from the alerting providers, one per provider (or group override) and one per set of them an endpoint alerts. */
export class Policies {
  readonly byKey = new Map<string, ImportedPolicy>();
  /** Each channel by its id (`slack`, or `slack-<group>` for a group's override), null when it cannot be made. */
  private readonly channels = new Map<string, ImportedChannel | null>();
  /** How a policy's name calls each channel (`slack`, `slack (group core)`). */
  private readonly labels = new Map<string, string>();

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
      if (id !== null) this.keep([id]);
    }
  }

  /** The id of the channel of provider `type` for endpoints of `group`, made on first use; null when it cannot be made. */
  channelId(type: string, group: string): string | null {
    const overridden = hasGroupOverride(this.providers, type, group);
    const id = overridden ? `${type}-${group}` : type;
    if (!this.channels.has(id)) {
      const channel = channelFromGatus(this.providers, type, group, this.log);
      this.labels.set(id, overridden ? `${type} (group ${group})` : type);
      const label = `alerting provider ${this.labels.get(id)!}`;
      if (typeof channel === 'string') {
        if (isSupportedProvider(type)) this.log.skip(label, channel);
        this.channels.set(id, null);
      } else {
        const problem = channelProblem(channel);
        if (problem) this.log.skip(label, `Lookout would refuse it: ${problem}`);
        this.channels.set(id, problem ? null : channel);
      }
    }
    return this.channels.get(id) ? id : null;
  }

  /** The key of the policy holding these channels (named in the order given), made when first asked for. */
  keep(ids: string[]): string | null {
    const kept = [...new Set(ids)].slice(0, CHANNEL_LIMIT);
    const sorted = [...kept].sort();
    const key = keyOf('gatus', ...sorted);
    if (this.byKey.has(key)) return key;
    const name = `Gatus ${kept.map((id) => this.labels.get(id)!).join(' + ')}`;
    const policy: ImportedPolicy = { key, name, notifyOn: [...IMPORTED_NOTIFY_ON], channels: sorted.map((id) => this.channels.get(id)!) };
    if (policyProblem(policy) !== null) return null;
    this.byKey.set(key, policy);
    return key;
  }
}

export interface Alerting {
  policy: string | null;
  failureThreshold?: number;
  recoveryThreshold?: number;
}

/** What an endpoint's `alerts` make of it: its policy, and Gatus's thresholds as Lookout's. */
export function alertingOf(entry: Entry, group: string, label: string, providers: GatusProviders, policies: Policies, log: ImportLog): Alerting {
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
  return {
    policy: ids.length === 0 ? null : policies.keep(ids),
    failureThreshold: threshold('failure-threshold', GATUS_DEFAULTS.failureThreshold),
    recoveryThreshold: threshold('success-threshold', GATUS_DEFAULTS.successThreshold),
  };
}
