import type { RegionOutcome } from '../events.js';
import type { DeliveredEvent } from './channels.js';

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
  /** For `domain.expiring`: the registration and when it expires. */
  domain?: { name: string; expiresAt: string; daysRemaining: number; registrar: string | null } | null;
  /** For a test: the policy's name. */
  policyName: string;
  /** For `monitor.flapping`: how many down transitions the alert sums. */
  downCount?: number | null;
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

/** Dashboard pages the messages link to. */
export function dashboardLinks(publicUrl: string) {
  return {
    monitor: (id: string) => `${publicUrl}/monitors/${id}`,
    incident: (id: string) => `${publicUrl}/incidents/${id}`,
  };
}

/* The words, shared by every channel that carries text */

export interface Wording {
  headline: string;
  /** Lines of detail: what the monitor checks, each region, the certificate. */
  details: string[];
}

export function wording(alert: Alert): Wording {
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
  if (alert.event === 'domain.expiring') {
    const d = alert.domain;
    const days = d ? `${d.daysRemaining} day${d.daysRemaining === 1 ? '' : 's'}` : 'a few days';
    return {
      headline: `The registration of ${d?.name ?? m.target} expires in ${days}`,
      details: [`Monitor: ${m.name} (${m.type}, ${m.target})`, ...(d ? [`Expires: ${d.expiresAt}${d.registrar ? `, registrar ${d.registrar}` : ''}`] : [])],
    };
  }
  if (alert.event === 'monitor.flapping') {
    const n = alert.downCount ?? 0;
    return {
      headline: `${m.name} went down ${n} time${n === 1 ? '' : 's'} in 5 minutes`,
      details: [
        `Monitor: ${m.name} (${m.type}, ${m.target})`,
        `Status now: ${alert.status ?? 'unknown'}`,
        'It is flapping: at most one down alert per 5 minutes is sent, and later transitions are summed into the next one.',
      ],
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

/** The text cut to at most `max` characters, ending in an ellipsis when cut (never inside a surrogate pair). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
