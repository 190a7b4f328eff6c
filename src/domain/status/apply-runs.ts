import type { CheckedStatus, DegradedReason } from '../../shared/vocabulary.js';
import type { CertificateExpiring, DomainEvent, DomainExpiring } from '../events.js';
import { iso } from '../time.js';

/**
 * A monitor's status decision, as a pure function of what the monitor knows and the runs that
 * just finished. No I/O and no clock: every time comes from the runs, so the same state and runs
 * always give the same outcome. The check engine loads the state, calls `applyRuns`, and writes the
 * returned state and events in the transaction that stores the runs.
 *
 * Status rules:
 * - `pending` until a region of the monitor has reported since creation or resume;
 * - `up` when the newest result of every reporting region succeeded without warnings;
 * - `down` when every one failed; `degraded` in between, and also when every one succeeded but
 *   some with warnings (an assertion of severity `degraded` did not hold);
 * - `degradedReasons` say which: `regions` when some region's newest result failed, `assertions`
 *   when some region's newest result succeeded with warnings; empty unless `degraded`;
 * - a paused monitor's late runs are stored but change nothing.
 * A run is already final when it gets here: a failed check was confirmed by its retry first.
 *
 * Thresholds: a region's result counts (moves to failing) only after `failureThreshold`
 * consecutive failed runs, and back to succeeding only after `recoveryThreshold` consecutive
 * successes. A run on the side the region already counts on refreshes its result at once (the
 * newest error, the newest warnings); runs on the other side are kept as the region's streak until
 * there are enough of them to count, so that in the steady state (every region counting what it
 * sees) nothing but the results is kept. A region's first success counts at once: the recovery
 * threshold is about succeeding again. The status reads only counted results, so events still
 * follow the status alone.
 *
 * Maintenance: while an occurrence of a maintenance window covers the monitor (`maintenance`), runs
 * still move the region results and streaks on (so the status is right the moment it ends), but
 * the decided `status` stays the one from before the occurrence and no event is returned (no status
 * change, no expiring certificate: that one is announced by the first run after). The start and the
 * end of an occurrence are inputs like runs (`MaintenanceBoundary`), never clock reads: at the end
 * the status is taken from the newest results, and a change from the status before the occurrence
 * is reported as any other change, so a monitor still down alerts and opens its incident then.
 */

/** What a run of an HTTP monitor with `tlsVerify: false` says among its warnings. */
export const CERTIFICATE_NOT_VERIFIED = 'certificate not verified';

/**
 * Warnings a run carries that say how it was made rather than what it found: shown with the run,
 * never a reason to be degraded (only a failing `degraded` assertion is).
 */
export const RUN_NOTICES: ReadonlySet<string> = new Set([CERTIFICATE_NOT_VERIFIED]);

/** The warnings of a run that count for the status: those of failing `degraded` assertions. */
function statusWarnings(warnings: readonly string[]): readonly string[] {
  return warnings.length === 0 ? warnings : warnings.filter((warning) => !RUN_NOTICES.has(warning));
}

/** The newest result of one region. */
export interface RegionResult {
  ok: boolean;
  error: { code: string; message: string } | null;
  /** Epoch ms of the run. */
  at: number;
  /** The run's warnings (failing `degraded` assertions); absent when it had none. */
  warnings?: string[];
}

export type RegionResults = Readonly<Record<string, RegionResult>>;

/** A certificate as a check saw it; `fingerprint256` tells one certificate from another. */
export interface SeenCertificate {
  subject: string;
  issuer: string;
  /** ISO-8601 UTC with milliseconds. */
  validFrom: string;
  validTo: string;
  /** Whole days until `validTo`, rounded down; negative once expired. */
  daysRemaining: number;
  fingerprint256: string;
}

/** A region's consecutive runs that do not count yet: fewer than the threshold, against its result. */
export interface Streak {
  ok: boolean;
  count: number;
  /** Epoch ms of its newest run. */
  at: number;
}

/** What the status decision needs of a monitor. */
export interface MonitorState {
  monitorId: string;
  teamId: string;
  paused: boolean;
  /** The regions the monitor is checked from; results of other regions do not count. */
  regions: readonly string[];
  status: CheckedStatus;
  /** Why the monitor is degraded; empty unless `status` is `degraded`. */
  degradedReasons: readonly DegradedReason[];
  regionResults: RegionResults;
  /** The streak of each region that has runs not counted yet (also of one with no result yet). */
  streaks: Readonly<Record<string, Streak>>;
  /** Consecutive failed runs before a region counts as failing (1-10). */
  failureThreshold: number;
  /** Consecutive successful runs before a failing region counts as succeeding again (1-10). */
  recoveryThreshold: number;
  /** The certificate of the newest successful run that had one. */
  certificate: SeenCertificate | null;
  /**
   * Every certificate already announced as expiring (fingerprints), newest last. A certificate is
   * announced once, also when it comes back after another one (two servers behind one name).
   */
  warnedFingerprints: readonly string[];
  /** Days before expiry from which a certificate (or a domain registration) is announced; null: no warnings. */
  warningDays: number | null;
  /** A domain monitor's expiry date (ISO) already announced as near; null before any. */
  domainWarnedExpiry?: string | null;
  /** Epoch ms of the newest run applied; 0 before any. */
  lastCheckedAt: number;
  /** Whether a maintenance occurrence covers the monitor: its status shows `maintenance`. */
  maintenance: boolean;
}

