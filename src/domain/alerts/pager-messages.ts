import type { ProviderMessage } from './provider-message.js';
import { clip, dashboardLinks, wording, type Alert } from './wording.js';

/*
 * Pagers: PagerDuty and Opsgenie keep an alert open until it is resolved, so each event is an
 * action on one alert, named by the incident it belongs to (PagerDuty's dedup_key, Opsgenie's
 * alias): the incident's first event opens the alert, later ones update, acknowledge or resolve
 * that same alert, and a retried or repeated delivery changes nothing.
 */

type PagerAction = 'trigger' | 'acknowledge' | 'resolve';
type Severity = 'critical' | 'error' | 'warning' | 'info';

/**
 * What each event of an incident does to its alert, and how urgent a new one is. Keyed by the
 * event's name so that an event of an incident added later needs only its line here (the
 * reminder and the escalation re-raise the open alert; the acknowledgement acknowledges it).
 * Any other event (a certificate or domain warning, a test) is an alert of its own, closed by hand.
 */
const INCIDENT_EVENTS: Readonly<Record<string, { action: PagerAction; severity: Severity }>> = {
  'monitor.down': { action: 'trigger', severity: 'critical' },
  'monitor.degraded': { action: 'trigger', severity: 'warning' },
  'monitor.reminder': { action: 'trigger', severity: 'critical' },
  'incident.escalated': { action: 'trigger', severity: 'critical' },
  'incident.acknowledged': { action: 'acknowledge', severity: 'info' },
  'monitor.up': { action: 'resolve', severity: 'info' },
};
// A summed flapping alert comes when the monitor may be up again: an alert of its own, so that it
// neither reopens a resolved one nor resolves an open one.
const STANDALONE: Readonly<Record<string, Severity>> = {
  'certificate.expiring': 'warning',
  'domain.expiring': 'warning',
  'monitor.flapping': 'warning',
  test: 'info',
};

interface PagerStep {
  action: PagerAction;
  /** The alert it acts on: the incident id, or the event id for an alert of its own. */
  key: string;
  severity: Severity;
}

/**
 * What a pager does with an alert, or null when there is nothing to do: a recovery or an
 * acknowledgement outside any incident concerns no alert the pager holds (a degraded monitor with no
 * open incident raised one of its own, keyed by its event).
 */
export function pagerStep(alert: Pick<Alert, 'event' | 'id' | 'incidentId'>): PagerStep | null {
  const known = INCIDENT_EVENTS[alert.event];
  if (known && alert.incidentId) return { ...known, key: alert.incidentId };
  if (known && known.action !== 'trigger') return null;
  return { action: 'trigger', key: alert.id, severity: known?.severity ?? STANDALONE[alert.event] ?? 'warning' };
}

/** Up to 40 plain fields for a pager's detail view. */
function detailsOf(alert: Alert): Record<string, string> {
  const { details } = wording(alert);
  const fields: Record<string, string> = { event: alert.event, eventId: alert.id };
  if (alert.monitor) fields.monitor = `${alert.monitor.name} (${alert.monitor.target})`;
  if (alert.status) fields.status = `${alert.previousStatus ?? 'unknown'} → ${alert.status}`;
  if (alert.incidentId) fields.incidentId = alert.incidentId;
  details.slice(0, 30).forEach((line, i) => (fields[`detail${i + 1}`] = clip(line, 1000)));
  return fields;
}

/**
 * An Events API v2 event. The routing key belongs in the body but is a secret: it is added when
 * the event is sent, never stored with it. Resolve and acknowledge carry only the dedup key.
 * https://developer.pagerduty.com/docs/events-api-v2/trigger-events/
 * https://developer.pagerduty.com/docs/events-api-v2/resolve-events/
 * https://developer.pagerduty.com/docs/events-api-v2/acknowledge-events/
 */
export function pagerdutyMessage(alert: Alert, publicUrl: string): ProviderMessage | null {
  const step = pagerStep(alert);
  if (!step) return null;
  if (step.action !== 'trigger') return { body: JSON.stringify({ event_action: step.action, dedup_key: step.key }) };
  const { headline } = wording(alert);
  const links = dashboardLinks(publicUrl);
  return {
    body: JSON.stringify({
      event_action: 'trigger',
      dedup_key: step.key,
      payload: {
        summary: clip(headline, 1024),
        source: clip(alert.monitor?.target || 'Lookout', 255),
        severity: step.severity,
        timestamp: alert.occurredAt,
        ...(alert.monitor && { component: clip(alert.monitor.name, 255) }),
        class: alert.event,
        custom_details: detailsOf(alert),
      },
      client: 'Lookout',
      client_url: alert.monitor ? links.monitor(alert.monitor.id) : publicUrl,
      links: [
        ...(alert.monitor ? [{ href: links.monitor(alert.monitor.id), text: 'Monitor in Lookout' }] : []),
        ...(alert.incidentId ? [{ href: links.incident(alert.incidentId), text: 'Incident in Lookout' }] : []),
      ],
    }),
  };
}

const OPSGENIE_PRIORITY: Record<Severity, string> = { critical: 'P1', error: 'P2', warning: 'P3', info: 'P5' };

/**
 * Opsgenie's Alert API: create with the incident id as alias (Opsgenie folds a second create with
 * an open alias into the open alert), then close or acknowledge by that alias. The API key goes
 * into the Authorization header when sent.
 * https://docs.opsgenie.com/docs/alert-api#create-alert
 * https://docs.opsgenie.com/docs/alert-api#close-alert
 * https://docs.opsgenie.com/docs/alert-api#acknowledge-alert
 */
export function opsgenieMessage(alert: Alert, publicUrl: string): ProviderMessage | null {
  const step = pagerStep(alert);
  if (!step) return null;
  const { headline, details } = wording(alert);
  if (step.action !== 'trigger') {
    const verb = step.action === 'resolve' ? 'close' : 'acknowledge';
    return {
      path: `/v2/alerts/${encodeURIComponent(step.key)}/${verb}?identifierType=alias`,
      body: JSON.stringify({ source: 'Lookout', note: clip(headline, 25_000) }),
    };
  }
  const links = dashboardLinks(publicUrl);
  const linkLines = [
    ...(alert.monitor ? [`Monitor: ${links.monitor(alert.monitor.id)}`] : []),
    ...(alert.incidentId ? [`Incident: ${links.incident(alert.incidentId)}`] : []),
  ];
  return {
    path: '/v2/alerts',
    body: JSON.stringify({
      message: clip(headline, 130),
      alias: step.key,
      description: clip([...details, '', ...linkLines].join('\n'), 15_000),
      tags: ['lookout', alert.event],
      details: detailsOf(alert),
      ...(alert.monitor && { entity: clip(alert.monitor.name, 512) }),
      source: 'Lookout',
      priority: OPSGENIE_PRIORITY[step.severity],
    }),
  };
}
