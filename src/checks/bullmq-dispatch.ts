import { DelayedError, Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { REGIONS, type Region } from '../shared/vocabulary.js';
import { jobKey, teamOf, type CheckDispatcher, type CheckHandler, type CheckJob, type ConsumeLimits } from '../domain/ports/check-dispatch.js';
import { FairQueue } from './fair-queue.js';
import { systemClock, type Clock } from '../domain/ports/clock.js';
import { sharedStateUnavailable } from '../domain/ports/coordination.js';
import { Problem } from '../domain/problem.js';

/**
 * How long a queue command (adding a check, counting what waits) may wait for Redis: as long as the
 * coordination's commands (REDIS_COMMAND_TIMEOUT_MS), so that a "check now" never hangs on a
 * stalled Redis. Workers' connections have none: they block on Redis by design, and BullMQ wants
 * them to wait through reconnects (maxRetriesPerRequest null).
 */
const QUEUE_COMMAND_TIMEOUT_MS = 2000;

/** How often the waiting counts behind `depth()` (a synchronous metric) are refreshed. */
const DEPTH_REFRESH_MS = 5000;
/** How long a team's check that finds its team's line in this worker full goes back to Redis for. */
const TEAM_FULL_DELAY_MS = 2000;

/** BullMQ releases a delayed job by the machine's clock (its timestamps meet Redis's), never by the rules' clock. */
const redisTime = (): number => Date.now();

/** A job taken from Redis, waiting in its team's line in the worker until it may run. */
interface Taken {
  job: CheckJob;
  /** Whether it had to wait in line (it did not start the moment it was taken). */
  queued: boolean;
  /** Puts the job back in Redis for another worker (this one is closing). */
  giveBack: () => Promise<void>;
  settle: (error?: unknown) => void;
}

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
  private readonly fairQueues: FairQueue<Taken>[] = [];
  private readonly depths = new Map<Region, number>();
  private depthTimer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(
    private readonly redisUrl: string,
    private readonly logger?: Logger,
    /** The clock due times are read on (superseded checks); Redis delays stay on the system's. */
    private readonly clock: Clock = systemClock,
  ) {}

  async enqueue(job: CheckJob): Promise<void> {
    const id = `${jobKey(job).replace('|', '@')}@${job.trigger}@${job.dueAt}`;
    try {
      await this.queue(job.region).add('check', job, {
        jobId: id,
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 24 * 3600 },
        // A check whose worker failed outside the check itself (Redis or database trouble) is tried again.
        attempts: 3,
        backoff: { type: 'exponential', delay: 1000 },
      });
    } catch (error) {
      if (error instanceof Problem) throw error;
      this.logger?.warn({ err: error, region: job.region }, 'could not queue a check');
      throw sharedStateUnavailable();
    }
  }

  /**
   * Per region, a worker that runs at most `concurrency` checks at once and at most
   * `teamConcurrency` of one team. A team's checks beyond that wait in the team's line in this
   * worker, holding a BullMQ slot but not a running one: the worker takes twice `concurrency`
   * jobs from Redis, and lets one team hold at most two lines' worth (running and waiting), so one
   * team's slow checks cannot keep other teams' jobs in Redis. A team's job past that goes back to
   * Redis for a moment (delayed, keeping its id). A scheduled job that waited (in line or in Redis)
   * until its following check fell due is superseded by that one and skipped, so a team whose
   * checks cannot keep up does not pile jobs up in Redis; a job that can start when taken (one
   * taken up again after its worker died, say) always runs.
   */
  consume(regions: readonly Region[], handler: CheckHandler, limits: ConsumeLimits): void {
    for (const region of regions) {
      const fair = new FairQueue<Taken>(
        (taken, done, leaveTeam) => {
          // A check that waited in line until its following check fell due is superseded by that one.
          if (taken.queued && superseded(taken.job, this.clock.now())) {
            done();
            taken.settle();
            return;
          }
          handler(taken.job, leaveTeam).then(
            () => {
              done();
              taken.settle();
            },
            (error: unknown) => {
              done();
              taken.settle(error ?? new Error('check failed'));
            },
          );
        },
        limits.concurrency,
        limits.teamConcurrency,
      );
      this.fairQueues.push(fair);
      const take = async (job: Job, token?: string): Promise<void> => {
        const data = job.data as CheckJob;
        const team = teamOf(data);
        if (this.closing) {
          await job.moveToDelayed(redisTime(), token);
          throw new DelayedError();
        }
        if (fair.waitingOf(team) >= limits.teamConcurrency) {
          // Its line here is full: back to Redis for a moment, unless its following check is due by then.
          if (superseded(data, this.clock.now() + TEAM_FULL_DELAY_MS)) return;
          await job.moveToDelayed(redisTime() + TEAM_FULL_DELAY_MS, token);
          throw new DelayedError();
        }
        await new Promise<void>((resolve, reject) => {
          const taken: Taken = {
            job: data,
            queued: false,
            giveBack: () => job.moveToDelayed(redisTime(), token),
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- BullMQ gets the check's failure as it was thrown
            settle: (error) => (error === undefined ? resolve() : reject(error)),
          };
          fair.push(team, taken);
          // Started within push (a free slot) or left waiting in line.
          taken.queued = true;
        });
      };
      const worker = new Worker(queueName(region), take, {
        connection: this.connection(true),
        concurrency: limits.concurrency * 2,
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
    // Jobs still waiting in a team's line go back to Redis at once for another worker; what runs finishes.
    this.closing = true;
    const waiting = this.fairQueues.flatMap((fair) => fair.stop());
    await Promise.all(
      waiting.map((taken) =>
        taken.giveBack().then(
          () => taken.settle(new DelayedError()),
          (error: unknown) => taken.settle(error),
        ),
      ),
    );
    // A queue or worker closed while its connection is still starting makes BullMQ report the
    // start-up's failure after it has dropped its own error listeners, as an unhandled rejection:
    // let each finish starting (or fail to) before closing it.
    const settled = (ready: Promise<unknown>) =>
      ready.then(
        () => undefined,
        () => undefined,
      );
    await Promise.all(this.workers.map(async (w) => (await settled(w.waitUntilReady()), w.close())));
    await Promise.all([...this.queues.values()].map(async (q) => (await settled(q.waitUntilReady()), q.close())));
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
      // Workers block on Redis and must wait through reconnects rather than fail requests; a queue
      // serves requests, which fail fast (503) when Redis is away or stalled.
      ...(blocking ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, commandTimeout: QUEUE_COMMAND_TIMEOUT_MS }),
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

/** Whether a scheduled check's following one is due by `at`: that one carries the check instead. */
function superseded(job: CheckJob, at: number): boolean {
  return job.trigger === 'scheduled' && job.nextDueAt !== null && job.nextDueAt <= at;
}

function queueName(region: Region): string {
  return `checks-${region}`;
}
