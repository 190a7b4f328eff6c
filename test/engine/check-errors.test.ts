import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkErrorCount, enqueueCheck as enqueueCheckOf, errorLinesOf } from '../helpers/check-errors.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

// A check that cannot run or be recorded used to vanish: the queue swallowed the exception, and a
// batch with one run the database refused lost every other run with it.
let server: TestServer;
let owner: Member;
let target: Target;
const SECRET = 'Corrupted-Secret-3d9e1f7a';

beforeAll(async () => {
  target = await startTarget();
  server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { checks: { retryDelayMs: 50 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await target.close();
});

const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];

async function createMonitor(path: string, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: {
      type: 'http',
      name: `Target ${path}`,
      intervalSeconds: 60,
      timeoutSeconds: 5,
      regions: ['us-east'],
      url: `${target.url}${path}`,
      method: 'GET',
      expectedStatus: 200,
      ...extra,
    },
  });
  expect(answer.status).toBe(201);
  const id = answer.body.id as string;
  await eventually(async () => (await runsOf(id)).length > 0); // the check made at creation
  return id;
}

const enqueueCheck = (id: string) => enqueueCheckOf(server, id);
const errorLines = (monitorId: string) => errorLinesOf(server, monitorId);

async function errorCount(reason: string): Promise<number> {
  const count = await checkErrorCount(server, reason);
  expect(count, `lookout_check_errors_total{reason="${reason}"}`).not.toBeNull();
  return count!;
}

/** Makes the database refuse every run of one monitor, as a failing disk or a broken constraint would. */
async function refuseRunsOf(monitorId: string): Promise<void> {
  const db = server.app.store.db;
  if (server.store === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION refuse_runs() RETURNS trigger AS $$ BEGIN IF NEW.monitor_id = '${monitorId}' THEN RAISE EXCEPTION 'run refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
      )
      .execute(db);
    await sql.raw('CREATE TRIGGER refuse_runs BEFORE INSERT ON monitor_runs FOR EACH ROW EXECUTE FUNCTION refuse_runs()').execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER refuse_runs BEFORE INSERT ON monitor_runs WHEN NEW.monitor_id = '${monitorId}' BEGIN SELECT RAISE(ABORT, 'run refused'); END`)
      .execute(db);
  }
}

afterEach(async () => {
  const db = server.app.store.db;
  await sql.raw(server.store === 'postgres' ? 'DROP TRIGGER IF EXISTS refuse_runs ON monitor_runs' : 'DROP TRIGGER IF EXISTS refuse_runs').execute(db);
  if (server.store === 'postgres') await sql.raw('DROP FUNCTION IF EXISTS refuse_runs()').execute(db);
});

describe('a check that cannot run', () => {
  it('is logged at error with the monitor id and counted when its secret cannot be opened; other monitors go on', async () => {
    const broken = await createMonitor('/secret', { auth: { type: 'bearer', secret: SECRET } });
    const healthy = await createMonitor('/healthy');
    const before = await errorCount('secret');
    // Altered ciphertext: authenticated encryption refuses to open it.
    const { auth_secret: sealed } = await server.app.store.db.selectFrom('monitors').select('auth_secret').where('id', '=', broken).executeTakeFirstOrThrow();
    const altered = sealed!.slice(0, -2) + (sealed!.endsWith('AA') ? 'BB' : 'AA');
    await server.app.store.db.updateTable('monitors').set({ auth_secret: altered }).where('id', '=', broken).execute();
    const runsBefore = (await runsOf(broken)).length;

    await enqueueCheck(broken);
    await enqueueCheck(healthy);

    const [line] = await eventually(async () => {
      const lines = errorLines(broken);
      return lines.length > 0 && lines;
    });
    expect(line).toMatchObject({ monitorId: broken, region: 'us-east', reason: 'secret' });
    expect(await errorCount('secret')).toBeGreaterThan(before);
    await eventually(async () => (await runsOf(healthy)).length >= 2);
    expect(await runsOf(broken)).toHaveLength(runsBefore);
    expect(server.logs()).not.toContain(SECRET);
  });

  it('is logged at error and counted when its run cannot be recorded; the other runs are recorded', async () => {
    const [refused, first, second] = [await createMonitor('/refused'), await createMonitor('/first'), await createMonitor('/second')];
    const before = await errorCount('record');
    await refuseRunsOf(refused);

    // Enqueued together, the three runs reach the recorder within its batching delay.
    await Promise.all([enqueueCheck(first), enqueueCheck(refused), enqueueCheck(second)]);

    const [line] = await eventually(async () => {
      const lines = errorLines(refused);
      return lines.length > 0 && lines;
    });
    expect(line).toMatchObject({ monitorId: refused, reason: 'record', err: { message: expect.stringContaining('run refused') } });
    expect(await errorCount('record')).toBeGreaterThan(before);
    await eventually(async () => (await runsOf(first)).length >= 2 && (await runsOf(second)).length >= 2);
    expect(await runsOf(refused)).toHaveLength(1);
  });
});

describe('the run recorder', () => {
  it('writes the other runs of a batch when the database refuses one of them', async () => {
    const [a, refused, b] = [await createMonitor('/batch-a'), await createMonitor('/batch-refused'), await createMonitor('/batch-b')];
    await refuseRunsOf(refused);
    const now = Date.now();
    const check = (monitorId: string) => ({
      job: { monitorId, region: 'us-east' as const, trigger: 'manual' as const, dueAt: now, nextDueAt: null },
      startedAt: now,
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

    // Recorded in the same moment: one batch, one transaction at first.
    const outcomes = await Promise.allSettled([a, refused, b].map((id) => server.app.engine.recorder.record(check(id))));

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const id of [a, b]) expect((await runsOf(id)).map((r) => r.trigger)).toContain('manual');
    expect((await runsOf(refused)).map((r) => r.trigger)).not.toContain('manual');
  });
});
