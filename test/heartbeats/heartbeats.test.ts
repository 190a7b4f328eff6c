import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';
import { call, expectStatus } from '../alerts/fixtures.js';

/**
 * Heartbeat monitors with the real server, its ping endpoints and its deadline sweep, on a clock
 * the test moves: a job's pings make runs and move the status, a deadline passing without a
 * success ping is recorded as missed by the sweep by itself, and one that passed while Lookout was
 * stopped is judged when it starts again.
 */

// Earlier than test/platform/injected-clock.test.ts's clock: ids made in one process never go back
// in time, and that test reads its clock's time from ids made in the same test worker.
const START = Date.UTC(2031, 2, 28, 22, 0, 0);
const SECOND = 1000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let clock: ManualClock;
let server: TestServer;
let owner: Member;

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startServer({}, { clock });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
});

const monitorOf = async (id: string, on = server) => expectStatus(await call(on, owner, 'GET', `/api/v1/monitors/${id}`), 200);
const runsOf = async (id: string, on = server): Promise<any[]> => expectStatus(await call(on, owner, 'GET', `/api/v1/monitors/${id}/runs`), 200).data;

async function createHeartbeat(fields: Record<string, unknown>, on = server): Promise<any> {
  return expectStatus(await call(on, owner, 'POST', '/api/v1/monitors', { type: 'heartbeat', name: 'Nightly backup', ...fields }), 201);
}

/** A ping as a job sends it: no token, any method and body; the answer's status and text. */
async function ping(url: string, init: RequestInit = {}): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url.replace('http://lookout.test', server.baseUrl), init);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Moves the clock to `at` and waits until `done` holds (the sweep writes in the background). */
async function advanceUntil<T>(at: number, done: () => Promise<T | false | undefined>): Promise<T> {
  clock.advanceTo(at);
  return eventually(done);
}

