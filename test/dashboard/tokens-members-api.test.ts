import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type TestServer } from '../helpers/server.js';
import { PASSWORD, addPerson, asBrowser, newPersonTeam, signIn, type Browserless, type Person } from './support.js';

let server: TestServer;
let owner: Person;
let ownerBrowser: Browserless;

beforeAll(async () => {
  server = await startServer();
  owner = await newPersonTeam(server, 'Owner');
  ownerBrowser = await signIn(server, owner);
});
afterAll(() => server.close());

describe('personal access tokens', () => {
  it('creates a token shown once, which then works against the API and shows its last use', async () => {
    const created = await asBrowser(server, ownerBrowser, 'POST', '/api/v1/tokens', { body: { name: 'CI', expiresInDays: 30 } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'CI',
      createdAt: expect.stringMatching(/Z$/),
      expiresAt: expect.stringMatching(/Z$/),
      lastUsedAt: null,
      current: false,
      token: expect.stringMatching(/^lkt_[A-Za-z0-9]{40}$/),
    });
    const days = (new Date(created.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);

    const used = await server.request('GET', '/api/v1/teams/current', { token: created.body.token });
    expect(used.body).toMatchObject({ id: owner.teamId, tokenRole: 'Owner' });

    const list = await asBrowser(server, ownerBrowser, 'GET', '/api/v1/tokens');
    const listed = list.body.data.find((t: { id: string }) => t.id === created.body.id);
    expect(listed).toEqual({ ...created.body, token: undefined, lastUsedAt: expect.stringMatching(/Z$/) });
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);

    // Listed through the token itself, the token knows it is the current one.
    const self = await server.request('GET', '/api/v1/tokens', { token: created.body.token });
    expect(self.body.data.find((t: { id: string }) => t.id === created.body.id).current).toBe(true);
  });

  it('revokes a token at once; only the owner’s own tokens are visible or revocable', async () => {
    const created = (await asBrowser(server, ownerBrowser, 'POST', '/api/v1/tokens', { body: { name: 'temp' } })).body;
    expect(created.expiresAt).toBeNull();
    const colleague = await addPerson(server, owner.teamId, 'Admin');
    const colleagueBrowser = await signIn(server, colleague);
    expect((await asBrowser(server, colleagueBrowser, 'GET', '/api/v1/tokens')).body.data).toEqual([]);
    expectProblem(await asBrowser(server, colleagueBrowser, 'DELETE', `/api/v1/tokens/${created.id}`), 404, 'not-found', `/api/v1/tokens/${created.id}`);
    expectProblem(await asBrowser(server, ownerBrowser, 'DELETE', '/api/v1/tokens/not-a-uuid'), 404, 'not-found', '/api/v1/tokens/not-a-uuid');

    expect((await asBrowser(server, ownerBrowser, 'DELETE', `/api/v1/tokens/${created.id}`)).status).toBe(204);
    expectProblem(await server.request('GET', '/api/v1/teams/current', { token: created.token }), 401, 'unauthorized', '/api/v1/teams/current');
    expect((await asBrowser(server, ownerBrowser, 'GET', '/api/v1/tokens')).body.data.map((t: { id: string }) => t.id)).not.toContain(created.id);
    expectProblem(await asBrowser(server, ownerBrowser, 'DELETE', `/api/v1/tokens/${created.id}`), 404, 'not-found', `/api/v1/tokens/${created.id}`);
  });

  it('validates the name and expiry with the API’s messages', async () => {
    const answer = await asBrowser(server, ownerBrowser, 'POST', '/api/v1/tokens', { body: { name: '  ', expiresInDays: 0 } });
    expectProblem(answer, 400, 'validation', '/api/v1/tokens');
    expect(answer.body.errors).toEqual([
      { field: 'name', message: 'must not be only white space' },
      { field: 'expiresInDays', message: 'must be at least 1' },
    ]);
  });

  it('lets every role manage their own tokens, and needs the CSRF token with a session', async () => {
    const member = await addPerson(server, owner.teamId, 'Member');
    const browser = await signIn(server, member);
    expectProblem(await asBrowser(server, browser, 'POST', '/api/v1/tokens', { body: { name: 'x' }, csrf: null }), 403, 'forbidden', '/api/v1/tokens');
    const created = await asBrowser(server, browser, 'POST', '/api/v1/tokens', { body: { name: 'mine' } });
    expect(created.status).toBe(201);
    expect((await server.request('GET', '/api/v1/teams/current', { token: created.body.token })).body.tokenRole).toBe('Member');
  });
});

