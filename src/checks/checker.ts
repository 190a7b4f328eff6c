import type { SecureContext } from 'node:tls';
import type { Logger } from 'pino';
import type { MonitorForCheck, MonitorService } from '../domain/monitors.js';
import { SecretBoxError } from '../domain/secrets/secret-box.js';
import type { CheckJob } from '../domain/ports/check-dispatch.js';
import type { CheckErrorReason, CheckMetrics } from './metrics.js';
import type { RunRecorder } from './run-recorder.js';
import { checkerOf, type CheckContext, type CheckOutcome } from '../monitor-types/checkers.js';
import { createPolicyLookup, type TargetPolicy } from '../net/target-policy.js';
import { HostResolver } from '../net/resolver.js';
import { systemClock, type Clock } from '../domain/ports/clock.js';

export interface CheckerOptions {
  monitors: Pick<MonitorService, 'findActiveForCheck'>;
  recorder: RunRecorder;
  metrics: CheckMetrics;
  logger: Logger;
  targetPolicy: TargetPolicy;
  userAgent: string;
  /** Trust store for HTTPS and SSL checks; Node's default (with NODE_EXTRA_CA_CERTS) when absent. */
  secureContext?: SecureContext;
  /** Pause before the confirming retry of a failed check. */
  retryDelayMs?: number;
  /** Resolves target names (off the thread pool); the system's DNS servers when absent. */
  resolver?: HostResolver;
  /** The servers DNS monitors without a resolver of their own ask (LOOKOUT_DNS_SERVERS); the system's when absent. */
  dnsServers?: readonly string[] | null;
  /** When a run started (its due time's clock); the system clock when absent. Durations stay on performance.now(). */
  clock?: Clock;
}

/**
 * Runs one check job: loads the monitor as it is now (a paused or deleted one is not
 * checked), checks it, confirms a failure with one immediate retry, and records the run.
 *
 * A check that cannot run or cannot be recorded is never silent: it is logged at error with the
 * monitor's id and counted in `lookout_check_errors_total` by reason. Failures that trying again
 * may cure (the database) are also thrown, so a durable queue retries the job; those it cannot (a
 * secret no key opens, a check that threw) end the job.
 */
export class Checker {
  private readonly retryDelayMs: number;
  private readonly resolver: HostResolver;
  /** What every check is given besides its monitor, built once. */
  private readonly context: CheckContext;

  constructor(private readonly options: CheckerOptions) {
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.resolver = options.resolver ?? new HostResolver();
    const { targetPolicy, userAgent, secureContext, dnsServers } = options;
    // One lookup for every check: the policy is judged on the addresses it resolves.
    this.context = { targetPolicy, userAgent, secureContext, dnsServers, lookup: createPolicyLookup(targetPolicy, this.resolver) };
  }

  /** Reads the hosts file, so that the first checks already see it. */
  ready(): Promise<void> {
    return this.resolver.ready();
  }

  /** Ends DNS queries still waiting. */
  close(): void {
    this.resolver.cancel();
  }

  readonly handle = async (job: CheckJob): Promise<void> => {
    let monitor: MonitorForCheck | undefined;
    try {
      monitor = await this.options.monitors.findActiveForCheck(job.monitorId);
    } catch (error) {
      if (error instanceof SecretBoxError) {
        this.failed('secret', job, error, "check skipped: the monitor's stored secret cannot be opened");
        return;
      }
      this.failed('load', job, error, 'check skipped: the monitor could not be read');
      throw error;
    }
    if (!monitor || !monitor.regions.includes(job.region)) return;
    const startedAt = (this.options.clock ?? systemClock).now();
    if (job.trigger === 'scheduled') this.options.metrics.lateness.observe({ region: job.region }, Math.max(0, startedAt - job.dueAt) / 1000);

    // Its type's checker, looked up once for both attempts.
    const check = checkerOf(monitor.type);
    let result: CheckOutcome;
    let attempts = 1;
    try {
      result = await check(monitor, this.context, startedAt);
      if (!result.ok) {
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
        result = await check(monitor, this.context, startedAt);
        attempts = 2;
      }
    } catch (error) {
      // The checks report every outcome as a result; reaching this is a defect, kept from the queue.
      this.failed('execute', job, error, 'check failed to run');
      return;
    }

    const { metrics } = this.options;
    metrics.checks.inc({ region: job.region, result: result.ok ? 'ok' : 'failed' });
    if (result.error) metrics.failures.inc({ region: job.region, code: result.error.code });
    metrics.duration.observe({ region: job.region, type: monitor.type }, result.durationMs / 1000);
    try {
      await this.options.recorder.record({ job, startedAt, attempts, result });
    } catch (error) {
      this.failed('record', job, error, 'check ran but its run could not be recorded');
      throw error;
    }
  };

  private failed(reason: CheckErrorReason, job: CheckJob, error: unknown, message: string): void {
    this.options.metrics.errors.inc({ reason });
    this.options.logger.error({ err: error, monitorId: job.monitorId, region: job.region, trigger: job.trigger, reason }, message);
  }
}
