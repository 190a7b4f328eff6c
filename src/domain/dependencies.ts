import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../store/schema.js';
import type { MonitorsTable } from '../store/tables/monitors.js';
import type { CheckedStatus, DegradedReason } from '../shared/vocabulary.js';
import { appendEvent, type MonitorStatusChanged } from './events.js';
import { parseRegionResults } from './status/apply-runs.js';
import { iso } from './time.js';

/*
 * Dependencies (`dependsOn`): while the monitor a dependent depends on (its parent) is down, the
 * dependent going down opens no incident and alerts nobody: it is most likely down because its
 * parent is, and the parent's alert already says so. Its runs and its status are as usual; it
 * carries `suppressedBy` (the parent) until it leaves `down` or is released. When the parent
 * recovers (or stops being its parent) while the dependent is still down, the dependent is
 * released: a `monitor.status_changed` event to `down` is appended for it then, and the alert
 * processor opens its incident and alerts as for any monitor going down.
 */

type Db = Kysely<Database> | Transaction<Database>;
type MonitorRow = Pick<Selectable<MonitorsTable>, 'id' | 'team_id' | 'depends_on'>;

/** The parent holding back the monitor's going down: a live, running monitor of the team that is down now; null otherwise. */
export async function suppressingParent(trx: Db, monitor: MonitorRow): Promise<string | null> {
  if (monitor.depends_on === null) return null;
  const parent = await trx
    .selectFrom('monitors')
    .select(['id', 'status', 'paused'])
    .where('id', '=', monitor.depends_on)
    .where('team_id', '=', monitor.team_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return parent && parent.paused === 0 && parent.status === 'down' ? parent.id : null;
}

/** Holds the monitor's going down back: it carries `suppressedBy` until it is released or leaves `down`. */
export async function markSuppressed(trx: Db, monitorId: string, parentId: string, from: CheckedStatus): Promise<void> {
  await trx.updateTable('monitors').set({ suppressed_by: parentId, suppressed_from: from }).where('id', '=', monitorId).execute();
}

/** The monitor left `down` while held back: nobody heard it go down, so nobody hears it recover. */
export async function clearSuppressed(trx: Db, monitorId: string): Promise<void> {
  await trx.updateTable('monitors').set({ suppressed_by: null, suppressed_from: null }).where('id', '=', monitorId).execute();
}

/**
 * Releases the monitors held back by `parentId` (or only `monitorId` among them): each still down
 * gets its `monitor.status_changed` to `down` now, at `at`, which opens its incident and alerts.
 * Returns how many events were appended. The update takes each row's lock before reading its
 * status, so a run recorded meanwhile is ordered after the event appended here.
 */
export async function releaseSuppressed(trx: Db, which: { parentId: string } | { monitorId: string }, at: number): Promise<number> {
  const released = await trx
    .updateTable('monitors')
    .set({ suppressed_by: null, suppressed_from: null })
    .$if('parentId' in which, (q) => q.where('suppressed_by', '=', (which as { parentId: string }).parentId))
    .$if('monitorId' in which, (q) => q.where('id', '=', (which as { monitorId: string }).monitorId).where('suppressed_by', 'is not', null))
    .where('deleted_at', 'is', null)
    .returning(['id', 'team_id', 'status', 'paused', 'regions', 'region_results', 'degraded_reasons', 'suppressed_from', 'type'])
    .execute();
  let events = 0;
  for (const row of released) {
    if (row.paused === 1 || row.status !== 'down') continue;
    const results = parseRegionResults(row.region_results);
    const regions = row.type === 'heartbeat' ? Object.keys(results) : (JSON.parse(row.regions) as string[]);
    const event: MonitorStatusChanged = {
      type: 'monitor.status_changed',
      monitorId: row.id,
      teamId: row.team_id,
      previousStatus: (row.suppressed_from ?? 'up') as CheckedStatus,
      status: 'down',
      degradedReasons: [] as DegradedReason[],
      regions: regions
        .filter((region) => results[region])
        .map((region) => ({ region, ok: results[region]!.ok, error: results[region]!.error, warnings: results[region]!.warnings ?? [] })),
      occurredAt: iso(at),
    };
    await appendEvent(trx, event);
    events++;
  }
  return events;
}
