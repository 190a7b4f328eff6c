import type { Kysely, Transaction } from 'kysely';
import { appendEvent, type CertificateExpiring } from '../domain/events.js';
import {
  applyRuns,
  parseRegionResults,
  parseStreaks,
  type MaintenanceBoundary,
  type MonitorState,
  type RunOutcome,
  type SeenCertificate,
  type SeenDomainExpiry,
  type StatusInput,
} from '../domain/status/apply-runs.js';
import { compiledOnceNamed, prepared, preparedNamed } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import type { CheckedStatus, DegradedReason } from '../shared/vocabulary.js';
import type { CheckResult } from './check-result.js';
import { runIdOf, type CheckJob } from '../domain/ports/check-dispatch.js';
import { HISTOGRAM_COLUMNS, HOUR_MS, bucketIndex } from '../domain/rollup-buckets.js';
import { addsToItsDay, dayOf } from '../domain/rollup-days.js';
import { systemClock } from '../domain/ports/clock.js';
import { afterRun, missStillDue, pingVerdict, runDuration } from '../domain/heartbeats/runs.js';
import { NO_DURATION, PUSH_REGION } from '../domain/run-columns.js';
import { advanceDue, parseDueTimes } from '../domain/check-schedules.js';
import { staleRegions, type RegionPresence } from '../domain/probes/regions.js';

/** A finished check (or a heartbeat's ping or missed deadline), ready to be stored. */
export interface CompletedCheck {
  /** A heartbeat's runs come from no region: PUSH_REGION stands in for it. */
  job: CheckJob;
  startedAt: number;
  /** 1, or 2 when the confirming retry ran. */
  attempts: number;
  result: CheckResult & { expiringSoon?: boolean; domainExpiring?: SeenDomainExpiry | null };
  /**
   * The run's id when the job cannot give one: each ping is a run of its own, however many come
   * in one millisecond. Otherwise the id follows from the job (see write()).
   */
  runId?: string;
  /** What a heartbeat's job sent with its ping. */
  log?: string | null;
  /**
   * A heartbeat's ping, found by the hash of its key outside the transaction: it is written only
   * if the monitor still has that key (and dropped while it is paused). Its duration is taken from
   * the monitor's `/start`, read in the same transaction.
   */
  pingKeyHash?: string;
}

/** What became of a run given to the recorder: written, dropped (nothing to write), or refused (a ping whose key no monitor has). */
export type RecordOutcome = 'recorded' | 'dropped' | 'unknown';

export interface RecorderHooks {
  /** After a batch committed that appended domain events (the alerting side picks them up). */
  onEvents?(): void;
  /** After every committed run. */
  onRecorded?(check: CompletedCheck): void;
  /** After each batch, committed or not: how long its transactions took, in seconds (the wait of beforeWrite not counted). */
  onWritten?(seconds: number): void;
  /** Before each batch's transaction: what the store may need first (see Store.beforeBulkWrite). */
  beforeWrite?(): Promise<void>;
  /**
   * When each region last asked for work, read in the batch's transaction, and the time now: a
   * monitor's region nobody served for 3 × its interval is stale, and its old result does not
   * count toward the status (contract-2 §P). Without it, no region is ever stale.
   */
  staleness?: { presence(trx: Transaction<Database>): Promise<RegionPresence> };
  /** The time now: when a region went stale, and whether a run comes late for its day's rollup. The system clock when absent. */
  now?(): number;
}

const BATCH_SIZE = 200;
/**
 * How long a finished check may wait for others to share its transaction. Every commit writes each
 * page the batch touched to the WAL (and, at checkpoints, to the database): at hundreds of checks a
 * second, batches of tens of runs cost a third less CPU per run than batches of a few
 * (bench/checks.ts, docs/benchmarks.md), and a check's result shows 0.1 s later.
 */
const BATCH_DELAY_MS = 100;

/**
 * Writes runs in small batches. In one transaction per batch, each run: the run row, its hour's
 * rollup (a day's is folded from its hours: domain/rollup-days.ts), the monitor's region results,
 * status and certificate, the next due time, and any domain events the run caused. A crash loses
 * nothing that was committed, and never leaves a run without its status change or event.
 */
