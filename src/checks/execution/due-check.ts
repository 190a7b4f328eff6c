import type { MonitorForCheck } from '../../domain/monitor-for-check.js';
import type { CheckJob } from '../../domain/ports/check-dispatch.js';
import type { CheckOutcome } from '../../monitor-types/checkers.js';

/**
 * The boundary between the process that holds the store and whatever makes the checks: "due checks
 * in, results out". A due check carries everything a check needs (the monitor as loaded, its secrets
 * opened), so the side that runs it needs no database: this process's event loop, a check thread, or
 * a remote probe. Both sides are plain data, so they cross a thread or a network as they are.
 */
export interface DueCheck {
  job: CheckJob;
  monitor: MonitorForCheck;
}

/** What running a due check produced, handed back to be recorded. Its run id follows from `job`. */
export interface CheckedRun {
  job: CheckJob;
  /** When the first attempt started (epoch ms, the runner's clock). */
  startedAt: number;
  /** 1, or 2 when the confirming retry ran. */
  attempts: number;
  result: CheckOutcome;
}

/**
 * Runs due checks: the check of the monitor's type and, after a failure, one confirming retry. It
 * answers every outcome as a result (a failed check is a failed run) and rejects only on a defect
 * or when the runner itself is gone.
 */
export interface CheckExecutor {
  /** Prepares what the first checks need (the hosts file). */
  ready(): Promise<void>;
  execute(check: DueCheck): Promise<CheckedRun>;
  /** Ends what is still waiting (DNS queries); checks under way answer as they finish. */
  close(): void;
}
