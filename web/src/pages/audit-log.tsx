import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { AuditEntry } from '../api/types.js';
import { LocalTime } from '../components/local-time.js';
import { Button, EmptyState, ErrorState, PageHeader, SkeletonRows } from '../components/ui.js';
import { useDocumentTitle } from '../hooks.js';
import { navigate, useLocation } from '../router.js';
import { usePermissions } from '../session.js';
import { OlderPages, useCursorPages } from '../use-cursor-pages.js';

const FILTERS = ['action', 'actorId', 'targetId', 'since', 'until'] as const;
type Filter = (typeof FILTERS)[number];
type Filters = Record<Filter, string>;

const SURFACE_TEXT: Record<AuditEntry['surface'], string> = { rest: 'API', mcp: 'MCP', dashboard: 'Dashboard', cli: 'CLI' };

/** The filters live in the address, so that a filtered log can be linked to and survives a reload. */
function filtersOf(search: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])) as Filters;
}

/** A `datetime-local` value (the browser's zone) as the ISO time the API takes; '' stays ''. */
function isoOf(local: string): string {
  if (local === '') return '';
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString();
}

function actorText(entry: AuditEntry): string {
  if (entry.actor.type === 'cli') return 'Operator (CLI)';
  if (entry.actor.type === 'system') return 'Lookout';
  const who = entry.actor.email ?? entry.actor.id ?? 'unknown';
  return entry.actor.type === 'token' ? `${who} (token)` : who;
}

/** Who changed what in the team, newest first, 50 at a time: for Admins and Owners. */
export function AuditLogPage() {
  useDocumentTitle('Audit log');
  const { canAdmin } = usePermissions();
  const { search } = useLocation();
  const filters = filtersOf(search);
  const [draft, setDraft] = useState<Filters>(filters);
  const key = FILTERS.map((f) => filters[f]).join('|');
  const pages = useCursorPages(
    (after) => {
      const query = {
        ...Object.fromEntries(FILTERS.filter((f) => filters[f] !== '').map((f) => [f, filters[f]])),
        ...(after && { cursor: after }),
      };
      return api.GET('/api/v1/audit-log', { params: { query } });
    },
    key,
    canAdmin,
  );
  // The filter form shows the filters of the address, after a link or the history too.
  useEffect(() => setDraft(filters), [key]);

  const apply = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const query = new URLSearchParams(FILTERS.filter((f) => draft[f].trim() !== '').map((f) => [f, draft[f].trim()]));
    navigate(`/audit-log${query.size ? `?${query.toString()}` : ''}`, { replace: true });
  };
  const field = (name: Filter, label: string, placeholder: string) => (
    <label className="inline-label">
      {label}
      <input name={name} value={draft[name]} placeholder={placeholder} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
    </label>
  );
  const time = (name: 'since' | 'until', label: string) => (
    <label className="inline-label">
      {label}
      <input
        type="datetime-local"
        name={name}
        // Shown in the browser's zone; the address keeps the ISO time.
        value={draft[name] ? toLocalInput(draft[name]) : ''}
        onChange={(e) => setDraft({ ...draft, [name]: isoOf(e.target.value) })}
      />
    </label>
  );

  if (!canAdmin) {
    return (
      <div className="page">
        <PageHeader title="Audit log" />
        <EmptyState icon="shield" title="For Admins and Owners">
          The audit log shows who changed what in the team; ask an Admin or Owner.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="page">
      <PageHeader
        title="Audit log"
        subtitle="Every change made in the team through the dashboard, the API, MCP or the CLI, with who made it: kept 400 days, never changed."
      />
      <form className="toolbar filters" role="search" aria-label="Filter the audit log" onSubmit={apply}>
        {field('action', 'Action', 'updateMonitor')}
        {field('actorId', 'Actor id', 'user or token id')}
        {field('targetId', 'Target id', 'monitor, member… id')}
        {time('since', 'From')}
        {time('until', 'Before')}
        <Button type="submit" size="sm">
          Filter
        </Button>
      </form>
      <div className="card table-card">
        {pages.error && !pages.rows ? (
          <ErrorState error={pages.error} onRetry={pages.reload} title="Could not load the audit log" />
        ) : !pages.rows ? (
          <SkeletonRows />
        ) : pages.rows.length === 0 ? (
          <EmptyState icon="shield" title="No entries">
            {key === '||||' ? 'Changes made in the team appear here.' : 'None match these filters.'}
          </EmptyState>
        ) : (
          <>
            <table className="table" data-testid="audit-log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Through</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Fields</th>
                  <th scope="col">Address</th>
                </tr>
              </thead>
              <tbody>
                {pages.rows.map((entry) => (
                  <tr key={entry.id} data-action={entry.action}>
                    <td data-label="When">
                      <LocalTime iso={entry.at} />
                    </td>
                    <td data-label="Who" className="stack-title">
                      {actorText(entry)}
                    </td>
                    <td data-label="Through">{SURFACE_TEXT[entry.surface]}</td>
                    <td data-label="Action">
                      <code>{entry.action}</code>
                    </td>
                    <td data-label="Target">
                      {entry.targetType ?? '—'}
                      {entry.targetId && <span className="muted mono"> {entry.targetId}</span>}
                    </td>
                    <td data-label="Fields">{entry.changes.length ? entry.changes.join(', ') : '—'}</td>
                    <td data-label="Address" className="mono">
                      {entry.ip ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <OlderPages pages={pages} />
          </>
        )}
      </div>
    </div>
  );
}

/** An ISO time as a `datetime-local` input's value, in the browser's zone. */
function toLocalInput(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  const local = new Date(time.getTime() - time.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