export class RunRecorder {
  private pending: Array<{ check: CompletedCheck; done: (error?: unknown) => void }> = [];
  /** Runs of the batch under way that were not written, and why. */
  private readonly notWritten = new Map<CompletedCheck, Exclude<RecordOutcome, 'recorded'>>();
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly statements;
  /** How long the batch under way has spent in its transactions, in milliseconds. */
  private writingMs = 0;
  /** The regions' presence read in the batch under way (null: no region is stale). */
  private presence: RegionPresence | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hooks: RecorderHooks = {},
    forUpdate = false,
    /**
     * How long a run may wait for others to share its transaction. Heartbeat pings, whose sender
     * waits for the answer, wait for nothing but the transaction under way.
     */
    private readonly batchDelayMs = BATCH_DELAY_MS,
  ) {
    this.statements = prepareStatements(db, forUpdate);
  }

  private now(): number {
    return this.hooks.now ? this.hooks.now() : systemClock.now();
  }

  /** Runs waiting to be written: how far behind the database is. */
  get backlog(): number {
    return this.pending.length;
  }

  /** Resolves once the run is committed (or known not to be written). */
  record(check: CompletedCheck): Promise<RecordOutcome> {
    return new Promise((resolve, reject) => {
      const done = (error?: unknown) => {
        const outcome = this.notWritten.get(check) ?? 'recorded';
        this.notWritten.delete(check);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller gets the write's failure as it was thrown
        if (error) reject(error);
        else resolve(outcome);
      };
      this.pending.push({ check, done });
      if (this.pending.length >= BATCH_SIZE) this.schedule(0);
      else this.schedule(this.batchDelayMs);
    });
  }

  /** Writes everything waiting now. */
  async flush(): Promise<void> {
    // Writes at once rather than on a timer: awaiting a write that a timer has yet to start would
    // only ever find the previous one done.
    while (this.pending.length > 0) {
      if (this.timer) clearTimeout(this.timer);
      if (this.immediate) clearImmediate(this.immediate);
      this.timer = null;
      this.immediate = null;
      this.startWrite();
      await this.flushing;
    }
    await this.flushing;
  }

  private schedule(delayMs: number): void {
    if (delayMs > 0) {
      if (this.timer || this.immediate) return;
      this.timer = setTimeout(() => {
        this.timer = null;
        this.startWrite();
      }, delayMs);
      return;
    }
    if (this.immediate) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // After the I/O of this turn of the event loop: every run that came in it shares the batch,
    // without the millisecond a zero timeout waits.
    this.immediate = setImmediate(() => {
      this.immediate = null;
      this.startWrite();
    });
  }

  private startWrite(): void {
    this.flushing = this.flushing.then(() => this.writeBatch());
  }

  private async writeBatch(): Promise<void> {
    // Runs that come while the store makes room join this batch.
    if (this.hooks.beforeWrite) await this.hooks.beforeWrite().catch(() => undefined);
    const batch = this.pending.splice(0, BATCH_SIZE);
    if (this.pending.length > 0) this.schedule(0);
    if (batch.length === 0) return;
    // Whatever goes wrong, every run of the batch is settled and the chain of flushes goes on: a
    // rejected link would stop every later batch.
    this.writingMs = 0;
    try {
      await this.writeRuns(batch);
    } catch (error) {
      for (const { done } of batch) done(error); // runs already settled stay as they were
    }
    this.hooks.onWritten?.(this.writingMs / 1000);
  }

  /**
   * Runs `work` in a transaction and adds the time it took to the batch's. Only the transaction is
   * timed: what the callers of the settled runs do next (a check's metrics, the next job it lets
   * start) runs in the same turn of the event loop, but is their work, not the recorder's.
   */
  private async transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await this.db.transaction().execute(work);
    } finally {
      this.writingMs += performance.now() - started;
    }
  }

  private async writeRuns(batch: RunRecorder['pending']): Promise<void> {
    // The runs of one monitor are written together: its regions are checked at the same moment, so
    // they usually share a batch, and its row is then read and written once rather than once per
    // run. Monitors go in id order: consecutive statements touch neighbouring index pages, and
    // concurrent writers (a cluster's regional workers) lock monitor rows in one order.
    const byMonitor = new Map<string, CompletedCheck[]>();
    for (const { check } of batch) {
      const runs = byMonitor.get(check.job.monitorId);
      if (runs) runs.push(check);
      else byMonitor.set(check.job.monitorId, [check]);
    }
    const monitorIds = [...byMonitor.keys()].sort();
    for (const runs of byMonitor.values()) if (runs.length > 1) runs.sort((a, b) => a.startedAt - b.startedAt);
    let events = 0;
    try {
      await this.transaction(async (trx) => {
        this.presence = this.hooks.staleness ? await this.hooks.staleness.presence(trx) : null;
        for (const monitorId of monitorIds) events += await this.write(trx, monitorId, byMonitor.get(monitorId)!);
      });
    } catch (error) {
      // One run the database refuses must not take the others down with it: each is tried again
      // in a transaction of its own, and only those that fail again are reported as failed.
      if (batch.length === 1) batch[0]!.done(error);
      else
        await this.writeOneByOne(
          batch,
          monitorIds.flatMap((monitorId) => byMonitor.get(monitorId)!),
        );
      return;
    }
    for (const { check, done } of batch) {
      done();
      this.hooks.onRecorded?.(check);
    }
    if (events > 0) this.hooks.onEvents?.();
  }

  /** Writes each run of a failed batch in its own transaction, in the batch's order. */
  private async writeOneByOne(batch: RunRecorder['pending'], ordered: CompletedCheck[]): Promise<void> {
    const doneOf = new Map(batch.map(({ check, done }) => [check, done]));
    let events = 0;
    for (const check of ordered) {
      const done = doneOf.get(check)!;
      try {
        events += await this.transaction((trx) => this.write(trx, check.job.monitorId, [check]));
      } catch (error) {
        done(error);
        continue;
      }
      done();
      this.hooks.onRecorded?.(check);
    }
    if (events > 0) this.hooks.onEvents?.();
  }

  /** Writes the runs of one monitor, oldest first, and what follows from them; returns how many events they appended. */
  private async write(trx: Transaction<Database>, monitorId: string, checks: CompletedCheck[]): Promise<number> {
    const s = this.statements;
    const now = this.now();
    const [monitor] = await s.monitor.in(trx, monitorId);
    if (!monitor || monitor.deleted_at !== null) {
      for (const check of checks) if (check.pingKeyHash !== undefined) this.notWritten.set(check, 'unknown');
      return 0;
    }
    const heartbeat = monitor.type === 'heartbeat';

    const stored: CompletedCheck[] = [];
    let deadlineMoved = false;
    const due = parseDueTimes(monitor.due_times);
    let dueMoved = false;
    for (const check of checks) {
      const { job } = check;
      let { result } = check;
      // A heartbeat's runs are written as the rules of domain/heartbeats/runs.ts decide.
      if (check.pingKeyHash !== undefined) {
        const verdict = pingVerdict(monitor, check.pingKeyHash);
        if (verdict !== 'write') {
          this.notWritten.set(check, verdict);
          continue;
        }
        result = { ...result, durationMs: runDuration(monitor, check.startedAt) };
      }
      if (heartbeat && job.trigger === 'scheduled' && !missStillDue(monitor, job.dueAt)) {
        this.notWritten.set(check, 'dropped');
        continue;
      }
      // The run's id comes from its job, so a job retried after its run was written (a worker that
      // died before acknowledging it) writes nothing twice.
      const inserted = await trx.executeQuery(
        s.insertRun({
          id: check.runId ?? runIdOf(job),
          monitorId: job.monitorId,
          region: job.region,
          trigger: job.trigger,
          startedAt: check.startedAt,
          durationMs: result.durationMs,
          ok: result.ok ? 1 : 0,
          attempts: check.attempts,
          errorCode: result.error?.code ?? null,
          errorMessage: result.error?.message ?? null,
          statusCode: result.statusCode,
          timings: result.timings ? JSON.stringify(result.timings) : null,
          certificate: result.certificate ? JSON.stringify(result.certificate) : null,
          assertions: result.assertions.length > 0 ? JSON.stringify(result.assertions) : null,
          warnings: storedWarnings(result),
          maintenance: monitor.maintenance,
          dns: result.dns ? JSON.stringify(result.dns) : null,
          ping: result.ping ? JSON.stringify(result.ping) : null,
          domain: result.domain ? JSON.stringify(result.domain) : null,
          log: check.log ?? null,
        }),
      );
      // Judged, even when its run was written before (the same deadline again): it must not stay due.
      if (heartbeat) {
        this.moveDeadline(monitor, check);
        deadlineMoved = true;
      }
      if (inserted.numAffectedRows === 0n) continue;
      // The hour's rollup; the day's is folded from its hours (domain/rollup-days.ts), but for a
      // run recorded so late that its day may be folded already. A run in maintenance counts apart.
      const counted = monitor.maintenance === 0;
      const timed = counted && result.durationMs !== NO_DURATION;
      const row: RollupRow = {
        monitorId: job.monitorId,
        region: job.region,
        period: 'hour',
        bucketStart: Math.floor(check.startedAt / HOUR_MS) * HOUR_MS,
        checks: counted ? 1 : 0,
        failures: counted && !result.ok ? 1 : 0,
        durationMs: timed ? result.durationMs : 0,
        maintenance: counted ? 0 : 1,
        ...NO_BUCKET,
      };
      // A 1 in its duration's bucket; none for a run not counted.
      if (timed) row[HISTOGRAM_COLUMNS[bucketIndex(result.durationMs)]!] = 1;
      await s.rollup.in(trx, row);
      if (addsToItsDay(check.startedAt, now)) await s.rollup.in(trx, { ...row, period: 'day', bucketStart: dayOf(check.startedAt) });
      if (job.nextDueAt !== null && advanceDue(due, job.region, job.dueAt, job.nextDueAt)) dueMoved = true;
      stored.push(result === check.result ? check : { ...check, result });
    }
    // The due times are written with the monitor's row: with its state, or alone.
    if (dueMoved) monitor.due_times = JSON.stringify(due);
    // A paused monitor's late result is kept as a run but changes nothing about its state.
    if (stored.length === 0 || monitor.paused) {
      if (deadlineMoved) await s.updateHeartbeat.in(trx, monitor.heartbeat_deadline, monitor.heartbeat_started_at, monitorId);
      if (dueMoved) await s.updateDueTimes.in(trx, monitor.due_times, monitorId);
      return 0;
    }
    // The state written with the status carries a heartbeat's deadline as moved above.
    return this.settle(trx, monitorId, monitor, stored.map(runOutcome));
  }

  /** A heartbeat's next deadline and start after a run (on the row read, written with the runs). */
  private moveDeadline(monitor: MonitorRow, check: CompletedCheck): void {
    const { job, startedAt: at } = check;
    Object.assign(monitor, afterRun(monitor, job.trigger === 'ping' ? { kind: 'ping', ok: check.result.ok, at } : { kind: 'missed', deadline: job.dueAt, at }));
  }

  /**
   * Applies the start or the end of a maintenance occurrence to one monitor, in a transaction of
   * its own, through the same status decision as runs. Applying it again changes nothing. Returns
   * how many events it appended (a monitor still down at the end alerts then).
   */
  async applyMaintenance(monitorId: string, boundary: MaintenanceBoundary): Promise<number> {
    const events = await this.db.transaction().execute(async (trx) => {
      const [monitor] = await this.statements.monitor.in(trx, monitorId);
      if (!monitor || monitor.deleted_at !== null || monitor.maintenance === (boundary.active ? 1 : 0)) return 0;
      return this.settle(trx, monitorId, monitor, [boundary]);
    });
    // An end also wakes the alert processor: reminders and escalations held by the maintenance are due now.
    if (events > 0 || !boundary.active) this.hooks.onEvents?.();
    return events;
  }

  /** Moves the monitor's state on by the inputs, and writes it and the events they cause; returns how many events. */
  private async settle(trx: Transaction<Database>, monitorId: string, monitor: MonitorRow, inputs: StatusInput[]): Promise<number> {
    const runs = inputs.filter((input): input is RunOutcome => !('kind' in input));
    const state: MonitorState = {
      monitorId,
      teamId: monitor.team_id,
      paused: monitor.paused === 1,
      // A heartbeat's status follows its pings as a monitor's follows one region.
      regions: monitor.type === 'heartbeat' ? [PUSH_REGION] : this.servedRegions(monitor, runs),
      status: monitor.status as CheckedStatus,
      degradedReasons: JSON.parse(monitor.degraded_reasons) as DegradedReason[],
      regionResults: parseRegionResults(monitor.region_results),
      streaks: parseStreaks(monitor.region_streaks),
      failureThreshold: monitor.failure_threshold,
      recoveryThreshold: monitor.recovery_threshold,
      certificate: monitor.certificate ? (JSON.parse(monitor.certificate) as SeenCertificate) : null,
      warnedFingerprints: await this.warnedFingerprints(trx, monitorId, monitor.expiry_warned_fingerprint, runs),
      warningDays: monitor.warning_days,
      domainWarnedExpiry: monitor.domain_warned_expiry,
      lastCheckedAt: monitor.last_checked_at ?? 0,
      maintenance: monitor.maintenance === 1,
    };
    const next = applyRuns(state, inputs);
    for (const event of next.events) await appendEvent(trx, event);
    const stored: StateRow = {
      status: next.state.status,
      degradedReasons: next.state.degradedReasons === state.degradedReasons ? monitor.degraded_reasons : JSON.stringify(next.state.degradedReasons),
      regionResults: JSON.stringify(next.state.regionResults),
      // Usually none: runs that count leave no streak behind.
      streaks: Object.keys(next.state.streaks).length === 0 ? null : JSON.stringify(next.state.streaks),
      lastCheckedAt: next.state.lastCheckedAt === 0 ? monitor.last_checked_at : next.state.lastCheckedAt,
      // Unchanged: the stored text as it was.
      certificate: next.state.certificate === state.certificate ? monitor.certificate : JSON.stringify(next.state.certificate),
      warned: next.state.warnedFingerprints.at(-1) ?? null,
      domainWarned: next.state.domainWarnedExpiry ?? monitor.domain_warned_expiry,
      maintenance: next.state.maintenance ? 1 : 0,
      dueTimes: monitor.due_times,
    };
    // A heartbeat's deadline (indexed) is written with its state; a checked monitor's update leaves that index alone.
    if (monitor.type === 'heartbeat') {
      await this.statements.updateHeartbeatMonitor.in(trx, {
        ...stored,
        deadline: monitor.heartbeat_deadline,
        startedAt: monitor.heartbeat_started_at,
        id: monitorId,
      });
    } else {
      await this.statements.updateMonitor.in(trx, { ...stored, id: monitorId });
    }
    return next.events.length;
  }

  /**
   * The monitor's regions whose results count: those served within 3 × its interval. A region
   * that reports in this batch is served; when every region is stale (none reports) the monitor
   * keeps its regions, and so its last status.
   */
  private servedRegions(monitor: MonitorRow, runs: readonly RunOutcome[]): string[] {
    const regions = JSON.parse(monitor.regions) as string[];
    if (!this.presence || !this.hooks.staleness) return regions;
    const reporting = new Set(runs.map((run) => run.region));
    const stale = new Set(staleRegions(regions, monitor.interval_seconds, this.presence, this.now()));
    const served = regions.filter((region) => reporting.has(region) || !stale.has(region));
    return served.length > 0 ? served : regions;
  }

  /**
   * The certificates this monitor has already announced as expiring, newest last. The monitor row
   * keeps the newest; the earlier ones are read from the retained `certificate.expiring` events,
   * and only when a run reports an expiring certificate other than the newest (the usual case, the
   * same certificate check after check, reads nothing more).
   */
  private async warnedFingerprints(trx: Transaction<Database>, monitorId: string, newest: string | null, runs: RunOutcome[]): Promise<string[]> {
    const warned = newest === null ? [] : [newest];
    if (!runs.some((run) => run.expiringSoon && run.certificate && run.certificate.fingerprint256 !== newest)) return warned;
    const earlier = (await this.statements.certificateEvents.in(trx, monitorId))
      .map((row) => (JSON.parse(row.payload) as CertificateExpiring).certificate.fingerprint256)
      .filter((fingerprint) => fingerprint !== newest);
    return [...new Set(earlier), ...warned];
  }
}

