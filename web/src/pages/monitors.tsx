import { useEffect, useMemo, useRef, useState } from 'react';
import { usePermissions } from '../session.js';
import { BulkActions, SelectBox, SelectShownBox, useSelection } from '../components/bulk-actions.js';
import { Sparkline } from '../components/charts.js';
import { Icon } from '../components/icons.js';
import { ButtonLink, EmptyState, ErrorState, PageHeader, SkeletonRows, StatusBadge } from '../components/ui.js';
import { exactTime, interval, lasted, ms, percent, relativeTime } from '../format.js';
import { useDocumentTitle, useGet, useNow, useThrottled } from '../hooks.js';
import { useLive, useLiveEvents } from '../live.js';
import { Link, navigate, useLocation } from '../router.js';
import type { HeartbeatMonitor, Monitor, MonitorSummary } from '../api/types.js';
import { uptimeLevel } from '../../../src/shared/uptime.js';
import { count } from '../../../src/shared/plural.js';
import { statusSince } from '../../../src/shared/status-since.js';
import { MONITOR_STATUS_TEXT, type MonitorStatus } from '../../../src/shared/vocabulary.js';
import { partsOf } from '../monitor-types/index.js';
import { compareMonitors, SORTS, type SortKey, type SortOrder } from './monitor-sort.js';

const FILTERS: Array<{ value: 'all' | MonitorStatus; label: string }> = [
  { value: 'all', label: 'All' },
  ...(['up', 'down', 'degraded', 'maintenance', 'paused', 'pending'] as const).map((value) => ({ value, label: MONITOR_STATUS_TEXT[value] })),
];

/** What a monitor watches, in one line: the URL, `host:port`, `A example.com`, or a heartbeat's schedule. */
export function target(monitor: Monitor): string {
  switch (monitor.type) {
    case 'http':
      return monitor.url;
    case 'ssl':
    case 'tcp':
      return `${monitor.host}:${monitor.port}`;
    case 'dns':
      return `${monitor.recordType} ${monitor.hostname}`;
    case 'heartbeat':
      return schedule(monitor);
    case 'ping':
      return monitor.host;
    case 'domain':
      return monitor.domain;
  }
}

/** When a heartbeat's job runs: "every 1 h", or its cron expression (with the zone unless UTC). */
export function schedule(monitor: HeartbeatMonitor): string {
  if (monitor.cron === null) return `every ${interval(monitor.periodSeconds ?? 0)}`;
  return monitor.timezone === 'UTC' ? monitor.cron : `${monitor.cron} (${monitor.timezone})`;
}

/** Every monitor's 24-hour uptime and newest runs (one call), fetched again at most every few seconds while checks report. */
function useSummaries(ids: string): Map<string, MonitorSummary> {
  const summaries = useGet('/api/v1/monitor-stats', ids ? {} : null);
  const reload = useThrottled(() => void summaries.reload(), 3000);
  const previous = useRef(ids);
  useEffect(() => {
    if (previous.current !== ids) reload();
    previous.current = ids;
  }, [ids, reload]);
  useLiveEvents((event) => {
    if (event.change === 'checked' || event.change === 'status' || event.change === 'poll') reload();
  });
  return useMemo(() => new Map((summaries.data?.data ?? []).map((s) => [s.monitorId, s])), [summaries.data]);
}

/**
 * When each monitor's state began as its incidents tell it, for streaks longer than the newest runs
 * reach: down since its open incident opened; up since its last incident was resolved, or since it
 * was created when it never had one.
 */
function useKnownSince(list: Monitor[]): Map<string, { down: number | null; up: number }> {
  const incidents = useGet('/api/v1/incidents');
  const reload = useThrottled(() => void incidents.reload(), 3000);
  useLiveEvents((event) => {
    if (event.change === 'status' || event.change === 'poll') reload();
  });
  return useMemo(() => {
    const known = new Map(list.map((m) => [m.id, { down: null as number | null, up: Date.parse(m.createdAt) }]));
    for (const incident of incidents.data?.data ?? []) {
      const entry = incident.monitorId === null ? undefined : known.get(incident.monitorId);
      if (!entry) continue;
      if (incident.resolvedAt === null) entry.down = Math.min(entry.down ?? Infinity, Date.parse(incident.createdAt));
      else entry.up = Math.max(entry.up, Date.parse(incident.resolvedAt));
    }
    return known;
  }, [list, incidents.data]);
}

