import { useEffect, useMemo, useState } from 'react';
import { api } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import { LineChart, UptimeBar, type ChartPoint } from '../components/charts.js';
import { Icon } from '../components/icons.js';
import {
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  CopyButton,
  ErrorState,
  IncidentBadge,
  Loading,
  Notice,
  PageHeader,
  SkeletonRows,
  StatusBadge,
  useToast,
} from '../components/ui.js';
import { date, dateTime, interval, ms, percent, relativeTime, shortTime } from '../format.js';
import { useDocumentTitle, useGet, useNow, useThrottled } from '../hooks.js';
import { useLive, useLiveEvents } from '../live.js';
import { Link, navigate } from '../router.js';
import { usePermissions } from '../session.js';
import { newestPerRegion } from '../stats.js';
import type { CheckedMonitor, HeartbeatMonitor, Monitor, MonitorStats, Run } from '../api/types.js';
import { describeAssertion, type Assertion } from '../assertions.js';
import { PING_LIMITS } from '../../../src/shared/limits.js';
import type { StatsRange } from '../../../src/shared/vocabulary.js';
import { schedule, target, uptimeClass } from './monitors.js';
import { useSubmit } from '../use-submit.js';

const RANGES: Array<{ value: StatsRange; label: string; ms: number }> = [
  { value: '24h', label: '24 hours', ms: 86_400_000 },
  { value: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: '30 days', ms: 30 * 86_400_000 },
];

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