/** What the status decision needs of a stored run. */
function runOutcome(check: CompletedCheck): RunOutcome {
  const { result } = check;
  return {
    region: check.job.region,
    startedAt: check.startedAt,
    ok: result.ok,
    error: result.error,
    warnings: result.warnings,
    certificate: result.certificate,
    expiringSoon: result.expiringSoon === true,
    domainExpiring: result.domainExpiring ?? null,
  };
}

/** The run's warnings as stored: the failing `degraded` assertions, then the notes that degrade nothing. */
function storedWarnings(result: CheckResult): string | null {
  const all = result.notes && result.notes.length > 0 ? [...result.warnings, ...result.notes] : result.warnings;
  return all.length > 0 ? JSON.stringify(all) : null;
}

/** A run as it is stored (monitor_runs), by the names of the insert's parameters. */
interface RunRow {
  id: string;
  monitorId: string;
  region: string;
  trigger: string;
  startedAt: number;
  durationMs: number;
  ok: number;
  attempts: number;
  errorCode: string | null;
  errorMessage: string | null;
  statusCode: number | null;
  timings: string | null;
  certificate: string | null;
  assertions: string | null;
  warnings: string | null;
  maintenance: number;
  dns: string | null;
  ping: string | null;
  domain: string | null;
  log: string | null;
}

