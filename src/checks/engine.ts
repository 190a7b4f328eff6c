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
import type { CheckDispatcher } from '../domain/ports/check-dispatch.js';
import { createCheckMetrics, type CheckMetrics } from './metrics.js';
import { HostResolver } from '../net/resolver.js';
import { Pruner } from './retention.js';
import { RunRecorder } from './run-recorder.js';
import { Scheduler } from './scheduler.js';
import { createTrustContext } from '../net/trust-store.js';
import { systemClock, type Clock } from '../domain/ports/clock.js';

export interface CheckEngineOptions {
  config: Config;
  store: Store;
  /** The monitors to check and to plan. */
  monitors: Pick<MonitorService, 'findActiveForCheck' | 'listActiveForCheck' | 'findScheduled'>;
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
}

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

  constructor(private readonly options: CheckEngineOptions) {
    const { config, store, monitors, maintenanceWindows, alerts, dispatcher, logger } = options;
    const clock = options.clock ?? systemClock;
    this.metrics = createCheckMetrics((region) => dispatcher.depth(region as never), config.regions);
    const hooks = { onEvents: () => alerts.notify(), beforeWrite: () => store.beforeBulkWrite() };
    this.recorder = new RunRecorder(store.db, hooks, store.dialect === 'postgres');
    this.heartbeatRecorder = new RunRecorder(store.db, hooks, store.dialect === 'postgres', 0);
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
    this.checker = new Checker({
      monitors,
      recorder: this.recorder,
      metrics: this.metrics,
      logger,
      executor: new InProcessExecutor({
        targetPolicy: config.targetPolicy,
        userAgent: `Lookout/${VERSION}`,
        secureContext: createTrustContext(options.extraCaPem),
        retryDelayMs: options.retryDelayMs,
        resolver: new HostResolver({ servers: config.dnsServers ?? undefined }),
        dnsServers: config.dnsServers,
        clock,
      }),
    });
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
      dispatcher.consume(config.regions, this.checker.handle, { concurrency: this.options.concurrency ?? 256, teamConcurrency: config.teamConcurrency });
    }
    await this.leadership?.start();
    this.pruner.start();
  }

  async stop(): Promise<void> {
    await this.leadership?.stop();
    await this.pruner.stop();
    await this.options.dispatcher.close();
    await this.recorder.flush();
    await this.heartbeatRecorder.flush();
    this.checker.close();
  }
}
