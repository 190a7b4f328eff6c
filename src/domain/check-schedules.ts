import type { Kysely } from 'kysely';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import type { Region } from '../shared/vocabulary.js';

/*
 * `check_schedules`: when the next check of each (monitor, region) is due. This module is the one
 * that reads or writes the table: a change that makes checks due at once stores it with the change
 * (MonitorService, the scheduler's re-planning), each run moves it on in the run's transaction (the
 * run recorder), and a scheduler that starts reads it to continue the same sequence of due times.
 */

/**
 * Records, with the change that causes it, that a monitor's checks are due at once (made,
 * resumed, or given another interval or other regions). The scheduler plans them under this due
 * time when the change's notice reaches it; should it die before, the scheduler that takes over
 * finds it past and catches the checks up under it, rather than taking the monitor for one it
 * knows nothing of and planning its first check as late as the end of its catch-up window.
 */
export async function storeDueNow(trx: Kysely<Database>, monitorId: string, regions: readonly Region[], now: number): Promise<void> {
  if (regions.length === 0) return;
  await trx
    .insertInto('check_schedules')
    .values(regions.map((region) => ({ monitor_id: monitorId, region, next_due_at: now })))
    .onConflict((oc) => oc.columns(['monitor_id', 'region']).doUpdateSet((eb) => ({ next_due_at: eb.ref('excluded.next_due_at') })))
    .execute();
}

/** A stored due time. */
export interface StoredDue {
  monitorId: string;
  region: string;
  nextDueAt: number;
}

/** Every stored due time (one row per monitor and region). */
export async function storedDueTimes(db: Kysely<Database>): Promise<StoredDue[]> {
  const rows = await db.selectFrom('check_schedules').select(['monitor_id', 'region', 'next_due_at']).execute();
  return rows.map((row) => ({ monitorId: row.monitor_id, region: row.region, nextDueAt: row.next_due_at }));
}

/**
 * The statement that moves a (monitor, region)'s due time on after its check ran, in the run's
 * transaction (`.in(trx, …)`). Only the check that was due moves the schedule on: a check retried
 * late (a worker that died) or one of a schedule since re-planned (a new interval) finds it past
 * its due time.
 */
export function prepareScheduleAdvance(db: Kysely<Database>) {
  return prepared(db, (monitorId: string, region: string, nextDueAt: number, dueAt: number) =>
    db
      .insertInto('check_schedules')
      .values({ monitor_id: monitorId, region, next_due_at: nextDueAt })
      .onConflict((oc) =>
        oc
          .columns(['monitor_id', 'region'])
          .doUpdateSet((eb) => ({ next_due_at: eb.ref('excluded.next_due_at') }))
          .where('check_schedules.next_due_at', '<=', dueAt),
      ),
  );
}
