import type { Delivery, DeliveryState } from './api/types.js';

/** What each alert was, in the words of the person on call rather than the event's name. */
export const ALERT_KIND: Record<string, string> = {
  'monitor.down': 'Down alert',
  'monitor.degraded': 'Degraded alert',
  'monitor.up': 'Recovery',
  'monitor.reminder': 'Reminder',
  'incident.escalated': 'Escalation',
  'incident.acknowledged': 'Acknowledgement',
  'monitor.flapping': 'Repeated downs',
  'certificate.expiring': 'Certificate expiring',
  'domain.expiring': 'Domain expiring',
  test: 'Test',
};

export function alertKind(delivery: Pick<Delivery, 'event'>): string {
  return ALERT_KIND[delivery.event] ?? delivery.event;
}

export const DELIVERY_STATE_TEXT: Record<DeliveryState, string> = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' };

/** `result-*` class of a delivery's state. */
export function stateClass(state: DeliveryState): string {
  return state === 'delivered' ? 'ok' : state === 'pending' ? 'warn' : 'fail';
}

/** "3 min", "2 h 5 min", "1 d 4 h": how long something lasted, in at most two units. */
export function span(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return `${Math.max(0, Math.floor(ms / 1000))} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
