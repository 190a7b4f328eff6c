import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

let server: TestServer;
let owner: Member;
let target: Target;

beforeAll(async () => {
  target = await startTarget();
  server = await startServer({ LOOKOUT_REGIONS: 'us-east,eu-west', LOOKOUT_TARGET_POLICY: 'all' }, { checks: { retryDelayMs: 100 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await target.close();
});

async function createHttpMonitor(path: string, regions = ['us-east', 'eu-west'], extra: Record<string, unknown> = {}) {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: {
      type: 'http',
      name: `Target ${path}`,
      intervalSeconds: 60,
      timeoutSeconds: 5,
      regions,
      url: `${target.url}${path}`,
      method: 'GET',
      expectedStatus: 200,
      ...extra,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
}

const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];
const monitorOf = async (id: string) => server.read(`/api/v1/monitors/${id}`, owner.token);

/** Runs one scheduled-style check of the monitor in each region, as the scheduler would. */
async function checkAgain(id: string, regions = ['us-east', 'eu-west']) {
  const before = (await runsOf(id)).length;
  for (const region of regions) {
    await server.app.services.dispatcher.enqueue({
      monitorId: id,
      region,
      trigger: 'scheduled',
      dueAt: Date.now(),
      nextDueAt: Date.now() + 60_000,
    });
  }
  await eventually(async () => (await runsOf(id)).length >= before + regions.length);
}

describe('check engine', () => {
  it('checks a new monitor at once in each region and marks it up', async () => {
    const monitor = await createHttpMonitor('/new');
    const runs = await eventually(async () => {
      const list = await runsOf(monitor.id);
      return list.length === 2 && list;
    });
    expect(runs.map((r) => r.region).sort()).toEqual(['eu-west', 'us-east']);
    for (const run of runs) {
      expect(run).toMatchObject({ monitorId: monitor.id, trigger: 'scheduled', ok: true, attempts: 1, error: null, statusCode: 200, certificate: null });
      expect(run.timings.totalMs).toBeGreaterThanOrEqual(run.timings.ttfbMs);
    }
    const record = await monitorOf(monitor.id);
    expect(record.status).toBe('up');
    expect(record.lastCheckedAt).toEqual(expect.stringMatching(/Z$/));
    expect(target.hits.find((h) => h.path === '/new')!.headers['user-agent']).toMatch(/^Lookout\/\d+\.\d+\.\d+$/);
  });

  it('marks a monitor down only after the confirming retry, and up again when it recovers', async () => {
    const monitor = await createHttpMonitor('/flaky');
    await eventually(async () => (await monitorOf(monitor.id)).status === 'up');

    target.status = 503;
    await checkAgain(monitor.id);
    const down = await monitorOf(monitor.id);
    expect(down.status).toBe('down');
    const [newest] = await runsOf(monitor.id);
    expect(newest).toMatchObject({ ok: false, attempts: 2, statusCode: 503, error: { code: 'status-mismatch', message: 'expected 200, got 503' } });

    target.status = 200;
    await checkAgain(monitor.id);
    expect((await monitorOf(monitor.id)).status).toBe('up');

    // One failed attempt alone is not a failure: the retry succeeds and the run is ok.
    target.failNext(1);
    await checkAgain(monitor.id, ['us-east']);
    const [retried] = await runsOf(monitor.id);
    expect(retried).toMatchObject({ region: 'us-east', ok: true, attempts: 2, error: null });
    expect((await monitorOf(monitor.id)).status).toBe('up');

    const events = await server.app.store.db.selectFrom('events').select(['type', 'payload']).where('monitor_id', '=', monitor.id).orderBy('id').execute();
    const transitions = events.map((e) => JSON.parse(e.payload)).map((e) => `${e.previousStatus}->${e.status}`);
    // Regions report one by one, so the way down (and back) may pass through degraded.
    expect(transitions[0]).toBe('pending->up');
    const wentDown = transitions.findIndex((t) => t.endsWith('->down'));
    expect(wentDown).toBeGreaterThan(0);
    expect(transitions.slice(1, wentDown).every((t) => t === 'up->degraded')).toBe(true);
    expect(transitions.at(-1)).toMatch(/^(down|degraded)->up$/);
    expect(transitions.length).toBeLessThanOrEqual(5);
  });

  it('with thresholds 3/2, goes down on the third failed run in a row and up on the second success, one event each', async () => {
    const monitor = await createHttpMonitor('/thresholds', ['us-east'], { failureThreshold: 3, recoveryThreshold: 2 });
    expect(monitor).toMatchObject({ failureThreshold: 3, recoveryThreshold: 2 });
    await eventually(async () => (await monitorOf(monitor.id)).status === 'up');
    const statuses: string[] = [];
    for (const status of [503, 503, 200, 503, 503, 503, 200, 503, 200, 200]) {
      target.status = status;
      await checkAgain(monitor.id, ['us-east']);
      statuses.push((await monitorOf(monitor.id)).status);
    }
    target.status = 200;
    expect(statuses).toEqual(['up', 'up', 'up', 'up', 'up', 'down', 'down', 'down', 'down', 'up']);
    const events = await server.app.store.db.selectFrom('events').select('payload').where('monitor_id', '=', monitor.id).orderBy('id').execute();
    expect(events.map((e) => JSON.parse(e.payload)).map((e) => `${e.previousStatus}->${e.status}`)).toEqual(['pending->up', 'up->down', 'down->up']);
  });

  it('lists at most the 100 newest runs, newest first', async () => {
    const monitor = await createHttpMonitor('/many', ['us-east']);
    await eventually(async () => (await runsOf(monitor.id)).length === 1);
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: `0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      monitor_id: monitor.id,
      region: 'us-east',
      trigger: 'scheduled',
      started_at: Date.now() - (i + 1) * 60_000,
      duration_ms: 5,
      ok: 1,
      attempts: 1,
      error_code: null,
      error_message: null,
      status_code: 200,
      timings: null,
      certificate: null,
    }));
    await server.app.store.db.insertInto('monitor_runs').values(rows).execute();
    const runs = await runsOf(monitor.id);
    expect(runs).toHaveLength(100);
    const times = runs.map((r) => Date.parse(r.startedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(runs.at(-1).id).toBe(rows[98]!.id);
  });

  it('does not check a paused monitor, and checks it at once when resumed', async () => {
    const monitor = await createHttpMonitor('/paused', ['us-east']);
    await eventually(async () => (await runsOf(monitor.id)).length === 1);
    expect((await server.request('POST', `/api/v1/monitors/${monitor.id}/pause`, { token: owner.token })).body.status).toBe('paused');
    await server.app.services.dispatcher.enqueue({ monitorId: monitor.id, region: 'us-east', trigger: 'scheduled', dueAt: Date.now(), nextDueAt: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsOf(monitor.id)).toHaveLength(1);

    const resumed = await server.request('POST', `/api/v1/monitors/${monitor.id}/resume`, { token: owner.token });
    expect(resumed.body.status).toBe('pending');
    await eventually(async () => (await runsOf(monitor.id)).length === 2);
    expect((await monitorOf(monitor.id)).status).toBe('up');
  });
});

describe('check now', () => {
  it('lets exactly one of 20 concurrent triggers through and records a manual run', async () => {
    const monitor = await createHttpMonitor('/trigger');
    const member = await server.addMember(owner.teamId, 'Member');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.request('POST', `/api/v1/monitors/${monitor.id}/check`, { token: member.token })),
    );
    const accepted = answers.filter((a) => a.status === 202);
    const rejected = answers.filter((a) => a.status === 429);
    expect(accepted).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    const body = accepted[0]!.body;
    expect(body).toEqual({
      monitorId: monitor.id,
      status: 'queued',
      regions: ['us-east', 'eu-west'],
      enqueuedAt: expect.any(String),
      nextTriggerAt: expect.any(String),
    });
    expect(Date.parse(body.nextTriggerAt) - Date.parse(body.enqueuedAt)).toBe(60_000);
    for (const answer of rejected) {
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(answer.body.type).toBe('http://lookout.test/errors/rate-limited');
      expect(answer.body.detail).toMatch(/trigger lock/);
    }
    const manual = await eventually(async () => {
      const runs = (await runsOf(monitor.id)).filter((r) => r.trigger === 'manual');
      return runs.length === 2 && runs;
    });
    expect(manual.map((r) => r.region).sort()).toEqual(['eu-west', 'us-east']);
  });

  it('judges role, then the monitor, then the body and pause, and only then the lock', async () => {
    const monitor = await createHttpMonitor('/order');
    const other = await server.newTeam('Owner');
    expect((await server.request('POST', `/api/v1/monitors/${monitor.id}/check`, { token: other.token })).status).toBe(404);
    expect((await server.request('POST', '/api/v1/monitors/not-a-uuid/check', { token: owner.token })).status).toBe(404);
    const withBody = await server.request('POST', `/api/v1/monitors/${monitor.id}/check`, { token: owner.token, body: { now: true } });
    expect(withBody.status).toBe(400);
    expect(withBody.body.detail).toBe('now: is not allowed');

    await server.request('POST', `/api/v1/monitors/${monitor.id}/pause`, { token: owner.token });
    const paused = await server.request('POST', `/api/v1/monitors/${monitor.id}/check`, { token: owner.token });
    expect(paused.status).toBe(400);
    expect(paused.body.detail).toBe('monitor: is paused');
    await server.request('POST', `/api/v1/monitors/${monitor.id}/resume`, { token: owner.token });
    // None of the rejected triggers took the lock.
    expect((await server.request('POST', `/api/v1/monitors/${monitor.id}/check`, { token: owner.token })).status).toBe(202);
  });
});

describe('metrics', () => {
  it('exposes check counters, durations, lateness, queue depth and the time runs took to write', async () => {
    const answer = await server.request('GET', '/metrics');
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/lookout_checks_total\{region="us-east",result="ok"\} \d+/);
    expect(answer.text).toMatch(/lookout_check_failures_total\{region="(us-east|eu-west)",code="status-mismatch"\} \d+/);
    expect(answer.text).toContain('lookout_check_duration_seconds_bucket');
    expect(answer.text).toContain('lookout_scheduler_lateness_seconds_bucket');
    expect(answer.text).toMatch(/lookout_check_queue_depth\{region="eu-west"\} \d+/);
    // The runs above were written in batches, each timed.
    expect(Number(/lookout_run_writes_seconds_count\{recorder="checks"\} (\d+)/.exec(answer.text)?.[1])).toBeGreaterThan(0);
    expect(Number(/lookout_run_writes_seconds_sum\{recorder="checks"\} ([\d.e-]+)/.exec(answer.text)?.[1])).toBeGreaterThan(0);
  });
});
