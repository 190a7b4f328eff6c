import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import type { MonitorForCheck } from '../../domain/monitor-for-check.js';
import type { MonitorService } from '../../domain/monitors.js';
import { systemClock, type Clock } from '../../domain/ports/clock.js';
import { runIdOf, type CheckDispatcher, type CheckJob } from '../../domain/ports/check-dispatch.js';
import type { HandedCheck, ProbeWork } from '../../domain/ports/probe-work.js';
import type { LeaseTerms, ProbeLeases } from '../../domain/probes/leases.js';
import type { ProbeActor } from '../../domain/probes/probe-tokens.js';
import type { RegionService } from '../../domain/probes/regions.js';
import { Problem, problems } from '../../domain/problem.js';
import { SecretBoxError } from '../../domain/secrets/secret-box.js';
import { parseInput } from '../../domain/validation.js';
import type { Database } from '../../store/schema.js';
import type { CheckedRun, DueCheck } from '../execution/due-check.js';
import type { RegionActivity } from '../region-activity.js';
import { MAX_BATCH, ResultsRequest, TakeRequest, type ResultItem } from './wire.js';

/** A due check waiting for a probe, or held by one until its lease runs out. */
interface Pending {
  job: CheckJob;
  /** The monitor as it was when the check was last handed out (loaded then, with a batch). */
  monitor: MonitorForCheck | null;
  runId: string;
  /** Ends the dispatcher's job: the run is recorded (here, by another node, or before). */
  done: () => void;
  /** Ends the dispatcher's job unfinished (the server stops): a durable queue hands it out again. */
  fail: (error: Error) => void;
  /** When it was first offered (real time): how long checks wait for a probe. */
  offeredAt: number;
  /** Whether a probe held it before: such a check always runs, even once superseded. */
  leasedBefore: boolean;
  expiresAt: number;
}

interface Waiter {
  /** Woken once this many checks wait (or the server stops). */
  count: number;
  wake: () => void;
}

interface RegionBoard {
  offered: Pending[];
  waiters: Set<Waiter>;
  /** Leased checks by run id, until recorded or their lease runs out. */
  held: Map<string, Pending>;
}

export interface ProbeBrokerOptions {
  db: Kysely<Database>;
  dispatcher: CheckDispatcher;
  monitors: Pick<MonitorService, 'findActiveForCheckMany'>;
  /** Records a run exactly as the checker of this process does (metrics, the recorder). */
  record: (run: CheckedRun, type: MonitorForCheck['type']) => Promise<void>;
  /** Runs waiting to be written: past RECORDER_FULL the server takes fewer results and hands out fewer checks. */
  recorderBacklog: () => number;
  leases: ProbeLeases;
  regions: Pick<RegionService, 'markServed'>;
  activity: RegionActivity;
  logger: Logger;
  clock?: Clock;
  /** Regions this process checks itself in embedded mode: a probe of one is refused (403). */
  selfRegions: readonly string[];
  /** Added to a check's longest run (two attempts and the pause between) for its lease; tests shorten it. */
  leaseMarginMs?: number;
  /** The pause before a confirming retry, as the probe makes it. */
  retryDelayMs?: number;
  /** Checks of one region waiting for or held by probes, in this process. */
  concurrency?: number;
  teamConcurrency: number;
  registry: Registry;
}

/** The recorder's queue length past which results and checks are throttled. */
const RECORDER_FULL = 4000;
const LEASE_SWEEP_MS = 1000;
/**
 * How long a take that found checks waits for more to join them (at most, from when the oldest
 * was offered). Answered at its first check, a take carries one or two at a thousand checks a
 * second, and what a take costs is per take (the token looked up, the requests, the region's
 * presence): batched, the server's cost per check is its recording and little more.
 */
const GATHER_MS = 50;
/** A result may come this long after its lease ran out (a probe that waited out a server restart): its run id keeps it from being written twice. */
const LATE_RESULT_MS = 3_600_000;

/**
 * Serves the regions probes check: takes their due checks from the same dispatcher the server's
 * and workers' checkers take them from (in-process queues, or a region's BullMQ queue), holds
 * each in memory until a probe takes it, and ends the dispatcher's job once its run is recorded.
 * A check whose lease runs out unrecorded (the probe died mid-batch) is offered again; its run id
 * follows from the job, so a late result and the second one write one run.
 */
export class ProbeBroker implements ProbeWork {
  private readonly boards = new Map<string, RegionBoard>();
  private readonly clock: Clock;
  private readonly leaseMarginMs: number;
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly lag: Gauge;
  private stopped = false;

