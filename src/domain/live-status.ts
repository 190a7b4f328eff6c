import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import type { MonitorService } from './monitors.js';
import { systemClock, type Clock } from './ports/clock.js';
import { Problem } from './problem.js';
import { ANY_ROLE } from './roles.js';
import type { SessionService } from './sessions.js';
import { isoOrNull } from './time.js';

/** What a live view knows of one monitor. */
export interface LiveMonitorState {
  monitorId: string;
  status: string;
  paused: boolean;
  lastCheckedAt: string | null;
}

export type LiveEvent =
  /** Sent first on every subscription: the team's monitors as they are now. */
  | { type: 'snapshot'; monitors: LiveMonitorState[] }
  /** A monitor changed status, was checked, appeared or went away. */
  | {
      type: 'monitor';
      change: 'added' | 'removed' | 'status' | 'checked';
      previousStatus: string | null;
      monitor: LiveMonitorState;
    };

export const LIVE_POLL_MS = 2_000;
/** Open live streams one token or session may hold at once. */
export const STREAMS_PER_CALLER = 5;
/** Open live streams this process holds at once, whoever opened them. */
export const STREAMS_PER_PROCESS = 1_000;

export interface LiveOptions {
  pollMs: number;
  streamsPerCaller: number;
  streamsPerProcess: number;
}

/**
 * Monitor status changes of a team, pushed to dashboards (server-sent events). One poller per team
 * with subscribers reads the team's monitor states every two seconds (and at once after a change
 * through MonitorService) and reports the differences. Works the same whichever process ran the check.
 */
export class LiveStatusService {
  private readonly watches = new Map<string, TeamWatch>();
  /** Open subscriptions per token or session (`Actor.tokenId`), and in all. */
  private readonly held = new Map<string, number>();
  private total = 0;
  private readonly options: LiveOptions;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: SessionService,
    monitors: MonitorService,
    options: Partial<LiveOptions> = {},
    /** Whether a stream's token or session is still valid. */
    private readonly clock: Clock = systemClock,
  ) {
    this.options = {
      pollMs: options.pollMs ?? LIVE_POLL_MS,
      streamsPerCaller: options.streamsPerCaller ?? STREAMS_PER_CALLER,
      streamsPerProcess: options.streamsPerProcess ?? STREAMS_PER_PROCESS,
    };
    monitors.onChange((change) => this.watches.get(change.teamId)?.pollSoon());
  }

  /**
   * Subscribes to the actor's team; the first event is a snapshot. `onEnd` runs if the service stops
   * (the server shuts down) so that the stream can be closed. Returns the unsubscribe function, which
   * also frees the subscription's slot.
   *
   * Each subscription holds memory and a connection for as long as it is open, so one token or
   * session holds at most a few and the process at most a bounded number; past either, 429.
   */
  subscribe(actor: Actor, listener: (event: LiveEvent) => void, onEnd: () => void = () => {}): () => void {
    requireRole(actor, ANY_ROLE);
    const mine = this.held.get(actor.tokenId) ?? 0;
    if (mine >= this.options.streamsPerCaller) {
      throw new Problem('rate-limited', `This token or session has ${mine} live streams open, the most it may; close one to open another.`);
    }
    if (this.total >= this.options.streamsPerProcess) {
      throw new Problem('rate-limited', 'This server has as many live streams open as it allows; try again later.');
    }
    this.held.set(actor.tokenId, mine + 1);
    this.total++;
    let watch = this.watches.get(actor.teamId);
    if (!watch) {
      watch = new TeamWatch(this.db, actor.teamId, this.options.pollMs, () => this.watches.delete(actor.teamId));
      this.watches.set(actor.teamId, watch);
    }
    let open = true;
    const release = () => {
      if (!open) return;
      open = false;
      this.total--;
      const left = (this.held.get(actor.tokenId) ?? 1) - 1;
      if (left > 0) this.held.set(actor.tokenId, left);
      else this.held.delete(actor.tokenId);
    };
    let remove: () => void;
    try {
      remove = watch.add(listener, onEnd);
    } catch (error) {
      release();
      throw error;
    }
    return () => {
      if (!open) return;
      release();
      remove();
    };
  }

  /** Open subscriptions, in all or of one token or session. */
  openStreams(tokenId?: string): number {
    return tokenId === undefined ? this.total : (this.held.get(tokenId) ?? 0);
  }

  /** Whether the caller of a long-lived stream may still read: the token or session is active and still a member. */
  async stillAdmitted(actor: Actor, now = this.clock.now()): Promise<boolean> {
    if (actor.tokenId.startsWith('session:')) return this.sessions.stillActive(actor.tokenId.slice('session:'.length), actor.teamId, now);
    const row = await this.db
      .selectFrom('access_tokens as t')
      .innerJoin('memberships as m', (join) => join.onRef('m.team_id', '=', 't.team_id').onRef('m.user_id', '=', 't.user_id'))
      .select(['t.expires_at'])
      .where('t.id', '=', actor.tokenId)
      .where('t.team_id', '=', actor.teamId)
      .where('t.revoked_at', 'is', null)
      .executeTakeFirst();
    return !!row && (row.expires_at === null || row.expires_at > now);
  }

  /** Ends every subscription (their `onEnd` runs) and stops polling. */
  stop(): void {
    const watches = [...this.watches.values()];
    this.watches.clear();
    for (const watch of watches) watch.end();
  }
}

