import type { Logger } from 'pino';
import type { LockManager } from '../domain/ports/coordination.js';

export interface LeadershipOptions {
  locks: LockManager;
  /** The lease's name: one holder per name across the installation. */
  key: string;
  /** Becomes the leader: start the work only one process may do. */
  onGain(): Promise<void>;
  /** Is no longer the leader (lease lost, Redis away, shutting down): stop that work at once. */
  onLose(): void;
  logger?: Logger;
  /** How long a lease lasts without renewal: how long a dead leader's work waits for a successor. Default 15 s. */
  ttlMs?: number;
}

/**
 * Leader election over a renewable lease: every candidate tries to take or renew the lease every
 * third of its ttl. The holder keeps it while it lives; when it dies the lease runs out and
 * another candidate takes over within one ttl. A holder that cannot renew (Redis away) steps
 * down at once, before its lease can have been taken by anyone else.
 */
export class Leadership {
  private leading = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly ttlMs: number;

  constructor(private readonly options: LeadershipOptions) {
    this.ttlMs = options.ttlMs ?? 15_000;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Resolves after the first attempt (and, when it wins, after `onGain` has run). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
  }

  /** Steps down and gives the lease up, so that a successor need not wait for it to run out. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.leading) return;
    this.stepDown();
    await this.options.locks.release(this.options.key).catch(() => {});
  }

  private async tick(): Promise<void> {
    let holds = false;
    try {
      holds = await this.options.locks.hold(this.options.key, this.ttlMs);
    } catch (error) {
      this.options.logger?.warn({ err: error, lease: this.options.key }, 'could not renew a lease');
    }
    if (this.stopped) return;
    if (holds && !this.leading) {
      this.leading = true;
      this.options.logger?.info({ lease: this.options.key }, 'took the lease');
      try {
        await this.options.onGain();
      } catch (error) {
        this.options.logger?.error({ err: error, lease: this.options.key }, 'could not start the leader work; giving the lease up');
        this.stepDown();
        await this.options.locks.release(this.options.key).catch(() => {});
      }
    } else if (!holds && this.leading) {
      this.stepDown();
    }
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have set it during the awaits above
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.ttlMs / 3);
    this.timer.unref();
  }

  private stepDown(): void {
    this.leading = false;
    this.options.logger?.info({ lease: this.options.key }, 'gave up the lease');
    this.options.onLose();
  }
}
