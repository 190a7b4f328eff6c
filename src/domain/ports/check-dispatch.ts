import type { Region, RunTrigger } from '../../shared/vocabulary.js';
import { idFor } from '../ids.js';

/** One check of one monitor in one region. */
export interface CheckJob {
  monitorId: string;
  /**
   * The monitor's team: checks are limited per team. Jobs queued by earlier versions (and some
   * tests) lack it; such a job counts as a team of its own.
   */
  teamId?: string;
  region: Region;
  trigger: RunTrigger;
  /** When the check was due (epoch ms); lateness is measured from here. */
  dueAt: number;
  /** For scheduled checks: when the following one is due, persisted with the run. */
  nextDueAt: number | null;
}

/**
 * Runs a job. `checked`, when given, is called once the check has its result and only its
 * recording is left: the job stops counting against its team's limit (a team's slow targets
 * stretch the check, never the recording), while it still holds its slot until it resolves.
 */
export type CheckHandler = (job: CheckJob, checked?: () => void) => Promise<void>;

/**
 * Carries checks from the scheduler (and "check now") to the checkers of each region.
 * Embedded: in-process queues. Cluster: a durable queue per region.
 * A job is never dropped; a scheduled job for a (monitor, region) that is already waiting
 * is coalesced with it, so a slow target delays its checks instead of piling them up.
 * A port of the domain ("check now" enqueues through it); src/checks implements it.
 */
export interface CheckDispatcher {
  enqueue(job: CheckJob): Promise<void>;
  /**
   * Starts running jobs of these regions, at most `concurrency` at a time per region and at most
   * `teamConcurrency` of one team; a team's jobs beyond that wait without holding other teams' slots.
   */
  consume(regions: readonly Region[], handler: CheckHandler, limits: ConsumeLimits): void;
  /** Jobs waiting (not yet running) in a region. */
  depth(region: Region): number;
  close(): Promise<void>;
}

export interface ConsumeLimits {
  concurrency: number;
  teamConcurrency: number;
}

/** The key a job is limited under: its team. */
export function teamOf(job: Pick<CheckJob, 'teamId' | 'monitorId'>): string {
  return job.teamId ?? `monitor:${job.monitorId}`;
}

export function jobKey(job: Pick<CheckJob, 'monitorId' | 'region'>): string {
  return `${job.monitorId}|${job.region}`;
}

/**
 * The id of a job's run: the same for every attempt to record it, so a job checked or handed in again
 * (a worker that died before acknowledging it, a probe's result sent twice) writes one run.
 */
export function runIdOf(job: Pick<CheckJob, 'monitorId' | 'region' | 'trigger' | 'dueAt'>): string {
  return idFor(`${job.monitorId}|${job.region}|${job.trigger}`, job.dueAt);
}
