import type { Selectable } from 'kysely';
import type { MonitorsTable } from '../store/tables/monitors.js';
import { DEFINITIONS_IN_ORDER, definitionOf, type TypeColumn } from '../monitor-types/definitions.js';
import type { RecordParts } from '../monitor-types/definition.js';
import type { DegradedReason, MonitorStatus } from '../shared/vocabulary.js';
import type { MonitorRecord } from './monitor-schemas.js';
import { staleRegions, type RegionPresence } from './probes/regions.js';
import { iso, isoOrNull } from './time.js';

/*
 * A monitor's row as the team reads it: the columns a record reads and the record built from them,
 * the same for the REST API, MCP, the dashboard and the payloads of alerts.
 */

/** The common columns every record needs (each type's own come from its definition): the sealed secret is not among them. */
const RECORD_COLUMNS = [
  'id',
  'team_id',
  'type',
  'name',
  'interval_seconds',
  'timeout_seconds',
  'failure_threshold',
  'recovery_threshold',
  'regions',
  'notification_policy_id',
  'key',
  'secrets_digest',
  'tags',
  'depends_on',
  'suppressed_by',
  'paused',
  'maintenance',
  'status',
  'degraded_reasons',
  'last_checked_at',
  'certificate',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof MonitorsTable>;

/** Every column a record of any type reads: the common ones, then each type's own. */
export const RECORD_ROW_COLUMNS = [...new Set([...RECORD_COLUMNS, ...DEFINITIONS_IN_ORDER.flatMap((definition) => definition.columns)])] as Array<
  (typeof RECORD_COLUMNS)[number] | TypeColumn
>;

export type RecordRow = Pick<Selectable<MonitorsTable>, (typeof RECORD_COLUMNS)[number] | TypeColumn>;

/** The `pingUrlOf` of a reader who may not see ping URLs. */
export const NO_PING_URL = (): null => null;

/**
 * Row → the public Monitor record (fields and their order are part of the API). No secret, only
 * whether one is set; a heartbeat's `pingUrl` only with `pingUrlOf` (records for the team, not for
 * notification payloads that leave it).
 */
export function toRecord(
  row: RecordRow,
  pingUrlOf?: (sealedKey: string, monitorId: string) => string | null,
  /** When each region last asked for work, and the time now: which regions are stale. None without it. */
  served?: { presence: RegionPresence; now: number },
): MonitorRecord {
  const state = {
    key: row.key,
    secretsDigest: row.secrets_digest,
    notificationPolicyId: row.notification_policy_id,
    failureThreshold: row.failure_threshold,
    recoveryThreshold: row.recovery_threshold,
    tags: row.tags === null ? [] : (JSON.parse(row.tags) as string[]),
    dependsOn: row.depends_on,
    status: (row.paused ? 'paused' : row.maintenance ? 'maintenance' : row.status) as MonitorStatus,
    degradedReasons: !row.paused && !row.maintenance && row.status === 'degraded' ? (JSON.parse(row.degraded_reasons) as DegradedReason[]) : [],
    suppressedBy: row.suppressed_by,
    staleRegions: served ? staleRegions(JSON.parse(row.regions) as string[], row.interval_seconds, served.presence, served.now) : [],
    paused: row.paused === 1,
    lastCheckedAt: isoOrNull(row.last_checked_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  const parts: RecordParts = {
    common: {
      name: row.name,
      intervalSeconds: row.interval_seconds,
      timeoutSeconds: row.timeout_seconds,
      regions: JSON.parse(row.regions) as string[],
      ...state,
    },
    state,
    pingUrlOf,
  };
  return definitionOf(row.type).toRecord(row, parts) as MonitorRecord;
}