describe('managing members', () => {
  it('keeps members from changing anyone', async () => {
    const member = await addPerson(server, owner.teamId, 'Member');
    const browser = await signIn(server, member);
    const path = `/api/v1/teams/current/members/${owner.userId}`;
    expectProblem(await asBrowser(server, browser, 'PATCH', path, { body: { role: 'Member' } }), 403, 'forbidden', path);
    expectProblem(await asBrowser(server, browser, 'DELETE', path), 403, 'forbidden', path);
    expectProblem(
      await asBrowser(server, browser, 'POST', '/api/v1/teams/current/members', { body: { email: 'x@example.test' } }),
      403,
      'forbidden',
      '/api/v1/teams/current/members',
    );
  });

  it('lets an Admin change Members and Admins, but neither make nor unmake nor remove Owners', async () => {
    const admin = await addPerson(server, owner.teamId, 'Admin');
    const browser = await signIn(server, admin);
    const member = await addPerson(server, owner.teamId, 'Member');
    const memberPath = `/api/v1/teams/current/members/${member.userId}`;

    const promoted = await asBrowser(server, browser, 'PATCH', memberPath, { body: { role: 'Admin' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: member.userId, role: 'Admin', email: member.email });
    expect((await asBrowser(server, browser, 'PATCH', memberPath, { body: { role: 'Member' } })).body.role).toBe('Member');

    const toOwner = await asBrowser(server, browser, 'PATCH', memberPath, { body: { role: 'Owner' } });
    expectProblem(toOwner, 403, 'forbidden', memberPath);
    expect(toOwner.body.detail).toContain('Owner');
    const ownerPath = `/api/v1/teams/current/members/${owner.userId}`;
    expectProblem(await asBrowser(server, browser, 'PATCH', ownerPath, { body: { role: 'Admin' } }), 403, 'forbidden', ownerPath);
    expectProblem(await asBrowser(server, browser, 'DELETE', ownerPath), 403, 'forbidden', ownerPath);
    expectProblem(
      await asBrowser(server, browser, 'POST', '/api/v1/teams/current/members', { body: { email: 'new-owner@example.test', role: 'Owner' } }),
      403,
      'forbidden',
      '/api/v1/teams/current/members',
    );

    expect((await asBrowser(server, browser, 'DELETE', memberPath)).status).toBe(204);
    expectProblem(await asBrowser(server, browser, 'DELETE', memberPath), 404, 'not-found', memberPath);
  });

  it('keeps the last Owner, and lets an Owner hand the role on', async () => {
    const team = await newPersonTeam(server, 'Owner');
    const browser = await signIn(server, team);
    const selfPath = `/api/v1/teams/current/members/${team.userId}`;

    const demote = await asBrowser(server, browser, 'PATCH', selfPath, { body: { role: 'Admin' } });
    expectProblem(demote, 400, 'validation', selfPath);
    expect(demote.body.errors[0].field).toBe('role');
    const remove = await asBrowser(server, browser, 'DELETE', selfPath);
    expectProblem(remove, 400, 'validation', selfPath);
    expect(remove.body.errors).toEqual([{ field: 'userId', message: 'is the last Owner of the team; make another member Owner first' }]);

    const next = await addPerson(server, team.teamId, 'Member');
    expect((await asBrowser(server, browser, 'PATCH', `/api/v1/teams/current/members/${next.userId}`, { body: { role: 'Owner' } })).body.role).toBe('Owner');
    const stepDown = await asBrowser(server, browser, 'PATCH', selfPath, { body: { role: 'Admin' } });
    expect(stepDown.body.role).toBe('Admin');
    // The session acts with the new role at once.
    expect((await asBrowser(server, browser, 'GET', '/api/v1/teams/current')).body.tokenRole).toBe('Admin');
  });

  it('judges role, then the member, then the body', async () => {
    const path = `/api/v1/teams/current/members/${owner.userId}`;
    const unknown = '/api/v1/teams/current/members/01900000-0000-7000-8000-000000000000';
    expectProblem(await asBrowser(server, ownerBrowser, 'PATCH', unknown, { body: { role: 'Nope' } }), 404, 'not-found', unknown);
    expectProblem(
      await asBrowser(server, ownerBrowser, 'PATCH', '/api/v1/teams/current/members/x', { body: {} }),
      404,
      'not-found',
      '/api/v1/teams/current/members/x',
    );
    const bad = await asBrowser(server, ownerBrowser, 'PATCH', path, { body: { role: 'King', extra: true } });
    expectProblem(bad, 400, 'validation', path);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['role', 'extra']);
    // A member of another team is not found.
    const stranger = await newPersonTeam(server, 'Owner');
    const strangerPath = `/api/v1/teams/current/members/${stranger.userId}`;
    expectProblem(await asBrowser(server, ownerBrowser, 'DELETE', strangerPath), 404, 'not-found', strangerPath);
  });

  it('invites a new person with a one-time set-password link, and adds an existing user as is', async () => {
    const invited = await asBrowser(server, ownerBrowser, 'POST', '/api/v1/teams/current/members', {
      body: { email: 'New.Person@Example.test', role: 'Admin', name: 'New Person' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'new.person@example.test', name: 'New Person', role: 'Admin', invitation: { expiresAt: expect.any(String) } });
    const link: string = invited.body.invitation.setPasswordUrl;
    expect(link).toMatch(/^http:\/\/lookout\.test\/set-password#lkp_[A-Za-z0-9_-]{43}$/);
    const secret = link.split('#')[1]!;
    // The link is shown only in that answer: not stored, not logged.
    expect((await server.storedBytes()).includes(Buffer.from(secret))).toBe(false);
    expect(server.logs()).not.toContain(secret);

    const short = await server.request('POST', '/api/v1/session/password', { body: { token: secret, password: 'short' } });
    expectProblem(short, 400, 'validation', '/api/v1/session/password');
    expect(short.body.errors).toEqual([{ field: 'password', message: 'must be at least 12 characters' }]);

    const set = await server.request('POST', '/api/v1/session/password', { body: { token: secret, password: PASSWORD } });
    expect(set.status).toBe(200);
    expect(set.body.team).toEqual({ id: owner.teamId, name: expect.any(String), role: 'Admin' });
    expect(set.headers.get('set-cookie')).toMatch(/^lookout_session=lks_/);
    const again = await server.request('POST', '/api/v1/session/password', { body: { token: secret, password: PASSWORD } });
    expectProblem(again, 400, 'validation', '/api/v1/session/password');
    expect((await signIn(server, { email: 'new.person@example.test', password: PASSWORD })).session.team.role).toBe('Admin');

    const existing = await newPersonTeam(server, 'Owner');
    const added = await asBrowser(server, ownerBrowser, 'POST', '/api/v1/teams/current/members', { body: { email: existing.email } });
    expect(added.body).toMatchObject({ userId: existing.userId, role: 'Member', invitation: null });
    const twice = await asBrowser(server, ownerBrowser, 'POST', '/api/v1/teams/current/members', { body: { email: existing.email } });
    expectProblem(twice, 400, 'validation', '/api/v1/teams/current/members');
    expect(twice.body.errors).toEqual([{ field: 'email', message: 'is already a member of this team' }]);
    // The existing user now has two teams to switch between.
    expect((await signIn(server, existing)).session.teams).toHaveLength(2);
  });
});
