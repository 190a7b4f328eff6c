import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { appendEvent } from '../events.js';
import { newId } from '../ids.js';
import { iso } from '../time.js';
import { endWindow } from './storms.js';

/*
 * Reminders and escalation. When a monitor's going down opens its incident, the timers its policy
 * asks for are stored with the incident: the next reminder and the escalation. The alert processor
 * fires those that are due; firing one claims it (deletes its row) in the transaction that appends
 * its event, so each fires once however many processes look, and none is lost across a restart.
 * A timer whose incident was resolved or acknowledged meanwhile fires nothing; acknowledging or
 * resolving also drops the incident's timers at once. One falling due while its monitor is in
 * maintenance is left where it is (not claimed, not moved): it is due as soon as the maintenance
 * ends, and fires then, once, like any other. A timer's due time is its `due_at`; its id is made
 * from the present like every id (src/domain/ids.ts).
 * The same table holds the end of each alert storm window (kind `storm`, see storms.ts), fired
 * here the same way.
 */

type Db = Kysely<Database>;

export interface OnCallPolicy {
  repeat_every_seconds: number | null;
  escalate_after_seconds: number | null;
}

/** Stores the first reminder and the escalation the policy asks for, counted from `at`. */
export async function startTimers(db: Db, incident: { id: string; teamId: string; monitorId: string }, policy: OnCallPolicy, at: number): Promise<void> {
  const timers = [
    policy.repeat_every_seconds === null ? null : { kind: 'reminder', due_at: at + policy.repeat_every_seconds * 1000 },
    policy.escalate_after_seconds === null ? null : { kind: 'escalation', due_at: at + policy.escalate_after_seconds * 1000 },
  ].filter((timer) => timer !== null);
  for (const timer of timers) {
    await db
      .insertInto('incident_timers')
      .values({ id: newId(at), team_id: incident.teamId, incident_id: incident.id, monitor_id: incident.monitorId, ...timer, sent: 0 })
      .execute();
  }
}

/** Drops the incident's reminder and escalation (acknowledged or resolved: nobody needs reminding); an alert storm window outlives both. */
export async function stopTimers(db: Db, incidentId: string): Promise<void> {
  await db.deleteFrom('incident_timers').where('incident_id', '=', incidentId).where('kind', '!=', 'storm').execute();
}

/**
 * Fires up to `limit` timers due by `now`, oldest first, each in a transaction of its own, leaving
 * aside those whose monitor is in maintenance. Returns how many events were appended.
 */
export async function fireDueTimers(db: Kysely<Database>, now: number, limit: number): Promise<number> {
  const due = await db
    .selectFrom('incident_timers')
    .selectAll()
    .where('due_at', '<=', now)
    // Planned work pages nobody: the timer waits, due, until the maintenance ends. A storm window
    // ends on time all the same: in maintenance it ends without its summed alert (storms.ts).
    .where((eb) =>
      eb.or([
        eb('incident_timers.kind', '=', 'storm'),
        eb.not(
          eb.exists(
            eb
              .selectFrom('monitors')
              .select('monitors.id')
              .whereRef('monitors.id', '=', 'incident_timers.monitor_id')
              .where('monitors.maintenance', '=', 1)
              .where('monitors.deleted_at', 'is', null),
          ),
        ),
      ]),
    )
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  let appended = 0;
  for (const timer of due) {
    const fired = await db.transaction().execute(async (trx) => {
      if (timer.kind === 'storm') {
        // `sent` as the claim found it: a transition counted after the list was read is in it.
        const [claimed] = await trx.deleteFrom('incident_timers').where('id', '=', timer.id).returning('sent').execute();
        return claimed !== undefined && endWindow(trx, timer, claimed.sent, now);
      }
      const claimed = await trx.deleteFrom('incident_timers').where('id', '=', timer.id).executeTakeFirst();
      if (claimed.numDeletedRows === 0n) return false; // another process fired it
      const incident = await trx.selectFrom('incidents').select(['resolved_at', 'acknowledged_at']).where('id', '=', timer.incident_id).executeTakeFirst();
      if (!incident || incident.resolved_at !== null || incident.acknowledged_at !== null) return false;
      // The policy as it is now: one changed or removed since the incident opened decides.
      const policy = await trx
        .selectFrom('monitors')
        .innerJoin('notification_policies', 'notification_policies.id', 'monitors.notification_policy_id')
        .select([
          'monitors.maintenance',
          'notification_policies.repeat_every_seconds',
          'notification_policies.repeat_max',
          'notification_policies.escalation_policy_id',
        ])
        .where('monitors.id', '=', timer.monitor_id)
        .where('monitors.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!policy) return false;
      // Maintenance began between the read and the claim: the timer goes back as it was, due.
      if (policy.maintenance === 1) {
        await trx.insertInto('incident_timers').values(timer).execute();
        return false;
      }
      const common = { monitorId: timer.monitor_id, teamId: timer.team_id, incidentId: timer.incident_id, occurredAt: iso(timer.due_at) };
      if (timer.kind === 'escalation') {
        if (policy.escalation_policy_id === null) return false;
        await appendEvent(trx, { type: 'incident.escalated', ...common, escalationPolicyId: policy.escalation_policy_id });
        return true;
      }
      if (policy.repeat_every_seconds === null) return false;
      const reminder = timer.sent + 1;
      await appendEvent(trx, { type: 'monitor.reminder', ...common, reminder });
      if (reminder < policy.repeat_max) {
        // Counted from now when it fired late (no process ran for a while): one reminder, not a burst of them.
        const next = Math.max(timer.due_at, now) + policy.repeat_every_seconds * 1000;
        await trx
          .insertInto('incident_timers')
          .values({ ...timer, id: newId(now), due_at: next, sent: reminder })
          .execute();
      }
      return true;
    });
    if (fired) appended++;
  }
  return appended;
}
