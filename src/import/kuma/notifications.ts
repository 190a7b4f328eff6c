import type { ImportedChannel, ImportLog } from '../document.js';
import type { KumaNotification } from './source.js';

/*
 * Kuma's notification providers that Lookout has a channel for, each read from the provider's
 * settings as Kuma keeps them (its `server/notification-providers/<name>.js` names the fields).
 * A provider Lookout has no channel for is skipped with that reason. Secrets come over as values:
 * the import applies them, and Lookout stores them encrypted.
 */

type ChannelOf = (config: Record<string, unknown>, name: string, log: ImportLog) => ImportedChannel | string;

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** Addresses of Kuma's To, CC and BCC fields (each a list separated by commas or semicolons). */
function addresses(...fields: unknown[]): string[] {
  const all = fields.flatMap((field) => str(field).split(/[,;\s]+/)).filter((address) => address !== '');
  return [...new Set(all)];
}

/** Kuma's provider names (its `config.type`) and the channel each becomes. */
const CHANNELS: Record<string, ChannelOf> = {
  slack: (config) => ({ type: 'slack', webhookUrl: str(config.slackwebhookURL) }),
  discord: (config) => ({ type: 'discord', webhookUrl: str(config.discordWebhookUrl) }),
  teams: (config, name, log) => {
    log.note(`notification ${name}: Lookout posts to a Teams Workflows webhook; if this URL is an older Office 365 connector, replace it`);
    return { type: 'teams', webhookUrl: str(config.webhookUrl) };
  },
  telegram: (config, name, log) => {
    if (str(config.telegramServerUrl) !== '' && !/^https:\/\/api\.telegram\.org\/?$/.test(str(config.telegramServerUrl))) {
      log.note(`notification ${name}: Telegram server ${str(config.telegramServerUrl)} not kept (Lookout's is set by LOOKOUT_TELEGRAM_API_URL)`);
    }
    return { type: 'telegram', chatId: str(config.telegramChatID), botToken: str(config.telegramBotToken) };
  },
  PagerDuty: (config) => ({ type: 'pagerduty', routingKey: str(config.pagerdutyIntegrationKey) }),
  Opsgenie: (config) => ({ type: 'opsgenie', apiKey: str(config.opsgenieApiKey), region: str(config.opsgenieRegion).toLowerCase() === 'eu' ? 'eu' : 'us' }),
  pushover: (config) => ({ type: 'pushover', userKey: str(config.pushoveruserkey), appToken: str(config.pushoverapptoken) }),
  ntfy: (config, name, log) => {
    const method = str(config.ntfyAuthenticationMethod);
    if (method === 'usernamePassword') return 'ntfy with a user name and password: Lookout sends ntfy an access token only';
    const server = (str(config.ntfyserverurl) || 'https://ntfy.sh').replace(/\/+$/, '');
    const priority = Number(config.ntfyPriority);
    if (str(config.ntfyCustomMessage) !== '' || config.ntfyUseTemplate === true)
      log.note(`notification ${name}: ntfy message template not kept (Lookout writes its own)`);
    return {
      type: 'ntfy',
      url: `${server}/${encodeURIComponent(str(config.ntfytopic))}`,
      ...(method === 'accessToken' && str(config.ntfyaccesstoken) !== '' && { token: str(config.ntfyaccesstoken) }),
      ...(Number.isInteger(priority) && priority >= 1 && priority <= 5 && { priority }),
    };
  },
  webhook: (config, name, log) => {
    if (str(config.webhookContentType) === 'custom' || str(config.webhookCustomBody) !== '') {
      log.note(`notification ${name}: webhook custom body not kept; Lookout posts its own JSON event (docs/notifications.md)`);
    } else {
      log.note(`notification ${name}: webhook receives Lookout's JSON event, not Uptime Kuma's payload (docs/notifications.md)`);
    }
    return { type: 'webhook', url: str(config.webhookURL) };
  },
  smtp: (config, name, log) => {
    log.note(`notification ${name}: mail goes out through Lookout's SMTP server (SMTP_URL), not ${str(config.smtpHost) || 'the one Uptime Kuma used'}`);
    return { type: 'email', to: addresses(config.smtpTo, config.smtpCC, config.smtpBCC) };
  },
};

/** The channel a Kuma notification becomes, or the reason it cannot become one. */
export function channelFromKuma(notification: KumaNotification, log: ImportLog): ImportedChannel | string {
  const provider = str(notification.config.type);
  const channel = Object.hasOwn(CHANNELS, provider) ? CHANNELS[provider] : undefined;
  if (!channel) return provider === '' ? 'its provider is not named' : `provider ${provider} is not one Lookout sends to`;
  return channel(notification.config, notification.name, log);
}
