import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pruner } from '../../src/checks/retention.js';
import { DAY_MS } from '../../src/domain/rollup-buckets.js';
import { lookoutCommand } from '../helpers/process.js';
import { expectProblem, startServer, type Answer, type Member, type TestServer } from '../helpers/server.js';
import { connect, type McpSession } from '../mcp/support.js';
import { httpBody } from '../monitors/fixtures.js';
import { PASSWORD, addPerson, asBrowser, signIn, type Browserless, type Person } from '../dashboard/support.js';

const AUDIT = '/api/v1/audit-log';
/** Values that must never reach an entry: a monitor's credential, a channel's signing secret, a password. */
const MONITOR_SECRET = 'monitor-bearer-3f9a1c7e5b2d';
const CHANNEL_SECRET = 'channel-signing-secret-8e4f2a6c';

let server: TestServer;
/** An Owner who signs in (dashboard) and holds a token (REST, MCP). */
let owner: Person;
let ownerToken: Member;
let member: Member;
let rival: Member;
let browser: Browserless;
let mcp: McpSession;

beforeAll(async () => {
  server = await startServer();
  const team = await server.newTeam('Owner');
  ownerToken = team;
  owner = await addPerson(server, team.teamId, 'Owner');
  member = await server.addMember(team.teamId, 'Member');
  rival = await server.newTeam('Owner');
  browser = await signIn(server, owner);
  mcp = await connect(server, ownerToken);
}, 120_000);
afterAll(async () => {
  await mcp?.close();
  await server.close();
});

