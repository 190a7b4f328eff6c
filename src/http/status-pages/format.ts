import type { OverallStatus, PublicMonitorStatus } from '../../shared/vocabulary.js';
import { escapeHtml } from '../../shared/html.js';

/* Text shown on the public page, its feed and its JSON summary: one wording everywhere. */

export const OVERALL_TEXT: Record<OverallStatus, string> = {
  operational: 'All systems operational',
  'partial-outage': 'Partial outage',
  'major-outage': 'Major outage',
};

export const MONITOR_TEXT: Record<PublicMonitorStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  'no-data': 'No data',
  paused: 'Paused',
  maintenance: 'Under maintenance',
};

/** XML 1.0 forbids these characters even escaped; they are dropped from anything written out. */
// eslint-disable-next-line no-control-regex -- the control characters XML forbids are what it finds
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for HTML or XML content and attribute values: what XML forbids dropped (the feed is XML), then escaped. */
export function escape(value: string): string {
  return escapeHtml(value.replace(NOT_XML, ''));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-21` → `Nov 21, 2026` */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${MONTHS[Number(m) - 1]!} ${Number(d)}, ${y!}`;
}

/** `2026-11-21T09:40:12.000Z` → `Nov 21, 09:40 UTC` */
export function dateTime(isoTime: string): string {
  const [date, time] = isoTime.split('T') as [string, string];
  const [, m, d] = date.split('-');
  return `${MONTHS[Number(m) - 1]!} ${Number(d)}, ${time.slice(0, 5)} UTC`;
}

/** `1 h 38 min`, `12 min`, `2 d 3 h`; under a minute is `under a minute`. */
export function duration(fromIso: string, toIso: string): string {
  const minutes = Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 60_000);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}
