/**
 * Events are processed in the order they were committed (for each monitor), not in id order: a
 * `monitor.down` committed before a `monitor.up` is handled first and the incident closes, even
 * when the down's id sorts after the up's (an id made on another node, or one stamped ahead of
 * the present), and even when the two transactions overlap (PostgreSQL draws a sequence value
 * before the commit: src/domain/events.ts says how the order is kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvent, type MonitorStatusChanged } from '../../src/domain/events.js';
import { idFor } from '../../src/domain/ids.js';
import { ManualClock } from '../helpers/clock.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus, regionsFor } from './fixtures.js';
import { settle, startHttpReceiver, type HttpReceiver } from './receivers.js';

let server: TestServer;
let owner: Member;
let clock: ManualClock;
let receiver: HttpReceiver;

beforeAll(async () => {
  receiver = await startHttpReceiver('/hook');
  clock = new ManualClock(Date.now());
  server = await startServer({}, { clock, alerting: { pollIntervalMs: 50, backoffBaseMs: 50 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

/**
 * Runs `work` with the server's processor stopped (nothing is handled behind the test's back, so
 * the events it writes wait for the processor together), then processes them all.
 */
async function withProcessorStopped(work: () => Promise<void>): Promise<void> {
  await server.app.services.alerts.stop();
  try {
    await work();
  } finally {
    server.app.services.alerts.start();
  }
  await drained();
}

async function drained(): Promise<void> {
  await server.app.services.alerts.processPending();
  await server.app.services.alerts.processPending();
  await server.app.services.deliveries.runDue();
  await settle(50);
}

/**
 * The alerts a monitor's events sent, in the order their events were handled: the deliveries the
 * processor made, by their events' place in commit order. (They arrive at the receiver in any
 * order: the outbox sends a batch at once.) Each one arrived.
 */
async function alertsOf(monitorId: string): Promise<string[]> {
  const made = await server.app.store.db
    .selectFrom('deliveries')
    .innerJoin('events', 'events.id', 'deliveries.event_id')
    .select(['deliveries.event', 'deliveries.event_id'])
    .where('deliveries.monitor_id', '=', monitorId)
    .orderBy('events.seq')
    .execute();
  const arrived = receiver.received.filter((r) => r.json.monitor?.id === monitorId).map((r) => r.json.id as string);
  expect(arrived.sort()).toEqual(made.map((d) => d.event_id).sort());
  return made.map((d) => d.event);
}

async function incidentsOf(monitorId: string): Promise<any[]> {
  return expectStatus(await call(server, owner, 'GET', '/api/v1/incidents'), 200).data.filter((i: any) => i.monitorId === monitorId);
}

/** The monitor changes status as the engine records it, a millisecond after the last change. */
async function change(monitor: { id: string }, previous: 'up' | 'down', status: 'up' | 'down'): Promise<string> {
  clock.advance(1);
  return engineStatusChange(server, monitor, previous, status, clock.now());
}

/** Gives a stored event the id another node would have made at `at` (a node's ids sort by its own clock). */
async function renumber(eventId: string, at: number): Promise<string> {
  const id = idFor(`another node|${eventId}`, at);
  await server.app.store.db.updateTable('events').set({ id }).where('id', '=', eventId).execute();
  return id;
}

function statusChange(monitor: { id: string }, previousStatus: 'up' | 'down', status: 'up' | 'down'): MonitorStatusChanged {
  return {
    type: 'monitor.status_changed',
    monitorId: monitor.id,
    teamId: owner.teamId,
    previousStatus,
    status,
    regions: regionsFor(status),
    occurredAt: new Date(clock.now()).toISOString(),
  };
}