type HistogramColumns = Record<(typeof HISTOGRAM_COLUMNS)[number], number>;
const NO_BUCKET: HistogramColumns = { h0: 0, h1: 0, h2: 0, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0, h8: 0, h9: 0, h10: 0, h11: 0 };

/** One run's increments of a rollup: its hour's, or its day's. */
interface RollupRow extends HistogramColumns {
  monitorId: string;
  region: string;
  period: 'hour' | 'day';
  bucketStart: number;
  checks: number;
  failures: number;
  durationMs: number;
  maintenance: number;
}

/** A monitor's state as its runs leave it, in its stored form. */
interface StateRow {
  status: string;
  degradedReasons: string;
  regionResults: string;
  streaks: string | null;
  lastCheckedAt: number | null;
  certificate: string | null;
  warned: string | null;
  domainWarned: string | null;
  maintenance: number;
  dueTimes: string | null;
}

/** The columns of a monitor's state as its runs leave it. */
function stateColumns(state: StateRow) {
  return {
    status: state.status,
    degraded_reasons: state.degradedReasons,
    region_results: state.regionResults,
    region_streaks: state.streaks,
    last_checked_at: state.lastCheckedAt,
    certificate: state.certificate,
    expiry_warned_fingerprint: state.warned,
    domain_warned_expiry: state.domainWarned,
    maintenance: state.maintenance,
    due_times: state.dueTimes,
  };
}

