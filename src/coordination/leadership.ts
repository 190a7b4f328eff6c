import type { Logger } from 'pino';
import type { LockManager } from '../domain/ports/coordination.js';

/**
 * How long the lease lasts without renewal, and how often every candidate tries to take or renew
 * it. A holder that dies renewed it at most when it died, so its lease runs out within
 * LEASE_TTL_MS of its death, and a candidate takes it at its next attempt, within LEASE_POLL_MS
 * more: the schedule is taken over within LEASE_TAKEOVER_MS (13⅓ s) of the holder's death, inside
 * the 15 s docs/deploy.md promises. A holder whose renewal fails (Redis away: the command gives up
 * after 2 s) steps down after at most LEASE_POLL_MS + 2 s, long before its lease can have passed on.
 */
export const LEASE_TTL_MS = 10_000;
export const LEASE_POLL_MS = LEASE_TTL_MS / 3;
export const LEASE_TAKEOVER_MS = LEASE_TTL_MS + LEASE_POLL_MS;
/** What docs/deploy.md promises: a dead holder's work is taken over within this. */
export const LEASE_TAKEOVER_PROMISE_MS = 15_000;

export interface LeadershipOptions {
  locks: LockManager;
  /** The lease's name: one holder per name across the installation. */
  key: string;
  /**
   * Becomes the leader: start the work only one process may do. `term` is aborted the moment this
   * process stops being the leader: work still under way then (an in-flight reconcile) must not
   * write or enqueue anything more.
   */
  onGain(term: AbortSignal): Promise<void>;
  /** Is no longer the leader (lease lost, Redis away, shutting down): stop that work at once. */
  onLose(): void;
  logger?: Logger;
  /** How long a lease lasts without renewal (default LEASE_TTL_MS); tests shorten it. */
  ttlMs?: number;
  /** How often the lease is taken or renewed (default a third of the ttl). */
  pollMs?: number;
}

/**
 * Leader election over a renewable lease: every candidate tries to take or renew the lease every
 * `pollMs`. The holder keeps it while it lives; when it dies the lease runs out and another
 * candidate takes over within ttl + poll. A holder that cannot renew (Redis away) steps down at
 * once; one that has not managed to renew by the time its last renewal runs out (its renewals
 * stalled) steps down then, on its own timer, before anyone else can hold the lease.
 */
export class Leadership {
  private leading = false;
  private term: AbortController | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Steps down when the lease this process last renewed runs out without another renewal. */
  private expiry: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly ttlMs: number;
  private readonly pollMs: number;

  constructor(private readonly options: LeadershipOptions) {
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.pollMs = options.pollMs ?? this.ttlMs / 3;
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
    // The lease runs from when the renewal was asked for, not from when its answer came.
    const askedAt = Date.now();
    try {
      holds = await this.options.locks.hold(this.options.key, this.ttlMs);
    } catch (error) {
      this.options.logger?.warn({ err: error, lease: this.options.key }, 'could not renew a lease');
    }
    if (this.stopped) return;
    if (holds) this.armExpiry(askedAt + this.ttlMs);
    if (holds && !this.leading) {
      this.leading = true;
      const term = (this.term = new AbortController());
      this.options.logger?.info({ lease: this.options.key }, 'took the lease');
      try {
        await this.options.onGain(term.signal);
      } catch (error) {
        this.options.logger?.error({ err: error, lease: this.options.key }, 'could not start the leader work; giving the lease up');
        // Unless it stepped down meanwhile (stop(), or the lease lost during onGain).
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- changed during the await above
        if (this.leading && this.term === term) {
          this.stepDown();
          await this.options.locks.release(this.options.key).catch(() => {});
        }
      }
    } else if (!holds && this.leading) {
      this.stepDown();
    }
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have set it during the awaits above
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  private armExpiry(at: number): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = setTimeout(
      () => {
        this.expiry = null;
        if (!this.leading) return;
        this.options.logger?.warn({ lease: this.options.key }, 'the lease ran out before it could be renewed');
        this.stepDown();
      },
      Math.max(0, at - Date.now()),
    );
    this.expiry.unref();
  }

  private stepDown(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = null;
    this.leading = false;
    this.term?.abort();
    this.term = null;
    this.options.logger?.info({ lease: this.options.key }, 'gave up the lease');
    this.options.onLose();
  }
}
