import type { ChannelOf, ChannelType, DeliveredEvent, StoredChannel } from './channels.js';
import { discordMessage, teamsMessage, telegramMessage } from './chat-messages.js';
import { customMessage } from './custom-template.js';
import { opsgenieMessage, pagerdutyMessage } from './pager-messages.js';
import type { ProviderMessage } from './provider-message.js';
import { ntfyMessage, pushoverMessage } from './push-messages.js';
import { dashboardLinks, wording, type Alert } from './wording.js';
import { escapeHtml } from '../../shared/html.js';

/** The webhook body receivers rely on: exactly these fields, in this order. */
export interface WebhookBody {
  id: string;
  event: DeliveredEvent;
  occurredAt: string;
  monitor: unknown;
  previousStatus: string | null;
  status: string | null;
  incidentId: string | null;
  /**
   * Why: each region's newest result at a status change (its error, which names a failing
   * assertion, and its warnings, which name those of severity `degraded`); empty for other events.
   */
  regions: Array<{ region: string; ok: boolean; error: { code: string; message: string } | null; warnings: string[] }>;
  /** `monitor.flapping` only: the down transitions the alert sums. */
  downCount?: number;
  /** `domain.expiring` only: the registration and when it expires. */
  domain?: { name: string; expiresAt: string; daysRemaining: number; registrar: string | null };
}

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

/**
 * The payload stored in the outbox for one channel: rendered once when the delivery is made,
 * so that every attempt sends the very same bytes (a signature covers them). Null when the
 * channel has nothing to do with this event (a pager told of a recovery outside any incident).
 */
export function renderPayload(channel: StoredChannel, alert: Alert, publicUrl: string): string | null {
  return renderWith(channel, alert, publicUrl);
}

// Generic over the type, so that each channel is handed to its own renderer with its own fields.
function renderWith<T extends ChannelType>(channel: ChannelOf<T>, alert: Alert, publicUrl: string): string | null {
  const render: ChannelRenderer<T> = CHANNEL_MESSAGES[channel.type];
  return render(channel, alert, publicUrl);
}

/** How one channel type's payload is rendered from an alert; null when the event is nothing to it. */
export type ChannelRenderer<T extends ChannelType> = (channel: ChannelOf<T>, alert: Alert, publicUrl: string) => string | null;

/** A provider's message as the outbox keeps it (see ProviderMessage); null stays null. */
const stored = (message: ProviderMessage | null): string | null => message && JSON.stringify(message);

/**
 * Each channel type's renderer: the webhook's body, Slack's and the email's messages, and the
 * request of every channel that speaks a provider's API (chat, pager and push messages have a file
 * each; a custom channel fills its template). A channel type without its renderer does not compile.
 */
export const CHANNEL_MESSAGES: { readonly [T in ChannelType]: ChannelRenderer<T> } = {
  webhook: (_channel, alert) => JSON.stringify(webhookBody(alert)),
  slack: (_channel, alert, publicUrl) => JSON.stringify(slackMessage(alert, publicUrl)),
  email: (_channel, alert, publicUrl) => JSON.stringify(emailMessage(alert, publicUrl)),
  discord: (_channel, alert, publicUrl) => stored(discordMessage(alert, publicUrl)),
  teams: (_channel, alert, publicUrl) => stored(teamsMessage(alert, publicUrl)),
  telegram: (channel, alert, publicUrl) => stored(telegramMessage(alert, publicUrl, channel.chatId)),
  pagerduty: (_channel, alert, publicUrl) => stored(pagerdutyMessage(alert, publicUrl)),
  opsgenie: (_channel, alert, publicUrl) => stored(opsgenieMessage(alert, publicUrl)),
  ntfy: (channel, alert, publicUrl) => stored(ntfyMessage(alert, publicUrl, channel.priority)),
  pushover: (_channel, alert, publicUrl) => stored(pushoverMessage(alert, publicUrl)),
  custom: (channel, alert) => stored(customMessage(alert, channel)),
};

export function webhookBody(alert: Alert): WebhookBody {
  return {
    id: alert.id,
    event: alert.event,
    occurredAt: alert.occurredAt,
    monitor: alert.monitorRecord,
    previousStatus: alert.previousStatus,
    status: alert.status,
    incidentId: alert.incidentId,
    regions: alert.regions.map((r) => ({ region: r.region, ok: r.ok, error: r.error, warnings: r.warnings ?? [] })),
    ...(alert.event === 'monitor.flapping' && { downCount: alert.downCount ?? 0 }),
    ...(alert.event === 'domain.expiring' && alert.domain && { domain: alert.domain }),
  };
}

const EMOJI: Record<DeliveredEvent, string> = {
  'monitor.down': ':red_circle:',
  'monitor.degraded': ':large_orange_circle:',
  'monitor.up': ':large_green_circle:',
  'certificate.expiring': ':warning:',
  'domain.expiring': ':warning:',
  'monitor.reminder': ':red_circle:',
  'monitor.flapping': ':red_circle:',
  'incident.acknowledged': ':eyes:',
  'incident.escalated': ':rotating_light:',
  test: ':bell:',
};

/** A Slack incoming-webhook message: `text` for notifications, blocks for the channel. */
export function slackMessage(alert: Alert, publicUrl: string): { text: string; blocks: unknown[] } {
  const links = dashboardLinks(publicUrl);
  const { headline, details } = wording(alert);
  const title = alert.monitor
    ? `${EMOJI[alert.event]} *<${links.monitor(alert.monitor.id)}|${slackEscape(headline)}>*`
    : `${EMOJI[alert.event]} *${slackEscape(headline)}*`;
  const context = [alert.occurredAt];
  if (alert.incidentId) context.push(`<${links.incident(alert.incidentId)}|Incident>`);
  if (alert.acknowledgeUrl) context.push(`<${alert.acknowledgeUrl}|Acknowledge>`);
  context.push(`Event ${alert.id}`);
  return {
    text: headline,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: title } },
      { type: 'section', text: { type: 'mrkdwn', text: details.map((d) => `• ${slackEscape(d)}`).join('\n') } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: context.join(' · ') }] },
    ],
  };
}

/** Plain text and HTML parts saying the same. */
export function emailMessage(alert: Alert, publicUrl: string): EmailMessage {
  const links = dashboardLinks(publicUrl);
  const { headline, details } = wording(alert);
  const linkLines: [string, string][] = [];
  if (alert.monitor) linkLines.push(['Dashboard', links.monitor(alert.monitor.id)]);
  if (alert.incidentId) linkLines.push(['Incident', links.incident(alert.incidentId)]);
  if (alert.acknowledgeUrl) linkLines.push(['Acknowledge (someone is on it)', alert.acknowledgeUrl]);
  const footer = `When: ${alert.occurredAt}\nEvent id: ${alert.id}`;
  const text = [headline + '.', '', ...details, '', ...linkLines.map(([label, url]) => `${label}: ${url}`), footer, ''].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif">` +
    `<h2>${escapeHtml(headline)}</h2>` +
    `<ul>${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` +
    linkLines.map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`).join('') +
    `<p style="color:#666;font-size:12px">When: ${escapeHtml(alert.occurredAt)}<br>Event id: ${escapeHtml(alert.id)}</p>` +
    `</body></html>`;
  return { subject: `[Lookout] ${headline}`, text, html };
}

function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