/** The monitor row as the recorder reads it. */
type MonitorRow = Awaited<ReturnType<ReturnType<typeof prepareStatements>['monitor']>>[number];

function prepareStatements(db: Kysely<Database>, forUpdate: boolean) {
  return {
    monitor: prepared(db, (id: string) => {
      const query = db
        .selectFrom('monitors')
        .select([
          'team_id',
          'status',
          'degraded_reasons',
          'regions',
          'interval_seconds',
          'region_results',
          'region_streaks',
          'failure_threshold',
          'recovery_threshold',
          'paused',
          'deleted_at',
          'last_checked_at',
          'certificate',
          'warning_days',
          'expiry_warned_fingerprint',
          'domain_warned_expiry',
          'maintenance',
          'type',
          'period_seconds',
          'cron',
          'timezone',
          'grace_seconds',
          'heartbeat_deadline',
          'heartbeat_started_at',
          'ping_key_hash',
          'due_times',
        ])
        .where('id', '=', id);
      // Regional workers of a cluster write results of one monitor concurrently.
      return forUpdate ? query.forUpdate() : query;
    }),
    // Run for its count of rows inserted: none when the run was written before.
    insertRun: compiledOnceNamed((run: RunRow) =>
      db
        .insertInto('monitor_runs')
        .values({
          id: run.id,
          monitor_id: run.monitorId,
          region: run.region,
          trigger: run.trigger,
          started_at: run.startedAt,
          duration_ms: run.durationMs,
          ok: run.ok,
          attempts: run.attempts,
          error_code: run.errorCode,
          error_message: run.errorMessage,
          status_code: run.statusCode,
          timings: run.timings,
          certificate: run.certificate,
          assertions: run.assertions,
          warnings: run.warnings,
          maintenance: run.maintenance,
          dns: run.dns,
          ping: run.ping,
          domain: run.domain,
          log: run.log,
        })
        .onConflict((oc) => oc.column('id').doNothing()),
    ),
    rollup: preparedNamed(db, (row: RollupRow) =>
      db
        .insertInto('rollups')
        .values({
          monitor_id: row.monitorId,
          region: row.region,
          period: row.period,
          bucket_start: row.bucketStart,
          checks: row.checks,
          failures: row.failures,
          duration_sum: row.durationMs,
          maintenance: row.maintenance,
          h0: row.h0,
          h1: row.h1,
          h2: row.h2,
          h3: row.h3,
          h4: row.h4,
          h5: row.h5,
          h6: row.h6,
          h7: row.h7,
          h8: row.h8,
          h9: row.h9,
          h10: row.h10,
          h11: row.h11,
        })
        .onConflict((oc) =>
          oc.columns(['monitor_id', 'region', 'period', 'bucket_start']).doUpdateSet((eb) => ({
            checks: eb('rollups.checks', '+', eb.ref('excluded.checks')),
            failures: eb('rollups.failures', '+', eb.ref('excluded.failures')),
            duration_sum: eb('rollups.duration_sum', '+', eb.ref('excluded.duration_sum')),
            maintenance: eb('rollups.maintenance', '+', eb.ref('excluded.maintenance')),
            h0: eb('rollups.h0', '+', eb.ref('excluded.h0')),
            h1: eb('rollups.h1', '+', eb.ref('excluded.h1')),
            h2: eb('rollups.h2', '+', eb.ref('excluded.h2')),
            h3: eb('rollups.h3', '+', eb.ref('excluded.h3')),
            h4: eb('rollups.h4', '+', eb.ref('excluded.h4')),
            h5: eb('rollups.h5', '+', eb.ref('excluded.h5')),
            h6: eb('rollups.h6', '+', eb.ref('excluded.h6')),
            h7: eb('rollups.h7', '+', eb.ref('excluded.h7')),
            h8: eb('rollups.h8', '+', eb.ref('excluded.h8')),
            h9: eb('rollups.h9', '+', eb.ref('excluded.h9')),
            h10: eb('rollups.h10', '+', eb.ref('excluded.h10')),
            h11: eb('rollups.h11', '+', eb.ref('excluded.h11')),
          })),
        ),
    ),
    updateDueTimes: prepared(db, (dueTimes: string | null, id: string) => db.updateTable('monitors').set({ due_times: dueTimes }).where('id', '=', id)),
    updateHeartbeat: prepared(db, (deadline: number | null, startedAt: number | null, id: string) =>
      db.updateTable('monitors').set({ heartbeat_deadline: deadline, heartbeat_started_at: startedAt }).where('id', '=', id),
    ),
    certificateEvents: prepared(db, (monitorId: string) =>
      db.selectFrom('events').select('payload').where('monitor_id', '=', monitorId).where('type', '=', 'certificate.expiring').orderBy('seq'),
    ),
    updateMonitor: preparedNamed(db, (state: StateRow & { id: string }) => db.updateTable('monitors').set(stateColumns(state)).where('id', '=', state.id)),
    updateHeartbeatMonitor: preparedNamed(db, (state: StateRow & { deadline: number | null; startedAt: number | null; id: string }) =>
      db
        .updateTable('monitors')
        .set({ ...stateColumns(state), heartbeat_deadline: state.deadline, heartbeat_started_at: state.startedAt })
        .where('id', '=', state.id),
    ),
  };
}
