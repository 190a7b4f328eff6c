import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { Leadership } from '../coordination/leadership.js';
import { MaintenanceSweep } from './maintenance-sweep.js';
import type { Channel, LockManager, RateLimiter } from '../domain/ports/coordination.js';
import { HeartbeatPings } from './heartbeat-pings.js';
import { HeartbeatSweep } from './heartbeat-sweep.js';
import type { MonitorChange, MonitorService } from '../domain/monitors.js';
import type { AlertProcessor } from '../domain/alerts/processor.js';
import type { MaintenanceWindowService } from '../domain/maintenance/service.js';
import type { Store } from '../store/database.js';
import { VERSION } from '../version.js';
import { Checker } from './checker.js';
import { InProcessExecutor } from './execution/in-process-executor.js';
import { ThreadPoolExecutor } from './execution/thread-pool-executor.js';
import type { CheckExecutor } from './execution/due-check.js';
import type { CheckDispatcher } from '../domain/ports/check-dispatch.js';
import { createCheckMetrics, type CheckMetrics } from './metrics.js';
import { HostResolver } from '../net/resolver.js';
import { Pruner } from './retention.js';
import { RunRecorder, type RecorderHooks } from './run-recorder.js';
import { Scheduler } from './scheduler.js';
import { createTrustContext } from '../net/trust-store.js';
import { systemClock, type Clock } from '../domain/ports/clock.js';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { RegionService } from '../domain/probes/regions.js';
import type { ProbeLeases } from '../domain/probes/leases.js';
import { ProbeBroker } from './probes/broker.js';
import { RegionActivity } from './region-activity.js';

export interface CheckEngineOptions {
  config: Config;
  store: Store;
  /** The monitors to check and to plan. */
  monitors: Pick<MonitorService, 'findActiveForCheck' | 'findActiveForCheckMany' | 'listActiveForCheck' | 'findScheduled'>;
  /** The windows whose occurrences the maintenance sweep applies. */
  maintenanceWindows: Pick<MaintenanceWindowService, 'scheduled'>;
  /** Woken after a batch of runs appended events. */
  alerts: Pick<AlertProcessor, 'notify'>;
  dispatcher: CheckDispatcher;
  logger: Logger;
  /**
   * Whether this process may plan checks. Several processes may: the one holding the scheduler
   * lease does, the others stand by to take over.
   */
  schedule: boolean;
  /** Monitor changes from every process of the installation: the scheduler re-plans on them. */
  monitorChanges: Channel<MonitorChange>;
  /** Maintenance window changes from every process: the maintenance sweep runs again on them. */
  maintenanceChanges: Channel<unknown>;
  /** Coordination locks: the scheduler lease, and one retention pruner per installation. */
  locks: LockManager;
  /** Heartbeat pings per key and minute, across the installation. */
  pingLimiter: RateLimiter;
  /** Heartbeat pings to unknown keys per client address and minute, across the installation. */
  unknownPingLimiter: RateLimiter;
  /** Extra trusted CA certificates (PEM) for HTTPS and SSL checks, on top of the system store. */
  extraCaPem?: string[];
  /** Pause before the confirming retry of a failed check. */
  retryDelayMs?: number;
  /** Checks run at once per region in this process (of all teams). */
  concurrency?: number;
  /** Due times, run start times and retention cut-offs; the system clock when absent. */
  clock?: Clock;
  /** Who serves which region, and when each last asked for work. */
  regions: Pick<RegionService, 'markServed' | 'presence'>;
  /** Serving remote probes (`lookout serve` only): the leases their checks are handed with. */
  probes?: { leases: ProbeLeases; leaseMarginMs?: number };
}

/** How often a process says that its regions asked for work, even when none was due (staleness is minutes). */
const PRESENCE_TICK_MS = 10_000;

