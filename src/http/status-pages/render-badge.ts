import type { PublicMonitor, PublicStatusPage } from '../../domain/status-pages.js';
import { formatUptime, uptimeLevel } from '../../shared/uptime.js';
import type { PublicMonitorStatus } from '../../shared/vocabulary.js';
import { escape } from './format.js';

/*
 * Badges for READMEs and dashboards elsewhere: `status | up`, `uptime 30d | 99.95%`. A flat
 * two-part SVG written here rather than through a badge library: the two texts and five colours
 * are all there is, and a template keeps each badge a string join (badges are served at thousands
 * a second). White text on dark fills reads the same on light and dark pages (contrast ≥ 4.5:1).
 */

export const BADGE_DAYS_DEFAULT = 30;
export const BADGE_METRICS = ['status', 'uptime'] as const;
export type BadgeMetric = (typeof BADGE_METRICS)[number];

const LABEL_FILL = '#344054';
const FILL = { good: '#067647', warn: '#b54708', bad: '#b42318', maintenance: '#1e40af', none: '#475467' } as const;

/** Verdana 11 px advance widths (px) of the characters badges hold; anything else counts as the widest lower-case letter. */
const WIDTHS: Record<string, number> = {
  ' ': 3.9,
  '.': 3.9,
  '%': 12.3,
  ':': 4.6,
  '|': 4.6,
  '-': 4.6,
  a: 6.7,
  b: 6.9,
  c: 5.8,
  d: 6.9,
  e: 6.7,
  f: 3.9,
  g: 6.9,
  h: 7,
  i: 3,
  j: 3.8,
  k: 6.5,
  l: 3,
  m: 10.7,
  n: 7,
  o: 6.7,
  p: 6.9,
  q: 6.9,
  r: 4.7,
  s: 5.7,
  t: 4.3,
  u: 7,
  v: 6.5,
  w: 9,
  x: 6.5,
  y: 6.5,
  z: 5.8,
};
const DIGIT = 7;
const WIDEST = 10.7;

function textWidth(text: string): number {
  let width = 0;
  for (const c of text) width += c >= '0' && c <= '9' ? DIGIT : (WIDTHS[c] ?? WIDEST);
  return Math.ceil(width);
}

/** A flat badge: `label` on grey, `value` on `fill`, both in white. */
export function badgeSvg(label: string, value: string, fill: string): string {
  const left = textWidth(label) + 12;
  const right = textWidth(value) + 12;
  const width = left + right;
  const l = escape(label);
  const v = escape(value);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${l}: ${v}">` +
    `<title>${l}: ${v}</title>` +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${left}" height="20" fill="${LABEL_FILL}"/><rect x="${left}" width="${right}" height="20" fill="${fill}"/></g>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">` +
    `<text x="${left / 2}" y="14">${l}</text><text x="${left + right / 2}" y="14">${v}</text></g></svg>`
  );
}

const STATUS_VALUE: Record<PublicMonitorStatus, [string, string]> = {
  operational: ['up', FILL.good],
  degraded: ['degraded', FILL.warn],
  down: ['down', FILL.bad],
  maintenance: ['maintenance', FILL.maintenance],
  paused: ['paused', FILL.none],
  'no-data': ['unknown', FILL.none],
};

/** The page's overall state: maintenance when every listed monitor is in maintenance, else as the banner says. */
export function pageBadge(view: PublicStatusPage): string {
  if (view.monitors.length > 0 && view.monitors.every((m) => m.status === 'maintenance')) return badgeSvg('status', 'maintenance', FILL.maintenance);
  const [value, fill] = view.status === 'operational' ? ['up', FILL.good] : view.status === 'partial-outage' ? ['degraded', FILL.warn] : ['down', FILL.bad];
  return badgeSvg('status', value, fill);
}

export function monitorBadge(monitor: PublicMonitor, metric: BadgeMetric, days: number): string {
  if (metric === 'status') {
    const [value, fill] = STATUS_VALUE[monitor.status];
    return badgeSvg('status', value, fill);
  }
  let checks = 0;
  let failures = 0;
  for (const [c, f] of monitor.dayCounts.slice(-days)) {
    checks += c;
    failures += f;
  }
  const label = `uptime ${days}d`;
  if (checks === 0) return badgeSvg(label, 'no data', FILL.none);
  // Cut to three decimals as the page does, so the badge never reads higher than the page.
  const percent = Math.floor(((checks - failures) / checks) * 100_000) / 1000;
  const level = uptimeLevel(percent);
  return badgeSvg(label, formatUptime(percent), FILL[level]);
}

/**
 * The query of a monitor badge: `metric` status (default) or uptime, `days` 1-90 (default 30).
 * Undefined when either is anything else (a repeated parameter included); other parameters are ignored.
 */
export function badgeQuery(query: Record<string, unknown>): { metric: BadgeMetric; days: number } | undefined {
  // Other parameters (a cache buster, a style a badge service knows) change nothing.
  const { metric = 'status', days = String(BADGE_DAYS_DEFAULT) } = query;
  if (typeof metric !== 'string' || !(BADGE_METRICS as readonly string[]).includes(metric)) return undefined;
  if (typeof days !== 'string' || !/^[1-9][0-9]?$/.test(days) || Number(days) > 90) return undefined;
  return { metric: metric as BadgeMetric, days: Number(days) };
}
