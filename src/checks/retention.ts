import type { CompiledQuery, ExpressionBuilder, Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { LockManager } from '../domain/ports/coordination.js';
import { systemClock } from '../domain/ports/clock.js';
import { compiledOnce, type Executor } from '../store/prepared.js';
import { SESSION_IDLE_MS } from '../domain/sessions.js';
import type { Database } from '../store/schema.js';
import { DAY_MS, HOUR_MS } from '../domain/rollup-buckets.js';
import { AUDIT_RETENTION_DAYS } from '../domain/audit/log.js';
import { foldDays } from '../domain/rollup-days.js';

export interface RetentionPolicy {
  /** Raw runs are kept this long (`LOOKOUT_RUN_RETENTION_HOURS`)… */
  runRetentionMs: number;
  /** …except the newest this many of each monitor, which are always kept. */
  keepNewestRuns: number;
  /** Hourly rollups (charts). */
  hourlyRollupRetentionMs: number;
  /** Daily rollups (uptime bars). */
  dailyRollupRetentionMs: number;
  /** Processed domain events. */
  eventRetentionMs: number;
  /**
   * Processed `certificate.expiring` events: the check engine looks back at them so that a
   * certificate is announced once even when it comes back after another one. A certificate lives at
   * most 398 days, so they are kept longer than other events (there are few: one per certificate).
   */
  certificateEventRetentionMs: number;
  /** Notification deliveries and their attempts, by when the delivery was made. */
  deliveryRetentionMs: number;
  /** Audit log entries (contract-2 §U: 400 days). */
  auditRetentionMs: number;
}

export const DEFAULT_RETENTION: Omit<RetentionPolicy, 'runRetentionMs'> = {
  keepNewestRuns: 100,
  hourlyRollupRetentionMs: 30 * DAY_MS,
  dailyRollupRetentionMs: 400 * DAY_MS,
  eventRetentionMs: 7 * DAY_MS,
  certificateEventRetentionMs: 400 * DAY_MS,
  deliveryRetentionMs: 30 * DAY_MS,
  auditRetentionMs: AUDIT_RETENTION_DAYS * DAY_MS,
};

export interface PrunerOptions {
  db: Kysely<Database>;
  /** One pruner per installation: a pass runs only in the process that takes the `retention` lock. Null: always run. */
  locks: LockManager | null;
  logger: Logger;
  runRetentionHours: number;
  policy?: Partial<Omit<RetentionPolicy, 'runRetentionMs'>>;
  /** Time between passes. Default 60 s; the first pass comes one interval after start. */
  intervalMs?: number;
  /** Rows deleted per statement and per transaction at most. Default 1,000. */
  batchSize?: number;
  /** Monitors read per keyset page. Default 100. */
  monitorsPerPage?: number;
  /** The clock cut-offs are measured back from; the system clock when absent. */
  now?: () => number;
}

/** One committed batch of deletions. */
export interface PruneBatch {
  table: 'monitor_runs' | 'rollups' | 'events' | 'deliveries' | 'sessions' | 'password_setups' | 'audit_log';
  rows: number;
}

export interface PruneReport {
  /** Ended days folded into daily rollups (src/domain/rollup-days.ts), before anything is deleted. */
  foldedDays: number;
  runs: number;
  hourlyRollups: number;
  dailyRollups: number;
  events: number;
  /** Deliveries past their retention (their attempts go with them). */
  deliveries: number;
  /** Dashboard sessions that ended (expired, idle too long, or signed out). */
  sessions: number;
  /** Set-password links that were used or have expired. */
  passwordSetups: number;
  /** Audit log entries past 400 days. */
  auditEntries: number;
  /** Batches committed (each at most `batchSize` rows), with a yield to the event loop after each. */
  batches: number;
  monitors: number;
  ms: number;
  /** True when stop() ended the pass early. */
  interrupted: boolean;
}

export interface PruneOnceOptions {
  /** Called after each committed batch (tests count them). */
  onBatch?: (batch: PruneBatch) => void;
}

/** Gives timers, I/O (checks, requests) and the run recorder their turn between batches. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Deletes what retention no longer needs, in small batches:
 * - runs older than `LOOKOUT_RUN_RETENTION_HOURS`, except the newest 100 of each monitor. Monitors
 *   are walked by id in pages (keyset pagination); for each, the 100th newest `started_at` is read
 *   from the (monitor_id, started_at) index and runs older than both it and the cutoff are deleted.
 * - hourly rollups past 30 days (their days were folded into daily rollups first: see the pass) and
 *   daily ones past 400 days (index rollups_age);
 * - processed events past 7 days (index events_unprocessed);
 * - notification deliveries made more than 30 days ago, with their attempts (indexes
 *   deliveries_created, delivery_attempts_delivery);
 * - audit log entries past 400 days (index audit_log_at), under the permit the log's trigger asks for;
 * - dashboard sessions that can no longer be used (expired, idle too long, signed out) and
 *   set-password links that were used or have expired: nothing reads them again, and without
 *   this they would pile up for every sign-in and invitation.
 *
 * Every statement deletes at most `batchSize` rows through `key IN (SELECT key … LIMIT n)`
 * (SQLite and PostgreSQL alike); run deletions of several monitors share one transaction of at most
 * `batchSize` rows, so that SQLite commits (and writes its WAL) once per batch, not once per monitor.
 * After each batch the pass yields to the event loop, so checks and requests never wait long.
 * Hourly rollups are maintained incrementally by the run recorder; nothing here rescans runs.
 */
export class Pruner {
  private readonly policy: RetentionPolicy;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly monitorsPerPage: number;
  private readonly now: () => number;
  private readonly statements;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PruneReport> | null = null;
  private stopping = false;

  constructor(private readonly options: PrunerOptions) {
    this.policy = { ...DEFAULT_RETENTION, ...options.policy, runRetentionMs: options.runRetentionHours * HOUR_MS };
    this.intervalMs = options.intervalMs ?? 60_000;
    this.batchSize = options.batchSize ?? 1000;
    this.monitorsPerPage = options.monitorsPerPage ?? 100;
    this.now = options.now ?? (() => systemClock.now());
    this.statements = prepareStatements(options.db);
  }

  /** Passes every interval (timers do not hold the process open). */
  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.timer = setInterval(() => {
      this.tick().catch((error: unknown) => this.options.logger.error({ err: error }, 'retention pass failed'));
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and ends a running pass at its next batch. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping = true;
    await this.running?.catch(() => {});
  }

  /**
   * One scheduled pass, in the one process of the installation holding the `retention` lock.
   * The lock expires just before the next tick and is not released early, so one pass per interval
   * runs across all processes; a process that stops is replaced by another at the next tick.
   */
  async tick(): Promise<PruneReport | null> {
    if (this.running) return null;
    if (this.options.locks) {
      const lock = await this.options.locks.tryAcquire('retention', Math.max(1000, this.intervalMs - 1000));
      if (!lock.acquired) return null;
    }
    const report = await this.pruneOnce();
    const done =
      report.foldedDays +
      report.runs +
      report.hourlyRollups +
      report.dailyRollups +
      report.events +
      report.deliveries +
      report.sessions +
      report.passwordSetups;
    if (done + report.auditEntries > 0) {
      this.options.logger.info(
        { retention: report },
        'retention pass folded ended days into daily rollups and deleted old runs, rollups, events, deliveries, sessions, links and audit entries',
      );
    }
    return report;
  }

  /** One pass now, whatever the lock (a pass already running in this process is joined). */
  pruneOnce(options: PruneOnceOptions = {}): Promise<PruneReport> {
    if (!this.running) {
      this.stopping = false;
      this.running = this.pass(options).finally(() => (this.running = null));
    }
    return this.running;
  }

  private async pass({ onBatch }: PruneOnceOptions): Promise<PruneReport> {
    const started = performance.now();
    const now = this.now();
    const report: PruneReport = {
      foldedDays: 0,
      runs: 0,
      hourlyRollups: 0,
      dailyRollups: 0,
      events: 0,
      deliveries: 0,
      sessions: 0,
      passwordSetups: 0,
      auditEntries: 0,
      batches: 0,
      monitors: 0,
      ms: 0,
      interrupted: false,
    };
    const committed = async (batch: PruneBatch): Promise<void> => {
      report.batches++;
      onBatch?.(batch);
      await yieldToEventLoop();
    };

    const s = this.statements;
    const { db } = this.options;
    // Days are folded from their hours before the hours can go (a day ended 2 hours ago is folded;
    // its hours go after 30 days).
    report.foldedDays = await foldDays(db, now, {
      monitorsPerPage: this.monitorsPerPage,
      afterPage: async () => {
        await yieldToEventLoop();
        return !this.stopping;
      },
    });

    await this.pruneRuns(now - this.policy.runRetentionMs, report, committed);

    const steps: Array<
      [
        keyof Pick<PruneReport, 'hourlyRollups' | 'dailyRollups' | 'events' | 'deliveries' | 'sessions' | 'passwordSetups' | 'auditEntries'>,
        PruneBatch['table'],
        (limit: number) => Promise<number>,
      ]
    > = [
      // A bucket goes once it ended before the window began.
      ['hourlyRollups', 'rollups', (n) => s.deleteRollups(this.options.db, 'hour', now - this.policy.hourlyRollupRetentionMs - HOUR_MS, n)],
      ['dailyRollups', 'rollups', (n) => s.deleteRollups(this.options.db, 'day', now - this.policy.dailyRollupRetentionMs - DAY_MS, n)],
      ['events', 'events', (n) => s.deleteEvents(this.options.db, now - this.policy.eventRetentionMs, 'certificate.expiring', n)],
      ['events', 'events', (n) => s.deleteEventsOfType(this.options.db, now - this.policy.certificateEventRetentionMs, 'certificate.expiring', n)],
      // Attempts first, then their deliveries, in one transaction per batch.
      [
        'deliveries',
        'deliveries',
        (n) =>
          db.transaction().execute(async (trx) => {
            await s.deleteDeliveryAttempts(trx, now - this.policy.deliveryRetentionMs, n);
            return s.deleteDeliveries(trx, now - this.policy.deliveryRetentionMs, n);
          }),
      ],
      ['sessions', 'sessions', (n) => s.deleteEndedSessions(db, now, now - SESSION_IDLE_MS, n)],
      ['passwordSetups', 'password_setups', (n) => s.deleteSpentPasswordSetups(db, now, n)],
      // The audit log refuses every deletion but this one: the permit (entries older than the cutoff)
      // lives only inside this transaction (src/store/migrations/0024-audit-log.ts).
      [
        'auditEntries',
        'audit_log',
        (n) =>
          db.transaction().execute(async (trx) => {
            const before = now - this.policy.auditRetentionMs;
            await trx.insertInto('audit_log_prune_permits').values({ before }).execute();
            const rows = await s.deleteAuditEntries(trx, before, n);
            await trx.deleteFrom('audit_log_prune_permits').execute();
            return rows;
          }),
      ],
    ];
    for (const [counter, table, remove] of steps) {
      for (;;) {
        if (this.stopping) return this.finish(report, started, true);
        const rows = await remove(this.batchSize);
        if (rows === 0) break;
        report[counter] += rows;
        await committed({ table, rows });
        if (rows < this.batchSize) break;
      }
    }
    return this.finish(report, started, this.stopping);
  }

  private finish(report: PruneReport, started: number, interrupted: boolean): PruneReport {
    report.ms = Math.round(performance.now() - started);
    report.interrupted = interrupted;
    return report;
  }

  /**
   * Walks monitors by id, a page at a time. For each page: first the bound of each monitor
   * (reads only), then the deletions in transactions of at most `batchSize` rows.
   */
  private async pruneRuns(cutoff: number, report: PruneReport, committed: (batch: PruneBatch) => Promise<void>): Promise<void> {
    const { db } = this.options;
    const s = this.statements;
    const keep = this.policy.keepNewestRuns;
    let after = '';
    for (;;) {
      if (this.stopping) return;
      const page = await s.monitorPage(db, after, this.monitorsPerPage);
      if (page.length === 0) return;
      after = page[page.length - 1]!.id;
      report.monitors += page.length;

      // Runs before `bound` go: older than the cutoff and not among the newest `keep`.
      const targets: Array<{ monitorId: string; bound: number }> = [];
      for (const { id } of page) {
        const [kept] = keep > 0 ? await s.nthNewestRun(db, id, keep - 1) : [{ started_at: Infinity }];
        if (!kept) continue; // fewer than `keep` runs
        targets.push({ monitorId: id, bound: Math.min(cutoff, Number(kept.started_at)) });
      }

      let next = 0;
      while (next < targets.length) {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have set it during the awaits above
        if (this.stopping) return;
        let rows = 0;
        await db.transaction().execute(async (trx) => {
          while (next < targets.length && rows < this.batchSize) {
            const { monitorId, bound } = targets[next]!;
            const wanted = this.batchSize - rows;
            const deleted = await s.deleteRuns(trx, monitorId, bound, wanted);
            rows += deleted;
            if (deleted < wanted) next++; // this monitor is done; else the batch is full and it continues in the next one
          }
        });
        if (rows > 0) {
          report.runs += rows;
          await committed({ table: 'monitor_runs', rows });
        }
      }
      // Reading a page of bounds is a batch of its own: let others in before the next one.
      await yieldToEventLoop();
    }
  }
}

function prepareStatements(db: Kysely<Database>) {
  // Compiled once, run with new parameters (see compiledOnce()); deletions report how many rows they removed.
  const run = async (executor: Executor, query: CompiledQuery) => executor.executeQuery(query);
  const changes = async (executor: Executor, query: CompiledQuery) => Number((await run(executor, query)).numAffectedRows ?? 0n);

  const monitorPage = compiledOnce((after: string, limit: number) => db.selectFrom('monitors').select('id').where('id', '>', after).orderBy('id').limit(limit));
  const nthNewestRun = compiledOnce((monitorId: string, offset: number) =>
    db.selectFrom('monitor_runs').select('started_at').where('monitor_id', '=', monitorId).orderBy('started_at', 'desc').limit(1).offset(offset),
  );
  const deleteRuns = compiledOnce((monitorId: string, before: number, limit: number) =>
    db
      .deleteFrom('monitor_runs')
      .where('id', 'in', (eb) => eb.selectFrom('monitor_runs').select('id').where('monitor_id', '=', monitorId).where('started_at', '<', before).limit(limit)),
  );
  const deleteRollups = compiledOnce((period: string, before: number, limit: number) =>
    db
      .deleteFrom('rollups')
      .where((eb) =>
        eb(
          eb.refTuple('monitor_id', 'region', 'period', 'bucket_start'),
          'in',
          eb
            .selectFrom('rollups as r')
            .select(['r.monitor_id', 'r.region', 'r.period', 'r.bucket_start'])
            .where('r.period', '=', period)
            .where('r.bucket_start', '<', before)
            .limit(limit)
            .$asTuple('monitor_id', 'region', 'period', 'bucket_start'),
        ),
      ),
  );
  const deleteEvents = compiledOnce((before: number, exceptType: string, limit: number) =>
    db
      .deleteFrom('events')
      .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('processed_at', '<', before).where('type', '<>', exceptType).limit(limit)),
  );
  const deleteEventsOfType = compiledOnce((before: number, type: string, limit: number) =>
    db
      .deleteFrom('events')
      .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('processed_at', '<', before).where('type', '=', type).limit(limit)),
  );

  // The oldest deliveries first, the same ones for their attempts and for themselves.
  const oldDeliveries = (eb: ExpressionBuilder<Database, 'deliveries' | 'delivery_attempts'>, before: number, limit: number) =>
    eb.selectFrom('deliveries as d').select('d.id').where('d.created_at', '<', before).orderBy('d.created_at').orderBy('d.id').limit(limit);
  const deleteDeliveryAttempts = compiledOnce((before: number, limit: number) =>
    db.deleteFrom('delivery_attempts').where('delivery_id', 'in', (eb) => oldDeliveries(eb, before, limit)),
  );
  const deleteDeliveries = compiledOnce((before: number, limit: number) =>
    db.deleteFrom('deliveries').where('id', 'in', (eb) => oldDeliveries(eb, before, limit)),
  );
  const deleteEndedSessions = compiledOnce((now: number, idleBefore: number, limit: number) =>
    db.deleteFrom('sessions').where('id', 'in', (eb) =>
      eb
        .selectFrom('sessions as s')
        .select('s.id')
        .where((w) => w.or([w('s.expires_at', '<=', now), w('s.last_seen_at', '<=', idleBefore), w('s.revoked_at', 'is not', null)]))
        .limit(limit),
    ),
  );
  const deleteSpentPasswordSetups = compiledOnce((now: number, limit: number) =>
    db.deleteFrom('password_setups').where('id', 'in', (eb) =>
      eb
        .selectFrom('password_setups as p')
        .select('p.id')
        .where((w) => w.or([w('p.used_at', 'is not', null), w('p.expires_at', '<=', now)]))
        .limit(limit),
    ),
  );

  const deleteAuditEntries = compiledOnce((before: number, limit: number) =>
    db
      .deleteFrom('audit_log')
      .where('id', 'in', (eb) => eb.selectFrom('audit_log as a').select('a.id').where('a.at', '<', before).orderBy('a.at').limit(limit)),
  );

  return {
    deleteAuditEntries: (executor: Executor, before: number, limit: number) => changes(executor, deleteAuditEntries(before, limit)),
    deleteDeliveryAttempts: (executor: Executor, before: number, limit: number) => changes(executor, deleteDeliveryAttempts(before, limit)),
    deleteDeliveries: (executor: Executor, before: number, limit: number) => changes(executor, deleteDeliveries(before, limit)),
    deleteEndedSessions: (executor: Executor, now: number, idleBefore: number, limit: number) => changes(executor, deleteEndedSessions(now, idleBefore, limit)),
    deleteSpentPasswordSetups: (executor: Executor, now: number, limit: number) => changes(executor, deleteSpentPasswordSetups(now, limit)),
    monitorPage: async (executor: Executor, after: string, limit: number) => (await run(executor, monitorPage(after, limit))).rows as Array<{ id: string }>,
    nthNewestRun: async (executor: Executor, monitorId: string, offset: number) =>
      (await run(executor, nthNewestRun(monitorId, offset))).rows as Array<{ started_at: number | string }>,
    deleteRuns: (executor: Executor, monitorId: string, before: number, limit: number) => changes(executor, deleteRuns(monitorId, before, limit)),
    deleteRollups: (executor: Executor, period: string, before: number, limit: number) => changes(executor, deleteRollups(period, before, limit)),
    deleteEvents: (executor: Executor, before: number, exceptType: string, limit: number) => changes(executor, deleteEvents(before, exceptType, limit)),
    deleteEventsOfType: (executor: Executor, before: number, type: string, limit: number) => changes(executor, deleteEventsOfType(before, type, limit)),
  };
}