/** Scheduler, checkers of this process's regions, and the run recorder, started and stopped together. */
export class CheckEngine {
  readonly metrics: CheckMetrics;
  readonly recorder: RunRecorder;
  readonly scheduler: Scheduler | null;
  /** Applies maintenance occurrences to monitors as they start and end, under the same lease as the scheduler. */
  readonly maintenance: MaintenanceSweep;
  /** Decides which of the scheduling processes plans checks. */
  readonly leadership: Leadership | null;
  /** Deletes runs, rollups and events past their retention (src/checks/retention.ts). */
  readonly pruner: Pruner;
  /** Records heartbeat pings (every process that serves HTTP takes them). */
  readonly pings: HeartbeatPings;
  /** Records missed heartbeat deadlines, under the same lease as the scheduler. */
  readonly heartbeats: HeartbeatSweep;
  /** Writes pings and missed deadlines: a ping waits for its run, so nothing waits to share a batch. */
  private readonly heartbeatRecorder: RunRecorder;
  private readonly checker: Checker;
  /** Runs the checks: on this event loop, or on check threads (LOOKOUT_CHECK_THREADS). */
  readonly executor: CheckExecutor;
  /** Checks recorded per region in the last minute, and how late: what each region's presence reports. */
  readonly activity = new RegionActivity();
  /** Hands the due checks of the regions this process does not check to remote probes (serve only). */
  readonly broker: ProbeBroker | null;
  private presenceTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: CheckEngineOptions) {
    const { config, store, monitors, maintenanceWindows, alerts, dispatcher, logger } = options;
    const clock = options.clock ?? systemClock;
    this.metrics = createCheckMetrics((region) => dispatcher.depth(region), config.regions);
    const hooks = (recorder: 'checks' | 'heartbeats'): RecorderHooks => ({
      onEvents: () => alerts.notify(),
      beforeWrite: () => store.beforeBulkWrite(),
      staleness: { presence: (trx: Kysely<Database>) => options.regions.presence(trx) },
      now: () => clock.now(),
      onWritten: (seconds) => this.metrics.writes.observe({ recorder }, seconds),
    });
    this.recorder = new RunRecorder(store.db, hooks('checks'), store.dialect === 'postgres');
    this.heartbeatRecorder = new RunRecorder(store.db, hooks('heartbeats'), store.dialect === 'postgres', 0);
    this.pings = new HeartbeatPings({
      db: store.db,
      recorder: this.heartbeatRecorder,
      limiter: options.pingLimiter,
      unknownKeyLimiter: options.unknownPingLimiter,
      clock,
      logger,
    });
    const heartbeats = new HeartbeatSweep({ db: store.db, recorder: this.heartbeatRecorder, logger, clock });
    this.heartbeats = heartbeats;
    this.executor = createExecutor(options, clock);
    this.checker = new Checker({ monitors, recorder: this.recorder, metrics: this.metrics, logger, executor: this.executor, activity: this.activity });
    const checker = this.checker;
    this.broker = options.probes
      ? new ProbeBroker({
          db: store.db,
          dispatcher,
          monitors,
          record: (run, type) => checker.record(run, type),
          recorderBacklog: () => this.recorder.backlog,
          leases: options.probes.leases,
          regions: options.regions,
          activity: this.activity,
          logger,
          clock,
          // Embedded, the server's own regions are checked here; a cluster's probes share the queues with workers.
          selfRegions: config.redisUrl === null ? config.regions : [],
          leaseMarginMs: options.probes.leaseMarginMs,
          retryDelayMs: options.retryDelayMs,
          teamConcurrency: config.teamConcurrency,
          registry: this.metrics.registry,
        })
      : null;
    const scheduler = options.schedule ? new Scheduler({ db: store.db, monitors, changes: options.monitorChanges, dispatcher, logger, clock }) : null;
    this.scheduler = scheduler;
    const sweep = new MaintenanceSweep({
      db: store.db,
      windows: maintenanceWindows,
      recorder: this.recorder,
      changes: options.maintenanceChanges,
      logger,
      clock,
    });
    this.maintenance = sweep;
    // An embedded process is the only one: it follows maintenance windows even when it checks nothing.
    this.leadership =
      scheduler || config.redisUrl === null
        ? new Leadership({
            locks: options.locks,
            key: 'scheduler',
            logger,
            onGain: async (term) => {
              // The term ends with the lease: a reconcile still under way then plans nothing more.
              await scheduler?.start(term);
              await sweep.start();
              await heartbeats.start();
            },
            onLose: () => {
              scheduler?.stop();
              sweep.stop();
              heartbeats.stop();
            },
          })
        : null;
    this.pruner = new Pruner({ db: store.db, locks: options.locks, logger, runRetentionHours: config.runRetentionHours, now: () => clock.now() });
  }

  async start(): Promise<void> {
    const { config, dispatcher } = this.options;
    if (config.regions.length > 0) {
      await this.checker.ready();
      const handle = this.checker.handle;
      dispatcher.consume(
        config.regions,
        (job, checked) => {
          this.markServed(job.region);
          return handle(job, checked);
        },
        { concurrency: this.options.concurrency ?? 256, teamConcurrency: config.teamConcurrency },
      );
      // Asking for work is what keeps a region from going stale: said at start and while running, even with nothing due.
      for (const region of config.regions) this.markServed(region);
      this.presenceTimer = setInterval(() => {
        for (const region of config.regions) this.markServed(region);
      }, PRESENCE_TICK_MS).unref();
    }
    await this.leadership?.start();
    this.pruner.start();
  }

  async stop(): Promise<void> {
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.broker?.stop();
    await this.leadership?.stop();
    await this.pruner.stop();
    await this.options.dispatcher.close();
    await this.recorder.flush();
    await this.heartbeatRecorder.flush();
    this.checker.close();
  }

  /** Notes that one of this process's regions asked for work (written at most every few seconds). */
  private markServed(region: string): void {
    const servedBy = this.options.schedule ? 'server' : 'worker';
    this.options.regions.markServed(region, servedBy, this.activity.snapshot(region)).catch((error: unknown) => {
      this.options.logger.warn({ err: error, region }, 'could not note that the region asked for work');
    });
  }
}

/**
 * The executor of LOOKOUT_CHECK_THREADS: check threads for 2 or more, this event loop otherwise.
 * Either way, each resolver and trust store is built once and serves every check it runs.
 */
function createExecutor(options: CheckEngineOptions, clock: Clock): CheckExecutor {
  const { config, logger } = options;
  const userAgent = `Lookout/${VERSION}`;
  if (config.checkThreads > 1) {
    return new ThreadPoolExecutor({
      threads: config.checkThreads,
      targetPolicy: config.targetPolicy,
      userAgent,
      extraCaPem: options.extraCaPem,
      retryDelayMs: options.retryDelayMs,
      dnsServers: config.dnsServers,
      rdapBootstrapUrl: config.rdapBootstrapUrl,
      clock,
      logger,
    });
  }
  return new InProcessExecutor({
    targetPolicy: config.targetPolicy,
    userAgent,
    secureContext: createTrustContext(options.extraCaPem),
    retryDelayMs: options.retryDelayMs,
    resolver: new HostResolver({ servers: config.dnsServers ?? undefined }),
    dnsServers: config.dnsServers,
    rdapBootstrapUrl: config.rdapBootstrapUrl,
    clock,
  });
}
