import { z } from 'zod';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../store/schema.js';
import type { IncidentsTable } from '../store/tables/incidents.js';
import type { AssertionOutcome } from './assertions/evaluate.js';
import { regionOf } from './run-columns.js';
import { WITHHELD_TEXT, withholdRunTexts } from './run-texts.js';
import { iso } from './time.js';
import { CHECK_ERROR_CODES } from '../shared/vocabulary.js';

type Db = Kysely<Database> | Transaction<Database>;

export const IncidentCause = z
  .object({
    runId: z.string(),
    startedAt: z.string(),
    region: z.string().nullable().describe('The region of the failed run; null for a heartbeat (its job reports, from no region).'),
    error: z
      .object({ code: z.enum(CHECK_ERROR_CODES), message: z.string() })
      .nullable()
      .describe(`Why the run failed. An \`assertion-failed\` message quotes the target: Viewers and Members read "${WITHHELD_TEXT}" instead.`),
    statusCode: z.int().nullable().describe('HTTP runs: the status code received, if any.'),
    failedAssertions: z.array(z.int()).describe('The positions, from 1 as the form numbers them, of the assertions that did not hold.'),
  })
  .describe('The failed run that opened an automatic incident.');
export type IncidentCause = z.infer<typeof IncidentCause>;

/**
 * The failed run that opened each automatic incident: its monitor's newest failed run at the
 * moment the incident was made (one indexed lookup per incident, in one statement). What the run
 * quoted from the target is withheld from those who may not read run texts.
 */
export async function causesOf(db: Db, rows: Selectable<IncidentsTable>[], readsTexts: boolean): Promise<Map<string, IncidentCause>> {
  const automatic = rows.filter((r) => r.source === 'monitor' && r.monitor_id !== null);
  if (automatic.length === 0) return new Map();
  const links = await db
    .selectFrom('incidents as i')
    .select((eb) => [
      'i.id',
      eb
        .selectFrom('monitor_runs as r')
        .select('r.id')
        .whereRef('r.monitor_id', '=', 'i.monitor_id')
        .where('r.ok', '=', 0)
        .whereRef('r.started_at', '<=', 'i.created_at')
        .orderBy('r.started_at', 'desc')
        .limit(1)
        .as('run_id'),
    ])
    .where(
      'i.id',
      'in',
      automatic.map((r) => r.id),
    )
    .execute();
  const runIds = links.map((l) => l.run_id).filter((id): id is string => id !== null);
  if (runIds.length === 0) return new Map();
  const runs = new Map((await db.selectFrom('monitor_runs').selectAll().where('id', 'in', runIds).execute()).map((r) => [r.id, r]));
  const causes = new Map<string, IncidentCause>();
  for (const link of links) {
    const run = link.run_id ? runs.get(link.run_id) : undefined;
    if (!run) continue;
    const outcomes = run.assertions ? (JSON.parse(run.assertions) as AssertionOutcome[]) : [];
    const error = run.error_code ? { code: run.error_code as NonNullable<IncidentCause['error']>['code'], message: run.error_message ?? '' } : null;
    const shown = readsTexts ? error : withholdRunTexts({ error, assertions: [], warnings: [] }).error;
    causes.set(link.id, {
      runId: run.id,
      startedAt: iso(run.started_at),
      region: regionOf(run.region),
      error: shown,
      statusCode: run.status_code,
      failedAssertions: outcomes.filter((o) => !o.ok).map((o) => o.index + 1),
    });
  }
  return causes;
}
