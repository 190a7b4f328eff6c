import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { call, createHttpMonitor, expectStatus } from '../alerts/fixtures.js';

/**
 * The maintenance window resource over REST: shape, validation (each field named), team scope,
 * roles, ending an occurrence now, and the monitor status it gives, on a clock the test moves.
 */

const BASE = '/api/v1/maintenance-windows';
const START = Date.UTC(2031, 2, 3, 10, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

let clock: ManualClock;
let server: TestServer;
let owner: Member;
let member: Member;
let monitor: any;

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startServer({}, { clock });
  owner = await server.newTeam('Owner');
  member = await server.addMember(owner.teamId, 'Member');
  monitor = await createHttpMonitor(server, owner, { name: 'Database' });
});
afterAll(() => server.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Database upgrade',
  monitorIds: [monitor.id],
  startsAt: iso(START + HOUR),
  endsAt: iso(START + 3 * HOUR),
  ...overrides,
});

/** The first failing field and every field named, of a 400. */
async function fieldsOf(who: Member, method: string, path: string, payload: unknown): Promise<string[]> {
  const answer = await call(server, who, method, path, payload);
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.type).toMatch(/\/validation$/);
  return answer.body.errors.map((e: { field: string }) => e.field);
}

describe('maintenance windows', () => {
  it('creates a one-off window with defaults, lists it, reads it and changes it', async () => {
    const created = await call(server, member, 'POST', BASE, body());
    const window = expectStatus(created, 201);
    expect(created.headers.get('location')).toBe(`${BASE}/${window.id}`);
    expect(window).toEqual({
      id: expect.any(String),
      title: 'Database upgrade',
      monitorIds: [monitor.id],
      startsAt: iso(START + HOUR),
      endsAt: iso(START + 3 * HOUR),
      rrule: null,
      timezone: 'UTC',
      showOnStatusPage: true,
      key: null,
      active: false,
      nextStartsAt: iso(START + HOUR),
      createdAt: iso(START),
      updatedAt: iso(START),
    });
    expect(expectStatus(await call(server, member, 'GET', BASE), 200).data).toContainEqual(window);
    expect(expectStatus(await call(server, member, 'GET', `${BASE}/${window.id}`), 200)).toEqual(window);
    const changed = expectStatus(await call(server, member, 'PATCH', `${BASE}/${window.id}`, { title: 'Bigger upgrade', showOnStatusPage: false }), 200);
    expect(changed).toMatchObject({ title: 'Bigger upgrade', showOnStatusPage: false, monitorIds: [monitor.id], startsAt: window.startsAt });
    expect(expectStatus(await call(server, owner, 'DELETE', `${BASE}/${window.id}`), 204)).toBe('');
    expect((await call(server, owner, 'GET', `${BASE}/${window.id}`)).status).toBe(404);
  });

  it('names each malformed field in a 400', async () => {
    expect(await fieldsOf(member, 'POST', BASE, {})).toEqual(['title', 'monitorIds', 'startsAt', 'endsAt']);
    expect(await fieldsOf(member, 'POST', BASE, body({ title: '' }))).toEqual(['title']);
    expect(await fieldsOf(member, 'POST', BASE, body({ title: 'x'.repeat(201) }))).toEqual(['title']);
    expect(await fieldsOf(member, 'POST', BASE, body({ monitorIds: [] }))).toEqual(['monitorIds']);
    expect(await fieldsOf(member, 'POST', BASE, body({ monitorIds: [monitor.id, monitor.id, 'nope'] }))).toEqual(['monitorIds.2', 'monitorIds.1']);
    expect(await fieldsOf(member, 'POST', BASE, body({ monitorIds: Array.from({ length: 1001 }, () => monitor.id) }))).toEqual(['monitorIds']);
    expect(await fieldsOf(member, 'POST', BASE, body({ startsAt: 'tomorrow' }))).toEqual(['startsAt']);
    expect(await fieldsOf(member, 'POST', BASE, body({ startsAt: '2031-03-03T10:00:00' }))).toEqual(['startsAt']);
    expect(await fieldsOf(member, 'POST', BASE, body({ endsAt: 5 }))).toEqual(['endsAt']);
    expect(await fieldsOf(member, 'POST', BASE, body({ endsAt: iso(START + HOUR) }))).toEqual(['endsAt']);
    expect(await fieldsOf(member, 'POST', BASE, body({ endsAt: iso(START + HOUR + 7 * 24 * HOUR + 1) }))).toEqual(['endsAt']);
    expect(await fieldsOf(member, 'POST', BASE, body({ timezone: 'Mars/Olympus' }))).toEqual(['timezone']);
    expect(await fieldsOf(member, 'POST', BASE, body({ showOnStatusPage: 'yes' }))).toEqual(['showOnStatusPage']);
    expect(await fieldsOf(member, 'POST', BASE, body({ colour: 'red' }))).toEqual(['colour']);
    for (const rrule of [
      'FREQ=YEARLY',
      'FREQ=WEEKLY;BYHOUR=3',
      'INTERVAL=2',
      'FREQ=WEEKLY;BYDAY=XX',
      'FREQ=WEEKLY;BYMONTHDAY=3',
      'FREQ=DAILY;COUNT=0',
      'FREQ=DAILY;COUNT=2;UNTIL=20310401',
      'FREQ=DAILY;UNTIL=tomorrow',
      'FREQ=DAILY;FREQ=DAILY',
      'FREQ=MONTHLY;BYMONTHDAY=32',
      42,
    ]) {
      const answer = await call(server, member, 'POST', BASE, body({ rrule }));
      expect(answer.status, String(rrule)).toBe(400);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['rrule']);
    }
    // A rule that has ended before it began gives no occurrence.
    expect(await fieldsOf(member, 'POST', BASE, body({ rrule: 'FREQ=DAILY;UNTIL=20300101' }))).toEqual(['rrule']);
    const window = expectStatus(await call(server, member, 'POST', BASE, body()), 201);
    expect(await fieldsOf(member, 'PATCH', `${BASE}/${window.id}`, { endsAt: iso(START) })).toEqual(['endsAt']);
    expect(await fieldsOf(member, 'PATCH', `${BASE}/${window.id}`, { monitorIds: [monitor.id, 'x'] })).toEqual(['monitorIds.1']);
  });

  it("refuses another team's monitor, and keeps each team's windows to itself", async () => {
    const other = await server.newTeam('Owner');
    const theirs = await createHttpMonitor(server, other, { name: 'Theirs' });
    const answer = await call(server, member, 'POST', BASE, body({ monitorIds: [monitor.id, theirs.id] }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'monitorIds.1', message: 'must name a monitor of your team' }]);
    const mine = expectStatus(await call(server, member, 'POST', BASE, body()), 201);
    for (const [method, path] of [
      ['GET', `${BASE}/${mine.id}`],
      ['PATCH', `${BASE}/${mine.id}`],
      ['DELETE', `${BASE}/${mine.id}`],
      ['POST', `${BASE}/${mine.id}/end`],
    ] as const) {
      expect((await call(server, other, method, path, method === 'PATCH' ? { title: 'Mine now' } : undefined)).status).toBe(404);
    }
    expect(expectStatus(await call(server, other, 'GET', BASE), 200).data.map((w: any) => w.id)).not.toContain(mine.id);
  });

  it('admits any role to read, Members and up to write, Admins and Owners to delete', async () => {
    const window = expectStatus(await call(server, member, 'POST', BASE, body()), 201);
    expect((await call(server, member, 'DELETE', `${BASE}/${window.id}`)).status).toBe(403);
    const admin = await server.addMember(owner.teamId, 'Admin');
    expect((await call(server, admin, 'DELETE', `${BASE}/${window.id}`)).status).toBe(204);
    expect((await server.request('GET', BASE)).status).toBe(401);
  });

  it('puts the monitor in maintenance while an occurrence is under way, and ends it now on request', async () => {
    const db = expectStatus(await call(server, owner, 'POST', '/api/v1/monitors', { ...monitorBody('In maintenance') }), 201);
    const window = expectStatus(
      await call(server, member, 'POST', BASE, body({ monitorIds: [db.id], startsAt: iso(clock.now() + HOUR), endsAt: iso(clock.now() + 2 * HOUR) })),
      201,
    );
    const statusOf = async () => expectStatus(await call(server, owner, 'GET', `/api/v1/monitors/${db.id}`), 200).status;
    expect(await statusOf()).toBe('pending');
    clock.advance(HOUR);
    await server.app.engine.maintenance.sweep();
    expect(await statusOf()).toBe('maintenance');
    const listed = expectStatus(await call(server, owner, 'GET', '/api/v1/monitors'), 200).data.find((m: any) => m.id === db.id);
    expect(listed.status).toBe('maintenance');
    expect(expectStatus(await call(server, member, 'GET', `${BASE}/${window.id}`), 200)).toMatchObject({ active: true, nextStartsAt: null });

    const ended = expectStatus(await call(server, member, 'POST', `${BASE}/${window.id}/end`), 200);
    expect(ended.active).toBe(false);
    await server.app.engine.maintenance.sweep();
    expect(await statusOf()).toBe('pending');
    // Ending again changes nothing.
    expect(expectStatus(await call(server, member, 'POST', `${BASE}/${window.id}/end`), 200)).toEqual(ended);
  });
});

