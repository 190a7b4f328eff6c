import { useState } from 'react';
import { api } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { MaintenanceWindow, Monitor } from '../api/types.js';
import { Button, ButtonLink, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, SkeletonRows, useToast } from '../components/ui.js';
import { dateTime } from '../format.js';
import { rruleText } from '../../../src/shared/rrule-text.js';
import { useDocumentTitle, useGet, useThrottled } from '../hooks.js';
import { useLiveEvents } from '../live.js';
import { Link } from '../router.js';
import { usePermissions } from '../session.js';
import { useSubmit } from '../use-submit.js';

/** The three groups of the page: under way, still to come, over for good. */
export function groupWindows(windows: MaintenanceWindow[]): { active: MaintenanceWindow[]; upcoming: MaintenanceWindow[]; past: MaintenanceWindow[] } {
  const active = windows.filter((w) => w.active);
  const upcoming = windows.filter((w) => !w.active && w.nextStartsAt !== null).sort((a, b) => a.nextStartsAt!.localeCompare(b.nextStartsAt!));
  // The most recently started first: the one that just ended is the one looked for.
  const past = windows.filter((w) => !w.active && w.nextStartsAt === null).sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return { active, upcoming, past };
}

function duration(w: MaintenanceWindow): string {
  const minutes = Math.round((Date.parse(w.endsAt) - Date.parse(w.startsAt)) / 60_000);
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return minutes > 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** A window's monitors: names, linked; an id the team no longer has, as it is. */
function WindowMonitors({ ids, monitors }: { ids: string[]; monitors: Map<string, Monitor> }) {
  return (
    <span className="window-monitors">
      {ids.map((id, i) => {
        const monitor = monitors.get(id);
        return (
          <span key={id}>
            {i > 0 && ', '}
            {monitor ? <Link to={`/monitors/${id}`}>{monitor.name}</Link> : <code>{id}</code>}
          </span>
        );
      })}
    </span>
  );
}

/** One window: what, which monitors, when (in the browser's zone), how it repeats, where it shows. */
function WindowItem({
  window: w,
  monitors,
  onEnd,
  onDelete,
}: {
  window: MaintenanceWindow;
  monitors: Map<string, Monitor>;
  onEnd?: () => Promise<void>;
  onDelete: () => void;
}) {
  const { canWrite, canAdmin } = usePermissions();
  // onEnd reports its own failure (a toast).
  const end = useSubmit(() => onEnd!());
  return (
    <li className="window-item" data-window-id={w.id}>
      <div className="window-head">
        <strong className="window-title">{w.title}</strong>
        <span className="window-actions">
          {canWrite && onEnd && (
            <Button size="sm" variant="primary" icon="x" busy={end.busy} onClick={() => void end.run()}>
              End now
            </Button>
          )}
          {canWrite && (
            <Link to={`/maintenance/${w.id}/edit`} className="btn btn-ghost btn-sm" aria-label={`Edit ${w.title}`}>
              Edit
            </Link>
          )}
          {canAdmin && (
            <Button size="sm" variant="ghost" icon="trash" onClick={onDelete} aria-label={`Delete ${w.title}`}>
              Delete
            </Button>
          )}
        </span>
      </div>
      <dl className="window-facts">
        <div>
          <dt>Monitors</dt>
          <dd>
            <WindowMonitors ids={w.monitorIds} monitors={monitors} />
          </dd>
        </div>
        {w.nextStartsAt && !w.active && (
          <div>
            <dt>Next</dt>
            <dd>{dateTime(w.nextStartsAt)}</dd>
          </div>
        )}
        <div>
          <dt>{w.rrule ? 'First' : 'When'}</dt>
          <dd>
            {dateTime(w.startsAt)} – {dateTime(w.endsAt)} ({duration(w)})
          </dd>
        </div>
        <div>
          <dt>Repeats</dt>
          <dd>
            {w.rrule ? (
              <>
                {/* In words where the rule is one the words cover; the rule itself on hover and as a fallback. */}
                <span title={w.rrule}>{rruleText(w.rrule) ?? <code>{w.rrule}</code>}</span> in {w.timezone}
              </>
            ) : (
              'No'
            )}
          </dd>
        </div>
        <div>
          <dt>Status page</dt>
          <dd>{w.showOnStatusPage ? 'Shown' : 'Not shown'}</dd>
        </div>
      </dl>
    </li>
  );
}

function WindowGroup({
  title,
  windows,
  monitors,
  empty,
  onEnd,
  onDelete,
}: {
  title: string;
  windows: MaintenanceWindow[];
  monitors: Map<string, Monitor>;
  empty: string;
  onEnd?: (w: MaintenanceWindow) => Promise<void>;
  onDelete: (w: MaintenanceWindow) => void;
}) {
  return (
    <Card title={title} className="window-group">
      {windows.length === 0 ? (
        <p className="muted empty-inline">{empty}</p>
      ) : (
        <ul className="window-list">
          {windows.map((w) => (
            <WindowItem key={w.id} window={w} monitors={monitors} onEnd={onEnd && (() => onEnd(w))} onDelete={() => onDelete(w)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

export function MaintenancePage() {
  useDocumentTitle('Maintenance');
  const toast = useToast();
  const windows = useGet('/api/v1/maintenance-windows');
  const monitors = useGet('/api/v1/monitors');
  const [deleting, setDeleting] = useState<MaintenanceWindow | null>(null);
  // A window starting or ending changes its monitors' status: the groups follow.
  const reload = useThrottled(() => void windows.reload(), 1000);
  useLiveEvents((event) => {
    if (event.change === 'status' || event.change === 'poll') reload();
  });

  // Any role may end an occurrence (the server lets Members and up), so every role sees the button.
  const end = async (w: MaintenanceWindow) => {
    try {
      await api.POST('/api/v1/maintenance-windows/{id}/end', { params: { path: { id: w.id } } });
      toast('success', `Ended “${w.title}”`);
      await windows.reload();
    } catch (e) {
      toast('error', (e as ApiError).detail);
    }
  };

  const byId = new Map((monitors.data?.data ?? []).map((m) => [m.id, m]));
  const groups = groupWindows(windows.data?.data ?? []);
  const { canWrite } = usePermissions();
  const actions = canWrite && (
    <ButtonLink to="/maintenance/new" variant="primary" icon="plus">
      Schedule maintenance
    </ButtonLink>
  );

  return (
    <div className="page">
      <PageHeader
        title="Maintenance"
        subtitle="Times when monitors are expected to fail: they are still checked, but open no incident and alert nobody."
        actions={actions}
      />
      {windows.error && !windows.data ? (
        <ErrorState error={windows.error} onRetry={() => void windows.reload()} title="Could not load the maintenance windows" />
      ) : !windows.data ? (
        <div className="card">
          <SkeletonRows rows={3} />
        </div>
      ) : windows.data.data.length === 0 ? (
        <div className="card">
          <EmptyState icon="tool" title="No maintenance planned" action={actions}>
            Plan a window before you upgrade or restart something, so that its monitors alert nobody meanwhile.
          </EmptyState>
        </div>
      ) : (
        <>
          <WindowGroup title="Active now" windows={groups.active} monitors={byId} empty="No maintenance is under way." onEnd={end} onDelete={setDeleting} />
          <WindowGroup title="Upcoming" windows={groups.upcoming} monitors={byId} empty="Nothing is planned." onDelete={setDeleting} />
          <WindowGroup title="Past" windows={groups.past} monitors={byId} empty="No window has ended yet." onDelete={setDeleting} />
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          confirmLabel="Delete window"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await api.DELETE('/api/v1/maintenance-windows/{id}', { params: { path: { id: deleting.id } } });
            toast('success', `Deleted “${deleting.title}”`);
            await windows.reload();
          }}
        >
          <p>None of its occurrences will happen; one under way ends now, and its monitors take their status from their newest checks.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
