import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../store/database.js';
import type { Database } from '../store/schema.js';

/**
 * The monitor list as JSON text, built by the database in one query.
 *
 * Why: a team's list is the largest answer the API gives (1,000 monitors ≈ 430 KB). Turning
 * 1,000 rows × 23 columns into JavaScript objects, mapping them and serializing them again cost
 * about three times as much CPU as letting SQLite or PostgreSQL write the JSON directly
 * (docs/benchmarks.md). Nothing is cached: every call reads the current rows.
 *
 * The shape must stay exactly `toRecord()` of monitors.ts (the public Monitor record): same fields, same order,
 * same values. test/monitors/list-json.test.ts compares the two for every kind of monitor on
 * both stores; change both together.
 */
export function monitorListJson(
  db: Kysely<Database>,
  dialect: Dialect,
  /** A heartbeat's `pingUrl` from its sealed key: the one field the database cannot write. */
  pingUrlOf: (sealedKey: string, monitorId: string) => string | null,
): (teamId: string) => Promise<string> {
  const query = dialect === 'postgres' ? postgresList : sqliteList;
  return async (teamId) => {
    const { rows } = await query(teamId).execute(db);
    const json = rows[0]?.data ?? '[]';
    // The database leaves each heartbeat's sealed key in `pingUrl`; only lists with one are read again.
    if (!json.includes('"heartbeat"')) return json;
    const records = JSON.parse(json) as Array<{ id: string; type: string; pingUrl?: string | null }>;
    for (const record of records) if (record.type === 'heartbeat' && record.pingUrl) record.pingUrl = pingUrlOf(record.pingUrl, record.id);
    return JSON.stringify(records);
  };
}

/*
 * SQLite: json_object keeps key order; json_group_array takes ORDER BY (SQLite 3.44+) and embeds
 * the objects as JSON (their JSON subtype survives CASE). The `unixepoch` modifier rounds to the
 * nearest millisecond, so `%f` prints exactly the milliseconds of the stored epoch value.
 */

