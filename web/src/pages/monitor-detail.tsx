import { useEffect, useMemo, useState } from 'react';
import { api } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import { UptimeBar } from '../components/charts.js';
import { ResponseChart } from '../components/response-chart.js';
import { CheckErrorText } from '../components/check-error.js';
import { Icon } from '../components/icons.js';
import { LocalTime } from '../components/local-time.js';
import { Warnings } from '../components/run-warnings.js';
import {
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  ErrorState,
  IncidentBadge,
  Loading,
  Notice,
  PageHeader,
  SkeletonRows,
  StatusBadge,
  useToast,
} from '../components/ui.js';
import { date, exactTime, ms, percent, relativeTime, shortTime } from '../format.js';
import { useDocumentTitle, useGet, useNow, useThrottled } from '../hooks.js';
import { useLive, useLiveEvents } from '../live.js';
import { Link, navigate } from '../router.js';
import { usePermissions } from '../session.js';
import type { CheckedMonitor, Monitor, MonitorType, Run } from '../api/types.js';
import { describeAssertion, type Assertion } from '../assertions.js';
import { partsOf } from '../monitor-types/index.js';
import { count } from '../../../src/shared/plural.js';
import { target, uptimeClass } from './monitors.js';
import { useSubmit } from '../use-submit.js';

function degradedText(reasons: readonly string[]): string {
  const regions = reasons.includes('regions');
  const assertions = reasons.includes('assertions');
  if (regions && assertions) return 'some regions fail, and checks that pass in others raise assertion warnings.';
  if (regions) return 'some regions fail while others succeed.';
  return 'every region succeeds, but some assertions marked “degraded” do not hold (see the warnings below).';
}

/** "Check now": shows the trigger lock's countdown once the server reports it (429 with Retry-After). */
function CheckNow({ monitor, onQueued }: { monitor: CheckedMonitor; onQueued: () => void }) {
  const toast = useToast();
  const now = useNow(500);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const remaining = lockedUntil === null ? 0 : Math.max(0, Math.ceil((lockedUntil - Math.max(now, Date.now())) / 1000));

  useEffect(() => {
    if (lockedUntil !== null && remaining === 0) {
      setLockedUntil(null);
      setMessage(null);
    }
  }, [remaining, lockedUntil]);

  const trigger = useSubmit(
    async () => {
      const answer = await api.POST('/api/v1/monitors/{id}/check', { params: { path: { id: monitor.id } } });
      setMessage({ kind: 'success', text: `Check queued in ${answer.regions.join(', ')}. Results appear here in a few seconds.` });
      onQueued();
    },
    {
      onError: (error) => {
        if (error.status === 429 && error.retryAfter) {
          setLockedUntil(Date.now() + error.retryAfter * 1000);
          setMessage({ kind: 'warning', text: 'This monitor was checked on demand less than a minute ago.' });
        } else {
          setMessage({ kind: 'error', text: error.detail });
          toast('error', error.detail);
        }
      },
    },
  );

  return (
    <>
      <Button
        variant="primary"
        icon={remaining > 0 ? 'lock' : 'zap'}
        onClick={() => void trigger.run()}
        busy={trigger.busy}
        disabled={remaining > 0 || monitor.paused}
        title={monitor.paused ? 'Resume the monitor to check it' : undefined}
        data-testid="check-now"
      >
        {remaining > 0 ? `Locked · ${remaining} s` : 'Check now'}
      </Button>
      {message && (
        <div className={`check-message notice notice-${message.kind}`} role="status" data-testid="check-message">
          {message.text}
          {remaining > 0 && (
            <>
              {' '}
              Next manual check in <strong data-testid="lock-countdown">{remaining} s</strong>.
            </>
          )}
        </div>
      )}
    </>
  );
}

function sameDay(iso: string): boolean {
  return new Date(iso).toDateString() === new Date().toDateString();
}