  constructor(private readonly options: ProbeBrokerOptions) {
    this.clock = options.clock ?? systemClock;
    this.leaseMarginMs = options.leaseMarginMs ?? 15_000;
    this.lag = new Gauge({
      name: 'lookout_probe_lag_seconds',
      help: 'Per probe-served region: how long the oldest due check has waited for a probe (0 when none waits).',
      labelNames: ['region'],
      registers: [options.registry],
      collect: () => {
        for (const [region, board] of this.boards) this.lag.set({ region }, this.oldestWaitMs(board) / 1000);
      },
    });
    const held: Gauge = new Gauge({
      name: 'lookout_probe_checks_held',
      help: 'Per probe-served region: checks handed to probes and not yet recorded.',
      labelNames: ['region'],
      registers: [options.registry],
      collect: () => {
        for (const [region, board] of this.boards) held.set({ region }, board.held.size);
      },
    });
  }

  async take(probe: ProbeActor, body: unknown, signal: AbortSignal): Promise<{ checks: HandedCheck[]; accept: number }> {
    const request = parseInput(TakeRequest, body);
    if (request.region !== undefined && request.region !== probe.region) {
      throw new Problem('forbidden', `This probe token is for the region "${probe.region}", not "${request.region}".`);
    }
    const board = this.serve(probe.region);
    const wait = this.oldestWaitMs(board);
    const activity = this.options.activity.snapshot(probe.region);
    // Awaited (a write every few seconds at most): once a probe is answered, GET /api/v1/regions
    // shows it serving with the rate it reported; a failed write does not fail the take.
    await this.options.regions
      .markServed(probe.region, 'probe', { checksPerMinute: activity.checksPerMinute, lagMs: Math.max(activity.lagMs, wait) })
      .catch((error: unknown) => this.options.logger.warn({ err: error, region: probe.region }, 'could not note that the region asked for work'));
    if (this.stopped) throw new Problem('unavailable', 'The server is shutting down.');
    if (wait > 60_000)
      this.options.logger.warn({ region: probe.region, waitedSeconds: Math.round(wait / 1000) }, 'probe region is behind: checks wait for a probe');
    const accept = this.accept();
    const max = Math.min(request.max, accept);
    if (max === 0) return { checks: [], accept };
    if (request.waitMs > 0) await this.gather(board, max, request.waitMs, signal);
    const now = this.clock.now();
    const checks = await this.handOut(probe, board, this.grab(board, max, now), now);
    return { checks, accept: this.accept() };
  }

  async submit(probe: ProbeActor, body: unknown): Promise<{ recorded: number; accept: number }> {
    const { results } = parseInput(ResultsRequest, body);
    const now = this.clock.now();
    const read = this.options.leases.reader();
    // Every result is judged before any is written: a batch with one forged or foreign result writes nothing.
    const judged = results.map((item, index) => this.judge(probe, read(item.lease), item, index, now));
    await Promise.all(
      judged.map(async ({ run, terms }) => {
        await this.options.record(run, terms.type as MonitorForCheck['type']);
        this.release(terms.region, runIdOf(run.job));
      }),
    );
    return { recorded: judged.length, accept: this.accept() };
  }

  /**
   * Stops handing out checks. Checks waiting or held end their dispatcher jobs unfinished: a
   * cluster's queue hands them to another node or worker, an embedded server plans them again from
   * the stored due times when it starts; a result posted later still records its run once.
   */
  stop(): void {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    const stopping = new Error('the server is stopping');
    for (const board of this.boards.values()) {
      for (const waiter of board.waiters) waiter.wake();
      board.waiters.clear();
      for (const pending of [...board.offered, ...board.held.values()]) pending.fail(stopping);
      board.offered = [];
      board.held.clear();
    }
  }

  /** The board of a region, consuming its checks from the dispatcher from the first time a probe asks. */
  private serve(region: string): RegionBoard {
    if (this.stopped) throw new Problem('unavailable', 'The server is shutting down.');
    if (this.options.selfRegions.includes(region)) {
      throw new Problem('forbidden', `The server checks the region "${region}" itself (LOOKOUT_REGIONS): a probe of it is not needed.`);
    }
    let board = this.boards.get(region);
    if (!board) {
      board = { offered: [], waiters: new Set(), held: new Map() };
      this.boards.set(region, board);
      const created = board;
      this.options.dispatcher.consume([region], (job) => this.handle(created, job), {
        concurrency: this.options.concurrency ?? 4096,
        teamConcurrency: this.options.teamConcurrency,
      });
      this.sweepTimer ??= setInterval(() => void this.sweep(), LEASE_SWEEP_MS).unref();
    }
    return board;
  }

