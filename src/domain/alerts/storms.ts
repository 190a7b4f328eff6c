import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../store/schema.js';
import { appendEvent } from '../events.js';
import { newId } from '../ids.js';
import { iso } from '../time.js';
import type { AlertEvent } from './channels.js';

/*
 * No alert storms. A policy sends at most one down alert per monitor per `STORM_WINDOW_MS`: the
 * first opens a window (an `incident_timers` row of kind `storm`, due when it ends); each later down
 * transition within it is held back and counted on that row, and so is the recovery that follows
 * it (a recovery is only worth telling after a down that was told). When the window ends the
 * alert processor fires the row like a reminder: claimed (deleted) in the transaction that appends
 * the summed `monitor.flapping` event, so it goes out once in a cluster and survives a restart; the
 * summed alert opens the next window. A window that ends with nothing held back ends quietly.
 */

export const STORM_WINDOW_MS = 5 * 60_000;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether a status alert of the monitor goes out now (true), or is held back for the summed alert
 * (false). Called in the event's transaction, before its deliveries are written.
 */
export async function admitStatusAlert(
  trx: Db,
  monitor: { id: string; teamId: string },
  incidentId: string | null,
  event: AlertEvent,
  at: number,
): Promise<boolean> {
  if (event !== 'monitor.down' && event !== 'monitor.up') return true;
  const window = await trx
    .selectFrom('incident_timers')
    .select(['id', 'due_at', 'sent'])
    .where('monitor_id', '=', monitor.id)
    .where('kind', '=', 'storm')
    .orderBy('due_at', 'desc')
    .executeTakeFirst();
  const open = window !== undefined && window.due_at > at;
  if (event === 'monitor.up') return !(open && window.sent > 0);
  if (open) {
    // Conditional on the row: a window that ended (was claimed) meanwhile lets this alert through.
    const counted = await trx
      .updateTable('incident_timers')
      .set((eb) => ({ sent: eb('sent', '+', 1), ...(incidentId !== null && { incident_id: incidentId }) }))
      .where('id', '=', window.id)
      .executeTakeFirst();
    if (counted.numUpdatedRows > 0n) return false;
  }
  if (incidentId === null) return true; // a down alert always has its incident; nothing to hang a window on otherwise
  await trx.deleteFrom('incident_timers').where('monitor_id', '=', monitor.id).where('kind', '=', 'storm').execute();
  await openWindow(trx, { teamId: monitor.teamId, monitorId: monitor.id, incidentId }, at);
  return true;
}

async function openWindow(trx: Db, owner: { teamId: string; monitorId: string; incidentId: string }, from: number): Promise<void> {
  await trx
    .insertInto('incident_timers')
    .values({
      id: newId(from),
      team_id: owner.teamId,
      incident_id: owner.incidentId,
      monitor_id: owner.monitorId,
      kind: 'storm',
      due_at: from + STORM_WINDOW_MS,
      sent: 0,
    })
    .execute();
}

/**
 * Ends a window whose row the caller claimed (deleted, returning `sent` as it was then): the summed
 * alert when transitions were held back, opening the next window; nothing otherwise. A monitor
 * deleted meanwhile, or in maintenance (which pages nobody), gets no summed alert.
 */
export async function endWindow(
  trx: Transaction<Database>,
  timer: { team_id: string; incident_id: string; monitor_id: string; due_at: number },
  held: number,
  now: number,
): Promise<boolean> {
  if (held === 0) return false;
  const monitor = await trx.selectFrom('monitors').select('maintenance').where('id', '=', timer.monitor_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!monitor || monitor.maintenance === 1) return false;
  const common = { monitorId: timer.monitor_id, teamId: timer.team_id, incidentId: timer.incident_id };
  await appendEvent(trx, { type: 'monitor.flapping', ...common, downCount: held, windowSeconds: STORM_WINDOW_MS / 1000, occurredAt: iso(timer.due_at) });
  await openWindow(trx, common, Math.max(timer.due_at, now));
  return true;
}