/** Each assertion's outcome in a run, described by the monitor's assertion of that index. */
function AssertionOutcomes({ run, assertions }: { run: Run; assertions: readonly Assertion[] }) {
  const held = run.assertions.filter((a) => a.ok).length;
  return (
    <details className="run-assertions">
      <summary>
        {held} of {run.assertions.length} assertions held
      </summary>
      <ol>
        {run.assertions.map((outcome) => {
          const assertion = assertions[outcome.index];
          return (
            <li key={outcome.index} className={outcome.ok ? 'assertion-ok' : 'assertion-failed'} data-index={outcome.index}>
              <Icon name={outcome.ok ? 'check' : 'x'} size={14} aria-label={outcome.ok ? 'held' : 'did not hold'} />{' '}
              <span>{assertion ? describeAssertion(assertion) : `Assertion ${outcome.index + 1}`}</span>
              {assertion?.severity === 'degraded' && <span className="pill pill-muted">degraded</span>}
              <span className="muted">
                {' · '}
                {run.textsWithheld ? (
                  'what it read is shown to Admins and Owners only (the monitor holds credentials)'
                ) : (
                  <>found {outcome.actual === null ? 'nothing' : <code>{outcome.actual}</code>}</>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/** Where a run came from: its region; a heartbeat's runs have none, and came from a ping (or from no ping: missed). */
function RunSource({ run }: { run: Run }) {
  if (run.region !== null) return <>{run.region}</>;
  if (run.trigger === 'ping') return <>ping</>;
  return <>—{run.error?.code === 'heartbeat-missed' && <span className="pill pill-muted">missed</span>}</>;
}

function RunsTable({
  runs,
  assertions,
  error,
  onRetry,
  type,
}: {
  runs: Run[] | undefined;
  assertions: readonly Assertion[];
  error: ApiError | undefined;
  onRetry: () => void;
  type: MonitorType;
}) {
  const { RunView, words } = partsOf(type).detail;
  const [limit, setLimit] = useState(10);
  if (error && !runs) return <ErrorState error={error} onRetry={onRetry} title="Could not load the checks" />;
  if (!runs) return <SkeletonRows rows={4} />;
  if (runs.length === 0) {
    return <p className="empty-inline">{words.noRuns}</p>;
  }
  return (
    <>
      <div className="table-scroll">
        <table className="table runs-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Region</th>
              <th scope="col">Result</th>
              <th scope="col" className="num">
                Duration
              </th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {runs.slice(0, limit).map((run) => (
              <tr key={run.id}>
                <td className="nowrap">
                  <LocalTime iso={run.startedAt}>
                    {sameDay(run.startedAt) ? shortTime(run.startedAt) : `${date(run.startedAt)}, ${shortTime(run.startedAt)}`}
                  </LocalTime>
                </td>
                <td>
                  <RunSource run={run} />
                  {run.trigger === 'manual' && <span className="pill pill-muted">manual</span>}
                  {run.maintenance && (
                    <span className="pill pill-maintenance" title="During a maintenance window: changes no status and counts in no uptime">
                      maintenance
                    </span>
                  )}
                </td>
                <td>
                  <span className={`result ${!run.ok ? 'result-fail' : run.warnings.length > 0 ? 'result-warn' : 'result-ok'}`}>
                    <Icon name={!run.ok ? 'x' : run.warnings.length > 0 ? 'alert' : 'check'} size={14} />
                    {!run.ok ? 'Failed' : run.warnings.length > 0 ? 'OK, with warnings' : 'OK'}
                  </span>
                </td>
                <td className="num">{ms(run.durationMs)}</td>
                <td className="run-details">
                  <RunView run={run} />
                  {run.error && <CheckErrorText error={run.error} />}
                  {run.attempts > 1 && <span className="muted"> · retried</span>}
                  {run.warnings.length > 0 && <Warnings warnings={run.warnings} />}
                  {run.assertions.length > 0 && <AssertionOutcomes run={run} assertions={assertions} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {runs.length > limit && (
        <div className="card-footer">
          <Button size="sm" onClick={() => setLimit(limit + 25)}>
            Show more ({runs.length - limit} more)
          </Button>
        </div>
      )}
    </>
  );
}

/** Daily uptime over 30 days, one cell per day (rollups), and the figure for the whole period. */
function AvailabilityCard({ monitorId, version }: { monitorId: string; version: number }) {
  const stats = useGet('/api/v1/monitors/{id}/stats', { params: { path: { id: monitorId }, query: { range: '30d' } } });
  useEffect(() => {
    if (version > 0) void stats.reload();
    // Only a new version reloads; `stats` is a new object on every render.
  }, [version]);
  const s = stats.data;
  const cells = useMemo(() => {
    if (!s) return [];
    const day = 86_400_000;
    const first = new Date(s.from).getTime();
    const byStart = new Map(s.buckets.map((b) => [new Date(b.start).getTime(), b]));
    return Array.from({ length: 30 }, (_, i) => {
      const t = first + i * day;
      const b = byStart.get(t);
      const label = new Date(t).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
      return {
        t,
        uptime: b?.uptime ?? null,
        note: b ? `${label}: ${percent(b.uptime)} of ${count(b.checks, 'check')}${b.failures ? `, ${b.failures} failed` : ''}` : `${label}: no checks`,
      };
    });
  }, [s]);
  return (
    <Card
      title="Uptime, last 30 days"
      actions={s ? <strong className={`uptime-big uptime-value ${uptimeClass(s.uptime)}`}>{percent(s.uptime)}</strong> : undefined}
    >
      {stats.error && !s ? (
        <ErrorState error={stats.error} onRetry={() => void stats.reload()} />
      ) : !s ? (
        <SkeletonRows rows={1} />
      ) : (
        <>
          <UptimeBar buckets={cells} label={`Daily uptime for 30 days: ${percent(s.uptime)} overall`} />
          <div className="uptime-legend">
            <span>30 days ago</span>
            <span>
              {count(s.checks, 'check')}
              {s.failures ? `, ${s.failures.toLocaleString()} failed` : ''}
            </span>
            <span>Today</span>
          </div>
        </>
      )}
    </Card>
  );
}

/** What every monitor has besides its type's own settings: who is told, after how many failures, since when. */
function SettingsCard({ monitor }: { monitor: Monitor }) {
  const policy = useGet('/api/v1/notification-policies/{id}', monitor.notificationPolicyId ? { params: { path: { id: monitor.notificationPolicyId } } } : null);
  const unit = partsOf(monitor.type).detail.checked ? 'check' : 'run';
  return (
    <Card title="Alerting">
      <dl className="facts">
        <div>
          <dt>Notifications</dt>
          <dd>{monitor.notificationPolicyId ? <Link to={`/notifications/${monitor.notificationPolicyId}`}>{policy.data?.name ?? 'Policy'}</Link> : 'None'}</dd>
        </div>
        <div>
          <dt>Down after</dt>
          <dd>{count(monitor.failureThreshold, `failed ${unit}`)} in a row</dd>
        </div>
        <div>
          <dt>Up after</dt>
          <dd>{count(monitor.recoveryThreshold, `successful ${unit}`)} in a row</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <LocalTime iso={monitor.createdAt} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function OpenIncidents({ monitorId }: { monitorId: string }) {
  const incidents = useGet('/api/v1/incidents');
  const open = incidents.data?.data.filter((i) => i.monitorId === monitorId && i.status !== 'resolved') ?? [];
  if (open.length === 0) return null;
  return (
    <Notice kind="error">
      <strong>{open.length === 1 ? 'Open incident:' : `${open.length} open incidents:`}</strong>{' '}
      {open.map((incident, i) => (
        <span key={incident.id}>
          {i > 0 && ', '}
          <Link to={`/incidents/${incident.id}`}>{incident.title}</Link> <IncidentBadge status={incident.status} />
        </span>
      ))}
    </Notice>
  );
}

export function MonitorDetailPage({ id }: { id: string }) {
  const monitor = useGet('/api/v1/monitors/{id}', { params: { path: { id } } });
  const runs = useGet('/api/v1/monitors/{id}/runs', { params: { path: { id } } });
  const live = useLive();
  const toast = useToast();
  const { canWrite, canAdmin } = usePermissions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const pause = useSubmit(
    async (paused: boolean) => {
      const updated = await api.POST(paused ? '/api/v1/monitors/{id}/pause' : '/api/v1/monitors/{id}/resume', { params: { path: { id } } });
      monitor.setData(() => updated);
      toast('success', paused ? `Paused “${updated.name}”; no checks run until you resume it` : `Resumed “${updated.name}”; checking now`);
    },
    { onError: (e) => toast('error', e.detail) },
  );
  const now = useNow(5000);
  useDocumentTitle(monitor.data?.name ?? 'Monitor');

  const [version, setVersion] = useState(0);
  const refresh = useThrottled(() => {
    void monitor.reload();
    void runs.reload();
    setVersion((v) => v + 1);
  }, 1000);
  useLiveEvents((event) => {
    if (event.monitorId === id || event.change === 'poll') refresh();
  });

  if (monitor.error && !monitor.data) {
    return (
      <div className="page">
        <PageHeader title="Monitor" back={{ to: '/monitors', label: 'Monitors' }} />
        <ErrorState error={monitor.error} onRetry={() => void monitor.reload()} />
      </div>
    );
  }
  if (!monitor.data) {
    return (
      <div className="page">
        <Loading label="Loading monitor…" />
      </div>
    );
  }
  const state = live.states.get(id);
  const m: Monitor = state ? { ...monitor.data, status: state.status, paused: state.paused, lastCheckedAt: state.lastCheckedAt } : monitor.data;
  const { Overview, DetailCard, checked, tag, words } = partsOf(m.type).detail;

  return (
    <div className="page">
      <PageHeader
        title={m.name}
        badge={<StatusBadge status={m.status} size="lg" />}
        back={{ to: '/monitors', label: 'Monitors' }}
        subtitle={
          <>
            <span className="type-tag">{tag}</span> <span className="break">{target(m)}</span>
            <span className="muted">
              {' '}
              · {checked ? 'last checked' : 'last run'}{' '}
              {m.lastCheckedAt === null ? (
                'never'
              ) : (
                <time dateTime={m.lastCheckedAt} title={exactTime(m.lastCheckedAt)}>
                  {relativeTime(m.lastCheckedAt, now)}
                </time>
              )}
            </span>
          </>
        }
        actions={
          // A Viewer reads the monitor and changes nothing: no check now, pause, maintenance or edit.
          <>
            {canWrite && m.type !== 'heartbeat' && <CheckNow monitor={m} onQueued={refresh} />}
            {canWrite &&
              (m.paused ? (
                <Button icon="play" onClick={() => void pause.run(false)} busy={pause.busy}>
                  Resume
                </Button>
              ) : (
                <Button icon="pause" onClick={() => void pause.run(true)} busy={pause.busy}>
                  Pause
                </Button>
              ))}
            {canWrite && (
              <ButtonLink to={`/maintenance/new?monitor=${id}`} icon="tool">
                Schedule maintenance
              </ButtonLink>
            )}
            {canWrite && (
              <ButtonLink to={`/monitors/${id}/edit`} icon="edit">
                Edit
              </ButtonLink>
            )}
            {canAdmin && (
              <Button variant="danger" icon="trash" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            )}
          </>
        }
      />
      {m.paused && <Notice kind="info">{words.paused}</Notice>}
      {m.status === 'maintenance' && (
        <Notice kind="info">
          <strong>Under maintenance:</strong> checked as usual, but it opens no incident and alerts nobody until the{' '}
          <Link to="/maintenance">maintenance window</Link> ends.
        </Notice>
      )}
      {m.status === 'degraded' && monitor.data.degradedReasons.length > 0 && (
        <Notice kind="warning">
          <strong>Degraded:</strong> {degradedText(monitor.data.degradedReasons)}
        </Notice>
      )}
      {monitor.data.suppressedBy !== null && (
        <Notice kind="info">
          <strong>Alerts held back:</strong> it went down while <Link to={`/monitors/${monitor.data.suppressedBy}`}>the monitor it depends on</Link> was down,
          so it opened no incident and alerted nobody. If it is still down when that one recovers, it alerts then.
        </Notice>
      )}
      {(monitor.data.tags.length > 0 || monitor.data.dependsOn !== null) && (
        <p className="tag-chips">
          {monitor.data.tags.map((tag) => (
            <Link key={tag} to={`/monitors?tag=${encodeURIComponent(tag)}`} className="tag-chip">
              {tag}
            </Link>
          ))}
          {monitor.data.dependsOn !== null && (
            <span className="muted">
              Depends on <Link to={`/monitors/${monitor.data.dependsOn}`}>another monitor</Link>
            </span>
          )}
        </p>
      )}
      <OpenIncidents monitorId={id} />
      <Overview monitor={m} runs={runs.data?.data} onChanged={(updated) => monitor.setData(() => updated)} />
      <ResponseChart monitorId={id} runs={runs.data?.data} version={version} title={words.chartTitle} empty={words.chartEmpty} />
      <div className="grid-2">
        <AvailabilityCard monitorId={id} version={version} />
        <DetailCard monitor={m} runs={runs.data?.data} />
        <SettingsCard monitor={m} />
      </div>
      <Card title={words.runs} className="table-card">
        <RunsTable
          runs={runs.data?.data}
          assertions={'assertions' in m ? m.assertions : []}
          error={runs.error}
          onRetry={() => void runs.reload()}
          type={m.type}
        />
      </Card>
      {confirmDelete && (
        <ConfirmDialog
          title={`Delete “${m.name}”?`}
          confirmLabel="Delete monitor"
          onClose={() => setConfirmDelete(false)}
          onConfirm={async () => {
            await api.DELETE('/api/v1/monitors/{id}', { params: { path: { id } } });
            toast('success', `Deleted “${m.name}”`);
            navigate('/monitors');
          }}
        >
          <p>It will no longer be checked or listed, and its stored credentials are erased. Its incidents stay. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