  /**
   * A dispatcher job of a probe region: offered to the region's probes, it ends once a probe's run
   * of it is recorded. Its monitor is read when it is handed out, with the others of that take.
   */
  private async handle(board: RegionBoard, job: CheckJob): Promise<void> {
    if (this.stopped) throw new Error('the probe broker is stopped');
    await new Promise<void>((resolve, reject) => {
      this.offer(
        board,
        { job, monitor: null, runId: runIdOf(job), done: resolve, fail: reject, offeredAt: Date.now(), leasedBefore: false, expiresAt: 0 },
        false,
      );
    });
  }

  private offer(board: RegionBoard, pending: Pending, first: boolean): void {
    if (first) board.offered.unshift(pending);
    else board.offered.push(pending);
    for (const waiter of board.waiters) if (board.offered.length >= waiter.count) waiter.wake();
  }

  /**
   * Waits for the first check (up to `waitMs`), then, unless `max` already wait, for more to join
   * it until GATHER_MS after the oldest was offered: a check waits that long at most.
   */
  private async gather(board: RegionBoard, max: number, waitMs: number, signal: AbortSignal): Promise<void> {
    if (board.offered.length === 0) await this.waitForChecks(board, 1, waitMs, signal);
    const oldest = board.offered[0];
    if (!oldest || board.offered.length >= max || signal.aborted || this.stopped) return;
    const left = oldest.offeredAt + GATHER_MS - Date.now();
    if (left > 0) await this.waitForChecks(board, max, left, signal);
  }

