import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { call, createPolicy, expectStatus } from '../alerts/fixtures.js';

/**
 * Maintenance with the real check engine on a clock the test moves: the sweep starts and ends the
 * occurrence by itself at its times, checks go on against a local target, and nothing is alerted
 * until the occurrence ends with the monitor still down.
 */

// Earlier than test/platform/injected-clock.test.ts's clock: ids made in one process never go back
// in time, and that test reads its clock's time from ids made in the same test worker.
const START = Date.UTC(2031, 1, 3, 8, 0, 0);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

let clock: ManualClock;
let server: TestServer;
let owner: Member;
let target: Target;

beforeAll(async () => {
  target = await startTarget();
  clock = new ManualClock(START);
  server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { clock, checks: { retryDelayMs: 10 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await target.close();
});

const db = () => server.app.store.db;
const monitorOf = async (id: string) => expectStatus(await call(server, owner, 'GET', `/api/v1/monitors/${id}`), 200);
const storedRuns = async (id: string) =>
  db().selectFrom('monitor_runs').select(['started_at', 'ok', 'maintenance']).where('monitor_id', '=', id).orderBy('started_at').execute();
const incidentsOf = async (id: string) => await db().selectFrom('incidents').select(['id', 'resolved_at']).where('monitor_id', '=', id).execute();
const deliveriesOf = async (id: string) => db().selectFrom('deliveries').select(['event']).where('monitor_id', '=', id).execute();

/** Moves the clock on, 10 s at a time, until `count` more checks of the monitor are stored (its checks come every 54-66 s). */
async function checkedFor(monitorId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const before = (await storedRuns(monitorId)).length;
    for (let step = 0; (await storedRuns(monitorId)).length === before; step++) {
      if (step === 9) throw new Error('no check within 90 s');
      clock.advance(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await eventually(async () => (await storedRuns(monitorId)).length > before);
  }
}

describe('maintenance with real checks', () => {
  it(
    'keeps a failing monitor in maintenance without incident or alert, and alerts when the occurrence ends with it still down',
    { timeout: 60_000 },
    async () => {
      const policy = await createPolicy(server, owner, { name: 'On call', channels: [{ type: 'webhook', url: 'http://127.0.0.1:9/hook' }] });
      const monitor = expectStatus(
        await call(server, owner, 'POST', '/api/v1/monitors', {
          type: 'http',
          name: 'Shop',
          intervalSeconds: 60,
          timeoutSeconds: 5,
          regions: ['us-east'],
          url: `${target.url}/health`,
          method: 'GET',
          expectedStatus: 200,
          notificationPolicyId: policy.id,
        }),
        201,
      );
      await eventually(async () => (await monitorOf(monitor.id)).status === 'up');

      const startsAt = START + 10 * MINUTE + 30_000;
      const window = expectStatus(
        await call(server, owner, 'POST', '/api/v1/maintenance-windows', {
          title: 'Shop migration',
          monitorIds: [monitor.id],
          startsAt: iso(startsAt),
          endsAt: iso(startsAt + 5 * MINUTE),
        }),
        201,
      );
      // The occurrence starts on the clock: the status is `maintenance` at once, before any check.
      clock.advanceTo(startsAt);
      await eventually(async () => (await monitorOf(monitor.id)).status === 'maintenance');
      expect(expectStatus(await call(server, owner, 'GET', `/api/v1/maintenance-windows/${window.id}`), 200).active).toBe(true);

      target.status = 503;
      await checkedFor(monitor.id, 4);
      // The failing runs, whenever the scheduler stamped them (on a busy machine a check due before
      // the target failed may run after): each recorded in maintenance.
      const during = (await storedRuns(monitor.id)).filter((r) => r.ok === 0);
      expect(during.length).toBeGreaterThanOrEqual(3);
      expect(during.every((r) => r.maintenance === 1)).toBe(true);
      expect((await call(server, owner, 'GET', `/api/v1/monitors/${monitor.id}/runs`)).body.data[0]).toMatchObject({ ok: false, maintenance: true });
      await server.app.services.alerts.processPending();
      expect((await monitorOf(monitor.id)).status).toBe('maintenance');
      expect(await incidentsOf(monitor.id)).toEqual([]);
      expect(await deliveriesOf(monitor.id)).toEqual([]);
      expect(
        await db().selectFrom('events').select('id').where('monitor_id', '=', monitor.id).where('type', '=', 'monitor.status_changed').execute(),
      ).toHaveLength(1); // pending → up

      // Uptime leaves the maintenance runs out; the rollups count them apart.
      const stats = expectStatus(await call(server, owner, 'GET', `/api/v1/monitors/${monitor.id}/stats?range=24h`), 200);
      const upRuns = (await storedRuns(monitor.id)).filter((r) => r.maintenance === 0);
      expect(stats.summary ?? stats).toMatchObject({ checks: upRuns.length, uptime: 100 });
      const rollup = await db()
        .selectFrom('rollups')
        .select((eb) => [
          eb.fn.sum<string | number>('checks').as('checks'),
          eb.fn.sum<string | number>('failures').as('failures'),
          eb.fn.sum<string | number>('maintenance').as('maintenance'),
        ])
        .where('monitor_id', '=', monitor.id)
        .where('period', '=', 'hour')
        .executeTakeFirstOrThrow();
      expect(Number(rollup.checks)).toBe(upRuns.length);
      expect(Number(rollup.failures)).toBe(0);
      expect(Number(rollup.maintenance)).toBe((await storedRuns(monitor.id)).length - upRuns.length);

      // The end, on the clock: the newest runs say down, so the monitor alerts and opens its incident.
      clock.advanceTo(startsAt + 5 * MINUTE);
      await eventually(async () => (await monitorOf(monitor.id)).status === 'down');
      await server.app.services.alerts.processPending();
      const [incident] = await incidentsOf(monitor.id);
      expect(incident).toMatchObject({ resolved_at: null });
      expect((await deliveriesOf(monitor.id)).map((d) => d.event)).toEqual(['monitor.down']);
      expect(expectStatus(await call(server, owner, 'GET', `/api/v1/maintenance-windows/${window.id}`), 200).active).toBe(false);

      // After it, failing runs count again.
      await checkedFor(monitor.id, 1);
      expect((await storedRuns(monitor.id)).at(-1)).toMatchObject({ ok: 0, maintenance: 0 });
    },
  );

  it('ends with no alert when the monitor recovered during the occurrence', { timeout: 60_000 }, async () => {
    target.status = 200;
    const monitor = expectStatus(
      await call(server, owner, 'POST', '/api/v1/monitors', {
        type: 'http',
        name: 'Blog',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: `${target.url}/blog`,
        method: 'GET',
        expectedStatus: 200,
      }),
      201,
    );
    await eventually(async () => (await monitorOf(monitor.id)).status === 'up');
    const window = expectStatus(
      await call(server, owner, 'POST', '/api/v1/maintenance-windows', {
        title: 'Blog restart',
        monitorIds: [monitor.id],
        startsAt: iso(clock.now() - MINUTE),
        endsAt: iso(clock.now() + 60 * MINUTE),
      }),
      201,
    );
    await eventually(async () => (await monitorOf(monitor.id)).status === 'maintenance');
    target.status = 500;
    await checkedFor(monitor.id, 1);
    target.status = 200;
    await checkedFor(monitor.id, 1);
    const events = () => db().selectFrom('events').select('id').where('monitor_id', '=', monitor.id).execute();
    const before = (await events()).length;
    expectStatus(await call(server, owner, 'POST', `/api/v1/maintenance-windows/${window.id}/end`), 200);
    await eventually(async () => (await monitorOf(monitor.id)).status === 'up');
    expect(await events()).toHaveLength(before);
  });
});