describe('a heartbeat monitor', () => {
  it('goes pending → up with a ping, down when its deadline passes without one, and up again with the next', { timeout: 30_000 }, async () => {
    const monitor = await createHeartbeat({ periodSeconds: 3600, graceSeconds: 300 });
    expect(monitor).toMatchObject({ status: 'pending', periodSeconds: 3600, cron: null, timezone: 'UTC', graceSeconds: 300, deadlineAt: null });
    expect(monitor.pingUrl).toMatch(/^http:\/\/lookout\.test\/ping\/[A-Za-z0-9_-]{32}$/);
    expect(monitor).not.toHaveProperty('regions');

    // No ping yet: nothing is expected, however long it stays quiet.
    clock.advance(3 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await monitorOf(monitor.id)).status).toBe('pending');
    expect(await runsOf(monitor.id)).toEqual([]);

    const pingedAt = clock.now();
    expect(await ping(monitor.pingUrl)).toMatchObject({ status: 200, text: 'OK' });
    const up = await monitorOf(monitor.id);
    expect(up).toMatchObject({ status: 'up', lastCheckedAt: iso(pingedAt), deadlineAt: iso(pingedAt + HOUR + 300 * SECOND) });

    // A minute before the deadline nothing happens; just past it the sweep records the miss.
    clock.advanceTo(pingedAt + HOUR + 299 * SECOND);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await monitorOf(monitor.id)).status).toBe('up');
    const down = await advanceUntil(pingedAt + HOUR + 301 * SECOND, async () => {
      const now = await monitorOf(monitor.id);
      return now.status === 'down' && now;
    });
    // The next deadline follows the missed one: one period later.
    expect(down.deadlineAt).toBe(iso(pingedAt + 2 * HOUR + 300 * SECOND));
    const [missed] = await runsOf(monitor.id);
    expect(missed).toMatchObject({
      region: null,
      trigger: 'scheduled',
      ok: false,
      durationMs: null,
      error: { code: 'heartbeat-missed' },
      log: null,
      dns: null,
    });
    expect(missed.error.message).toContain(iso(pingedAt + HOUR + 300 * SECOND));
    const incidents = await eventually(async () => {
      const opened = expectStatus(await call(server, owner, 'GET', '/api/v1/incidents'), 200).data.filter((i: any) => i.monitorId === monitor.id);
      return opened.length > 0 && opened;
    });
    expect(incidents).toHaveLength(1);
    expect(incidents[0].resolvedAt).toBeNull();
    // A heartbeat has no regions: the incident says what the job did not do.
    const opened = expectStatus(await call(server, owner, 'GET', `/api/v1/incidents/${incidents[0].id}`), 200);
    expect(opened.updates[0].message).toBe('The scheduled job did not report in time (no ping arrived). We are investigating.');

    clock.advance(10 * SECOND);
    expect((await ping(monitor.pingUrl, { method: 'HEAD' })).status).toBe(200);
    expect(await monitorOf(monitor.id)).toMatchObject({ status: 'up', deadlineAt: iso(clock.now() + HOUR + 300 * SECOND) });
    // The incident is resolved from the event, as the alerting side reads it.
    await eventually(async () => expectStatus(await call(server, owner, 'GET', `/api/v1/incidents/${incidents[0].id}`), 200).resolvedAt !== null);

    const runs = await runsOf(monitor.id);
    expect(runs.map((r) => [r.trigger, r.ok])).toEqual([
      ['ping', true],
      ['scheduled', false],
      ['ping', true],
    ]);
    const events = await server.app.store.db.selectFrom('events').select('payload').where('monitor_id', '=', monitor.id).orderBy('id').execute();
    expect(events.map((e) => JSON.parse(e.payload).status)).toEqual(['up', 'down', 'up']);
  });

  it('follows a cron expression in its time zone across a daylight saving change', { timeout: 30_000 }, async () => {
    // 02:30 in Berlin: on 2031-03-30 that time does not exist (02:00 → 03:00), and the job runs at 03:00.
    const monitor = await createHeartbeat({ cron: '30 2 * * *', timezone: 'Europe/Berlin', graceSeconds: 600 });
    clock.advanceTo(Math.max(clock.now(), Date.parse('2031-03-29T01:31:00Z')));
    await ping(monitor.pingUrl);
    expect((await monitorOf(monitor.id)).deadlineAt).toBe('2031-03-30T01:10:00.000Z');
    const down = await advanceUntil(Date.parse('2031-03-30T01:10:01Z'), async () => {
      const now = await monitorOf(monitor.id);
      return now.status === 'down' && now;
    });
    // The next occurrence is 02:30 summer time, 00:30 UTC.
    expect(down.deadlineAt).toBe('2031-03-31T00:40:00.000Z');
    clock.advanceTo(Date.parse('2031-03-31T00:31:00Z'));
    await ping(monitor.pingUrl);
    expect(await monitorOf(monitor.id)).toMatchObject({ status: 'up', deadlineAt: '2031-04-01T00:40:00.000Z' });
  });

  it('takes /fail and exit codes as failures, /0 as a success, and keeps the POSTed log and the run time from /start', async () => {
    const monitor = await createHeartbeat({ periodSeconds: 86_400 });
    expect((await ping(`${monitor.pingUrl}/fail`, { method: 'POST', body: 'disk full' })).status).toBe(200);
    expect(await monitorOf(monitor.id)).toMatchObject({ status: 'down', deadlineAt: null });
    expect((await runsOf(monitor.id))[0]).toMatchObject({
      ok: false,
      error: { code: 'heartbeat-failed', message: 'the job reported a failure' },
      log: 'disk full',
    });

    clock.advance(SECOND);
    expect((await ping(`${monitor.pingUrl}/0`)).status).toBe(200);
    expect((await monitorOf(monitor.id)).status).toBe('up');

    clock.advance(SECOND);
    expect((await ping(`${monitor.pingUrl}/start`)).status).toBe(200);
    // A start is no run and changes no status.
    expect(await runsOf(monitor.id)).toHaveLength(2);
    clock.advance(42 * SECOND);
    // A log is kept up to 10 KiB, whatever the body says it is; NUL characters are left out.
    const log = `line 1\u0000\n${'x'.repeat(20_000)}`;
    const exit = await ping(`${monitor.pingUrl}/3`, { method: 'POST', body: log, headers: { 'content-type': 'application/octet-stream' } });
    expect(exit).toMatchObject({ status: 200, text: 'OK' });
    expect(exit.headers.get('content-type')).toMatch(/^text\/plain/);
    const [failed] = await runsOf(monitor.id);
    expect(failed).toMatchObject({
      ok: false,
      trigger: 'ping',
      durationMs: 42_000,
      error: { code: 'heartbeat-failed', message: 'the job exited with code 3' },
    });
    expect(failed.log).toBe(`line 1\n${'x'.repeat(10_240 - 8)}`);
    expect((await monitorOf(monitor.id)).status).toBe('down');
    // Uptime counts every ping; the mean duration only the run that had one.
    const stats = expectStatus(await call(server, owner, 'GET', `/api/v1/monitors/${monitor.id}/stats`), 200);
    expect(stats).toMatchObject({ checks: 3, failures: 2, avgResponseMs: 42_000 });
    const summary = expectStatus(await call(server, owner, 'GET', '/api/v1/monitor-stats'), 200).data.find((m: any) => m.monitorId === monitor.id);
    expect(summary).toMatchObject({ checks24h: 3, avgResponseMs24h: 42_000 });
    expect(summary.recent.map((r: any) => [r.region, r.durationMs])).toEqual([
      [null, null],
      [null, null],
      [null, 42_000],
    ]);

    // Without a start the run has no duration; a start from longer ago than a period is not this run's.
    clock.advance(SECOND);
    await ping(monitor.pingUrl, { method: 'POST', body: '{"ok":true}', headers: { 'content-type': 'application/json' } });
    expect((await runsOf(monitor.id))[0]).toMatchObject({ ok: true, durationMs: null, log: '{"ok":true}' });
    await ping(`${monitor.pingUrl}/start`);
    clock.advance(86_400 * SECOND + 1);
    await ping(monitor.pingUrl);
    expect((await runsOf(monitor.id))[0]).toMatchObject({ ok: true, durationMs: null });
  });

  it('answers 404 to unknown keys, old keys, variants that do not exist and other monitor types, and 429 past 60 pings a minute', async () => {
    const monitor = await createHeartbeat({ periodSeconds: 600 });
    const key = monitor.pingUrl.split('/').pop();
    for (const path of [
      `/ping/${'A'.repeat(32)}`,
      `/ping/${key}x`,
      '/ping/short',
      `/ping/${key}/256`,
      `/ping/${key}/-1`,
      `/ping/${key}/03`,
      `/ping/${key}/stop`,
      `/ping/${key}/start/again`,
    ]) {
      const answer = await ping(`${server.baseUrl}${path}`);
      expect(answer, path).toMatchObject({ status: 404, text: 'not found' });
    }
    expect((await ping(`${monitor.pingUrl}/255`)).status).toBe(200);

    const renewed = expectStatus(await call(server, owner, 'POST', `/api/v1/monitors/${monitor.id}/ping-key`), 200);
    expect(renewed.pingUrl).not.toBe(monitor.pingUrl);
    expect((await ping(monitor.pingUrl)).status).toBe(404);
    expect((await ping(renewed.pingUrl)).status).toBe(200);
    const http = expectStatus(
      await call(server, owner, 'POST', '/api/v1/monitors', {
        type: 'http',
        name: 'Site',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: 'https://example.com',
        method: 'GET',
        expectedStatus: 200,
      }),
      201,
    );
    const wrongType = await call(server, owner, 'POST', `/api/v1/monitors/${http.id}/ping-key`);
    expect(wrongType.status).toBe(400);
    const checkNow = await call(server, owner, 'POST', `/api/v1/monitors/${monitor.id}/check`);
    expect(checkNow.status).toBe(400);
    expect(checkNow.body.errors[0]).toMatchObject({ field: 'monitor' });

    // The budget is the key's: the new key has spent one ping of its 60, the old key's pings count for nothing.
    const answers = await Promise.all(Array.from({ length: 60 }, () => ping(renewed.pingUrl)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(59);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.text).toBe('too many pings');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A body over 1 MiB is refused in plain text, and the server goes on.
    const huge = await ping(`${renewed.pingUrl}/0`, { method: 'POST', body: 'x'.repeat(1_048_577) });
    expect(huge).toMatchObject({ status: 413, text: 'body too large' });
    // Nobody but the team renews the key: without a token 401, from another team 404 (as for any monitor of another team).
    expect((await server.request('POST', `/api/v1/monitors/${monitor.id}/ping-key`)).status).toBe(401);
    const stranger = await server.newTeam('Owner');
    expect((await call(server, stranger, 'POST', `/api/v1/monitors/${monitor.id}/ping-key`)).status).toBe(404);
    // A deleted monitor's key is unknown, also once a ping has made it known.
    const deleted = await createHeartbeat({ periodSeconds: 600 });
    expect((await ping(deleted.pingUrl)).status).toBe(200);
    expectStatus(await call(server, owner, 'DELETE', `/api/v1/monitors/${deleted.id}`), 204);
    expect((await ping(deleted.pingUrl)).status).toBe(404);
    expect((await ping(`${deleted.pingUrl}/start`)).status).toBe(404);
    // A key that spent its minute and then stopped being one (renewed, or its monitor deleted) is unknown too, not refused.
    const spent = await createHeartbeat({ periodSeconds: 600 });
    await Promise.all(Array.from({ length: 60 }, () => ping(spent.pingUrl)));
    expect((await ping(spent.pingUrl)).status).toBe(429);
    expectStatus(await call(server, owner, 'DELETE', `/api/v1/monitors/${spent.id}`), 204);
    expect((await ping(spent.pingUrl)).status).toBe(404);
    expect((await ping(renewed.pingUrl)).status).toBe(429);
    const renewedAgain = expectStatus(await call(server, owner, 'POST', `/api/v1/monitors/${monitor.id}/ping-key`), 200);
    expect((await ping(renewed.pingUrl)).status).toBe(404);
    expect((await ping(renewedAgain.pingUrl)).status).toBe(200);
    // The key is never written to the log in full.
    expect(server.logs()).not.toContain(renewed.pingUrl.split('/').pop());
  });

  it('pausing stops expecting pings; a ping while paused is answered and dropped', async () => {
    const monitor = await createHeartbeat({ periodSeconds: 60, graceSeconds: 0 });
    await ping(monitor.pingUrl);
    expectStatus(await call(server, owner, 'POST', `/api/v1/monitors/${monitor.id}/pause`), 200);
    expect(await monitorOf(monitor.id)).toMatchObject({ status: 'paused', deadlineAt: null });
    clock.advance(10 * 60 * SECOND);
    expect((await ping(monitor.pingUrl)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runsOf(monitor.id)).toHaveLength(1);
  });
});