  private waitForChecks(board: RegionBoard, count: number, waitMs: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const waiter: Waiter = { count, wake: () => finish() };
      const timer = setTimeout(() => finish(), waitMs);
      const finish = () => {
        clearTimeout(timer);
        board.waiters.delete(waiter);
        signal.removeEventListener('abort', finish);
        resolve();
      };
      board.waiters.add(waiter);
      signal.addEventListener('abort', finish, { once: true });
    });
  }

  private grab(board: RegionBoard, max: number, now: number): Pending[] {
    const taken: Pending[] = [];
    while (taken.length < max && board.offered.length > 0) {
      const pending = board.offered.shift()!;
      // A scheduled check nobody took before its following one fell due is superseded by that one.
      const { job } = pending;
      if (!pending.leasedBefore && job.trigger === 'scheduled' && job.nextDueAt !== null && job.nextDueAt <= now) {
        pending.done();
        continue;
      }
      taken.push(pending);
    }
    return taken;
  }

  /**
   * Leases taken checks to the probe, their monitors read in one query as they are now: a check
   * of a monitor since deleted, paused, moved out of the region or whose secret cannot be opened
   * ends unhanded. Should the read fail, the checks are offered again first and the take fails.
   */
  private async handOut(probe: ProbeActor, board: RegionBoard, taken: Pending[], now: number): Promise<HandedCheck[]> {
    if (taken.length === 0) return [];
    let monitors: Awaited<ReturnType<MonitorService['findActiveForCheckMany']>>;
    try {
      monitors = await this.options.monitors.findActiveForCheckMany(taken.map((pending) => pending.job.monitorId));
    } catch (error) {
      this.giveBack(board, taken);
      throw error;
    }
    if (this.stopped) {
      this.giveBack(board, taken);
      throw new Problem('unavailable', 'The server is shutting down.');
    }
    const issue = this.options.leases.issuer();
    const checks: HandedCheck[] = [];
    for (const pending of taken) {
      const { job } = pending;
      const monitor = monitors.get(job.monitorId.toLowerCase());
      if (monitor instanceof SecretBoxError) {
        this.options.logger.error(
          { err: monitor, monitorId: job.monitorId, region: job.region },
          "check skipped: the monitor's stored secret cannot be opened",
        );
        pending.done();
        continue;
      }
      if (!monitor || !(monitor.regions as readonly string[]).includes(job.region)) {
        pending.done();
        continue;
      }
      pending.monitor = monitor;
      checks.push(this.lease(probe, board, pending, monitor, now, issue));
    }
    return checks;
  }

  /** Checks taken but not handed out: offered again first, in their order (or ended, once the server stops). */
  private giveBack(board: RegionBoard, taken: Pending[]): void {
    if (this.stopped) {
      const stopping = new Error('the server is stopping');
      for (const pending of taken) pending.fail(stopping);
      return;
    }
    for (const pending of [...taken].reverse()) this.offer(board, pending, true);
  }

  private lease(
    probe: ProbeActor,
    board: RegionBoard,
    pending: Pending,
    monitor: MonitorForCheck,
    now: number,
    issue: (terms: LeaseTerms) => string,
  ): HandedCheck {
    const { job } = pending;
    // Two attempts, the pause between them, and room for the probe's batching and a slow network.
    const longest = 2 * monitor.timeoutSeconds * 1000 + (this.options.retryDelayMs ?? 1000);
    pending.expiresAt = now + longest + this.leaseMarginMs;
    pending.leasedBefore = true;
    board.held.set(pending.runId, pending);
    const terms: LeaseTerms = {
      tokenId: probe.tokenId,
      region: job.region,
      monitorId: job.monitorId,
      teamId: job.teamId ?? null,
      type: monitor.type,
      trigger: job.trigger,
      dueAt: job.dueAt,
      nextDueAt: job.nextDueAt,
      expiresAt: pending.expiresAt,
    };
    const check: DueCheck = { job, monitor };
    return { lease: issue(terms), check };
  }

  /** The run a result stands for, if it is a result of a check handed to this probe; else 400. */
  private judge(probe: ProbeActor, terms: LeaseTerms | null, item: ResultItem, index: number, now: number): { run: CheckedRun; terms: LeaseTerms } {
    const refuse = (message: string) => problems.invalidField(`results[${index}]`, message);
    if (!terms || terms.tokenId !== probe.tokenId) throw refuse('is not the result of a check handed to this probe');
    if (terms.region !== probe.region) throw refuse("is for another region than the probe's");
    const job = item.run.job;
    if (
      job.monitorId !== terms.monitorId ||
      job.region !== terms.region ||
      job.trigger !== terms.trigger ||
      job.dueAt !== terms.dueAt ||
      job.nextDueAt !== terms.nextDueAt ||
      (job.teamId ?? null) !== terms.teamId
    ) {
      throw refuse('names another check than its lease');
    }
    if (now > terms.expiresAt + LATE_RESULT_MS) throw refuse('came too long after its lease ran out; the check was handed out again');
    // The start a probe reports is its own clock's: kept within a day of the due time, it cannot move a run into another day's figures.
    if (Math.abs(item.run.startedAt - terms.dueAt) > 86_400_000) throw refuse('started more than a day away from when it was due');
    const checkJob: CheckJob = {
      monitorId: terms.monitorId,
      ...(terms.teamId !== null && { teamId: terms.teamId }),
      region: terms.region,
      trigger: item.run.job.trigger,
      dueAt: terms.dueAt,
      nextDueAt: terms.nextDueAt,
    };
    return { run: { job: checkJob, startedAt: item.run.startedAt, attempts: item.run.attempts, result: item.run.result }, terms };
  }

  /** A run recorded here: the job that waited for it ends. */
  private release(region: string, runId: string): void {
    const board = this.boards.get(region);
    const pending = board?.held.get(runId);
    if (!board || !pending) return;
    board.held.delete(runId);
    pending.done();
  }

  /** Leases run out: a check whose run was recorded (perhaps through another node) ends; the others are offered again first. */
  private async sweep(): Promise<void> {
    const now = this.clock.now();
    for (const board of this.boards.values()) {
      const expired = [...board.held.values()].filter((pending) => pending.expiresAt <= now);
      if (expired.length === 0) continue;
      let written: Set<string>;
      try {
        const rows = await this.options.db
          .selectFrom('monitor_runs')
          .select('id')
          .where(
            'id',
            'in',
            expired.map((p) => p.runId),
          )
          .execute();
        written = new Set(rows.map((row) => row.id));
      } catch (error) {
        this.options.logger.warn({ err: error }, 'could not read which leased checks were recorded; trying again');
        continue;
      }
      for (const pending of expired) {
        if (board.held.get(pending.runId) !== pending) continue;
        board.held.delete(pending.runId);
        if (written.has(pending.runId)) pending.done();
        else {
          this.options.logger.warn(
            { monitorId: pending.job.monitorId, region: pending.job.region, dueAt: pending.job.dueAt },
            'a probe did not report a check in time; handing it out again',
          );
          this.offer(board, pending, true);
        }
      }
    }
  }

  private oldestWaitMs(board: RegionBoard): number {
    const oldest = board.offered[0];
    return oldest ? Math.max(0, Date.now() - oldest.offeredAt) : 0;
  }

  /** How many checks (or results) the server takes at once now: fewer while its recorder is behind. */
  private accept(): number {
    const backlog = this.options.recorderBacklog();
    if (backlog >= RECORDER_FULL) return 0;
    return Math.max(1, Math.min(MAX_BATCH, Math.floor(((RECORDER_FULL - backlog) / RECORDER_FULL) * MAX_BATCH)));
  }
}
