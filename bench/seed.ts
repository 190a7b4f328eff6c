import { sql, type Kysely } from 'kysely';
import type { Region } from '../src/shared/vocabulary.js';
import type { Database } from '../src/store/schema.js';
import { storeDueNow } from '../src/domain/check-schedules.js';
import { newId } from '../src/domain/ids.js';
import { openStore } from '../src/store/database.js';

const INTERVAL_SECONDS = 60;

/**
 * Writes `monitors` HTTP monitors (interval 60 s, timeout 10 s, status pending) of one new team (or of `teamId`)
 * straight into a database (SQLite or PostgreSQL), each pointing at `url?m=<i>`, with first due
 * times spread uniformly over one interval from `firstDueAt`: a steady state from the start,
 * rather than the burst of a cold start (`spreadMs: 0` makes that burst: every check due at
 * `firstDueAt`). With `assertions`, every monitor judges its answer by them. Returns the monitors' ids.
 */
export async function seedMonitors(
  databaseUrl: string,
  monitors: number,
  regions: readonly Region[],
  url: string,
  options: {
    firstDueAt: number;
    /** Over how long the first due times are spread (one interval unless told). */
    spreadMs?: number;
    /** Assertions every monitor carries, as stored (severity filled in). */
    assertions?: readonly unknown[];
    /** Request headers every monitor sends, as stored. */
    headers?: ReadonlyArray<{ name: string; value: string }>;
    /** An existing team to add the monitors to; a new team "Bench" otherwise. */
    teamId?: string;
    /** Ping monitors of this host instead of HTTP monitors of `url`. */
    ping?: { host: string; packets: number };
  },
): Promise<string[]> {
  const store = openStore(databaseUrl);
  await store.migrate();
  const now = Date.now();
  const teamId = options.teamId ?? newId(now);
  if (!options.teamId) await store.db.insertInto('teams').values({ id: teamId, name: 'Bench', created_at: now }).execute();
  const regionsJson = JSON.stringify(regions);
  const assertions = options.assertions && options.assertions.length > 0 ? JSON.stringify(options.assertions) : null;
  const headers = options.headers && options.headers.length > 0 ? JSON.stringify(options.headers) : null;
  const spreadMs = options.spreadMs ?? INTERVAL_SECONDS * 1000;
  const ids: string[] = [];
  const CHUNK = 500;
  await store.db.transaction().execute(async (trx) => {
    for (let start = 0; start < monitors; start += CHUNK) {
      const rows = [];
      for (let i = start; i < Math.min(monitors, start + CHUNK); i++) {
        const id = newId(now - monitors + i);
        ids.push(id);
        const due = options.firstDueAt + Math.floor(Math.random() * spreadMs);
        rows.push({
          id,
          team_id: teamId,
          type: options.ping ? ('ping' as const) : ('http' as const),
          name: `Monitor ${i}`,
          interval_seconds: INTERVAL_SECONDS,
          timeout_seconds: 10,
          regions: regionsJson,
          notification_policy_id: null,
          paused: 0,
          status: 'pending',
          last_checked_at: null,
          region_results: null,
          expiry_warned_fingerprint: null,
          certificate: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
          url: options.ping ? null : `${url}?m=${i}`,
          method: options.ping ? null : 'GET',
          expected_status: options.ping ? null : 200,
          auth_type: null,
          auth_username: null,
          auth_header_name: null,
          auth_secret: null,
          assertions,
          request_headers: headers,
          host: options.ping?.host ?? null,
          packets: options.ping?.packets ?? null,
          port: null,
          warning_days: null,
          due_times: JSON.stringify(Object.fromEntries(regions.map((region) => [region, due]))),
        });
      }
      await trx.insertInto('monitors').values(rows).execute();
    }
  });
  await store.close();
  return ids;
}

/** Makes every seeded check due at `at`: a server started right after finds them all overdue at once, as after a restart. */
export async function makeAllDue(databaseUrl: string, at: number): Promise<void> {
  const store = openStore(databaseUrl);
  await store.db.transaction().execute(async (trx) => {
    for (const { id, regions } of await trx.selectFrom('monitors').select(['id', 'regions']).execute()) {
      await storeDueNow(trx, id, JSON.parse(regions) as Region[], at);
    }
  });
  await store.close();
}

/**
 * Hourly rollups of every monitor in each of `regions`, `hours` of them from `firstHour` on (60
 * checks an hour, one failed, 40 ms each), written in the rollups' key order; with `days`, each
 * of their days' rows too, as a server that checked them that long would hold them.
 */
export async function seedHourlyRollups(
  db: Kysely<Database>,
  regions: readonly Region[],
  firstHour: number,
  hours: number,
  options: { days?: boolean } = {},
): Promise<void> {
  const regionRows = sql.join(
    regions.map((region) => sql`select ${region} as region`),
    sql` union all `,
  );
  const row = sql`60, 1, 2400, 0, 0, 60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0`;
  const columns = sql`monitor_id, region, period, bucket_start, checks, failures, duration_sum, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, maintenance`;
  await sql`with recursive hours(n) as (select 0 union all select n + 1 from hours where n < ${hours - 1})
    insert into rollups (${columns}) select m.id, r.region, 'hour', ${firstHour} + n * 3600000, ${row}
    from monitors m cross join (${regionRows}) r cross join hours order by m.id, r.region, n`.execute(db);
  if (!options.days) return;
  await sql`insert into rollups (${columns}) select monitor_id, region, 'day', bucket_start - bucket_start % 86400000, ${row}
    from rollups where period = 'hour' group by monitor_id, region, bucket_start - bucket_start % 86400000`.execute(db);
}
