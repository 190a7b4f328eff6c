/*
 * How long a monitor has been down or up, read from its newest runs: the list's "down for 12 min".
 * The API keeps no time of the last status change, so the time is where the newest streak of
 * failures (or successes) began among the runs at hand; when the streak reaches back past the
 * oldest of them, the time is a lower bound ("for over 30 min").
 */

export interface RunOutcome {
  startedAt: string;
  ok: boolean;
}

export interface StatusSince {
  /** Epoch ms of the first run of the streak. */
  since: number;
  /** The streak began before the oldest run at hand: it has lasted at least this long. */
  atLeast: boolean;
}

/**
 * When the streak that decides `status` began: for `down`, the failures since the newest success;
 * for `up`, the successes since the newest failure. Null for other statuses and without runs.
 * `recent` is oldest first; `complete` says it holds every run the monitor had (it is younger than
 * the list's window), so that a streak reaching its start is exact. A streak that reaches back past
 * the oldest run takes `before` when given and older: the time the state is known to have begun
 * otherwise (the open incident's start for `down`; the last incident's end, or the monitor's
 * creation, for `up`).
 */
export function statusSince(status: string, recent: readonly RunOutcome[], complete: boolean, before: number | null = null): StatusSince | null {
  if (status !== 'down' && status !== 'up') return null;
  const wanted = status === 'up';
  let start: number | null = null;
  for (let i = recent.length - 1; i >= 0; i--) {
    if (recent[i]!.ok !== wanted) return start === null ? null : { since: Date.parse(recent[start]!.startedAt), atLeast: false };
    start = i;
  }
  if (start === null) return null;
  const oldest = Date.parse(recent[start]!.startedAt);
  if (complete) return { since: oldest, atLeast: false };
  return before !== null && before <= oldest ? { since: before, atLeast: false } : { since: oldest, atLeast: true };
}
