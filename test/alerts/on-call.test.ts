/**
 * Reminders, escalation and acknowledgement on the alert path, on the Clock: a monitor whose
 * incident stays open and unacknowledged is reminded every `repeatEverySeconds` (at most
 * `repeatMax` times) and escalated once to another policy after `escalateAfterSeconds`; an
 * acknowledgement stops both and reaches the channels.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireDueTimers } from '../../src/domain/alerts/on-call.js';
import { ManualClock } from '../helpers/clock.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { POLICIES, call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus } from './fixtures.js';
import { settle, startHttpReceiver, type HttpReceiver } from './receivers.js';

let server: TestServer;
let owner: Member;
let stranger: Member;
let clock: ManualClock;
let primary: HttpReceiver;
let escalation: HttpReceiver;

beforeAll(async () => {
  primary = await startHttpReceiver('/primary');
  escalation = await startHttpReceiver('/escalation');
  clock = new ManualClock(Date.now());
  server = await startServer({}, { clock, alerting: { pollIntervalMs: 50, backoffBaseMs: 50 } });
  owner = await server.newTeam('Owner');
  stranger = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await Promise.all([primary.close(), escalation.close()]);
});

/** Every due timer fired, every event processed, every delivery made. */
async function drained(): Promise<void> {
  await server.app.services.alerts.processPending();
  await server.app.services.alerts.processPending();
  await server.app.services.deliveries.runDue();
  await settle(50);
}

/** The monitor's status changes as the engine records them, at the clock's time (a millisecond apart). */
async function change(monitor: { id: string }, previous: 'up' | 'down', status: 'up' | 'down'): Promise<void> {
  clock.advance(1);
  await engineStatusChange(server, monitor, previous, status, clock.now());
}

/** The milliseconds a UUID v7 is stamped with. */
const idTime = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);

const eventsAt = (receiver: HttpReceiver, monitorId: string) =>
  receiver.received.filter((r) => r.json.monitor?.id === monitorId).map((r) => r.json.event as string);

async function policies(repeat: Record<string, unknown>) {
  const fallback = await createPolicy(server, owner, { name: 'Escalation', channels: [{ type: 'webhook', url: escalation.url }] });
  const policy = await createPolicy(server, owner, {
    name: 'Primary',
    channels: [{ type: 'webhook', url: primary.url }],
    ...repeat,
    escalationPolicyId: repeat.escalateAfterSeconds ? fallback.id : undefined,
  });
  return { policy, fallback };
}