describe('events in commit order', () => {
  it('handles a down committed before an up first, even when the down’s id sorts after the up’s', async () => {
    const policy = await createPolicy(server, owner, { name: 'Hook', channels: [{ type: 'webhook', url: receiver.url }] });
    const monitor = await createHttpMonitor(server, owner, { name: 'Ids out of order', notificationPolicyId: policy.id });
    await withProcessorStopped(async () => {
      const down = await change(monitor, 'up', 'down');
      const up = await change(monitor, 'down', 'up');
      // The down as a node whose ids ran a day ahead would have numbered it; the up, as of now.
      const downId = await renumber(down, clock.now() + 86_400_000);
      expect(downId > up).toBe(true);
    });
    expect(await alertsOf(monitor.id)).toEqual(['monitor.down', 'monitor.up']);
    const [incident] = await incidentsOf(monitor.id);
    expect(incident.status).toBe('resolved');
  });

  it('closes the incident when a node that fired a reminder records the down and another node the up', async () => {
    const policy = await createPolicy(server, owner, { name: 'Reminding', channels: [{ type: 'webhook', url: receiver.url }], repeatEverySeconds: 86_400 });
    const reminded = await createHttpMonitor(server, owner, { name: 'Reminded', notificationPolicyId: policy.id });
    const flapping = await createHttpMonitor(server, owner, { name: 'Flapping', notificationPolicyId: policy.id });
    await change(reminded, 'up', 'down');
    await drained();
    clock.advance(86_400_000);
    await drained();
    expect(await alertsOf(reminded.id)).toEqual(['monitor.down', 'monitor.reminder']);

    // This node fired the reminder (the next one due in a day), then records the down; the other
    // node, the up after it, with an id of its own made now. Both wait for the processor together.
    await withProcessorStopped(async () => {
      const down = await change(flapping, 'up', 'down');
      const upAt = clock.now() + 1;
      const up = await change(flapping, 'down', 'up');
      const upId = await renumber(up, upAt);
      // This node's id is of the present (it never borrows the reminder's due time).
      expect(parseInt(down.replaceAll('-', '').slice(0, 12), 16)).toBeLessThanOrEqual(clock.now());
      const rows = await server.app.store.db.selectFrom('events').select(['id', 'seq']).where('id', 'in', [down, upId]).orderBy('seq').execute();
      expect(rows.map((r) => r.id)).toEqual([down, upId]);
    });
    expect(await alertsOf(flapping.id)).toEqual(['monitor.down', 'monitor.up']);
    const [incident] = await incidentsOf(flapping.id);
    expect(incident.status).toBe('resolved');
  });

  it('keeps the order of two overlapping transactions: the second waits for the first, and nothing is handled out of turn', async () => {
    const policy = await createPolicy(server, owner, { name: 'Overlap', channels: [{ type: 'webhook', url: receiver.url }] });
    const monitor = await createHttpMonitor(server, owner, { name: 'Overlapping', notificationPolicyId: policy.id });
    const db = server.app.store.db;
    await server.app.services.alerts.stop();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let downAppended!: () => void;
    const appended = new Promise<void>((resolve) => (downAppended = resolve));
    clock.advance(1);
    // The down's transaction draws its place, then stays open (a run batch still writing).
    const first = db.transaction().execute(async (trx) => {
      await appendEvent(trx, statusChange(monitor, 'up', 'down'));
      downAppended();
      await held;
    });
    await appended;
    clock.advance(1);
    let upCommitted = false;
    const second = db
      .transaction()
      .execute((trx) => appendEvent(trx, statusChange(monitor, 'down', 'up')))
      .then(() => (upCommitted = true));
    // Meanwhile a processor runs (on SQLite it waits for the one writer; on PostgreSQL it sees neither event).
    const processing = server.app.services.alerts.processPending();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(upCommitted).toBe(false);
    } finally {
      release();
      await Promise.all([first, second, processing]);
      server.app.services.alerts.start();
    }
    await drained();
    expect(await alertsOf(monitor.id)).toEqual(['monitor.down', 'monitor.up']);
    const [incident] = await incidentsOf(monitor.id);
    expect(incident.status).toBe('resolved');
  });
});