describe('the deadline sweep after a restart', () => {
  it('judges at start a deadline that passed while Lookout was stopped, once', { timeout: 30_000 }, async () => {
    const first = await startServer({}, { clock });
    const member = await first.newTeam('Owner');
    const created = expectStatus(
      await call(first, member, 'POST', '/api/v1/monitors', { type: 'heartbeat', name: 'Hourly export', periodSeconds: 3600, graceSeconds: 60 }),
      201,
    );
    const pingedAt = clock.now();
    expect((await fetch(created.pingUrl.replace('http://lookout.test', first.baseUrl))).status).toBe(200);
    await first.app.close();

    // Five periods go by with nothing running.
    clock.advance(5 * HOUR);
    const second = await startServer(
      { DATABASE_URL: first.env.DATABASE_URL!, ...(first.env.LOOKOUT_SECRET_KEY ? { LOOKOUT_SECRET_KEY: first.env.LOOKOUT_SECRET_KEY } : {}) },
      { clock },
    );
    try {
      const down = await eventually(async () => {
        const now = expectStatus(await call(second, member, 'GET', `/api/v1/monitors/${created.id}`), 200);
        return now.status === 'down' && now;
      });
      // One miss for the whole stop, and the next deadline counted from now.
      const runs = expectStatus(await call(second, member, 'GET', `/api/v1/monitors/${created.id}/runs`), 200).data;
      expect(runs.map((r: any) => r.error?.code ?? 'ok')).toEqual(['heartbeat-missed', 'ok']);
      expect(runs[0].error.message).toContain(iso(pingedAt + HOUR + 60 * SECOND));
      expect(down.deadlineAt).toBe(iso(clock.now() + HOUR + 60 * SECOND));
    } finally {
      await second.close();
      first.app.close = async () => {};
      await first.close();
    }
  });
});