async function entries(query = '', token = ownerToken.token): Promise<any[]> {
  const answer = await server.request('GET', `${AUDIT}${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function only(query: string): Promise<any> {
  const found = await entries(query);
  expect(found).toHaveLength(1);
  return found[0];
}

describe('an entry for each surface', () => {
  it('REST with a personal access token: the token acts, the fields sent are named, no secret value is kept', async () => {
    const created = await server.request('POST', '/api/v1/monitors', {
      token: ownerToken.token,
      body: httpBody({ name: 'Checkout', auth: { type: 'bearer', secret: MONITOR_SECRET } }),
    });
    expect(created.status).toBe(201);
    const entry = await only(`?targetId=${created.body.id}`);
    expect(entry).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/Z$/),
      actor: { type: 'token', id: ownerToken.tokenId, email: ownerToken.email },
      surface: 'rest',
      action: 'createMonitor',
      targetType: 'monitor',
      targetId: created.body.id,
      ip: '127.0.0.1',
      changes: expect.arrayContaining(['name', 'url', 'auth']),
    });

    const policy = await server.request('POST', '/api/v1/notification-policies', {
      token: ownerToken.token,
      body: { name: 'On call', channels: [{ type: 'webhook', url: 'https://hooks.example.test/lookout', secret: CHANNEL_SECRET }] },
    });
    expect(policy.status).toBe(201);
    expect(await only(`?targetId=${policy.body.id}`)).toMatchObject({
      action: 'createNotificationPolicy',
      targetType: 'policy',
      changes: ['name', 'channels'],
    });
  });

  it('the dashboard with its session cookie: the signed-in user acts', async () => {
    const created = await asBrowser(server, browser, 'POST', '/api/v1/monitors', { body: httpBody({ name: 'From the dashboard' }) });
    expect(created.status).toBe(201);
    const renamed = await asBrowser(server, browser, 'PATCH', `/api/v1/monitors/${created.body.id}`, { body: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    const entry = await only(`?targetId=${created.body.id}&action=updateMonitor`);
    expect(entry).toMatchObject({
      actor: { type: 'user', id: owner.userId, email: owner.email },
      surface: 'dashboard',
      targetType: 'monitor',
      changes: ['name'],
    });
  });

  it('MCP through the official client', async () => {
    const created = await server.request('POST', '/api/v1/monitors', { token: ownerToken.token, body: httpBody({ name: 'Paused by a model' }) });
    const paused = await mcp.call('pause_monitor', { monitorId: created.body.id });
    expect(paused.isError).toBeFalsy();
    expect(await only(`?targetId=${created.body.id}&action=pauseMonitor`)).toMatchObject({
      actor: { type: 'token', id: ownerToken.tokenId, email: ownerToken.email },
      surface: 'mcp',
      targetType: 'monitor',
      changes: [],
    });
    // The log is a tool too, with the same filters.
    const listed = await mcp.call('list_audit_log', { targetId: created.body.id, action: 'pauseMonitor' });
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as any).data).toHaveLength(1);
  });

  it('a change that stores nothing (check now queues a job) is written alone', async () => {
    const created = await server.request('POST', '/api/v1/monitors', { token: ownerToken.token, body: httpBody({ name: 'Checked now' }) });
    const queued = await server.request('POST', `/api/v1/monitors/${created.body.id}/check`, { token: ownerToken.token });
    expect(queued.status).toBe(202);
    expect(await only(`?targetId=${created.body.id}&action=triggerCheck`)).toMatchObject({ surface: 'rest', targetType: 'monitor' });
  });

  it('a refused request changes nothing and writes nothing', async () => {
    const before = await entries(`?action=createMonitor`);
    const refused = await server.request('POST', '/api/v1/monitors', { token: ownerToken.token, body: httpBody({ intervalSeconds: 1 }) });
    expect(refused.status).toBe(400);
    expect(await entries(`?action=createMonitor`)).toHaveLength(before.length);
  });

  it('the CLI, built and run as a process: cli.<command>, acting as the operator', { timeout: 90_000 }, async () => {
    const viewer = await addPerson(server, ownerToken.teamId, 'Member');
    const key = server.env.LOOKOUT_SECRET_KEY;
    const env = { DATABASE_URL: server.env.DATABASE_URL!, ...(key && { LOOKOUT_SECRET_KEY: key }) };
    const result = await lookoutCommand(['member', 'set-role', '--team', ownerToken.teamId, '--email', viewer.email, '--role', 'Viewer', '--json'], env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(await only(`?action=cli.member.set-role&targetId=${viewer.userId}`)).toMatchObject({
      actor: { type: 'cli', id: null, email: null },
      surface: 'cli',
      targetType: 'member',
      ip: null,
      changes: expect.arrayContaining(['team', 'email', 'role']),
    });
  });

  it('token creation and revocation, and role changes', async () => {
    const token = await asBrowser(server, browser, 'POST', '/api/v1/tokens', { body: { name: 'ci' } });
    expect(token.status).toBe(201);
    const revoked = await asBrowser(server, browser, 'DELETE', `/api/v1/tokens/${token.body.id}`);
    expect(revoked.status).toBe(204);
    const about = await entries(`?targetId=${token.body.id}`);
    expect(about.map((e) => e.action)).toEqual(['revokeToken', 'createToken']);
    expect(about.every((e) => e.targetType === 'token')).toBe(true);

    const role = await server.request('PATCH', `/api/v1/teams/current/members/${member.userId}`, { token: ownerToken.token, body: { role: 'Admin' } });
    expect(role.status).toBe(200);
    expect(await only(`?action=changeTeamMemberRole&targetId=${member.userId}`)).toMatchObject({ targetType: 'member', changes: ['role'] });
    await server.request('PATCH', `/api/v1/teams/current/members/${member.userId}`, { token: ownerToken.token, body: { role: 'Member' } });
  });
});

describe('signing in', () => {
  it('writes sign-ins and failed sign-ins, never the password', async () => {
    const person = await addPerson(server, ownerToken.teamId, 'Member');
    const failed = await server.request('POST', '/api/v1/session', { body: { email: person.email, password: 'not the password at all' } });
    expect(failed.status).toBe(401);
    await signIn(server, person);
    const log = await entries(`?actorId=${person.userId}`);
    expect(log.map((e) => e.action)).toEqual(['signIn', 'signInFailed']);
    for (const entry of log) {
      expect(entry).toMatchObject({
        actor: { type: 'user', id: person.userId, email: person.email },
        surface: 'dashboard',
        targetType: 'user',
        ip: '127.0.0.1',
      });
    }
    // A failed sign-in to an address that is nobody's is in no team's log.
    const unknown = await server.request('POST', '/api/v1/session', { body: { email: 'nobody-here@example.test', password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(JSON.stringify(await entries('?action=signInFailed&limit=200'))).not.toContain('nobody-here');
  });

  it('holds no secret value anywhere in the log', async () => {
    const text = JSON.stringify(await entries('?limit=200'));
    for (const secret of [MONITOR_SECRET, CHANNEL_SECRET, PASSWORD, 'not the password at all', ownerToken.token]) expect(text).not.toContain(secret);
    const { rows } = await server.app.store.db
      .selectFrom('audit_log')
      .selectAll()
      .execute()
      .then((r) => ({ rows: r }));
    const stored = JSON.stringify(rows);
    for (const secret of [MONITOR_SECRET, CHANNEL_SECRET, PASSWORD, ownerToken.token]) expect(stored).not.toContain(secret);
  });
});

describe('reading the log', () => {
  it('pages newest first with a cursor, and filters by action, actor, target and time', async () => {
    const all = await entries('?limit=200');
    expect(all.length).toBeGreaterThan(6);
    const times = all.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer: Answer = await server.request('GET', `${AUDIT}?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        token: ownerToken.token,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...answer.body.data.map((e: any) => e.id));
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));

    expect((await entries('?action=createMonitor')).every((e) => e.action === 'createMonitor')).toBe(true);
    expect((await entries(`?actorId=${owner.userId}`)).every((e) => e.actor.id === owner.userId)).toBe(true);

    // since is inclusive, until exclusive.
    const pivot = all[Math.floor(all.length / 2)];
    const since = await entries(`?since=${pivot.at}&limit=200`);
    const until = await entries(`?until=${pivot.at}&limit=200`);
    expect(since.some((e) => e.id === pivot.id)).toBe(true);
    expect(until.some((e) => e.id === pivot.id)).toBe(false);
    expect(since.every((e) => e.at >= pivot.at) && until.every((e) => e.at < pivot.at)).toBe(true);
    expect(since.length + until.length).toBe(all.length);

    expectProblem(await server.request('GET', `${AUDIT}?cursor=nonsense`, { token: ownerToken.token }), 400, 'validation', AUDIT);
    expectProblem(await server.request('GET', `${AUDIT}?since=yesterday`, { token: ownerToken.token }), 400, 'validation', AUDIT);
  });

  it('shows a team only its own entries, and only to Admins and Owners', async () => {
    const theirs = await server.request('POST', '/api/v1/monitors', { token: rival.token, body: httpBody({ name: 'Rival' }) });
    expect(theirs.status).toBe(201);
    expect(await entries(`?targetId=${theirs.body.id}`)).toEqual([]);
    const mine = await entries('?limit=200');
    expect(mine.some((e) => e.actor.id === rival.tokenId)).toBe(false);
    expect((await entries('', rival.token)).map((e) => e.targetId)).toEqual([theirs.body.id]);

    expectProblem(await server.request('GET', AUDIT, { token: member.token }), 403, 'forbidden', AUDIT);
  });
});

