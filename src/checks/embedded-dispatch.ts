import type { Region } from '../shared/vocabulary.js';
import { jobKey, teamOf, type CheckDispatcher, type CheckHandler, type CheckJob, type ConsumeLimits } from '../domain/ports/check-dispatch.js';
import { FairQueue } from './fair-queue.js';

interface RegionQueue {
  /** Jobs waiting and running, per team: a team's slow checks wait in its own line. */
  fair: FairQueue<CheckJob>;
  /** Scheduled jobs waiting, by monitor and region: the coalescing set. */
  waiting: Set<string>;
  handler: CheckHandler | null;
}

/** In-process queues, one per region: for `lookout serve` on one machine. */
export class EmbeddedDispatcher implements CheckDispatcher {
  private readonly queues = new Map<Region, RegionQueue>();
  private readonly idle = new Set<() => void>();

  async enqueue(job: CheckJob): Promise<void> {
    const queue = this.queue(job.region);
    if (job.trigger === 'scheduled') {
      const key = jobKey(job);
      if (queue.waiting.has(key)) return;
      queue.waiting.add(key);
    }
    queue.fair.push(teamOf(job), job);
  }

  consume(regions: readonly Region[], handler: CheckHandler, limits: ConsumeLimits): void {
    for (const region of regions) {
      const queue = this.queue(region);
      queue.handler = handler;
      queue.fair.setLimits(limits.concurrency, limits.teamConcurrency);
    }
  }

  depth(region: Region): number {
    return this.queues.get(region)?.fair.waiting ?? 0;
  }

  /** Stops starting jobs and waits for the running ones to finish. */
  async close(): Promise<void> {
    for (const queue of this.queues.values()) queue.fair.stop();
    while ([...this.queues.values()].some((q) => q.fair.running > 0)) {
      await new Promise<void>((resolve) => this.idle.add(resolve));
    }
  }

  private queue(region: Region): RegionQueue {
    let queue = this.queues.get(region);
    if (!queue) {
      const created: RegionQueue = {
        waiting: new Set(),
        handler: null,
        // Nothing starts before consume() sets the limits (and the handler).
        fair: new FairQueue<CheckJob>((job, done, leaveTeam) => this.run(created, job, done, leaveTeam)),
      };
      queue = created;
      this.queues.set(region, queue);
    }
    return queue;
  }

  private run(queue: RegionQueue, job: CheckJob, done: () => void, leaveTeam: () => void): void {
    if (job.trigger === 'scheduled') queue.waiting.delete(jobKey(job));
    queue.handler!(job, leaveTeam)
      .catch(() => {}) // the handler records its own failures; a job never takes the queue down
      .finally(() => {
        done();
        for (const resolve of this.idle) resolve();
        this.idle.clear();
      });
  }
}
