import type { Region } from '../config.js';
import { jobKey, type CheckDispatcher, type CheckHandler, type CheckJob } from './dispatch.js';

interface RegionQueue {
  jobs: CheckJob[];
  head: number;
  /** Scheduled jobs waiting, by monitor and region: the coalescing set. */
  waiting: Set<string>;
  running: number;
  concurrency: number;
  handler: CheckHandler | null;
}

/** In-process queues, one per region: for `lookout serve` on one machine. */
export class EmbeddedDispatcher implements CheckDispatcher {
  private readonly queues = new Map<Region, RegionQueue>();
  private closed = false;
  private readonly idle = new Set<() => void>();

  async enqueue(job: CheckJob): Promise<void> {
    const queue = this.queue(job.region);
    if (job.trigger === 'scheduled') {
      const key = jobKey(job);
      if (queue.waiting.has(key)) return;
      queue.waiting.add(key);
    }
    queue.jobs.push(job);
    this.pump(queue);
  }

  consume(regions: readonly Region[], handler: CheckHandler, concurrency: number): void {
    for (const region of regions) {
      const queue = this.queue(region);
      queue.handler = handler;
      queue.concurrency = concurrency;
      this.pump(queue);
    }
  }

  depth(region: Region): number {
    const queue = this.queues.get(region);
    return queue ? queue.jobs.length - queue.head : 0;
  }

  /** Stops starting jobs and waits for the running ones to finish. */
  async close(): Promise<void> {
    this.closed = true;
    while ([...this.queues.values()].some((q) => q.running > 0)) {
      await new Promise<void>((resolve) => this.idle.add(resolve));
    }
  }

  private queue(region: Region): RegionQueue {
    let queue = this.queues.get(region);
    if (!queue) {
      queue = { jobs: [], head: 0, waiting: new Set(), running: 0, concurrency: 0, handler: null };
      this.queues.set(region, queue);
    }
    return queue;
  }

  private pump(queue: RegionQueue): void {
    while (!this.closed && queue.handler && queue.running < queue.concurrency && queue.head < queue.jobs.length) {
      const job = queue.jobs[queue.head++]!;
      if (queue.head > 1024 && queue.head * 2 > queue.jobs.length) {
        queue.jobs = queue.jobs.slice(queue.head);
        queue.head = 0;
      }
      if (job.trigger === 'scheduled') queue.waiting.delete(jobKey(job));
      queue.running++;
      queue.handler(job)
        .catch(() => {}) // the handler records its own failures; a job never takes the queue down
        .finally(() => {
          queue.running--;
          for (const resolve of this.idle) resolve();
          this.idle.clear();
          this.pump(queue);
        });
    }
  }
}