describe('reminders and escalation', () => {
  it('reminds every repeatEverySeconds up to repeatMax, and escalates once after escalateAfterSeconds', async () => {
    const { policy } = await policies({ repeatEverySeconds: 300, repeatMax: 3, escalateAfterSeconds: 900 });
    expect(policy).toMatchObject({ repeatEverySeconds: 300, repeatMax: 3, escalateAfterSeconds: 900 });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    await change(monitor, 'up', 'down');
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down']);

    clock.advance(299_999);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down']);
    clock.advance(1);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder']);
    clock.advance(300_000);
    await drained();
    clock.advance(300_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder', 'monitor.reminder', 'monitor.reminder']);
    expect(eventsAt(escalation, monitor.id)).toEqual(['incident.escalated']);
    const escalated = escalation.received.find((r) => r.json.monitor?.id === monitor.id)!.json;
    expect(escalated).toMatchObject({ status: 'down', incidentId: expect.any(String) });

    // repeatMax reached, escalation done: nothing more, however long it stays down.
    clock.advance(3_600_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toHaveLength(4);
    expect(eventsAt(escalation, monitor.id)).toHaveLength(1);
  });

  it('stops reminding and escalating once acknowledged, and tells the channels', async () => {
    const { policy } = await policies({ repeatEverySeconds: 300, escalateAfterSeconds: 600 });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    await change(monitor, 'up', 'down');
    await drained();
    clock.advance(300_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder']);

    const [incident] = expectStatus(await call(server, owner, 'GET', '/api/v1/incidents'), 200).data.filter((i: any) => i.monitorId === monitor.id);
    expectStatus(await call(server, owner, 'POST', `/api/v1/incidents/${incident.id}/acknowledge`), 200);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder', 'incident.acknowledged']);
    const acknowledged = primary.received.find((r) => r.json.event === 'incident.acknowledged' && r.json.monitor.id === monitor.id)!.json;
    expect(acknowledged.incidentId).toBe(incident.id);

    clock.advance(3_600_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toHaveLength(3);
    expect(eventsAt(escalation, monitor.id)).toEqual([]);
    expect(await server.app.store.db.selectFrom('incident_timers').select('id').where('incident_id', '=', incident.id).execute()).toEqual([]);
  });

  it('after a long pause (no process ran), sends one late reminder, not every one it missed', async () => {
    const { policy } = await policies({ repeatEverySeconds: 300, repeatMax: 10 });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    await change(monitor, 'up', 'down');
    await drained();
    clock.advance(3_600_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder']);
    clock.advance(300_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder', 'monitor.reminder']);
  });

  it('pages nobody while the monitor is in maintenance, and reminds again once it is over', async () => {
    const { policy } = await policies({ repeatEverySeconds: 300 });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    await change(monitor, 'up', 'down');
    await drained();
    const window = expectStatus(
      await call(server, owner, 'POST', '/api/v1/maintenance-windows', {
        title: 'Planned work',
        monitorIds: [monitor.id],
        startsAt: new Date(clock.now()).toISOString(),
        endsAt: new Date(clock.now() + 3_600_000).toISOString(),
      }),
      201,
    );
    await server.app.engine.maintenance.sweep();
    expect(expectStatus(await call(server, owner, 'GET', `/api/v1/monitors/${monitor.id}`), 200).status).toBe('maintenance');
    for (let i = 0; i < 4; i++) {
      clock.advance(300_000);
      await drained();
    }
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down']);

    expectStatus(await call(server, owner, 'POST', `/api/v1/maintenance-windows/${window.id}/end`), 200);
    await server.app.engine.maintenance.sweep();
    await drained();
    // The reminder held by the work goes out as it ends, the next a period later.
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder']);
    clock.advance(300_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder', 'monitor.reminder']);
  });

  it('sends a reminder and an escalation that fell due during maintenance when it ends, once, not a period later', { timeout: 60_000 }, async () => {
    const { policy } = await policies({ repeatEverySeconds: 86_400, escalateAfterSeconds: 600 });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    await change(monitor, 'up', 'down');
    await drained();
    const start = clock.now();
    const end = start + 86_400_000 + 3_600_000;
    await call(server, owner, 'POST', '/api/v1/maintenance-windows', {
      title: 'A day and an hour of work',
      monitorIds: [monitor.id],
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
    });
    await server.app.engine.maintenance.sweep();
    // The escalation falls due after 10 minutes, the reminder after a day: both inside the work.
    for (const at of [start + 600_000, start + 86_400_000, end - 1]) {
      clock.advanceTo(at);
      await drained();
    }
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down']);
    expect(eventsAt(escalation, monitor.id)).toEqual([]);

    // The end (a boundary the sweep waits for on the clock): both go out at once, and once, however many processes look.
    clock.advanceTo(end);
    await server.app.engine.maintenance.sweep();
    const db = server.app.store.db;
    await Promise.all([fireDueTimers(db, clock.now(), 100), fireDueTimers(db, clock.now(), 100), server.app.services.alerts.processPending()]);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder']);
    expect(eventsAt(escalation, monitor.id)).toEqual(['incident.escalated']);
    // The next reminder is a whole period after the one sent at the end.
    const [next] = await db.selectFrom('incident_timers').selectAll().where('monitor_id', '=', monitor.id).execute();
    expect(next).toMatchObject({ kind: 'reminder', due_at: end + 86_400_000, sent: 1 });
    clock.advance(86_400_000 - 1);
    await drained();
    expect(eventsAt(primary, monitor.id)).toHaveLength(2);
    clock.advance(1);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder', 'monitor.reminder']);
    expect(eventsAt(escalation, monitor.id)).toHaveLength(1);
  });

  it('makes no id later than now after firing a reminder or holding one for maintenance', { timeout: 60_000 }, async () => {
    const { policy } = await policies({ repeatEverySeconds: 86_400 });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    await change(monitor, 'up', 'down');
    await drained();
    /** A new record's id, made by the server at the clock's time. */
    const newRecordId = async () => (await createHttpMonitor(server, owner, { name: 'Made after' })).id as string;

    clock.advance(86_400_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.reminder']);
    expect(idTime(await newRecordId())).toBe(clock.now());
    const [timer] = await server.app.store.db.selectFrom('incident_timers').selectAll().where('monitor_id', '=', monitor.id).execute();
    expect(timer!.due_at).toBe(clock.now() + 86_400_000);
    expect(idTime(timer!.id)).toBeLessThanOrEqual(clock.now());

    const window = expectStatus(
      await call(server, owner, 'POST', '/api/v1/maintenance-windows', {
        title: 'Planned work',
        monitorIds: [monitor.id],
        startsAt: new Date(clock.now()).toISOString(),
        endsAt: new Date(clock.now() + 2 * 86_400_000).toISOString(),
      }),
      201,
    );
    await server.app.engine.maintenance.sweep();
    clock.advance(86_400_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toHaveLength(2);
    expect(idTime(await newRecordId())).toBe(clock.now());
    expectStatus(await call(server, owner, 'POST', `/api/v1/maintenance-windows/${window.id}/end`), 200);
    await server.app.engine.maintenance.sweep();
    await drained();
    expect(eventsAt(primary, monitor.id)).toHaveLength(3);
  });

  it('fires each due timer once when two processes sweep at the same moment', async () => {
    const { policy } = await policies({ repeatEverySeconds: 300, repeatMax: 1 });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    await change(monitor, 'up', 'down');
    await drained();
    const db = server.app.store.db;
    const [timer] = await db.selectFrom('incident_timers').selectAll().where('monitor_id', '=', monitor.id).execute();
    // Twenty reminders due at once (as after a pause), swept by two processes together.
    await db
      .insertInto('incident_timers')
      .values(Array.from({ length: 19 }, () => ({ ...timer!, id: randomUUID() })))
      .execute();
    clock.advance(300_000);
    // (The server's own processor sweeps too: a third process.)
    await Promise.all([fireDueTimers(db, clock.now(), 100), fireDueTimers(db, clock.now(), 100)]);
    await server.app.services.alerts.processPending();
    expect(await db.selectFrom('incident_timers').select('id').where('monitor_id', '=', monitor.id).execute()).toEqual([]);
    const reminders = await db.selectFrom('events').select('id').where('monitor_id', '=', monitor.id).where('type', '=', 'monitor.reminder').execute();
    expect(reminders).toHaveLength(20);
  });

  it('stops once the monitor recovers (its incident resolved)', async () => {
    const { policy } = await policies({ repeatEverySeconds: 300, escalateAfterSeconds: 300 });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    await change(monitor, 'up', 'down');
    await drained();
    await change(monitor, 'down', 'up');
    await drained();
    clock.advance(3_600_000);
    await drained();
    expect(eventsAt(primary, monitor.id)).toEqual(['monitor.down', 'monitor.up']);
    expect(eventsAt(escalation, monitor.id)).toEqual([]);
  });
});

describe('policy fields for reminders and escalation', () => {
  it('default to none, 12 reminders at most, no escalation', async () => {
    const policy = await createPolicy(server, owner, { name: 'Plain', channels: [{ type: 'webhook', url: primary.url }] });
    expect(policy).toMatchObject({ repeatEverySeconds: null, repeatMax: 12, escalateAfterSeconds: null, escalationPolicyId: null });
  });

  it('refuse values out of range and an escalation without its other half, naming the field', async () => {
    const channels = [{ type: 'webhook', url: primary.url }];
    const other = await createPolicy(server, owner, { name: 'Other', channels });
    for (const [body, field] of [
      [{ repeatEverySeconds: 299 }, 'repeatEverySeconds'],
      [{ repeatEverySeconds: 86_401 }, 'repeatEverySeconds'],
      [{ repeatMax: 0 }, 'repeatMax'],
      [{ repeatMax: 101 }, 'repeatMax'],
      [{ escalateAfterSeconds: 59, escalationPolicyId: other.id }, 'escalateAfterSeconds'],
      [{ escalateAfterSeconds: 600 }, 'escalationPolicyId'],
      [{ escalationPolicyId: other.id }, 'escalateAfterSeconds'],
      [{ escalateAfterSeconds: 600, escalationPolicyId: 'nope' }, 'escalationPolicyId'],
    ] as const) {
      const answer = await call(server, owner, 'POST', POLICIES, { name: 'Bad', channels, ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0].field).toBe(field);
    }
  });

  it('refuse the policy itself and another team’s policy as the escalation policy; a deleted one stops escalation', async () => {
    const channels = [{ type: 'webhook', url: primary.url }];
    const policy = await createPolicy(server, owner, { name: 'Self', channels });
    const self = await call(server, owner, 'PATCH', `${POLICIES}/${policy.id}`, { escalateAfterSeconds: 600, escalationPolicyId: policy.id });
    expect(self.status).toBe(400);
    expect(self.body.errors[0].field).toBe('escalationPolicyId');
    const foreign = await createPolicy(server, stranger, { name: 'Theirs', channels });
    const theirs = await call(server, owner, 'PATCH', `${POLICIES}/${policy.id}`, { escalateAfterSeconds: 600, escalationPolicyId: foreign.id });
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors[0].field).toBe('escalationPolicyId');

    const fallback = await createPolicy(server, owner, { name: 'Fallback', channels });
    const set = expectStatus(
      await call(server, owner, 'PATCH', `${POLICIES}/${policy.id}`, { escalateAfterSeconds: 600, escalationPolicyId: fallback.id }),
      200,
    );
    expect(set).toMatchObject({ escalateAfterSeconds: 600, escalationPolicyId: fallback.id });
    expect((await call(server, owner, 'DELETE', `${POLICIES}/${fallback.id}`)).status).toBe(204);
    expect(expectStatus(await call(server, owner, 'GET', `${POLICIES}/${policy.id}`), 200)).toMatchObject({
      escalateAfterSeconds: null,
      escalationPolicyId: null,
    });
  });
});
