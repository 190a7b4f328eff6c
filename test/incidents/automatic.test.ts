import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { appendEvent } from '../../src/domain/events.js';
import { call, createHttpMonitor, engineStatusChange, expectStatus, regionsFor } from '../alerts/fixtures.js';

/**
 * Automatic incidents from `monitor.status_changed` events, as the check engine records them
 * (status set and event appended in one transaction).
 */

let server: TestServer;
let owner: Member;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
});

async function incidentsOf(monitorId: string, who = owner): Promise<any[]> {
  await server.app.services.alerts.processPending();
  const list = expectStatus(await call(server, who, 'GET', '/api/v1/incidents'), 200).data;
  return list.filter((i: any) => i.monitorId === monitorId);
}

describe('automatic incidents', () => {
  it('opens one when a monitor goes down and resolves it with "Monitor recovered" when it is up again', async () => {
    const monitor = await createHttpMonitor(server, owner, { name: 'Billing' });
    await engineStatusChange(server, monitor, 'up', 'down');
    const [open] = await incidentsOf(monitor.id);
    expect(open).toMatchObject({
      title: 'Billing is down',
      status: 'investigating',
      severity: 'major',
      source: 'monitor',
      monitorId: monitor.id,
      resolvedAt: null,
    });
    expect(open.updates).toEqual([
      expect.objectContaining({
        status: 'investigating',
        postedToStatusPage: true,
        message: 'Checks from every region are failing (us-east: status-mismatch, eu-west: timeout). We are investigating.',
      }),
    ]);

    await engineStatusChange(server, monitor, 'down', 'up');
    const [resolved] = await incidentsOf(monitor.id);
    expect(resolved.id).toBe(open.id);
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.updates.map((u: any) => [u.status, u.message])).toEqual([
      ['investigating', open.updates[0].message],
      ['resolved', 'Monitor recovered'],
    ]);
  });

  it('keeps one open incident per monitor through degraded and down again, with a timeline entry for each change', async () => {
    const monitor = await createHttpMonitor(server, owner, { name: 'Search' });
    await engineStatusChange(server, monitor, 'pending', 'down');
    await engineStatusChange(server, monitor, 'down', 'degraded');
    await engineStatusChange(server, monitor, 'degraded', 'down');
    await engineStatusChange(server, monitor, 'down', 'pending'); // paused and resumed
    await engineStatusChange(server, monitor, 'pending', 'down');
    const incidents = await incidentsOf(monitor.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0].status).toBe('investigating');
    expect(incidents[0].updates.map((u: any) => u.status)).toEqual(['investigating', null, null, null]);
    expect(incidents[0].updates[1].message).toBe('Partly recovered: 1 of 2 regions still failing (us-east: status-mismatch).');

    await engineStatusChange(server, monitor, 'down', 'degraded');
    await engineStatusChange(server, monitor, 'degraded', 'up');
    const [after] = await incidentsOf(monitor.id);
    expect(after.status).toBe('resolved');

    // Down again within 5 minutes of recovering: the same incident, reopened.
    await engineStatusChange(server, monitor, 'up', 'down');
    const reopened = await incidentsOf(monitor.id);
    expect(reopened).toHaveLength(1);
    expect(reopened[0]).toMatchObject({ id: after.id, status: 'investigating', resolvedAt: null });
    expect(reopened[0].updates.at(-1)).toMatchObject({ kind: 'reopened', status: 'investigating', postedToStatusPage: true });
    expect(reopened[0].updates.at(-1).message).toMatch(
      /^Reopened: the monitor went down again \d+ s after it recovered\. Checks from every region are failing/,
    );

    // An outage more than 5 minutes after the last recovery is a new incident.
    await engineStatusChange(server, monitor, 'down', 'up');
    const db = server.app.store.db;
    await db
      .updateTable('incidents')
      .set({ resolved_at: Date.now() - 5 * 60_000 - 1 })
      .where('id', '=', after.id)
      .execute();
    await engineStatusChange(server, monitor, 'up', 'down');
    const again = await incidentsOf(monitor.id);
    expect(again).toHaveLength(2);
    expect(again[0].status).toBe('investigating');
    expect(again[0].id).not.toBe(after.id);
  });

  it('opens nothing for degraded, pending or up without a preceding outage', async () => {
    const monitor = await createHttpMonitor(server, owner, { name: 'Quiet' });
    await engineStatusChange(server, monitor, 'pending', 'up');
    await engineStatusChange(server, monitor, 'up', 'degraded');
    await engineStatusChange(server, monitor, 'degraded', 'up');
    expect(await incidentsOf(monitor.id)).toEqual([]);
  });

  it('an automatic incident people resolved first stays as they left it when the monitor recovers', async () => {
    const monitor = await createHttpMonitor(server, owner, { name: 'Handled' });
    await engineStatusChange(server, monitor, 'up', 'down');
    const [open] = await incidentsOf(monitor.id);
    expectStatus(await call(server, owner, 'POST', `/api/v1/incidents/${open.id}/updates`, { message: 'On it', status: 'identified' }), 201);
    expectStatus(await call(server, owner, 'POST', `/api/v1/incidents/${open.id}/resolve`, { message: 'Fixed' }), 200);
    await engineStatusChange(server, monitor, 'down', 'up');
    const [after] = await incidentsOf(monitor.id);
    expect(after.updates.map((u: any) => u.message)).toEqual([open.updates[0].message, 'On it', 'Fixed']);
  });

  it('ignores events of deleted monitors, keeps each team’s incidents to itself, and keeps titles within 200 characters', async () => {
    const deleted = await createHttpMonitor(server, owner, { name: 'Gone' });
    expect((await call(server, owner, 'DELETE', `/api/v1/monitors/${deleted.id}`)).status).toBe(204);
    await engineStatusChange(server, deleted, 'up', 'down');
    expect(await incidentsOf(deleted.id)).toEqual([]);

    const other = await server.newTeam('Owner');
    const theirs = await createHttpMonitor(server, other, { name: 'n'.repeat(200) });
    await engineStatusChange(server, theirs, 'up', 'down');
    expect(await incidentsOf(theirs.id, owner)).toEqual([]);
    const [incident] = await incidentsOf(theirs.id, other);
    expect(incident.title).toHaveLength(200);
    expect(incident.title.endsWith('… is down')).toBe(true);
  });

  it('marks every event processed, each once', async () => {
    const monitor = await createHttpMonitor(server, owner, { name: 'Counted' });
    const ids = [await engineStatusChange(server, monitor, 'up', 'down'), await engineStatusChange(server, monitor, 'down', 'up')];
    await Promise.all([server.app.services.alerts.processPending(), server.app.services.alerts.processPending()]);
    const rows = await server.app.store.db.selectFrom('events').select(['id', 'processed_at']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.processed_at !== null)).toBe(true);
    const incidents = await incidentsOf(monitor.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0].updates).toHaveLength(2);
  });

  it('handles the events before a failing one of the same batch, and keeps the failing one and those after it for the next pass', async () => {
    // The processor handles a batch in one transaction; when one event fails, the batch is undone
    // and each event handled again in its own, in order.
    const [before, bad, after] = await Promise.all(
      ['Before the bad one', 'The bad one', 'After the bad one'].map((name) => createHttpMonitor(server, owner, { name })),
    );
    const db = server.app.store.db;
    const down = (monitorId: string, regions: unknown) =>
      appendEvent(db, {
        type: 'monitor.status_changed',
        monitorId,
        teamId: owner.teamId,
        previousStatus: 'up',
        status: 'down',
        regions: regions as never,
        occurredAt: new Date().toISOString(),
      });
    const ids = [await down(before!.id, regionsFor('down')), await down(bad!.id, undefined), await down(after!.id, regionsFor('down'))];
    await server.app.services.alerts.processPending();
    const processed = async () => {
      const rows = await db.selectFrom('events').select(['id', 'processed_at']).where('id', 'in', ids).execute();
      return ids.map((id) => rows.find((row) => row.id === id)!.processed_at !== null);
    };
    expect(await processed()).toEqual([true, false, false]);
    expect(await incidentsOf(before!.id)).toHaveLength(1);
    expect(await processed()).toEqual([true, false, false]); // incidentsOf passed once more: the bad one still fails
    for (let i = 0; i < 5; i++) await server.app.services.alerts.processPending();
    expect(await processed()).toEqual([true, true, true]);
    expect(await incidentsOf(bad!.id)).toHaveLength(0);
    expect(await incidentsOf(after!.id)).toHaveLength(1);
  });

  it('sets aside an event it cannot handle after a few tries, without blocking the events after it', async () => {
    const monitor = await createHttpMonitor(server, owner, { name: 'After a bad one' });
    const db = server.app.store.db;
    const badId = newId(Date.now() - 1000);
    await db
      .insertInto('events')
      .values({
        id: badId,
        team_id: owner.teamId,
        monitor_id: monitor.id,
        type: 'monitor.status_changed',
        // No `regions`: handling it fails every time.
        payload: JSON.stringify({
          type: 'monitor.status_changed',
          monitorId: monitor.id,
          teamId: owner.teamId,
          previousStatus: 'up',
          status: 'down',
          occurredAt: new Date().toISOString(),
        }),
        occurred_at: Date.now() - 1000,
        processed_at: null,
      })
      .execute();
    await engineStatusChange(server, monitor, 'up', 'down');
    for (let i = 0; i < 5; i++) await server.app.services.alerts.processPending();
    const bad = await db.selectFrom('events').select('processed_at').where('id', '=', badId).executeTakeFirstOrThrow();
    expect(bad.processed_at).not.toBeNull();
    expect(await incidentsOf(monitor.id)).toHaveLength(1);
    expect(server.logs()).toContain('set aside without alerts');
  });
});