function monitorBody(name: string) {
  return {
    type: 'http',
    name,
    intervalSeconds: 60,
    timeoutSeconds: 5,
    regions: ['us-east'],
    url: 'https://db.example.test/health',
    method: 'GET',
    expectedStatus: 200,
  };
}

describe('the public status page', () => {
  it('lists active and upcoming (within 7 days) maintenance of its monitors only, and shows the monitor under maintenance', async () => {
    const team = await server.newTeam('Owner');
    const listed = await createHttpMonitor(server, team, { name: 'Listed API' });
    const unlisted = await createHttpMonitor(server, team, { name: 'Hidden box' });
    expectStatus(
      await call(server, team, 'PUT', '/api/v1/status-pages/current', { slug: `mw-${team.teamId.slice(0, 8)}`, title: 'Status', monitorIds: [listed.id] }),
      200,
    );
    const now = clock.now();
    const make = (title: string, monitorIds: string[], from: number, extra: Record<string, unknown> = {}) =>
      call(server, team, 'POST', BASE, { title, monitorIds, startsAt: iso(from), endsAt: iso(from + HOUR), ...extra });
    expectStatus(await make('Now', [listed.id, unlisted.id], now - 60_000), 201);
    expectStatus(await make('In three days', [listed.id], now + 3 * 24 * HOUR), 201);
    expectStatus(await make('In ten days', [listed.id], now + 10 * 24 * HOUR), 201);
    expectStatus(await make('Not listed', [unlisted.id], now + HOUR), 201);
    expectStatus(await make('Private', [listed.id], now + HOUR, { showOnStatusPage: false }), 201);
    await server.app.engine.maintenance.sweep();

    const page = await server.request('GET', `/status/mw-${team.teamId.slice(0, 8)}.json`);
    expect(page.status).toBe(200);
    expect(page.body.maintenance).toEqual([
      { title: 'Now', startsAt: iso(now - 60_000), endsAt: iso(now - 60_000 + HOUR), active: true, affects: ['Listed API'] },
      { title: 'In three days', startsAt: iso(now + 3 * 24 * HOUR), endsAt: iso(now + 3 * 24 * HOUR + HOUR), active: false, affects: ['Listed API'] },
    ]);
    expect(page.body.monitors[0].status).toBe('maintenance');
    const html = await server.request('GET', `/status/mw-${team.teamId.slice(0, 8)}`);
    expect(html.text).toContain('In three days');
    expect(html.text).not.toContain('Hidden box');
    expect(html.text).not.toContain('Private');
  });
});