/** A finished run (after its confirming retry) of one region. */
export interface RunOutcome {
  region: string;
  /** Epoch ms. */
  startedAt: number;
  ok: boolean;
  error: { code: string; message: string } | null;
  /** Failing assertions of severity `degraded`: a run with warnings makes the monitor degraded, not down. */
  warnings: readonly string[];
  certificate: SeenCertificate | null;
  /** The run succeeded and its certificate expires within the monitor's warning days. */
  expiringSoon: boolean;
  /** A domain run within the monitor's warning days: the registration it saw. */
  domainExpiring?: SeenDomainExpiry | null;
}

/** A domain registration a run saw expiring within the warning days. */
export interface SeenDomainExpiry {
  name: string;
  /** ISO-8601 UTC. */
  expiresAt: string;
  daysRemaining: number;
  registrar: string | null;
}

/** A maintenance occurrence starting (`active`) or ending for the monitor, at epoch ms `at`. */
export interface MaintenanceBoundary {
  kind: 'maintenance';
  active: boolean;
  at: number;
}

/** What moves a monitor's status on: a finished run, or the start or end of a maintenance occurrence. */
export type StatusInput = RunOutcome | MaintenanceBoundary;

export interface AppliedRuns {
  state: MonitorState;
  /** The domain events to append, in order. */
  events: DomainEvent[];
}

/**
 * Applies runs of one monitor, in the order given (the caller sorts them oldest first), and returns
 * the state they leave and the events they cause. The input state is not modified.
 */
export function applyRuns(state: MonitorState, runs: readonly StatusInput[]): AppliedRuns {
  if (runs.length === 0) return { state, events: [] };
  // A paused monitor's late result is kept as a run but changes nothing about its state; only
  // whether a maintenance occurrence covers it follows the time, so that resuming inside one shows it.
  if (state.paused) {
    const boundary = runs.findLast((input) => isBoundary(input));
    return { state: boundary && boundary.active !== state.maintenance ? { ...state, maintenance: boundary.active } : state, events: [] };
  }
  const results: Record<string, RegionResult> = { ...state.regionResults };
  const streaks = new Map(Object.entries(state.streaks));
  let { status, certificate, lastCheckedAt, maintenance } = state;
  let warned = state.warnedFingerprints;
  let domainWarned = state.domainWarnedExpiry ?? null;
  const events: DomainEvent[] = [];

  for (const input of runs) {
    if (isBoundary(input)) {
      if (input.active === maintenance) continue; // already applied: a sweep repeated after a restart
      maintenance = input.active;
      if (!maintenance) status = nextStatus(state, status, results, input.at, events);
      continue;
    }
    const run = input.warnings.length === 0 ? input : { ...input, warnings: statusWarnings(input.warnings) };
    const previous = streaks.get(run.region);
    // A run older than the region's newest (a late retry) moves neither its streak nor its result.
    if ((previous?.at ?? results[run.region]?.at ?? -Infinity) <= run.startedAt) {
      const streak: Streak = { ok: run.ok, count: previous?.ok === run.ok ? previous.count + 1 : 1, at: run.startedAt };
      if (counts(results[run.region], streak, state)) {
        results[run.region] = nextRegionResult(results[run.region], run);
        streaks.delete(run.region);
      } else streaks.set(run.region, streak);
    }
    if (run.certificate && run.ok) certificate = run.certificate;
    lastCheckedAt = Math.max(lastCheckedAt, run.startedAt);
    if (maintenance) continue;
    if (run.expiringSoon && run.certificate && !warned.includes(run.certificate.fingerprint256)) {
      warned = [...warned, run.certificate.fingerprint256];
      events.push(certificateExpiring(state, run, run.certificate));
    }
    // One announcement per expiry date: a renewal moves the date, and the next approach is told again.
    if (run.ok && run.domainExpiring && run.domainExpiring.expiresAt !== domainWarned) {
      domainWarned = run.domainExpiring.expiresAt;
      events.push(domainExpiring(state, run, run.domainExpiring));
    }
    status = nextStatus(state, status, results, run.startedAt, events);
  }
  const reasons = degradedReasons(status, state.regions, results);
  return {
    state: {
      ...state,
      status,
      // Unchanged reasons stay the very same array, so that the caller can tell nothing changed.
      degradedReasons: reasons.join() === state.degradedReasons.join() ? state.degradedReasons : reasons,
      regionResults: results,
      streaks: Object.fromEntries(streaks),
      certificate,
      warnedFingerprints: warned,
      ...(domainWarned !== (state.domainWarnedExpiry ?? null) && { domainWarnedExpiry: domainWarned }),
      lastCheckedAt,
      maintenance,
    },
    events,
  };
}