export function MonitorsPage() {
  useDocumentTitle('Monitors');
  const { search } = useLocation();
  const monitors = useGet('/api/v1/monitors');
  const live = useLive();
  const now = useNow(5000);
  const [query, setQuery] = useState(search.get('q') ?? '');
  const [filter, setFilter] = useState<'all' | MonitorStatus>((search.get('status') as MonitorStatus | null) ?? 'all');
  // The tags the list is narrowed to: a monitor is shown when it holds every one (as GET /monitors?tag=… lists them).
  const [tags, setTags] = useState<string[]>(() => search.getAll('tag'));
  const addTag = (tag: string) => setTags((now) => (now.includes(tag) ? now : [...now, tag]));
  const [sort, setSort] = useState<{ key: SortKey; order: SortOrder }>(() => {
    const key = search.get('sort');
    const found = SORTS.find((s) => s.key === key);
    return found ? { key: found.key, order: search.get('order') === 'desc' ? 'desc' : 'asc' } : { key: 'status', order: 'asc' };
  });
  /** A column's header sorts by it; pressed again, the other way. */
  const sortBy = (key: SortKey) => setSort((s) => (s.key === key ? { key, order: s.order === 'asc' ? 'desc' : 'asc' } : { key, order: 'asc' }));

  const reload = useThrottled(() => void monitors.reload(), 800);
  useLiveEvents((event) => {
    if (event.change === 'added' || event.change === 'removed' || event.change === 'poll') reload();
  });

  // Live states win over the fetched list: a status change shows without a reload.
  const list = useMemo(
    () =>
      (monitors.data?.data ?? []).map((m) => {
        const state = live.states.get(m.id);
        return state ? { ...m, status: state.status, paused: state.paused, lastCheckedAt: state.lastCheckedAt } : m;
      }),
    [monitors.data, live.states],
  );
  const summaries = useSummaries(monitors.data?.data.map((m) => m.id).join(',') ?? '');
  const known = useKnownSince(list);

  useEffect(() => {
    const params = new URLSearchParams();
    if (query) params.set('q', query);
    if (filter !== 'all') params.set('status', filter);
    for (const tag of tags) params.append('tag', tag);
    if (sort.key !== 'status' || sort.order !== 'asc') {
      params.set('sort', sort.key);
      if (sort.order === 'desc') params.set('order', 'desc');
    }
    const next = `/monitors${params.size ? `?${params}` : ''}`;
    if (next !== window.location.pathname + window.location.search) window.history.replaceState(null, '', next);
  }, [query, filter, sort, tags]);
  const allTags = useMemo(() => [...new Set(list.flatMap((m) => m.tags))].sort(), [list]);

  const counts = useMemo(() => {
    const c: Record<string, number> = { all: list.length };
    for (const m of list) c[m.status] = (c[m.status] ?? 0) + 1;
    return c;
  }, [list]);

  const needle = query.trim().toLowerCase();
  const shown = list
    .filter(
      (m) =>
        (filter === 'all' || m.status === filter) &&
        tags.every((tag) => m.tags.includes(tag)) &&
        (!needle || m.name.toLowerCase().includes(needle) || target(m).toLowerCase().includes(needle)),
    )
    .sort((a, b) => compareMonitors(a, b, sort.key, sort.order, summaries));

  const selection = useSelection(shown.map((m) => m.id));
  // A Viewer reads the list: no new monitor, no ticking monitors to pause or delete.
  const { canWrite } = usePermissions();

  const problems = (counts.down ?? 0) + (counts.degraded ?? 0);
  const subtitle = monitors.data
    ? list.length === 0
      ? 'Nothing is watched yet.'
      : problems > 0
        ? `${problems} of ${count(list.length, 'monitor')} ${problems === 1 ? 'needs' : 'need'} attention.`
        : `${list.length === 1 ? 'The monitor is' : `All ${list.length} monitors are`} fine${counts.paused ? ` (${counts.paused} paused)` : ''}${counts.maintenance ? ` (${counts.maintenance} in maintenance)` : ''}.`
    : 'Endpoints, certificates, ports, DNS records and jobs your team watches.';

  return (
    <div className="page">
      <PageHeader
        title="Monitors"
        subtitle={subtitle}
        actions={
          canWrite && (
            <ButtonLink to="/monitors/new" variant="primary" icon="plus">
              New monitor
            </ButtonLink>
          )
        }
      />
      {monitors.data && list.length > 0 && (
        <div className="toolbar">
          <div className="search">
            <Icon name="search" size={16} />
            <label htmlFor="monitor-search" className="sr-only">
              Search monitors
            </label>
            <input id="monitor-search" type="search" placeholder="Search by name or target" value={query} onChange={(e) => setQuery(e.target.value)} />
          </div>
          <label className="sort-select">
            <span>Sort by</span>
            <select
              value={`${sort.key}:${sort.order}`}
              onChange={(e) => {
                const [key, order] = e.target.value.split(':') as [SortKey, SortOrder];
                setSort({ key, order });
              }}
            >
              {SORTS.flatMap((column) =>
                (['asc', 'desc'] as const).map((order) => (
                  <option key={`${column.key}:${order}`} value={`${column.key}:${order}`}>
                    {column.label}, {order === 'asc' ? column.asc : column.desc}
                  </option>
                )),
              )}
            </select>
          </label>
          {allTags.length > 0 && (
            <label className="sort">
              <span className="sr-only">Filter by tag</span>
              <select
                aria-label="Filter by tag"
                value=""
                onChange={(e) => {
                  if (e.target.value) addTag(e.target.value);
                }}
              >
                <option value="">Filter by tag…</option>
                {allTags
                  .filter((tag) => !tags.includes(tag))
                  .map((tag) => (
                    <option key={tag} value={tag}>
                      {tag}
                    </option>
                  ))}
              </select>
            </label>
          )}
          {tags.length > 0 && (
            <div className="tag-chips" role="group" aria-label="Tags the list is filtered by">
              {tags.map((tag) => (
                <button
                  key={tag}
                  type="button"
                  className="tag-chip active"
                  onClick={() => setTags((now) => now.filter((t) => t !== tag))}
                  aria-label={`Remove the tag filter ${tag}`}
                >
                  {tag} ×
                </button>
              ))}
            </div>
          )}
          <div className="segmented" role="group" aria-label="Filter by status">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                className={filter === f.value ? 'active' : ''}
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
                <span className="count">{counts[f.value] ?? 0}</span>
              </button>
            ))}
          </div>
        </div>
      )}
      {monitors.error && !monitors.data ? (
        <ErrorState error={monitors.error} onRetry={() => void monitors.reload()} title="Could not load monitors" />
      ) : !monitors.data ? (
        <div className="card">
          <SkeletonRows rows={5} />
        </div>
      ) : list.length === 0 ? (
        <div className="card">
          <EmptyState
            icon="activity"
            title="No monitors yet"
            action={
              canWrite && (
                <ButtonLink to="/monitors/new" variant="primary" icon="plus">
                  Create your first monitor
                </ButtonLink>
              )
            }
          >
            Watch an HTTP endpoint, a TLS certificate, a TCP port or a DNS record from up to three regions, or have a scheduled job report in with a heartbeat.
            You will see its status here within seconds.
          </EmptyState>
        </div>
      ) : shown.length === 0 ? (
        <div className="card">
          <EmptyState icon="search" title="No monitors match">
            Nothing matches {needle ? `“${query}”` : 'this filter'}
            {filter !== 'all' ? ` with status ${filter}` : ''}
            {tags.length > 0 ? ` tagged ${tags.join(', ')}` : ''}.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setQuery('');
                setFilter('all');
                setTags([]);
              }}
            >
              Clear the filters
            </button>
          </EmptyState>
        </div>
      ) : (
        <div className="card table-card">
          {canWrite && <BulkActions selection={selection} monitors={shown} onChanged={() => void monitors.reload()} />}
          <table className="table monitors-table stack-table">
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  {canWrite && <SelectShownBox selection={selection} />}
                </th>
                {SORTS.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.numeric ? 'num' : undefined}
                    aria-sort={sort.key === column.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button type="button" className="sort-button" onClick={() => sortBy(column.key)}>
                      {column.label}
                      <span className="sort-mark" aria-hidden="true">
                        {sort.key === column.key ? (sort.order === 'asc' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((m) => {
                const summary = summaries.get(m.id);
                return (
                  <tr
                    key={m.id}
                    className="clickable"
                    data-monitor-id={m.id}
                    onClick={(e) => (e.target as HTMLElement).closest('a') || navigate(`/monitors/${m.id}`)}
                  >
                    <td className="select-cell">{canWrite && <SelectBox selection={selection} monitor={m} />}</td>
                    <td data-label="Status" className="stack-corner">
                      <StatusBadge status={m.status} />
                      <StatusFor status={m.status} summary={summary} before={known.get(m.id)?.[m.status === 'down' ? 'down' : 'up'] ?? null} now={now} />
                    </td>
                    <td data-label="Monitor" className="monitor-cell stack-title">
                      <Link to={`/monitors/${m.id}`} className="row-title">
                        {m.name}
                      </Link>
                      <span className="row-sub">
                        <span className="type-tag">{partsOf(m.type).detail.tag}</span>
                        <span className="truncate">{target(m)}</span>
                      </span>
                      {m.tags.length > 0 && (
                        <span className="tag-chips">
                          {m.tags.map((tag) => (
                            <button key={tag} type="button" className="tag-chip" onClick={() => addTag(tag)} title={`Show only monitors tagged ${tag}`}>
                              {tag}
                            </button>
                          ))}
                        </span>
                      )}
                    </td>
                    <td data-label="Last check">
                      {m.lastCheckedAt === null ? (
                        'never'
                      ) : (
                        <time dateTime={m.lastCheckedAt} title={exactTime(m.lastCheckedAt)}>
                          {relativeTime(m.lastCheckedAt, now)}
                        </time>
                      )}
                      <span className="row-sub">
                        {m.type === 'heartbeat' ? (
                          m.deadlineAt ? (
                            <>
                              ping due{' '}
                              <time dateTime={m.deadlineAt} title={exactTime(m.deadlineAt)}>
                                {relativeTime(m.deadlineAt, now)}
                              </time>
                            </>
                          ) : (
                            'waits for a ping'
                          )
                        ) : (
                          `every ${interval(m.intervalSeconds)}`
                        )}
                      </span>
                    </td>
                    <td data-label="Uptime 24 h" className="num">
                      <span className={`uptime-value ${uptimeClass(summary?.uptime24h ?? null)}`}>{percent(summary?.uptime24h ?? null)}</span>
                      {summary && summary.checks24h > 0 && <span className="row-sub num-sub">{count(summary.checks24h, 'check')}</span>}
                    </td>
                    <td data-label="Response time" className="stack-wide">
                      <span className="spark-cell">
                        <Sparkline
                          points={(summary?.recent ?? []).map((r) => ({ value: r.durationMs, failed: !r.ok }))}
                          label={`Response time of ${m.name}, last ${count(summary?.recent.length ?? 0, 'check')}`}
                        />
                        <span className="spark-value">{ms(summary?.recent[summary.recent.length - 1]?.durationMs ?? null)}</span>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** "for 12 min" under a down or up monitor's badge, from its newest runs ("for over 30 min" when they all agree). */
function StatusFor({ status, summary, before, now }: { status: MonitorStatus; summary: MonitorSummary | undefined; before: number | null; now: number }) {
  // Fewer runs than the summary holds are every run the monitor had: a streak reaching back to the first is exact.
  const since = summary ? statusSince(status, summary.recent, summary.recent.length < 30, before) : null;
  if (!since) return null;
  return (
    <span className="row-sub status-for" data-testid="status-for" title={`Since ${exactTime(new Date(since.since).toISOString())}`}>
      for {since.atLeast ? 'over ' : ''}
      {lasted(new Date(since.since).toISOString(), now)}
    </span>
  );
}

export function uptimeClass(value: number | null): string {
  return value === null ? 'none' : uptimeLevel(value);
}