describe('a weekly window across a change to summer time', () => {
  // A server of its own on a clock started just before: days pass in a few steps, and its one
  // monitor is checked hourly, so that few checks fall due on the way.
  let clock: ManualClock;
  let server: TestServer;
  let owner: Member;
  beforeAll(async () => {
    clock = new ManualClock(Date.parse('2031-03-22T00:00:00.000Z'));
    server = await startServer({}, { clock });
    owner = await server.newTeam('Owner');
  });
  afterAll(() => server.close());

  it('keeps its local time in its timezone (03:00 in Berlin: 02:00 UTC in winter, 01:00 UTC in summer)', async () => {
    const db = expectStatus(await call(server, owner, 'POST', '/api/v1/monitors', { ...monitorBody('Weekly'), intervalSeconds: 3600 }), 201);
    const window = expectStatus(
      await call(server, owner, 'POST', BASE, {
        title: 'Weekly restart',
        monitorIds: [db.id],
        startsAt: '2031-03-23T02:00:00.000Z',
        endsAt: '2031-03-23T03:00:00.000Z',
        rrule: 'FREQ=WEEKLY;COUNT=3',
        timezone: 'Europe/Berlin',
      }),
      201,
    );
    const read = async () => expectStatus(await call(server, owner, 'GET', `${BASE}/${window.id}`), 200);
    const statusOf = async () => expectStatus(await call(server, owner, 'GET', `/api/v1/monitors/${db.id}`), 200).status;
    const at = async (time: string) => {
      clock.advanceTo(Date.parse(time));
      await server.app.engine.maintenance.sweep();
    };
    expect((await read()).nextStartsAt).toBe('2031-03-23T02:00:00.000Z');

    await at('2031-03-23T02:30:00.000Z');
    expect(await read()).toMatchObject({ active: true });
    expect(await statusOf()).toBe('maintenance');

    // Berlin moves to summer time on 2031-03-30: the next occurrence is still at 03:00 there.
    await at('2031-03-24T00:00:00.000Z');
    expect(await read()).toMatchObject({ active: false, nextStartsAt: '2031-03-30T01:00:00.000Z' });
    expect(await statusOf()).not.toBe('maintenance');
    await at('2031-03-30T01:30:00.000Z');
    expect(await statusOf()).toBe('maintenance');
    await at('2031-03-31T00:00:00.000Z');
    expect((await read()).nextStartsAt).toBe('2031-04-06T01:00:00.000Z');
  });
});
