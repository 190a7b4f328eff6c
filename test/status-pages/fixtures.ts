import { expect } from 'vitest';
import { DAY_MS } from '../../src/domain/status-pages.js';
import type { Answer, Member, TestServer } from '../helpers/server.js';

export const PAGE = '/api/v1/status-pages/current';

export const call = (server: TestServer, who: Member, method: string, path: string, body?: unknown) => server.request(method, path, { token: who.token, body });

export function expectStatus(answer: Answer, status: number): any {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`);
  return answer.body;
}

export async function createMonitor(server: TestServer, who: Member, overrides: Record<string, unknown> = {}): Promise<any> {
  const answer = await call(server, who, 'POST', '/api/v1/monitors', {
    type: 'http',
    name: 'Website',
    intervalSeconds: 60,
    timeoutSeconds: 5,
    regions: ['us-east', 'eu-west'],
    url: 'https://www.example.test/health',
    method: 'GET',
    expectedStatus: 200,
    ...overrides,
  });
  return expectStatus(answer, 201);
}

export async function putPage(server: TestServer, who: Member, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await call(server, who, 'PUT', PAGE, body), 200);
}

export async function createIncident(server: TestServer, who: Member, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await call(server, who, 'POST', '/api/v1/incidents', body), 201);
}

export async function postUpdate(server: TestServer, who: Member, incidentId: string, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await call(server, who, 'POST', `/api/v1/incidents/${incidentId}/updates`, body), 201);
}

/** What the check engine writes on a status change: the column only, `updated_at` untouched. */
export async function setMonitorStatus(server: TestServer, monitorId: string, status: 'pending' | 'up' | 'degraded' | 'down'): Promise<void> {
  await server.app.store.db.updateTable('monitors').set({ status, last_checked_at: Date.now() }).where('id', '=', monitorId).execute();
}

export function dayStart(daysAgo: number, now = Date.now()): number {
  return Math.floor(now / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
}

export function isoDay(daysAgo: number): string {
  return new Date(dayStart(daysAgo)).toISOString().slice(0, 10);
}

/**
 * Rollups as the check engine keeps them: ended days folded into daily rows (and marked folded
 * through today), today as an hour's row, written straight into the tables.
 */
export async function seedDays(
  server: TestServer,
  monitorId: string,
  days: Array<{ daysAgo: number; checks: number; failures: number; region?: string }>,
): Promise<void> {
  if (days.length === 0) return;
  const db = server.app.store.db;
  await db
    .insertInto('rollups')
    .values(
      days.map((d) => ({
        monitor_id: monitorId,
        region: d.region ?? 'us-east',
        period: d.daysAgo === 0 ? 'hour' : 'day',
        bucket_start: dayStart(d.daysAgo),
        checks: d.checks,
        failures: d.failures,
        duration_sum: d.checks * 120,
        h0: 0,
        h1: 0,
        h2: d.checks,
        h3: 0,
        h4: 0,
        h5: 0,
        h6: 0,
        h7: 0,
        h8: 0,
        h9: 0,
        h10: 0,
        h11: 0,
      })),
    )
    .execute();
  await db
    .insertInto('rollup_folds')
    .values({ period: 'day', folded_through: dayStart(0) })
    .onConflict((oc) => oc.column('period').doUpdateSet({ folded_through: dayStart(0) }))
    .execute();
}

/** Moves an incident and its timeline into the past: opened `openedDaysAgo`, resolved `resolvedDaysAgo` (if it is). */
export async function backdateIncident(server: TestServer, incidentId: string, openedDaysAgo: number, resolvedDaysAgo?: number): Promise<void> {
  const db = server.app.store.db;
  const opened = Date.now() - openedDaysAgo * DAY_MS;
  const resolved = resolvedDaysAgo === undefined ? null : Date.now() - resolvedDaysAgo * DAY_MS;
  const updates = await db
    .selectFrom('incident_updates')
    .select(['id', 'status'])
    .where('incident_id', '=', incidentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let at = opened;
  for (const u of updates) {
    const when = u.status === 'resolved' && resolved !== null ? resolved : (at += 60_000);
    await db.updateTable('incident_updates').set({ created_at: when }).where('id', '=', u.id).execute();
  }
  const row = await db.selectFrom('incidents').select('resolved_at').where('id', '=', incidentId).executeTakeFirstOrThrow();
  await db
    .updateTable('incidents')
    .set({ created_at: opened, updated_at: resolved ?? at, ...(row.resolved_at !== null && { resolved_at: resolved }) })
    .where('id', '=', incidentId)
    .execute();
}

/** Every `title="<date>: …"` of the page, in document order. */
export function dayTitles(html: string): string[] {
  return [...html.matchAll(/title="(\d{4}-\d{2}-\d{2}: [^"]*)"/g)].map((m) => m[1]!);
}

export function expectNoneOf(text: string, needles: string[]): void {
  for (const needle of needles) expect(text, `must not contain ${needle}`).not.toContain(needle);
}