function RegionTiles({ monitor, runs }: { monitor: CheckedMonitor; runs: Run[] | undefined }) {
  const newest = useMemo(() => newestPerRegion(runs ?? []), [runs]);
  const now = useNow(5000);
  return (
    <div className="region-grid">
      {monitor.regions.map((region) => {
        const run = newest.get(region);
        // A run during a maintenance window changes no status: the tile says so rather than down.
        const status = monitor.paused
          ? 'paused'
          : !run
            ? 'pending'
            : run.maintenance
              ? 'maintenance'
              : !run.ok
                ? 'down'
                : run.warnings.length > 0
                  ? 'degraded'
                  : 'up';
        return (
          <div key={region} className={`region-tile region-${status}`} data-region={region}>
            <div className="region-head">
              <span className="region-name">{region}</span>
              <StatusBadge status={status} />
            </div>
            {run ? (
              <dl className="region-facts">
                <div>
                  <dt>Checked</dt>
                  <dd title={run.startedAt}>{relativeTime(run.startedAt, now)}</dd>
                </div>
                <div>
                  <dt>Response</dt>
                  <dd>{ms(run.durationMs)}</dd>
                </div>
                {run.statusCode !== null && (
                  <div>
                    <dt>Status code</dt>
                    <dd>{run.statusCode}</dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className="muted small">{monitor.paused ? 'Paused: not checked.' : 'Waiting for the first check…'}</p>
            )}
            {run?.error && (
              <p className="region-error">
                <code>{run.error.code}</code> {run.error.message}
              </p>
            )}
            {run && run.warnings.length > 0 && <Warnings warnings={run.warnings} />}
          </div>
        );
      })}
    </div>
  );
}

/** Chart points: every recent run within the range (the finest detail), and rollup buckets for the time the runs do not reach. */
function chartPoints(runs: Run[], stats: MonitorStats | undefined, from: number): ChartPoint[] {
  const fromRuns: ChartPoint[] = runs
    .filter((r) => new Date(r.startedAt).getTime() >= from)
    .map((r) => ({
      t: new Date(r.startedAt).getTime(),
      value: r.error?.code === 'timeout' ? null : r.durationMs,
      failures: r.ok ? 0 : 1,
      note: `${r.region ?? (r.trigger === 'ping' ? 'ping' : 'no ping')} · ${r.ok ? 'OK' : (r.error?.code ?? 'failed')}`,
    }));
  const oldestRun = fromRuns.length ? Math.min(...fromRuns.map((p) => p.t)) : Infinity;
  const size = (stats?.bucketSeconds ?? 3600) * 1000;
  const fromBuckets: ChartPoint[] = (stats?.buckets ?? [])
    .map((b) => ({ start: new Date(b.start).getTime(), b }))
    .filter(({ start }) => start + size <= oldestRun)
    .map(({ start, b }) => ({
      t: start + size / 2,
      value: b.avgResponseMs,
      failures: b.checks ? b.failures / b.checks : 0,
      note: `${b.checks} checks · ${b.failures} failed${b.p95ResponseMs !== null ? ` · p95 ≤ ${ms(b.p95ResponseMs)}` : ''}`,
    }));
  return [...fromBuckets, ...fromRuns];
}

function ResponseChart({
  monitorId,
  runs,
  version,
  title,
  empty,
}: {
  monitorId: string;
  runs: Run[] | undefined;
  version: number;
  title: string;
  empty?: string;
}) {
  const [range, setRange] = useState<StatsRange>('24h');
  const stats = useGet('/api/v1/monitors/{id}/stats', { params: { path: { id: monitorId }, query: { range } } });
  useEffect(() => {
    if (version > 0) void stats.reload();
    // Only a new version reloads; `stats` is a new object on every render.
  }, [version]);
  const now = useNow(60_000);
  const span = RANGES.find((r) => r.value === range)!.ms;
  const from = now - span;
  // Raw runs give detail only for the last day; longer ranges are read from the rollups alone.
  const points = useMemo(() => chartPoints(range === '24h' ? (runs ?? []) : [], stats.data, from), [runs, stats.data, from, range]);
  const s = stats.data;
  return (
    <Card
      title={title}
      actions={
        <div className="segmented segmented-sm" role="group" aria-label="Time range">
          {RANGES.map((r) => (
            <button
              key={r.value}
              type="button"
              className={range === r.value ? 'active' : ''}
              aria-pressed={range === r.value}
              onClick={() => setRange(r.value)}
            >
              {r.value}
            </button>
          ))}
        </div>
      }
    >
      <div className="chart-stats">
        <span>
          Uptime <strong className={`uptime-value ${uptimeClass(s?.uptime ?? null)}`}>{percent(s?.uptime ?? null)}</strong>
        </span>
        <span>
          Average <strong>{ms(s?.avgResponseMs ?? null)}</strong>
        </span>
        <span>
          p95 <strong>{s?.p95ResponseMs != null ? `≤ ${ms(s.p95ResponseMs)}` : '—'}</strong>
        </span>
        <span>
          Checks <strong>{s?.checks ?? '—'}</strong>
          {s && s.failures > 0 && <span className="result-fail"> ({s.failures} failed)</span>}
        </span>
      </div>
      {stats.error && !stats.data ? (
        <ErrorState error={stats.error} onRetry={() => void stats.reload()} title="Could not load the chart" />
      ) : !stats.data && !runs ? (
        <SkeletonRows rows={3} />
      ) : (
        <LineChart points={points} from={from} to={now} empty={empty} label={`${title} over the last ${RANGES.find((r) => r.value === range)!.label}`} />
      )}
    </Card>
  );
}

function sameDay(iso: string): boolean {
  return new Date(iso).toDateString() === new Date().toDateString();
}

function Warnings({ warnings }: { warnings: string[] }) {
  return (
    <ul className="run-warnings" aria-label="Warnings">
      {warnings.map((warning) => (
        <li key={warning}>
          <Icon name="alert" size={14} /> {warning}
        </li>
      ))}
    </ul>
  );
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

/** Where the time of a run went, phase by phase (HTTP and TCP runs); phases the exchange did not reach are left out. */
function Timings({ timings }: { timings: NonNullable<Run['timings']> }) {
  const phases = [
    ['DNS', timings.dnsMs],
    ['connect', timings.connectMs],
    ['TLS', timings.tlsMs],
    ['first byte', timings.ttfbMs],
  ] as const;
  const reached = phases.filter(([, value]) => value !== null);
  if (reached.length === 0) return null;
  return (
    <span className="run-timings" aria-label="Timings">
      {reached.map(([phase, value]) => `${phase} ${ms(value)}`).join(' · ')}
    </span>
  );
}

/** A DNS run's answer: its code and records. */
function DnsAnswer({ dns }: { dns: NonNullable<Run['dns']> }) {
  return (
    <span className="run-dns">
      {dns.rcode !== null && <span className="code">{dns.rcode}</span>}
      {dns.records.length > 0 ? (
        <span className="run-records" aria-label="Records">
          {dns.records.map((record, i) => (
            <code key={i}>{record}</code>
          ))}
        </span>
      ) : (
        <span className="muted">no records</span>
      )}
    </span>
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
  heartbeat,
}: {
  runs: Run[] | undefined;
  assertions: readonly Assertion[];
  error: ApiError | undefined;
  onRetry: () => void;
  heartbeat: boolean;
}) {
  const [limit, setLimit] = useState(10);
  if (error && !runs) return <ErrorState error={error} onRetry={onRetry} title="Could not load the checks" />;
  if (!runs) return <SkeletonRows rows={4} />;
  if (runs.length === 0) {
    return (
      <p className="empty-inline">
        {heartbeat
          ? 'No runs yet: each ping of the job is one, and so is each ping it misses.'
          : 'No checks yet. The first ones run within seconds of creating or resuming the monitor.'}
      </p>
    );
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
                <td title={dateTime(run.startedAt)} className="nowrap">
                  {sameDay(run.startedAt) ? shortTime(run.startedAt) : `${date(run.startedAt)}, ${shortTime(run.startedAt)}`}
                </td>
                <td>
                  <RunSource run={run} />
                  {run.trigger === 'manual' && <span className="pill pill-muted">manual</span>}
                  {run.maintenance && (
                    <span
                      className="pill pill-maintenance"
                      title="A maintenance window covered the monitor: this run changed no status and counts in no uptime"
                    >
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
                  {run.statusCode !== null && <span className="code">HTTP {run.statusCode}</span>}
                  {run.dns && <DnsAnswer dns={run.dns} />}
                  {run.timings && <Timings timings={run.timings} />}
                  {run.error && (
                    <span>
                      <code>{run.error.code}</code> {run.error.message}
                    </span>
                  )}
                  {run.attempts > 1 && <span className="muted"> · retried</span>}
                  {run.warnings.length > 0 && <Warnings warnings={run.warnings} />}
                  {run.assertions.length > 0 && <AssertionOutcomes run={run} assertions={assertions} />}
                  {run.log !== null && (
                    <details className="run-log">
                      <summary>Log ({run.log.length.toLocaleString()} characters)</summary>
                      <pre>{run.log}</pre>
                    </details>
                  )}
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
        note: b ? `${label}: ${percent(b.uptime)} of ${b.checks} checks${b.failures ? `, ${b.failures} failed` : ''}` : `${label}: no checks`,
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
              {s.checks} checks{s.failures ? `, ${s.failures} failed` : ''}
            </span>
            <span>Today</span>
          </div>
        </>
      )}
    </Card>
  );
}

function CertificateCard({ monitor }: { monitor: Monitor }) {
  if (monitor.type !== 'ssl') return null;
  const cert = monitor.certificate;
  return (
    <Card title="Certificate">
      {!cert ? (
        <p className="empty-inline">No certificate seen yet; it appears after the first check.</p>
      ) : (
        <dl className="facts">
          <div>
            <dt>Expires</dt>
            <dd>
              <span className={`days ${cert.daysRemaining < 0 ? 'bad' : cert.daysRemaining <= (monitor.warningDays ?? 14) ? 'warn' : 'good'}`}>
                {cert.daysRemaining < 0 ? `Expired ${-cert.daysRemaining} days ago` : `in ${cert.daysRemaining} days`}
              </span>{' '}
              ({dateTime(cert.validTo)})
            </dd>
          </div>
          <div>
            <dt>Subject</dt>
            <dd className="break">{cert.subject}</dd>
          </div>
          <div>
            <dt>Issuer</dt>
            <dd className="break">{cert.issuer}</dd>
          </div>
          <div>
            <dt>Valid from</dt>
            <dd>{dateTime(cert.validFrom)}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

/** A monitor's assertions, one line each, as a row of the settings (none when it has none). */
function AssertionFacts({ assertions }: { assertions: readonly Assertion[] }) {
  if (assertions.length === 0) return null;
  return (
    <div>
      <dt>Assertions</dt>
      <dd>
        <ol className="assertion-list">
          {assertions.map((a, i) => (
            <li key={i}>
              {describeAssertion(a)}
              {a.severity === 'degraded' && <span className="pill pill-muted">degraded</span>}
            </li>
          ))}
        </ol>
      </dd>
    </div>
  );
}

/** The job's command in an example: where a person puts their own. */
const EXAMPLE_JOB = '/usr/local/bin/backup.sh';
/** curl as a job should ping: quiet, failing on an error answer, bounded in time, retried on network trouble. */
const CURL = 'curl -fsS -m 10 --retry 3';

/**
 * A crontab schedule that runs a job every `seconds`, when cron can say so (every N minutes or hours
 * that divide the hour or day, daily, weekly); null otherwise.
 */
function cronForPeriod(seconds: number): string | null {
  const minutes = seconds / 60;
  const hours = seconds / 3600;
  if (minutes === 1) return '* * * * *';
  if (Number.isInteger(minutes) && minutes < 60 && 60 % minutes === 0) return `*/${minutes} * * * *`;
  if (hours === 1) return '0 * * * *';
  if (Number.isInteger(hours) && hours < 24 && 24 % hours === 0) return `0 */${hours} * * *`;
  if (hours === 24) return '0 3 * * *';
  if (hours === 24 * 7) return '0 3 * * 0';
  return null;
}

/** One command to copy: the line as the terminal or crontab takes it. */
function CopyLine({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="field">
      <span className="label">{label}</span>
      <span className="secret-row">
        <code className="secret" data-testid={testId}>
          {text}
        </code>
        <CopyButton text={text} name={`Copy ${label.toLowerCase()}`} />
      </span>
    </div>
  );
}

/**
 * How the job reports: its ping URL, a curl line and a crontab line to copy, the other endpoints,
 * when the next ping is due, and a new key (the old URL stops working at once).
 */
function PingCard({ monitor, onChanged }: { monitor: HeartbeatMonitor; onChanged: (monitor: Monitor) => void }) {
  const toast = useToast();
  const now = useNow(5000);
  const [confirming, setConfirming] = useState(false);
  const [renewed, setRenewed] = useState(false);
  const url = monitor.pingUrl;
  const cron = monitor.cron ?? (monitor.periodSeconds === null ? null : cronForPeriod(monitor.periodSeconds));
  const job = `${EXAMPLE_JOB}; ${CURL} ${url ?? ''}/$?`;
  return (
    <Card
      title="Pings"
      actions={
        <Button size="sm" icon="refresh" onClick={() => setConfirming(true)}>
          New ping key
        </Button>
      }
    >
      {url === null ? (
        <p className="empty-inline">This monitor has no ping URL.</p>
      ) : (
        <div className="ping-card">
          {renewed && (
            <Notice kind="success">
              <strong>New ping URL.</strong> The old one answers 404 from now on: update every job that pings it.
            </Notice>
          )}
          <div className="field">
            <label htmlFor="ping-url">Ping URL</label>
            <span className="secret-row">
              <input id="ping-url" className="mono" readOnly value={url} onFocus={(e) => e.target.select()} />
              <CopyButton text={url} name="Copy ping URL" />
            </span>
            <p className="field-hint">Anyone with this URL can report for the job: keep it as you would a password.</p>
          </div>
          <CopyLine label="curl" text={`${CURL} ${url}`} testId="ping-curl" />
          <CopyLine label={cron === null ? 'After the job' : 'Crontab'} text={cron === null ? job : `${cron} ${job}`} testId="ping-crontab" />
          {cron !== null && monitor.cron !== null && monitor.timezone !== 'UTC' && (
            <p className="field-hint">
              Lookout reads the expression in {monitor.timezone}: set your crontab’s zone to match (<code>CRON_TZ={monitor.timezone}</code> where cron supports
              it).
            </p>
          )}
          <div className="field">
            <span className="label">Other reports</span>
            <ul className="ping-variants">
              <li>
                <code>{url}/start</code> when the job starts: the run it then reports has a duration.
              </li>
              <li>
                <code>{url}/fail</code> when it fails, or <code>{url}/&lt;exit code&gt;</code> (0 is a success, as <code>/$?</code> above sends it).
              </li>
              <li>GET, POST or HEAD: the first {PING_LIMITS.logBytes / 1024} KiB of a POST body are kept as the run’s log.</li>
            </ul>
          </div>
          <dl className="facts">
            <div>
              <dt>Expected by</dt>
              <dd data-testid="ping-deadline">
                {monitor.paused ? (
                  'Nothing while paused'
                ) : monitor.deadlineAt === null ? (
                  'Waiting for the first ping'
                ) : (
                  <span title={monitor.deadlineAt}>
                    {dateTime(monitor.deadlineAt)} ({relativeTime(monitor.deadlineAt, now)})
                  </span>
                )}
              </dd>
            </div>
          </dl>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Make a new ping key?"
          confirmLabel="Make a new key"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const updated = await api.POST('/api/v1/monitors/{id}/ping-key', { params: { path: { id: monitor.id } } });
            onChanged(updated);
            setRenewed(true);
            toast('success', `New ping URL for “${updated.name}”`);
          }}
        >
          <p>The current ping URL stops working at once (its pings answer 404). Every job that pings it must be given the new one.</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

function SettingsCard({ monitor }: { monitor: Monitor }) {
  const policy = useGet('/api/v1/notification-policies/{id}', monitor.notificationPolicyId ? { params: { path: { id: monitor.notificationPolicyId } } } : null);
  return (
    <Card title="Settings">
      <dl className="facts">
        {monitor.type === 'http' ? (
          <>
            <div>
              <dt>Request</dt>
              <dd className="break">
                <code>{monitor.method}</code> {monitor.url}
              </dd>
            </div>
            <div>
              <dt>Expects</dt>
              <dd>HTTP {monitor.expectedStatus}</dd>
            </div>
            <div>
              <dt>Authentication</dt>
              <dd>
                {monitor.auth
                  ? `${monitor.auth.type}${monitor.auth.username ? ` as ${monitor.auth.username}` : ''}${monitor.auth.headerName ? ` in ${monitor.auth.headerName}` : ''} (secret stored encrypted)`
                  : 'None'}
              </dd>
            </div>
            {monitor.headers.length > 0 && (
              <div>
                <dt>Headers</dt>
                <dd className="break">
                  {monitor.headers.map((h) => (
                    <div key={h.name}>
                      <code>
                        {h.name}: {h.value}
                      </code>
                    </div>
                  ))}
                </dd>
              </div>
            )}
            {monitor.body !== null && (
              <div>
                <dt>Body</dt>
                <dd>{monitor.body.length} characters</dd>
              </div>
            )}
            <div>
              <dt>Redirects</dt>
              <dd>{monitor.followRedirects ? 'Followed (up to 5)' : 'Not followed'}</dd>
            </div>
            <AssertionFacts assertions={monitor.assertions} />
          </>
        ) : monitor.type === 'ssl' ? (
          <>
            <div>
              <dt>Host</dt>
              <dd>
                {monitor.host}:{monitor.port}
              </dd>
            </div>
            <div>
              <dt>Expiry warning</dt>
              <dd>{monitor.warningDays === null ? 'Off' : `${monitor.warningDays} days before`}</dd>
            </div>
          </>
        ) : monitor.type === 'tcp' ? (
          <>
            <div>
              <dt>Connects to</dt>
              <dd className="break">
                {monitor.host}:{monitor.port}
              </dd>
            </div>
            <div>
              <dt>TLS</dt>
              <dd>{monitor.tls ? 'Handshake after connecting, certificate checked' : 'No'}</dd>
            </div>
            <AssertionFacts assertions={monitor.assertions} />
          </>
        ) : monitor.type === 'dns' ? (
          <>
            <div>
              <dt>Asks for</dt>
              <dd className="break">
                <code>{monitor.recordType}</code> {monitor.hostname}
              </dd>
            </div>
            <div>
              <dt>Resolver</dt>
              <dd>{monitor.resolver ?? 'The system’s resolvers'}</dd>
            </div>
            <AssertionFacts assertions={monitor.assertions} />
          </>
        ) : (
          <>
            <div>
              <dt>Schedule</dt>
              <dd className="break">{monitor.cron === null ? schedule(monitor) : `${monitor.cron} in ${monitor.timezone}`}</dd>
            </div>
            <div>
              <dt>Grace</dt>
              <dd>{monitor.graceSeconds === 0 ? 'None' : interval(monitor.graceSeconds)}</dd>
            </div>
          </>
        )}
        {monitor.type !== 'heartbeat' && (
          <>
            <div>
              <dt>Interval</dt>
              <dd>every {interval(monitor.intervalSeconds)}</dd>
            </div>
            <div>
              <dt>Timeout</dt>
              <dd>{monitor.timeoutSeconds} s</dd>
            </div>
            <div>
              <dt>Regions</dt>
              <dd>{monitor.regions.join(', ')}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Notifications</dt>
          <dd>{monitor.notificationPolicyId ? <Link to={`/notifications/${monitor.notificationPolicyId}`}>{policy.data?.name ?? 'Policy'}</Link> : 'None'}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{dateTime(monitor.createdAt)}</dd>
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
  const { canAdmin } = usePermissions();
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

  return (
    <div className="page">
      <PageHeader
        title={m.name}
        badge={<StatusBadge status={m.status} size="lg" />}
        back={{ to: '/monitors', label: 'Monitors' }}
        subtitle={
          <>
            <span className="type-tag">{m.type.toUpperCase()}</span> <span className="break">{target(m)}</span>
            <span className="muted">
              {' '}
              · {m.type === 'heartbeat' ? 'last run' : 'last checked'} {relativeTime(m.lastCheckedAt, now)}
            </span>
          </>
        }
        actions={
          <>
            {m.type !== 'heartbeat' && <CheckNow monitor={m} onQueued={refresh} />}
            {m.paused ? (
              <Button icon="play" onClick={() => void pause.run(false)} busy={pause.busy}>
                Resume
              </Button>
            ) : (
              <Button icon="pause" onClick={() => void pause.run(true)} busy={pause.busy}>
                Pause
              </Button>
            )}
            <ButtonLink to={`/maintenance/new?monitor=${id}`} icon="tool">
              Schedule maintenance
            </ButtonLink>
            <ButtonLink to={`/monitors/${id}/edit`} icon="edit">
              Edit
            </ButtonLink>
            {canAdmin && (
              <Button variant="danger" icon="trash" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            )}
          </>
        }
      />
      {m.paused && (
        <Notice kind="info">
          {m.type === 'heartbeat'
            ? 'This monitor is paused: it expects no ping and raises no alerts until you resume it.'
            : 'This monitor is paused: it is not checked and raises no alerts until you resume it.'}
        </Notice>
      )}
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
      <OpenIncidents monitorId={id} />
      {m.type === 'heartbeat' ? (
        <PingCard monitor={m} onChanged={(updated) => monitor.setData(() => updated)} />
      ) : (
        <Card title="Regions">
          <RegionTiles monitor={m} runs={runs.data?.data} />
        </Card>
      )}
      {m.type === 'heartbeat' ? (
        <ResponseChart
          monitorId={id}
          runs={runs.data?.data}
          version={version}
          title="Job duration"
          empty="No job durations in this period: a ping has one when /start came before it"
        />
      ) : (
        <ResponseChart monitorId={id} runs={runs.data?.data} version={version} title="Response time" />
      )}
      <div className="grid-2">
        <AvailabilityCard monitorId={id} version={version} />
        <CertificateCard monitor={m} />
        <SettingsCard monitor={m} />
      </div>
      <Card title={m.type === 'heartbeat' ? 'Recent runs' : 'Recent checks'} className="table-card">
        <RunsTable
          runs={runs.data?.data}
          assertions={'assertions' in m ? m.assertions : []}
          error={runs.error}
          onRetry={() => void runs.reload()}
          heartbeat={m.type === 'heartbeat'}
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