const sqliteIso = (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;

const SQLITE_STATE = `'key', key, 'secretsDigest', secrets_digest, 'notificationPolicyId', notification_policy_id,
  'failureThreshold', failure_threshold, 'recoveryThreshold', recovery_threshold,
  'status', case when paused = 1 then 'paused' when maintenance = 1 then 'maintenance' else status end,
  'degradedReasons', json(case when paused = 0 and maintenance = 0 and status = 'degraded' then degraded_reasons else '[]' end),
  'paused', json(case when paused = 1 then 'true' else 'false' end),
  'lastCheckedAt', case when last_checked_at is null then null else ${sqliteIso('last_checked_at')} end,
  'createdAt', ${sqliteIso('created_at')}, 'updatedAt', ${sqliteIso('updated_at')}`;

const SQLITE_COMMON = `'id', id, 'type', type, 'name', name,
  'intervalSeconds', interval_seconds, 'timeoutSeconds', timeout_seconds, 'regions', json(regions), ${SQLITE_STATE}`;

const SQLITE_RECORD = `case when type = 'heartbeat' then json_object('id', id, 'type', type, 'name', name, ${SQLITE_STATE},
    'periodSeconds', period_seconds, 'cron', cron, 'timezone', coalesce(timezone, 'UTC'), 'graceSeconds', grace_seconds,
    'pingUrl', ping_key,
    'deadlineAt', case when heartbeat_deadline is null then null else ${sqliteIso('heartbeat_deadline')} end)
  when type = 'tcp' then json_object(${SQLITE_COMMON},
    'host', host, 'port', port, 'tls', json(case when tls = 1 then 'true' else 'false' end), 'assertions', json(coalesce(assertions, '[]')))
  when type = 'dns' then json_object(${SQLITE_COMMON},
    'hostname', host, 'recordType', record_type, 'resolver', resolver, 'assertions', json(coalesce(assertions, '[]')))
  when type = 'ssl' then json_object(${SQLITE_COMMON},
    'host', host, 'port', port, 'warningDays', warning_days,
    'certificate', case when certificate is null then null else json_object(
      'subject', json_extract(certificate, '$.subject'), 'issuer', json_extract(certificate, '$.issuer'),
      'validFrom', json_extract(certificate, '$.validFrom'), 'validTo', json_extract(certificate, '$.validTo'),
      'daysRemaining', json_extract(certificate, '$.daysRemaining')) end)
  else json_object(${SQLITE_COMMON},
    'url', url, 'method', method, 'expectedStatus', expected_status,
    'auth', case when auth_type is null then null else json_object(
      'type', auth_type, 'username', auth_username, 'headerName', auth_header_name, 'secretSet', json('true')) end,
    'headers', json(coalesce(request_headers, '[]')), 'body', request_body,
    'followRedirects', json(case when follow_redirects = 1 then 'true' else 'false' end),
    'assertions', json(coalesce(assertions, '[]')))
  end`;

function sqliteList(teamId: string): RawBuilder<{ data: string | null }> {
  return sql<{ data: string | null }>`select json_group_array(${sql.raw(SQLITE_RECORD)} order by created_at, id) as data
    from monitors where team_id = ${teamId} and deleted_at is null`;
}

/* PostgreSQL: json_build_object keeps key order (json, not jsonb); json_agg takes ORDER BY. */

const postgresIso = (column: string) =>
  `to_char(to_timestamp(${column} / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad((${column} % 1000)::text, 3, '0') || 'Z'`;

const POSTGRES_STATE = `'key', key, 'secretsDigest', secrets_digest, 'notificationPolicyId', notification_policy_id,
  'failureThreshold', failure_threshold, 'recoveryThreshold', recovery_threshold,
  'status', case when paused = 1 then 'paused' when maintenance = 1 then 'maintenance' else status end,
  'degradedReasons', case when paused = 0 and maintenance = 0 and status = 'degraded' then degraded_reasons::json else '[]'::json end,
  'paused', paused = 1,
  'lastCheckedAt', case when last_checked_at is null then null else ${postgresIso('last_checked_at')} end,
  'createdAt', ${postgresIso('created_at')}, 'updatedAt', ${postgresIso('updated_at')}`;

const POSTGRES_COMMON = `'id', id, 'type', type, 'name', name,
  'intervalSeconds', interval_seconds, 'timeoutSeconds', timeout_seconds, 'regions', regions::json, ${POSTGRES_STATE}`;

const POSTGRES_RECORD = `case when type = 'heartbeat' then json_build_object('id', id, 'type', type, 'name', name, ${POSTGRES_STATE},
    'periodSeconds', period_seconds, 'cron', cron, 'timezone', coalesce(timezone, 'UTC'), 'graceSeconds', grace_seconds,
    'pingUrl', ping_key,
    'deadlineAt', case when heartbeat_deadline is null then null else ${postgresIso('heartbeat_deadline')} end)
  when type = 'tcp' then json_build_object(${POSTGRES_COMMON},
    'host', host, 'port', port, 'tls', tls = 1, 'assertions', coalesce(assertions, '[]')::json)
  when type = 'dns' then json_build_object(${POSTGRES_COMMON},
    'hostname', host, 'recordType', record_type, 'resolver', resolver, 'assertions', coalesce(assertions, '[]')::json)
  when type = 'ssl' then json_build_object(${POSTGRES_COMMON},
    'host', host, 'port', port, 'warningDays', warning_days,
    'certificate', case when certificate is null then null else json_build_object(
      'subject', certificate::json -> 'subject', 'issuer', certificate::json -> 'issuer',
      'validFrom', certificate::json -> 'validFrom', 'validTo', certificate::json -> 'validTo',
      'daysRemaining', certificate::json -> 'daysRemaining') end)
  else json_build_object(${POSTGRES_COMMON},
    'url', url, 'method', method, 'expectedStatus', expected_status,
    'auth', case when auth_type is null then null else json_build_object(
      'type', auth_type, 'username', auth_username, 'headerName', auth_header_name, 'secretSet', true) end,
    'headers', coalesce(request_headers, '[]')::json, 'body', request_body,
    'followRedirects', follow_redirects = 1,
    'assertions', coalesce(assertions, '[]')::json)
  end`;

function postgresList(teamId: string): RawBuilder<{ data: string | null }> {
  return sql<{ data: string | null }>`select json_agg(${sql.raw(POSTGRES_RECORD)} order by created_at, id)::text as data
    from monitors where team_id = ${teamId} and deleted_at is null`;
}
