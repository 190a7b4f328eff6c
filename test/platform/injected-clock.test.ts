import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/domain/sessions.js';
import { ManualClock } from '../helpers/clock.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { addPerson, asBrowser, signIn } from '../dashboard/support.js';
import { httpBody } from '../monitors/fixtures.js';
import { DAY_MS, HOUR_MS } from '../../src/domain/rollup-buckets.js';

// Far from the machine's time, and off every round second: a stamp read anywhere else shows. Later
// than every other test's clock: ids made in one process (one test worker) never go back in time.
const START = Date.UTC(2031, 4, 6, 7, 8, 9, 10);
const iso = (ms: number) => new Date(ms).toISOString();
/** The time a UUID v7 carries: its first 48 bits. */
const idTime = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

// Nothing listens on port 9: the checks that do run fail at once, which nothing here reads.
const monitorBody = (name: string) => httpBody({ name, regions: ['us-east'], url: 'http://127.0.0.1:9/health' });

let clock: ManualClock;
let server: TestServer;
let owner: Member;

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startServer({}, { clock });
  owner = await server.newTeam('Owner');
});
afterAll(() => server.close());

describe('a server on an injected clock', () => {
  it('stamps teams, memberships and tokens with the clock’s time', async () => {
    const team = await server.read('/api/v1/teams/current', owner.token);
    expect(team.createdAt).toBe(iso(START));
    expect(idTime(team.id)).toBe(START);
    const members = (await server.read('/api/v1/teams/current/members', owner.token)).data;
    expect(members.map((m: { joinedAt: string }) => m.joinedAt)).toEqual([iso(START)]);
    const tokens = (await server.read('/api/v1/tokens', owner.token)).data;
    expect(tokens.map((t: { createdAt: string }) => t.createdAt)).toEqual([iso(START)]);
  });

  it('stamps a monitor’s creation and changes with the clock’s time', async () => {
    clock.advance(90_000);
    const createdAt = clock.now();
    const created = await server.request('POST', '/api/v1/monitors', { token: owner.token, body: monitorBody('Stamped') });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ createdAt: iso(createdAt), updatedAt: iso(createdAt) });
    expect(idTime(created.body.id)).toBe(createdAt);

    clock.advance(HOUR_MS);
    const paused = await server.request('POST', `/api/v1/monitors/${created.body.id}/pause`, { token: owner.token });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ createdAt: iso(createdAt), updatedAt: iso(createdAt + HOUR_MS) });
  });

  it('ends a token at its expiry on the clock', async () => {
    const made = await server.request('POST', '/api/v1/tokens', { token: owner.token, body: { name: 'one day', expiresInDays: 1 } });
    expect(made.status).toBe(201);
    expect(made.body.expiresAt).toBe(iso(clock.now() + DAY_MS));
    clock.advance(DAY_MS - 1);
    expect((await server.request('GET', '/api/v1/teams/current', { token: made.body.token })).status).toBe(200);
    clock.advance(1);
    expect((await server.request('GET', '/api/v1/teams/current', { token: made.body.token })).status).toBe(401);
  });

  it('ends a dashboard session after its idle time, and at its absolute expiry however busy, on the clock', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    const idle = await signIn(server, person);
    const busy = await signIn(server, person);
    const signedInAt = clock.now();
    expect(busy.session.expiresAt).toBe(iso(signedInAt + SESSION_ABSOLUTE_MS));
    // A REST call is what keeps a session in use.
    const use = async (session: typeof busy) => (await asBrowser(server, session, 'GET', '/api/v1/teams/current')).status;

    clock.advance(SESSION_IDLE_MS - 1);
    expect(await use(busy)).toBe(200);
    clock.advance(1);
    expect(await use(idle)).toBe(401);
    expect(await use(busy)).toBe(200);

    for (let at = clock.now() + 6 * DAY_MS; at < signedInAt + SESSION_ABSOLUTE_MS; at += 6 * DAY_MS) {
      clock.advanceTo(at);
      expect(await use(busy), `${(at - signedInAt) / DAY_MS} days in`).toBe(200);
    }
    clock.advanceTo(signedInAt + SESSION_ABSOLUTE_MS - 1);
    expect(await use(busy)).toBe(200);
    clock.advance(1);
    expect(await use(busy)).toBe(401);
  });

  it('counts the monitors list’s last 24 hours back from the clock', async () => {
    const created = await server.request('POST', '/api/v1/monitors', { token: owner.token, body: monitorBody('Counted') });
    const id: string = created.body.id;
    // Not checked meanwhile: the figures are the seeded hour's alone.
    expect((await server.request('POST', `/api/v1/monitors/${id}/pause`, { token: owner.token })).status).toBe(200);
    const hour = Math.floor(clock.now() / HOUR_MS) * HOUR_MS;
    await server.app.store.db
      .insertInto('rollups')
      .values({
        monitor_id: id,
        region: 'us-east',
        period: 'hour',
        bucket_start: hour,
        checks: 4,
        failures: 1,
        duration_sum: 400,
        ...{ h0: 0, h1: 0, h2: 4, h3: 0, h4: 0, h5: 0, h6: 0, h7: 0, h8: 0, h9: 0, h10: 0, h11: 0 },
      })
      .execute();
    const uptime = async () => (await server.read('/api/v1/monitor-stats', owner.token)).data.find((s: { monitorId: string }) => s.monitorId === id).uptime24h;

    expect(await uptime()).toBe(75);
    expect((await server.read(`/api/v1/monitors/${id}/stats`, owner.token)).to).toBe(iso(clock.now()));
    clock.advanceTo(hour + DAY_MS - 1);
    expect(await uptime()).toBe(75);
    clock.advanceTo(hour + DAY_MS);
    expect(await uptime()).toBeNull();
  });
});
