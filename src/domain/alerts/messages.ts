import type { RegionOutcome } from '../events.js';
import type { DeliveredEvent, StoredChannel } from './channels.js';

/** What one alert says, whatever channel carries it. */
export interface Alert {
  /** The stored event id: the webhook body's `id` and the `Lookout-Event-Id` header. */
  id: string;
  event: DeliveredEvent;
  occurredAt: string;
  /** The public Monitor record (as GET /monitors/{id} answers it) for the webhook body; null for a test. */
  monitorRecord: unknown;
  monitor: MonitorSummary | null;
  previousStatus: string | null;
  status: string | null;
  incidentId: string | null;
  /** Each region's newest result at the change (status changes only). */
  regions: RegionOutcome[];
  certificate: { subject: string; validTo: string; daysRemaining: number } | null;
  /** For a test: the policy's name. */
  policyName: string;
  /** The signed link that acknowledges the incident in one click (down alerts, reminders, escalations); null otherwise. */
  acknowledgeUrl?: string | null;
}

export interface MonitorSummary {
  id: string;
  name: string;
  type: string;
  /** The URL of an HTTP monitor, `host:port` of an SSL monitor. */
  target: string;
}

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
}

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

/** Dashboard pages the messages link to. */
export function dashboardLinks(publicUrl: string) {
  return {
    monitor: (id: string) => `${publicUrl}/monitors/${id}`,
    incident: (id: string) => `${publicUrl}/incidents/${id}`,
  };
}

/**
 * The payload stored in the outbox for one channel: rendered once when the delivery is made,
 * so that every attempt sends the very same bytes (a signature covers them).
 */
export function renderPayload(type: StoredChannel['type'], alert: Alert, publicUrl: string): string {
  switch (type) {
    case 'webhook':
      return JSON.stringify(webhookBody(alert));
    case 'slack':
      return JSON.stringify(slackMessage(alert, publicUrl));
    case 'email':
      return JSON.stringify(emailMessage(alert, publicUrl));
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
  };
}

/* The words, shared by Slack and email */

interface Wording {
  headline: string;
  /** Lines of detail: what the monitor checks, each region, the certificate. */
  details: string[];
}

function wording(alert: Alert): Wording {
  const m = alert.monitor;
  if (alert.event === 'test' || !m) {
    return {
      headline: `Test notification from Lookout`,
      details: [`The notification policy "${alert.policyName}" reaches this channel. No monitor changed.`],
    };
  }
  if (alert.event === 'certificate.expiring') {
    const c = alert.certificate;
    const days = c ? `${c.daysRemaining} day${c.daysRemaining === 1 ? '' : 's'}` : 'a few days';
    return {
      headline: `The certificate of ${m.name} expires in ${days}`,
      details: [`Monitor: ${m.name} (${m.type}, ${m.target})`, ...(c ? [`Certificate: ${c.subject}, valid until ${c.validTo}`] : [])],
    };
  }
  const verb = {
    'monitor.down': 'is down',
    'monitor.degraded': 'is degraded',
    'monitor.up': 'is up again',
    'monitor.reminder': 'is still down',
    'incident.acknowledged': 'is down, and someone is on it (acknowledged)',
    'incident.escalated': 'is still down and nobody acknowledged it: escalated',
  }[alert.event];
  return {
    headline: `${m.name} ${verb}`,
    details: [
      `Monitor: ${m.name} (${m.type}, ${m.target})`,
      `Status: ${alert.previousStatus ?? 'unknown'} → ${alert.status ?? 'unknown'}`,
      ...alert.regions.map((r) => `${r.region}: ${regionWords(r)}`),
    ],
  };
}

/** A region's newest result: the error of a failed run (an assertion's names it), the warnings of a run that passed with some. */
function regionWords(r: RegionOutcome): string {
  if (!r.ok) return `failed: ${r.error ? `${r.error.code} (${r.error.message})` : 'error'}`;
  const warnings = r.warnings ?? [];
  return warnings.length === 0 ? 'ok' : `ok with warnings: ${warnings.join('; ')}`;
}

const EMOJI: Record<DeliveredEvent, string> = {
  'monitor.down': ':red_circle:',
  'monitor.degraded': ':large_orange_circle:',
  'monitor.up': ':large_green_circle:',
  'certificate.expiring': ':warning:',
  'monitor.reminder': ':red_circle:',
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
    `<h2>${htmlEscape(headline)}</h2>` +
    `<ul>${details.map((d) => `<li>${htmlEscape(d)}</li>`).join('')}</ul>` +
    linkLines.map(([label, url]) => `<p><a href="${htmlEscape(url)}">${htmlEscape(label)}</a></p>`).join('') +
    `<p style="color:#666;font-size:12px">When: ${htmlEscape(alert.occurredAt)}<br>Event id: ${htmlEscape(alert.id)}</p>` +
    `</body></html>`;
  return { subject: `[Lookout] ${headline}`, text, html };
}

function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function htmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
