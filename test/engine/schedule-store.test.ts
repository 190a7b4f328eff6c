/**
 * The stored next-due times a restarted (or succeeding) scheduler resumes from: only the check
 * that was due moves them on, and a check written twice is one run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckJob } from '../../src/domain/ports/check-dispatch.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';

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
  // A cluster-mode server schedules even without a checker: let it store the first due time (now) first.
  if (server.store === 'postgres')
    await eventually(
      async () =>
        (await server.app.store.db.selectFrom('check_schedules').select('next_due_at').where('monitor_id', '=', answer.body.id).executeTakeFirst()) !==
        undefined,
    );
  return answer.body.id;
}

async function record(id: string, dueAt: number, nextDueAt: number): Promise<void> {
  const job: CheckJob = { monitorId: id, region: 'us-east', trigger: 'scheduled', dueAt, nextDueAt };
  await server.app.engine.recorder.record({
    job,
    startedAt: dueAt + 5,
    attempts: 1,
    result: {
      ok: true,
      durationMs: 3,
      error: null,
      statusCode: 200,
      timings: { dnsMs: 0, connectMs: 1, tlsMs: null, ttfbMs: 1, totalMs: 3 },
      certificate: null,
      assertions: [],
      warnings: [],
    },
  });
}

const stored = async (id: string) =>
  (await server.app.store.db.selectFrom('check_schedules').select('next_due_at').where('monitor_id', '=', id).executeTakeFirstOrThrow()).next_due_at;
const runCount = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data.length;

describe('stored due times', () => {
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
      .updateTable('check_schedules')
      .set({ next_due_at: T + 130_000 })
      .where('monitor_id', '=', id)
      .execute();
    await record(id, T + 120_000, T + 180_000);
    expect(await stored(id)).toBe(T + 130_000);
    await record(id, T + 130_000, T + 160_000);
    expect(await stored(id)).toBe(T + 160_000);
  });
});
