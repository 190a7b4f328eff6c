import type { Logger } from 'pino';
import type { MonitorForCheck } from '../domain/monitor-for-check.js';
import type { MonitorService } from '../domain/monitors.js';
import { SecretBoxError } from '../domain/secrets/secret-box.js';
import type { CheckJob } from '../domain/ports/check-dispatch.js';
import type { CheckErrorReason, CheckMetrics } from './metrics.js';
import type { RunRecorder } from './run-recorder.js';
import type { CheckedRun, CheckExecutor } from './execution/due-check.js';
import type { RegionActivity } from './region-activity.js';

export interface CheckerOptions {
  monitors: Pick<MonitorService, 'findActiveForCheck'>;
  recorder: RunRecorder;
  metrics: CheckMetrics;
  logger: Logger;
  /** Makes the checks (see execution/due-check.ts): on this event loop, or elsewhere. */
  executor: CheckExecutor;
  /** Counts each recorded check per region (the regions' rate and lag). */
  activity?: RegionActivity;
}

/**
 * Runs one check job: loads the monitor as it is now (a paused or deleted one is not checked),
 * hands it to the executor (the check and its confirming retry), and records the run.
 *
 * A check that cannot run or cannot be recorded is never silent: it is logged at error with the
 * monitor's id and counted in `lookout_check_errors_total` by reason. Failures that trying again
 * may cure (the database) are also thrown, so a durable queue retries the job; those it cannot (a
 * secret no key opens, a check that threw) end the job.
 */
export class Checker {
  /**
   * Monitors loaded in this turn of the event loop. A monitor's regions fall due at the same
   * moment, and their jobs start in the same turn: they share one load of the monitor as it is
   * then, rather than reading and building it once per region.
   */
  private loaded = new Map<string, Promise<MonitorForCheck | undefined>>();
  private forgetting: NodeJS.Immediate | null = null;

  constructor(private readonly options: CheckerOptions) {}

  /** Reads the hosts file, so that the first checks already see it. */
  ready(): Promise<void> {
    return this.options.executor.ready();
  }

  /** Ends DNS queries still waiting. */
  close(): void {
    this.options.executor.close();
  }

  /** Runs the job; `checked` is called once the check has its result, before it is recorded (see CheckHandler). */
  readonly handle = async (job: CheckJob, checked?: () => void): Promise<void> => {
    let monitor: MonitorForCheck | undefined;
    try {
      monitor = await this.load(job.monitorId);
    } catch (error) {
      if (error instanceof SecretBoxError) {
        this.failed('secret', job, error, "check skipped: the monitor's stored secret cannot be opened");
        return;
      }
      this.failed('load', job, error, 'check skipped: the monitor could not be read');
      throw error;
    }
    if (!monitor || !monitor.regions.includes(job.region)) return;

    let run: CheckedRun;
    try {
      run = await this.options.executor.execute({ job, monitor });
    } catch (error) {
      // The checks report every outcome as a result; reaching this is a defect, kept from the queue.
      this.failed('execute', job, error, 'check failed to run');
      return;
    }
    checked?.();
    await this.record(run, monitor.type);
  };

  private load(monitorId: string): Promise<MonitorForCheck | undefined> {
    let loading = this.loaded.get(monitorId);
    if (!loading) {
      loading = this.options.monitors.findActiveForCheck(monitorId);
      this.loaded.set(monitorId, loading);
      this.forgetting ??= setImmediate(() => {
        this.forgetting = null;
        this.loaded = new Map();
      });
    }
    return loading;
  }

  /** Counts a finished check and writes its run. */
  async record(run: CheckedRun, type: MonitorForCheck['type']): Promise<void> {
    const { metrics } = this.options;
    const { job, result } = run;
    if (job.trigger === 'scheduled') metrics.lateness.observe({ region: job.region }, Math.max(0, run.startedAt - job.dueAt) / 1000);
    metrics.checks.inc({ region: job.region, result: result.ok ? 'ok' : 'failed' });
    if (result.error) metrics.failures.inc({ region: job.region, code: result.error.code });
    metrics.duration.observe({ region: job.region, type }, result.durationMs / 1000);
    this.options.activity?.note(job.region, job.trigger === 'scheduled' ? run.startedAt - job.dueAt : 0);
    try {
      await this.options.recorder.record(run);
    } catch (error) {
      this.failed('record', job, error, 'check ran but its run could not be recorded');
      throw error;
    }
  }

  private failed(reason: CheckErrorReason, job: CheckJob, error: unknown, message: string): void {
    this.options.metrics.errors.inc({ reason });
    this.options.logger.error({ err: error, monitorId: job.monitorId, region: job.region, trigger: job.trigger, reason }, message);
  }
}