function isBoundary(input: StatusInput): input is MaintenanceBoundary {
  return 'kind' in input;
}

/** The status the results give at `at`; a change from `status` is appended to `events` as it happened. */
function nextStatus(state: MonitorState, status: CheckedStatus, results: RegionResults, at: number, events: DomainEvent[]): CheckedStatus {
  const newStatus = computeStatus(state.regions, results);
  if (newStatus === status) return status;
  events.push({
    type: 'monitor.status_changed',
    monitorId: state.monitorId,
    teamId: state.teamId,
    previousStatus: status,
    status: newStatus,
    degradedReasons: degradedReasons(newStatus, state.regions, results),
    regions: state.regions
      .filter((region) => results[region])
      .map((region) => ({ region, ok: results[region]!.ok, error: results[region]!.error, warnings: results[region]!.warnings ?? [] })),
    occurredAt: iso(at),
  });
  return newStatus;
}

/** Whether the newest run (whose outcome `streak` ends with) becomes the region's result. */
function counts(result: RegionResult | undefined, streak: Streak, thresholds: Pick<MonitorState, 'failureThreshold' | 'recoveryThreshold'>): boolean {
  if (result?.ok === streak.ok) return true;
  if (streak.ok) return result === undefined || streak.count >= thresholds.recoveryThreshold;
  return streak.count >= thresholds.failureThreshold;
}

/** A region's newest result after a run: a run older than the result it has (a late retry) does not replace it. */
function nextRegionResult(previous: RegionResult | undefined, run: RunOutcome): RegionResult {
  if (previous && previous.at > run.startedAt) return previous;
  return run.warnings.length > 0
    ? { ok: run.ok, error: run.error, at: run.startedAt, warnings: [...run.warnings] }
    : { ok: run.ok, error: run.error, at: run.startedAt };
}

function certificateExpiring(state: MonitorState, run: RunOutcome, certificate: SeenCertificate): CertificateExpiring {
  return {
    type: 'certificate.expiring',
    monitorId: state.monitorId,
    teamId: state.teamId,
    certificate,
    warningDays: state.warningDays ?? 0,
    occurredAt: iso(run.startedAt),
  };
}

function domainExpiring(state: MonitorState, run: RunOutcome, domain: SeenDomainExpiry): DomainExpiring {
  return {
    type: 'domain.expiring',
    monitorId: state.monitorId,
    teamId: state.teamId,
    domain: { name: domain.name, expiresAt: domain.expiresAt, daysRemaining: domain.daysRemaining, registrar: domain.registrar },
    warningDays: state.warningDays ?? 0,
    occurredAt: iso(run.startedAt),
  };
}

/**
 * A monitor's status from the newest result of each of its regions:
 * pending before any region has reported; up when every reported region succeeded without
 * warnings; down when every one failed; degraded in between, or when every one succeeded but
 * some with warnings.
 */
export function computeStatus(regions: readonly string[], results: RegionResults): CheckedStatus {
  const reported = reportedResults(regions, results);
  if (reported.length === 0) return 'pending';
  const failed = reported.filter((r) => !r.ok).length;
  if (failed === 0) return reported.some(hasWarnings) ? 'degraded' : 'up';
  return failed === reported.length ? 'down' : 'degraded';
}

/**
 * Why a monitor of this status is degraded: `regions` when the newest result of some region
 * failed, `assertions` when that of some region succeeded with warnings (both may hold); empty
 * for any other status.
 */
export function degradedReasons(status: CheckedStatus, regions: readonly string[], results: RegionResults): DegradedReason[] {
  if (status !== 'degraded') return [];
  const reported = reportedResults(regions, results);
  const reasons: DegradedReason[] = [];
  if (reported.some((r) => !r.ok)) reasons.push('regions');
  if (reported.some(hasWarnings)) reasons.push('assertions');
  return reasons;
}

function reportedResults(regions: readonly string[], results: RegionResults): RegionResult[] {
  return regions.map((region) => results[region]).filter((r): r is RegionResult => r !== undefined);
}

function hasWarnings(result: RegionResult): boolean {
  return result.ok && (result.warnings?.length ?? 0) > 0;
}

export function parseRegionResults(json: string | null): Record<string, RegionResult> {
  return json ? (JSON.parse(json) as Record<string, RegionResult>) : {};
}

export function parseStreaks(json: string | null): Record<string, Streak> {
  return json ? (JSON.parse(json) as Record<string, Streak>) : {};
}
