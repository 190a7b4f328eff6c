import type { DeliveredEvent, StoredChannel } from './channels.js';
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
  switch (channel.type) {
    case 'webhook':
      return JSON.stringify(webhookBody(alert));
    case 'slack':
      return JSON.stringify(slackMessage(alert, publicUrl));
    case 'email':
      return JSON.stringify(emailMessage(alert, publicUrl));
    default: {
      const message = providerMessage(channel, alert, publicUrl);
      return message && JSON.stringify(message);
    }
  }
}

/** The channels that speak a provider's API, whose stored payload is a ProviderMessage. */
export type ProviderChannel = Exclude<StoredChannel, { type: 'webhook' | 'slack' | 'email' }>;

function providerMessage(channel: ProviderChannel, alert: Alert, publicUrl: string): ProviderMessage | null {
  switch (channel.type) {
    case 'discord':
      return discordMessage(alert, publicUrl);
    case 'teams':
      return teamsMessage(alert, publicUrl);
    case 'telegram':
      return telegramMessage(alert, publicUrl, channel.chatId);
    case 'pagerduty':
      return pagerdutyMessage(alert, publicUrl);
    case 'opsgenie':
      return opsgenieMessage(alert, publicUrl);
    case 'ntfy':
      return ntfyMessage(alert, publicUrl, channel.priority);
    case 'pushover':
      return pushoverMessage(alert, publicUrl);
    case 'custom':
      return customMessage(alert, channel);
  }
}

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
  };
}

const EMOJI: Record<DeliveredEvent, string> = {
  'monitor.down': ':red_circle:',
  'monitor.degraded': ':large_orange_circle:',
  'monitor.up': ':large_green_circle:',
  'certificate.expiring': ':warning:',
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