class TeamWatch {
  private readonly listeners = new Map<(event: LiveEvent) => void, () => void>();
  private states: Map<string, LiveMonitorState> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly teamId: string,
    private readonly pollMs: number,
    private readonly onIdle: () => void,
  ) {}

  add(listener: (event: LiveEvent) => void, onEnd: () => void): () => void {
    this.listeners.set(listener, onEnd);
    if (this.states) listener({ type: 'snapshot', monitors: [...this.states.values()] });
    else this.pollSoon();
    this.timer ??= setInterval(() => this.pollSoon(), this.pollMs).unref();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.stop();
        this.onIdle();
      }
    };
  }

  pollSoon(): void {
    if (this.stopped) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = this.poll()
      .catch(() => {})
      .finally(() => {
        this.polling = null;
        if (this.again) {
          this.again = false;
          this.pollSoon();
        }
      });
  }

  /** Stops, and tells every subscriber that the stream is over. */
  end(): void {
    this.stop();
    const ends = [...this.listeners.values()];
    this.listeners.clear();
    for (const onEnd of ends) {
      try {
        onEnd();
      } catch {
        // closing one stream must not keep the others open
      }
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    const rows = await this.db
      .selectFrom('monitors')
      .select(['id', 'status', 'paused', 'maintenance', 'last_checked_at'])
      .where('team_id', '=', this.teamId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (this.stopped) return;
    const next = new Map<string, LiveMonitorState>();
    for (const row of rows) {
      next.set(row.id, {
        monitorId: row.id,
        status: row.paused ? 'paused' : row.maintenance ? 'maintenance' : row.status,
        paused: row.paused === 1,
        lastCheckedAt: isoOrNull(row.last_checked_at),
      });
    }
    const previous = this.states;
    this.states = next;
    if (!previous) {
      this.emit({ type: 'snapshot', monitors: [...next.values()] });
      return;
    }
    for (const [id, state] of next) {
      const before = previous.get(id);
      if (!before) this.emit({ type: 'monitor', change: 'added', previousStatus: null, monitor: state });
      else if (before.status !== state.status) this.emit({ type: 'monitor', change: 'status', previousStatus: before.status, monitor: state });
      else if (before.lastCheckedAt !== state.lastCheckedAt) {
        this.emit({ type: 'monitor', change: 'checked', previousStatus: before.status, monitor: state });
      }
    }
    for (const [id, state] of previous) {
      if (!next.has(id)) this.emit({ type: 'monitor', change: 'removed', previousStatus: state.status, monitor: state });
    }
  }

  private emit(event: LiveEvent): void {
    for (const listener of this.listeners.keys()) {
      try {
        listener(event);
      } catch {
        // A broken listener (a closed connection) must not stop the others.
      }
    }
  }
}
