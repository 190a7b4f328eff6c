import type { Monitor, MonitorSummary } from '../api/types.js';

export type SortKey = 'status' | 'name' | 'lastCheck' | 'uptime' | 'response';
export type SortOrder = 'asc' | 'desc';

/** The list's columns, each sortable; `asc` and `desc` say what each order puts first. */
export const SORTS: ReadonlyArray<{ key: SortKey; label: string; numeric?: boolean; asc: string; desc: string }> = [
  { key: 'status', label: 'Status', asc: 'problems first', desc: 'problems last' },
  { key: 'name', label: 'Monitor', asc: 'A to Z', desc: 'Z to A' },
  { key: 'lastCheck', label: 'Last check', asc: 'newest first', desc: 'oldest first' },
  { key: 'uptime', label: 'Uptime 24 h', numeric: true, asc: 'lowest first', desc: 'highest first' },
  { key: 'response', label: 'Response time', asc: 'slowest first', desc: 'fastest first' },
];

/** Down first, then what needs a look, then what is fine, then what is set aside. */
const STATUS_RANK: Record<Monitor['status'], number> = { down: 0, degraded: 1, pending: 2, maintenance: 3, up: 4, paused: 5 };

const byName = (a: Monitor, b: Monitor) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id.localeCompare(b.id);

/** A value missing (no check yet) sorts last whichever the order. */
function byNumber(a: number | null | undefined, b: number | null | undefined, order: SortOrder): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  return order === 'asc' ? a - b : b - a;
}

/** The list's order: by the column asked, then by name. */
export function compareMonitors(a: Monitor, b: Monitor, key: SortKey, order: SortOrder, summaries: Map<string, MonitorSummary>): number {
  const sign = order === 'asc' ? 1 : -1;
  let first: number;
  if (key === 'status') first = sign * (STATUS_RANK[a.status] - STATUS_RANK[b.status]);
  else if (key === 'name') return sign * byName(a, b);
  else if (key === 'lastCheck') first = byNumber(time(b.lastCheckedAt), time(a.lastCheckedAt), order);
  else if (key === 'uptime') first = byNumber(summaries.get(a.id)?.uptime24h, summaries.get(b.id)?.uptime24h, order);
  else first = byNumber(newest(summaries.get(b.id)), newest(summaries.get(a.id)), order);
  return first || byName(a, b);
}

const time = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const newest = (summary: MonitorSummary | undefined) => summary?.recent[summary.recent.length - 1]?.durationMs;
