import type { Selectable } from 'kysely';
import type { MonitorsTable } from '../store/tables/monitors.js';
import { definitionOf, type MonitorTypeDefinitions } from '../monitor-types/definitions.js';
import type { CheckCommon, OpenSecret } from '../monitor-types/definition.js';
import { MONITOR_TYPES, type MonitorType, type Region } from '../shared/vocabulary.js';

/*
 * A monitor as the check engine sees it: the columns a check is built from, the monitor with its
 * credentials opened, and what a scheduler plans it by. Internal: never sent to a client as is.
 */

/** A monitor as the check engine runs it, with the decrypted credentials: one of a checked type (its definition's `forCheck`). */
export type MonitorForCheck = { [T in MonitorType]: ReturnType<NonNullable<MonitorTypeDefinitions[T]['forCheck']>> }[MonitorType];

/** The types Lookout checks (the others report their runs). */
export const CHECKED_TYPES = MONITOR_TYPES.filter((type) => definitionOf(type).checked);

/**
 * The columns a check's monitor is built from: the common ones CheckCommon reads, each checked
 * type's own, and the sealed credential. Not the whole row: its state (results, streaks, the
 * certificate seen) is the recorder's, and every check reads this row anew.
 */
export const CHECK_ROW_COLUMNS = [
  ...new Set([
    'id',
    'team_id',
    'type',
    'name',
    'interval_seconds',
    'timeout_seconds',
    'regions',
    'notification_policy_id',
    'status',
    'last_checked_at',
    // What a check opens but no record shows: sealed secrets, and the client certificate presented with its key.
    'auth_secret',
    'client_certificate',
    'client_key_secret',
    // An SSL monitor's record shows the certificate last seen: state, which its check does not read.
    ...CHECKED_TYPES.flatMap((type) => definitionOf(type).columns).filter((column) => column !== 'certificate'),
  ] as const),
] as Array<keyof MonitorsTable>;

/** What a scheduler needs to plan checks, for every monitor that is neither paused nor deleted. */
export interface ScheduledMonitor {
  id: string;
  teamId: string;
  intervalSeconds: number;
  regions: Region[];
  lastCheckedAt: number | null;
}

/** The monitor a check runs, its credentials opened, from a row holding CHECK_ROW_COLUMNS; undefined for a type that is not checked. */
export function monitorForCheck(row: Selectable<MonitorsTable>, openSecret: OpenSecret): MonitorForCheck | undefined {
  const forCheck = definitionOf(row.type).forCheck;
  if (!forCheck) return undefined;
  const common: CheckCommon = {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    intervalSeconds: row.interval_seconds,
    timeoutSeconds: row.timeout_seconds,
    regions: JSON.parse(row.regions) as string[],
    notificationPolicyId: row.notification_policy_id,
    status: row.status as CheckCommon['status'],
    lastCheckedAt: row.last_checked_at,
  };
  // The row holds CHECK_ROW_COLUMNS, every column a type's forCheck reads (test/monitors/check-columns.test.ts).
  return forCheck(row, common, openSecret) as MonitorForCheck;
}

export type { CheckAuth, RequestHeader } from '../monitor-types/http/definition.js';
