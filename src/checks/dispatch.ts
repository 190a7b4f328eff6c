import type { Region } from '../config.js';

export type CheckTrigger = 'scheduled' | 'manual';

/** One check of one monitor in one region. */
export interface CheckJob {
  monitorId: string;
  region: Region;
  trigger: CheckTrigger;
  /** When the check was due (epoch ms); lateness is measured from here. */
  dueAt: number;
  /** For scheduled checks: when the following one is due, persisted with the run. */
  nextDueAt: number | null;
}

export type CheckHandler = (job: CheckJob) => Promise<void>;

/**
 * Carries checks from the scheduler (and "check now") to the checkers of each region.
 * Embedded: in-process queues. Cluster: a durable queue per region.
 * A job is never dropped; a scheduled job for a (monitor, region) that is already waiting
 * is coalesced with it, so a slow target delays its checks instead of piling them up.
 */
export interface CheckDispatcher {
  enqueue(job: CheckJob): Promise<void>;
  /** Starts running jobs of these regions, at most `concurrency` at a time per region. */
  consume(regions: readonly Region[], handler: CheckHandler, concurrency: number): void;
  /** Jobs waiting (not yet running) in a region. */
  depth(region: Region): number;
  close(): Promise<void>;
}

export function jobKey(job: Pick<CheckJob, 'monitorId' | 'region'>): string {
  return `${job.monitorId}|${job.region}`;
}