describe('nobody changes or deletes an entry', () => {
  it('offers no way to through the API', async () => {
    const [entry] = await entries('?limit=1');
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const answer = await server.request(method, `${AUDIT}/${entry.id}`, { token: ownerToken.token, body: method === 'DELETE' ? undefined : {} });
      expect([404, 405]).toContain(answer.status);
    }
  });

  it('is refused by the store itself, except the pruner past 400 days', async () => {
    const db = server.app.store.db;
    const before = await db.selectFrom('audit_log').select(['id']).execute();
    await expect(db.updateTable('audit_log').set({ action: 'forged' }).execute()).rejects.toThrow(/cannot be changed or deleted/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/cannot be changed or deleted/);
    expect(await db.selectFrom('audit_log').select(['id']).execute()).toHaveLength(before.length);

    const prune = (now: number) =>
      new Pruner({ db, locks: null, logger: pino({ level: 'silent' }), runRetentionHours: 24 * 365 * 10, now: () => now }).pruneOnce();
    const newest = Math.max(...(await db.selectFrom('audit_log').select('at').execute()).map((r) => r.at));
    const oldest = Math.min(...(await db.selectFrom('audit_log').select('at').execute()).map((r) => r.at));
    // 400 days after the oldest entry: nothing is old enough yet.
    expect((await prune(oldest + 400 * DAY_MS)).auditEntries).toBe(0);
    expect((await prune(newest + 400 * DAY_MS + 1)).auditEntries).toBe(before.length);
    expect(await db.selectFrom('audit_log').select('id').execute()).toEqual([]);
    // The permit lived only in the pruner's transaction.
    expect(await db.selectFrom('audit_log_prune_permits').selectAll().execute()).toEqual([]);
  });
});
