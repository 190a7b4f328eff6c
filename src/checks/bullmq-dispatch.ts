import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { REGIONS, type Region } from '../config.js';
import { jobKey, type CheckDispatcher, type CheckHandler, type CheckJob } from './dispatch.js';

/** How often the waiting counts behind `depth()` (a synchronous metric) are refreshed. */
const DEPTH_REFRESH_MS = 5000;

/**
 * A durable BullMQ queue per region in Redis (cluster mode): API nodes and the scheduler add
 * jobs, `lookout worker --region <r>` processes take them. A job's id is its (monitor, region,
 * due time), so the same check added twice — by two schedulers during a hand-over — is one job,
 * and finished ids are remembered for an hour. A worker that dies mid-check leaves its job
 * stalled; BullMQ hands it to another worker, and the run id derived from the same key keeps
 * the run from being written twice.
 */
export class BullMqDispatcher implements CheckDispatcher {
  private readonly queues = new Map<Region, Queue>();
  private readonly workers: Worker[] = [];
  private readonly depths = new Map<Region, number>();
  private depthTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly logger?: Logger,
  ) {}

  async enqueue(job: CheckJob): Promise<void> {
    const id = `${jobKey(job).replace('|', '@')}@${job.trigger}@${job.dueAt}`;
    await this.queue(job.region).add('check', job, {
      jobId: id,
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 24 * 3600 },
      // A check whose worker failed outside the check itself (Redis or database trouble) is tried again.
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
    });
  }

  consume(regions: readonly Region[], handler: CheckHandler, concurrency: number): void {
    for (const region of regions) {
      const worker = new Worker(queueName(region), async (job) => handler(job.data as CheckJob), {
        connection: this.connection(true),
        concurrency,
        prefix: 'lookout',
        // A check takes at most 2 × 120 s plus the retry pause; its lock is renewed while it runs.
        // A worker that dies leaves its checks locked until the lock runs out: they are taken up
        // again within lockDuration + stalledInterval (about half a minute).
        lockDuration: 20_000,
        stalledInterval: 10_000,
        maxStalledCount: 3,
      });
      worker.on('error', (error) => this.logger?.error({ err: error, region }, 'check worker error'));
      this.workers.push(worker);
    }
    this.depthTimer ??= setInterval(() => void this.refreshDepths(), DEPTH_REFRESH_MS).unref();
  }

  depth(region: Region): number {
    return this.depths.get(region) ?? 0;
  }

  async close(): Promise<void> {
    if (this.depthTimer) clearInterval(this.depthTimer);
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  private queue(region: Region): Queue {
    let queue = this.queues.get(region);
    if (!queue) {
      queue = new Queue(queueName(region), { connection: this.connection(false), prefix: 'lookout' });
      queue.on('error', (error) => this.logger?.error({ err: error, region }, 'check queue error'));
      this.queues.set(region, queue);
    }
    return queue;
  }

  private connection(blocking: boolean): ConnectionOptions {
    const url = new URL(this.redisUrl);
    return {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: Number(url.pathname.slice(1) || 0),
      tls: url.protocol === 'rediss:' ? {} : undefined,
      // Workers block on Redis and must wait through reconnects rather than fail requests.
      maxRetriesPerRequest: blocking ? null : 1,
    };
  }

  private async refreshDepths(): Promise<void> {
    for (const region of REGIONS) {
      try {
        this.depths.set(region, await this.queue(region).getWaitingCount());
      } catch {
        // Redis away: keep the last known depth.
      }
    }
  }
}

function queueName(region: Region): string {
  return `checks-${region}`;
}
