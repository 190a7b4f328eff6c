import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../store/database.js';
import type { Database } from '../store/schema.js';
import { DEFINITIONS_IN_ORDER } from '../monitor-types/definitions.js';
import { postgresIso, sqliteIso } from '../monitor-types/definition.js';
import { STALE_AFTER_INTERVALS } from './probes/regions.js';

/**
 * The monitor list as JSON text, built by the database in one query.
 *
 * Why: a team's list is the largest answer the API gives (1,000 monitors ≈ 430 KB). Turning
 * 1,000 rows × 23 columns into JavaScript objects, mapping them and serializing them again cost
 * about three times as much CPU as letting SQLite or PostgreSQL write the JSON directly
 * (docs/benchmarks.md). Nothing is cached: every call reads the current rows.
 *
 * The shape must stay exactly `toRecord()` of monitors.ts (the public Monitor record): same fields, same order,
 * same values. Each type's own fields come from its definition (`listSql` beside `toRecord`).
 * test/monitors/list-json.test.ts compares the two for every kind of monitor on both stores;
 * change both together.
 */
export function monitorListJson(
  db: Kysely<Database>,
  dialect: Dialect,
  /** A heartbeat's `pingUrl` from its sealed key: the one field the database cannot write. */
  pingUrlOf: (sealedKey: string, monitorId: string) => string | null,
  /** The time now on the rules' clock: a region is stale for a monitor by it. */
  now: () => number,
): (teamId: string, showPingUrls: boolean) => Promise<string> {
  const query = dialect === 'postgres' ? postgresList : sqliteList;
  return async (teamId, showPingUrls) => {
    const { rows } = await query(teamId, now()).execute(db);
    const json = rows[0]?.data ?? '[]';
    // The database leaves each sealed ping key in `pingUrl`; only lists with one are read again.
    if (!json.includes('"pingUrl"')) return json;
    const records = JSON.parse(json) as Array<{ id: string; pingUrl?: string | null }>;
    // Viewers never see a ping URL: its key lets anyone report for the job.
    for (const record of records) if (record.pingUrl) record.pingUrl = showPingUrls ? pingUrlOf(record.pingUrl, record.id) : null;
    return JSON.stringify(records);
  };
}

/** A region is stale for a monitor after this many milliseconds per second of its interval (3 intervals). */
const STALE_MS_PER_SECOND = STALE_AFTER_INTERVALS * 1000;

/*
 * SQLite: json_object keeps key order; json_group_array takes ORDER BY (SQLite 3.44+) and embeds
 * the objects as JSON (their JSON subtype survives CASE).
 */

const SQLITE_STATE = `'key', key, 'secretsDigest', secrets_digest, 'notificationPolicyId', notification_policy_id,
  'failureThreshold', failure_threshold, 'recoveryThreshold', recovery_threshold,
  'tags', json(coalesce(tags, '[]')), 'dependsOn', depends_on,
  'status', case when paused = 1 then 'paused' when maintenance = 1 then 'maintenance' else status end,
  'degradedReasons', json(case when paused = 0 and maintenance = 0 and status = 'degraded' then degraded_reasons else '[]' end),
  'suppressedBy', suppressed_by,
  'staleRegions', json((select json_group_array(r.value) from json_each(monitors.regions) r
    left join region_presence p on p.region = r.value
    where p.last_seen_at is null or p.last_seen_at < n.lookout_now - ${STALE_MS_PER_SECOND} * monitors.interval_seconds)),
  'paused', json(case when paused = 1 then 'true' else 'false' end),
  'lastCheckedAt', case when last_checked_at is null then null else ${sqliteIso('last_checked_at')} end,
  'createdAt', ${sqliteIso('created_at')}, 'updatedAt', ${sqliteIso('updated_at')}`;

/** What a record has before its type's own fields: a checked monitor's interval, timeout and regions too. */
const sqliteHead = (checked: boolean) =>
  checked
    ? `'id', id, 'type', type, 'name', name,
  'intervalSeconds', interval_seconds, 'timeoutSeconds', timeout_seconds, 'regions', json(regions), ${SQLITE_STATE}`
    : `'id', id, 'type', type, 'name', name, ${SQLITE_STATE}`;

const SQLITE_RECORD = `case ${DEFINITIONS_IN_ORDER.map(
  ({ type, checked, listSql }) => `when type = '${type}' then json_object(${sqliteHead(checked)},\n    ${listSql.sqlite})`,
).join('\n  ')}
  end`;

function sqliteList(teamId: string, now: number): RawBuilder<{ data: string | null }> {
  return sql<{ data: string | null }>`select json_group_array(${sql.raw(SQLITE_RECORD)} order by created_at, id) as data
    from monitors cross join (select cast(${now} as integer) as lookout_now) n where team_id = ${teamId} and deleted_at is null`;
}

/* PostgreSQL: json_build_object keeps key order (json, not jsonb); json_agg takes ORDER BY. */

const POSTGRES_STATE = `'key', key, 'secretsDigest', secrets_digest, 'notificationPolicyId', notification_policy_id,
  'failureThreshold', failure_threshold, 'recoveryThreshold', recovery_threshold,
  'tags', coalesce(tags, '[]')::json, 'dependsOn', depends_on,
  'status', case when paused = 1 then 'paused' when maintenance = 1 then 'maintenance' else status end,
  'degradedReasons', case when paused = 0 and maintenance = 0 and status = 'degraded' then degraded_reasons::json else '[]'::json end,
  'suppressedBy', suppressed_by,
  'staleRegions', (select coalesce(json_agg(r.value order by r.ord), '[]'::json)
    from json_array_elements_text(monitors.regions::json) with ordinality r(value, ord)
    left join region_presence p on p.region = r.value
    where p.last_seen_at is null or p.last_seen_at < n.lookout_now - ${STALE_MS_PER_SECOND} * monitors.interval_seconds),
  'paused', paused = 1,
  'lastCheckedAt', case when last_checked_at is null then null else ${postgresIso('last_checked_at')} end,
  'createdAt', ${postgresIso('created_at')}, 'updatedAt', ${postgresIso('updated_at')}`;

const postgresHead = (checked: boolean) =>
  checked
    ? `'id', id, 'type', type, 'name', name,
  'intervalSeconds', interval_seconds, 'timeoutSeconds', timeout_seconds, 'regions', regions::json, ${POSTGRES_STATE}`
    : `'id', id, 'type', type, 'name', name, ${POSTGRES_STATE}`;

const POSTGRES_RECORD = `case ${DEFINITIONS_IN_ORDER.map(
  ({ type, checked, listSql }) => `when type = '${type}' then json_build_object(${postgresHead(checked)},\n    ${listSql.postgres})`,
).join('\n  ')}
  end`;

function postgresList(teamId: string, now: number): RawBuilder<{ data: string | null }> {
  return sql<{ data: string | null }>`select json_agg(${sql.raw(POSTGRES_RECORD)} order by created_at, id)::text as data
    from monitors cross join (select cast(${now} as bigint) as lookout_now) n where team_id = ${teamId} and deleted_at is null`;
}
