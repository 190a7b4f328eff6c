/**
 * The stored next-due times a restarted (or succeeding) scheduler resumes from: only the check
 * that was due moves them on, and a check written twice is one run, also within one batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckJob } from '../../src/domain/ports/check-dispatch.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member;
beforeAll(async () => {
  server = await startServer(); // no checker: the test writes the runs itself
  owner = await server.newTeam('Owner');
});
afterAll(() => server.close());

/** Due times a day ahead: later than anything the server itself stores for the monitor. */
const T = Math.ceil(Date.now() / 60_000) * 60_000 + 86_400_000;

async function monitorId(): Promise<string> {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: {
      type: 'http',
      name: 'Stored',
      intervalSeconds: 60,
      timeoutSeconds: 5,
      regions: ['us-east'],
      url: 'http://127.0.0.1:9/',
      method: 'GET',
      expectedStatus: 200,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

async function record(id: string, dueAt: number, nextDueAt: number, job: Partial<CheckJob> = {}, durationMs = 3): Promise<void> {
  await server.app.engine.recorder.record({
    job: { monitorId: id, region: 'us-east', trigger: 'scheduled', dueAt, nextDueAt, ...job },
    startedAt: dueAt + 5,
    attempts: 1,
    result: {
      ok: true,
      durationMs,
      error: null,
      statusCode: 200,
      timings: { dnsMs: 0, connectMs: 1, tlsMs: null, ttfbMs: 1, totalMs: 3 },
      certificate: null,
      assertions: [],
      warnings: [],
    },
  });
}

/** The monitor's stored due times, by region in name order. */
const dues = async (id: string) => {
  const row = await server.app.store.db.selectFrom('monitors').select('due_times').where('id', '=', id).executeTakeFirstOrThrow();
  return Object.entries(JSON.parse(row.due_times ?? '{}') as Record<string, number>).sort(([a], [b]) => a.localeCompare(b));
};
const stored = async (id: string) => Object.fromEntries(await dues(id))['us-east'];
const runCount = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data.length;

describe('stored due times', () => {
  it('are stored with the change that makes a monitor due at once, for a scheduler that takes over before planning it', async () => {
    let before = Date.now();
    const id = await monitorId();
    const [[region, madeDue]] = (await dues(id)) as [[string, number]];
    expect(region).toBe('us-east');
    expect(madeDue).toBeGreaterThanOrEqual(before);
    expect(madeDue).toBeLessThanOrEqual(Date.now());

    // Another region and another interval: every region due at once.
    await record(id, madeDue, T);
    before = Date.now();
    expect((await server.request('PATCH', `/api/v1/monitors/${id}`, { token: owner.token, body: { regions: ['us-east', 'eu-west'] } })).status).toBe(200);
    const replanned = await dues(id);
    expect(replanned.map(([r]) => r)).toEqual(['eu-west', 'us-east']);
    for (const [, due] of replanned) expect(due).toBeGreaterThanOrEqual(before);
    // A change of anything else leaves the schedule alone.
    await record(id, replanned[1]![1], T);
    expect((await server.request('PATCH', `/api/v1/monitors/${id}`, { token: owner.token, body: { name: 'Renamed' } })).status).toBe(200);
    expect((await dues(id))[1]).toEqual(['us-east', T]);

    // Paused, then resumed: due at once again.
    expect((await server.request('POST', `/api/v1/monitors/${id}/pause`, { token: owner.token })).status).toBe(200);
    before = Date.now();
    expect((await server.request('POST', `/api/v1/monitors/${id}/resume`, { token: owner.token })).status).toBe(200);
    for (const [, due] of await dues(id)) expect(due).toBeGreaterThanOrEqual(before);
  });

  it('move on with the check that was due, not with one retried late or written twice', async () => {
    const id = await monitorId();
    await record(id, T, T + 60_000);
    expect(await stored(id)).toBe(T + 60_000);
    await record(id, T + 60_000, T + 120_000);
    expect(await stored(id)).toBe(T + 120_000);
    // The first check again (a worker died before acknowledging it): no second run, the schedule stays.
    await record(id, T, T + 60_000);
    expect(await stored(id)).toBe(T + 120_000);
    expect(await runCount(id)).toBe(2);
    // Re-planned (a shorter interval: due at once, stored before it is dispatched): a check of the
    // old schedule finishing afterwards leaves the new due time alone, even though its next is later.
    await server.app.store.db
      .updateTable('monitors')
      .set({ due_times: JSON.stringify({ 'us-east': T + 130_000 }) })
      .where('id', '=', id)
      .execute();
    await record(id, T + 120_000, T + 180_000);
    expect(await stored(id)).toBe(T + 130_000);
    await record(id, T + 130_000, T + 160_000);
    expect(await stored(id)).toBe(T + 160_000);
  });

  it('are written as one run per job when a batch holds the same job twice, its rollups counting each new run once', async () => {
    const id = await monitorId();
    const other = await monitorId();
    // One batch (the recorder waits 100 ms for others to share it): a job twice, a check now of the
    // same region in the same hour, and another monitor's run between them.
    await Promise.all([
      record(id, T, T + 60_000, {}, 3),
      record(other, T, T + 60_000, {}, 3),
      record(id, T, T + 60_000, {}, 3),
      record(id, T + 1_000, T + 61_000, { trigger: 'manual', nextDueAt: null }, 700),
    ]);
    expect(await runCount(id)).toBe(2);
    expect(await runCount(other)).toBe(1);
    expect(await stored(id)).toBe(T + 60_000);
    const rollups = await server.app.store.db
      .selectFrom('rollups')
      .select(['period', 'checks', 'failures', 'duration_sum'])
      .where('monitor_id', '=', id)
      .where('region', '=', 'us-east')
      .where('bucket_start', '>=', T - 86_400_000)
      .orderBy('period')
      .execute();
    // The hour's row alone: the day's is folded from its hours once the day has ended.
    expect(rollups).toEqual([{ period: 'hour', checks: 2, failures: 0, duration_sum: 703 }]);
  });
});
