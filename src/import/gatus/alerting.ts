import type { ImportedChannel, ImportLog } from '../document.js';
import { isEntry, str } from './values.js';

/*
 * Gatus's alerting providers (`alerting:` in its configuration, `alerting/provider/<name>/`) that
 * Lookout has a channel for. An endpoint's `alerts` name providers by type; a provider's
 * `overrides` change its settings for one group of endpoints. Secrets come over as values.
 */

export type GatusProviders = Record<string, unknown>;

type ChannelOf = (settings: Record<string, unknown>, label: string, log: ImportLog) => ImportedChannel | string;

/** Gatus's placeholders in a custom provider's body and the template variables Lookout fills in instead. */
const CUSTOM_PLACEHOLDERS: Record<string, string> = {
  '[ENDPOINT_NAME]': '{{monitor.name}}',
  '[ALERT_TRIGGERED_OR_RESOLVED]': '{{status}}',
};

const CHANNELS: Record<string, ChannelOf> = {
  slack: (s) => ({ type: 'slack', webhookUrl: str(s['webhook-url']) }),
  discord: (s) => ({ type: 'discord', webhookUrl: str(s['webhook-url']) }),
  'teams-workflows': (s) => ({ type: 'teams', webhookUrl: str(s['webhook-url']) }),
  teams: (s, label, log) => {
    log.note(`${label}: Lookout posts to a Teams Workflows webhook; if this URL is an Office 365 connector, replace it`);
    return { type: 'teams', webhookUrl: str(s['webhook-url']) };
  },
  telegram: (s, label, log) => {
    if (str(s['api-url']) !== '') log.note(`${label}: Telegram api-url not kept (Lookout's is set by LOOKOUT_TELEGRAM_API_URL)`);
    return { type: 'telegram', chatId: str(s.id), botToken: str(s.token) };
  },
  pagerduty: (s) => ({ type: 'pagerduty', routingKey: str(s['integration-key']) }),
  opsgenie: (s) => ({ type: 'opsgenie', apiKey: str(s['api-key']), region: 'us' }),
  pushover: (s) => ({ type: 'pushover', userKey: str(s['user-key']), appToken: str(s['application-token']) }),
  ntfy: (s) => {
    const priority = Number(s.priority);
    return {
      type: 'ntfy',
      url: `${(str(s.url) || 'https://ntfy.sh').replace(/\/+$/, '')}/${encodeURIComponent(str(s.topic))}`,
      ...(str(s.token) !== '' && { token: str(s.token) }),
      ...(Number.isInteger(priority) && priority >= 1 && priority <= 5 && { priority }),
    };
  },
  email: (s, label, log) => {
    log.note(`${label}: mail goes out through Lookout's SMTP server (SMTP_URL), not ${str(s.host) || "Gatus's"}`);
    return {
      type: 'email',
      to: [
        ...new Set(
          str(s.to)
            .split(/[,;\s]+/)
            .filter((to) => to !== ''),
        ),
      ],
    };
  },
  custom: (s) => {
    const method = (str(s.method) || 'GET').toUpperCase();
    if (method !== 'POST' && method !== 'PUT') return `custom alert with method ${method}: Lookout sends a custom body with POST or PUT`;
    let body = str(s.body);
    for (const [placeholder, variable] of Object.entries(CUSTOM_PLACEHOLDERS)) body = body.split(placeholder).join(variable);
    const left = /\[[A-Z_]+\]/.exec(body);
    if (left) return `custom alert placeholder ${left[0]} has no Lookout template variable`;
    const headers =
      s.headers !== null && typeof s.headers === 'object'
        ? Object.entries(s.headers as Record<string, unknown>).map(([name, value]) => ({ name, value: str(value) }))
        : [];
    return { type: 'custom', url: str(s.url), method, headers, body };
  },
};

/** The names Gatus gives the providers, for the skip list of those Lookout has no channel for. */
export function providerTypes(providers: GatusProviders): string[] {
  return Object.keys(providers);
}

export function isSupportedProvider(type: string): boolean {
  return Object.hasOwn(CHANNELS, type);
}

/** The override a provider has for endpoints of `group`, if any. */
function overrideFor(provider: unknown, group: string): Record<string, unknown> | undefined {
  const overrides: unknown[] = isEntry(provider) && Array.isArray(provider.overrides) ? provider.overrides : [];
  return overrides.find((entry): entry is Record<string, unknown> => isEntry(entry) && entry.group === group);
}

/** Whether endpoints of `group` get a channel of their own from provider `type` (its `overrides` name the group). */
export function hasGroupOverride(providers: GatusProviders, type: string, group: string): boolean {
  return overrideFor(providers[type], group) !== undefined;
}

/** A provider's settings for endpoints of a group: its own, with the group's override over them. */
function settingsFor(provider: Record<string, unknown>, group: string): { settings: Record<string, unknown>; overridden: boolean } {
  const override = overrideFor(provider, group);
  if (!override) return { settings: provider, overridden: false };
  const { group: _group, ...changes } = override;
  return { settings: { ...provider, ...changes }, overridden: true };
}

/** The channel of provider `type` for endpoints of `group`, or why there is none. */
export function channelFromGatus(providers: GatusProviders, type: string, group: string, log: ImportLog): ImportedChannel | string {
  const provider = providers[type];
  if (provider === null || typeof provider !== 'object') return `alerting provider ${type} is not configured`;
  const channel = Object.hasOwn(CHANNELS, type) ? CHANNELS[type] : undefined;
  if (!channel) return `alerting provider ${type} is not one Lookout sends to`;
  const { settings, overridden } = settingsFor(provider as Record<string, unknown>, group);
  return channel(settings, `alerting provider ${type}${overridden ? ` (group ${group})` : ''}`, log);
}
