import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { Region } from '../shared/vocabulary.js';

/*
 * When the next check of each of a monitor's regions is due, kept in its row (`monitors.due_times`,
 * JSON `{region: ms}`). This module holds the rules and the one place the column is read or written
 * outside the run recorder's update: a change that makes checks due at once stores it with the
 * change (MonitorService, the scheduler's re-planning), each run moves it on in the run's
 * transaction (the run recorder, with the monitor's state it writes anyway: no page of its own to
 * write per run), and a scheduler that starts reads it to continue the same sequence of due times.
 */

/** A monitor's due times by region. */
export type DueTimes = Record<string, number>;

export function parseDueTimes(stored: string | null): DueTimes {
  return stored === null ? {} : (JSON.parse(stored) as DueTimes);
}

/**
 * Moves a region's due time on after its check ran. Only the check that was due moves it: a check
 * retried late (a worker that died) or one of a schedule since re-planned (a new interval, due at
 * once) finds it past its due time. Returns whether it moved.
 */
export function advanceDue(due: DueTimes, region: string, dueAt: number, nextDueAt: number): boolean {
  const stored = due[region];
  if (stored !== undefined && stored > dueAt) return false;
  due[region] = nextDueAt;
  return true;
}

/**
 * Records, with the change that causes it, that a monitor's checks are due at once (made,
 * resumed, or given another interval or other regions). The scheduler plans them under this due
 * time when the change's notice reaches it; should it die before, the scheduler that takes over
 * finds it past and catches the checks up under it, rather than taking the monitor for one it
 * knows nothing of and planning its first check as late as the end of its catch-up window.
 * `regions` are all the monitor's: a region it no longer has keeps no due time.
 */
export async function storeDueNow(trx: Kysely<Database>, monitorId: string, regions: readonly Region[], now: number): Promise<void> {
  if (regions.length === 0) return;
  const due = Object.fromEntries(regions.map((region) => [region, now]));
  await trx
    .updateTable('monitors')
    .set({ due_times: JSON.stringify(due) })
    .where('id', '=', monitorId)
    .execute();
}

/** A stored due time. */
export interface StoredDue {
  monitorId: string;
  region: string;
  nextDueAt: number;
}

/** Every stored due time (one per monitor and region). */
export async function storedDueTimes(db: Kysely<Database>): Promise<StoredDue[]> {
  const rows = await db.selectFrom('monitors').select(['id', 'due_times']).where('due_times', 'is not', null).execute();
  return rows.flatMap((row) => Object.entries(parseDueTimes(row.due_times)).map(([region, nextDueAt]) => ({ monitorId: row.id, region, nextDueAt })));
}
