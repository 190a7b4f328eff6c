import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../src/domain/sessions.js';
import { expectProblem, startServer, type TestServer } from '../helpers/server.js';
import { PASSWORD, addPerson, asBrowser, newPersonTeam, signIn, type Person } from './support.js';

let server: TestServer;
let owner: Person;

beforeAll(async () => {
  server = await startServer();
  owner = await newPersonTeam(server, 'Owner');
});
afterAll(() => server.close());

const HTTP_MONITOR = {
  type: 'http',
  name: 'Site',
  intervalSeconds: 60,
  timeoutSeconds: 5,
  regions: ['us-east'],
  url: 'http://127.0.0.1:9/health',
  method: 'GET',
  expectedStatus: 200,
};

describe('signing in', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and answers the user, teams and CSRF token', async () => {
    const answer = await server.request('POST', '/api/v1/session', { body: { email: owner.email.toUpperCase(), password: PASSWORD } });
    expect(answer.status).toBe(200);
    const cookie = answer.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^lookout_session=lks_[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure'); // the test PUBLIC_URL is http
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      user: { id: owner.userId, email: owner.email, name: expect.any(String) },
      team: { id: owner.teamId, name: expect.any(String), role: 'Owner' },
      teams: [{ id: owner.teamId, name: expect.any(String), role: 'Owner' }],
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.stringMatching(/Z$/),
      twoFactor: { enabled: false, requiredByTeam: false },
    });
    // Only the digest of the cookie is stored.
    const secret = cookie.split(';')[0]!.split('=')[1]!;
    expect((await server.storedBytes()).includes(Buffer.from(secret))).toBe(false);
  });

  it('answers a wrong password, an unknown email and a user without password with the same 401', async () => {
    const noPassword = await server.addMember(owner.teamId, 'Member');
    const bodies = new Set<string>();
    for (const body of [
      { email: owner.email, password: 'wrong password!' },
      { email: 'nobody@example.test', password: PASSWORD },
      { email: noPassword.email, password: PASSWORD },
    ]) {
      const answer = await server.request('POST', '/api/v1/session', { body });
      expectProblem(answer, 401, 'unauthorized', '/api/v1/session');
      expect(answer.headers.get('set-cookie')).toBeNull();
      bodies.add(answer.text);
    }
    expect(bodies.size).toBe(1);
  });

  it('validates the body like every other endpoint', async () => {
    const answer = await server.request('POST', '/api/v1/session', { body: { email: 'not-an-email', password: '', extra: 1 } });
    expectProblem(answer, 400, 'validation', '/api/v1/session');
    expect(answer.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'extra', 'password']);
  });

  it('throttles failed sign-ins per account, even for the right password afterwards', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    for (let i = 0; i < 10; i++) {
      expect((await server.request('POST', '/api/v1/session', { body: { email: person.email, password: 'not the password' } })).status).toBe(401);
    }
    const blocked = await server.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } });
    expectProblem(blocked, 429, 'rate-limited', '/api/v1/session');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not affected (the address limit is higher).
    expect((await server.request('POST', '/api/v1/session', { body: { email: owner.email, password: PASSWORD } })).status).toBe(200);
  });

  it('throttles failed sign-ins per client address across accounts', async () => {
    const other = await startServer();
    try {
      const person = await newPersonTeam(other, 'Owner');
      let status = 0;
      for (let i = 0; i < 50; i++) {
        status = (await other.request('POST', '/api/v1/session', { body: { email: `guess${i}@example.test`, password: 'guess' } })).status;
        expect(status).toBe(401);
      }
      const blocked = await other.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } });
      expectProblem(blocked, 429, 'rate-limited', '/api/v1/session');
    } finally {
      await other.close();
    }
  });
});

describe('the session cookie on the REST API', () => {
  it('admits the member with their current role, on a budget of its own', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    const browser = await signIn(server, person);
    const team = await asBrowser(server, browser, 'GET', '/api/v1/teams/current');
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ id: owner.teamId, tokenRole: 'Member' });
    expect(team.headers.get('ratelimit-limit')).toBe('300');
    expect(team.headers.get('ratelimit-remaining')).toBe('299');

    // A role change applies to the next request.
    await server.app.services.teams.setRole(owner.teamId, person.userId, 'Admin');
    expect((await asBrowser(server, browser, 'GET', '/api/v1/teams/current')).body.tokenRole).toBe('Admin');
    // The session's budget is its own: a token of the same user starts full.
    const token = await server.app.services.tokens.create({ teamId: owner.teamId, userId: person.userId });
    const byToken = await server.request('GET', '/api/v1/teams/current', { token: token.token });
    expect(byToken.headers.get('ratelimit-remaining')).toBe('299');
  });

  it('answers a bad, unknown, revoked or expired cookie with the same 401 as a missing token', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    const revoked = await signIn(server, person);
    await asBrowser(server, revoked, 'DELETE', '/api/v1/session');
    const idle = await signIn(server, person);
    await server.app.store.db
      .updateTable('sessions')
      .set({ last_seen_at: Date.now() - SESSION_IDLE_MS - 1000 })
      .where('user_id', '=', person.userId)
      .where('revoked_at', 'is', null)
      .execute();
    const expected = (await server.request('GET', '/api/v1/teams/current')).text;
    for (const cookie of ['lookout_session=garbage', `lookout_session=lks_${'A'.repeat(43)}`, revoked.cookie, idle.cookie]) {
      const answer = await server.request('GET', '/api/v1/teams/current', { headers: { cookie } });
      expectProblem(answer, 401, 'unauthorized', '/api/v1/teams/current');
      expect(answer.text).toBe(expected);
    }
  });

  it('rejects state-changing calls without the CSRF token, and a forged cross-site form POST', async () => {
    const browser = await signIn(server, owner);
    const missing = await asBrowser(server, browser, 'POST', '/api/v1/monitors', { body: HTTP_MONITOR, csrf: null });
    expectProblem(missing, 403, 'forbidden', '/api/v1/monitors');
    expect(missing.body.detail).toContain('CSRF');
    const wrong = await asBrowser(server, browser, 'POST', '/api/v1/monitors', { body: HTTP_MONITOR, csrf: 'x'.repeat(43) });
    expectProblem(wrong, 403, 'forbidden', '/api/v1/monitors');
    // Another session's token does not fit this one.
    const other = await signIn(server, owner);
    expectProblem(await asBrowser(server, browser, 'POST', '/api/v1/monitors', { body: HTTP_MONITOR, csrf: other.csrf }), 403, 'forbidden', '/api/v1/monitors');

    // What a page on another site can send: a form post with the cookie, without the header.
    const forged = await server.request('POST', '/api/v1/monitors', {
      headers: { cookie: browser.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'type=http&name=Evil',
    });
    expectProblem(forged, 403, 'forbidden', '/api/v1/monitors');
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      expect((await asBrowser(server, browser, method, `/api/v1/monitors/${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}`, { csrf: null })).status).toBe(
        method === 'PUT' ? 405 : 403,
      );
    }
    expect((await asBrowser(server, browser, 'GET', '/api/v1/monitors')).body.data).toEqual([]);

    const created = await asBrowser(server, browser, 'POST', '/api/v1/monitors', { body: HTTP_MONITOR });
    expect(created.status).toBe(201);
    // Reads need no token.
    expect((await asBrowser(server, browser, 'GET', '/api/v1/monitors', { csrf: null })).body.data).toHaveLength(1);
    await server.app.store.db.deleteFrom('monitors').where('id', '=', created.body.id).execute();
  });

  it('judges a request with an Authorization header by its token alone', async () => {
    const browser = await signIn(server, owner);
    const member = await server.addMember(owner.teamId, 'Member');
    const answer = await server.request('GET', '/api/v1/teams/current', { token: member.token, headers: { cookie: browser.cookie } });
    expect(answer.body.tokenRole).toBe('Member');
    const bad = await server.request('GET', '/api/v1/teams/current', { headers: { cookie: browser.cookie, authorization: 'Bearer nope' } });
    expectProblem(bad, 401, 'unauthorized', '/api/v1/teams/current');
    // A bearer request needs no CSRF token, cookie or not.
    const created = await server.request('POST', '/api/v1/incidents', {
      token: member.token,
      headers: { cookie: browser.cookie },
      body: { title: 'By token' },
    });
    expect(created.status).toBe(201);
  });
});

describe('session lifecycle', () => {
  it('reads the session, and signs out for good (with the CSRF token)', async () => {
    const browser = await signIn(server, owner);
    const current = await asBrowser(server, browser, 'GET', '/api/v1/session');
    expect(current.status).toBe(200);
    expect(current.body.csrfToken).toBe(browser.csrf);

    expectProblem(await asBrowser(server, browser, 'DELETE', '/api/v1/session', { csrf: null }), 403, 'forbidden', '/api/v1/session');
    const out = await asBrowser(server, browser, 'DELETE', '/api/v1/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^lookout_session=; .*Max-Age=0/);
    expectProblem(await asBrowser(server, browser, 'GET', '/api/v1/session'), 401, 'unauthorized', '/api/v1/session');
    expectProblem(await asBrowser(server, browser, 'GET', '/api/v1/monitors'), 401, 'unauthorized', '/api/v1/monitors');
    // Signing out again, or without a session, just clears the cookie.
    expect((await asBrowser(server, browser, 'DELETE', '/api/v1/session')).status).toBe(204);
  });

  it('ends at its absolute expiry', async () => {
    const browser = await signIn(server, owner);
    await server.app.store.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('revoked_at', 'is', null)
      .where('user_id', '=', owner.userId)
      .execute();
    expectProblem(await asBrowser(server, browser, 'GET', '/api/v1/session'), 401, 'unauthorized', '/api/v1/session');
  });

  it('switches between the user’s teams, and only to those', async () => {
    const person = await newPersonTeam(server, 'Owner', 'First team');
    const second = await server.app.services.teams.create({ name: 'Second team' });
    await server.app.services.teams.addMember(second.id, person.userId, 'Member');
    const stranger = await server.app.services.teams.create({ name: 'Not yours' });
    const browser = await signIn(server, person);
    expect(browser.session.teams.map((t: { name: string; role: string }) => `${t.name}:${t.role}`)).toEqual(['First team:Owner', 'Second team:Member']);

    expectProblem(
      await asBrowser(server, browser, 'PUT', '/api/v1/session/team', { body: { teamId: second.id }, csrf: null }),
      403,
      'forbidden',
      '/api/v1/session/team',
    );
    const denied = await asBrowser(server, browser, 'PUT', '/api/v1/session/team', { body: { teamId: stranger.id } });
    expectProblem(denied, 400, 'validation', '/api/v1/session/team');
    expect(denied.body.errors).toEqual([{ field: 'teamId', message: 'is not a team you are a member of' }]);

    const switched = await asBrowser(server, browser, 'PUT', '/api/v1/session/team', { body: { teamId: second.id } });
    expect(switched.status).toBe(200);
    expect(switched.body.team).toEqual({ id: second.id, name: 'Second team', role: 'Member' });
    expect((await asBrowser(server, browser, 'GET', '/api/v1/teams/current')).body).toMatchObject({ id: second.id, tokenRole: 'Member' });

    // Removed from the selected team: the API says 401; reading the session moves it to a team still theirs.
    await server.app.services.teams.removeMember(second.id, person.userId);
    expectProblem(await asBrowser(server, browser, 'GET', '/api/v1/teams/current'), 401, 'unauthorized', '/api/v1/teams/current');
    const moved = await asBrowser(server, browser, 'GET', '/api/v1/session');
    expect(moved.body.team.id).toBe(person.teamId);
    expect((await asBrowser(server, browser, 'GET', '/api/v1/teams/current')).body.id).toBe(person.teamId);
  });
});

describe('the OpenAPI document', () => {
  it('lists the dashboard endpoints; the session ones need no token', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    for (const [path, method] of [
      ['/api/v1/session', 'post'],
      ['/api/v1/session', 'get'],
      ['/api/v1/session', 'delete'],
      ['/api/v1/session/team', 'put'],
      ['/api/v1/session/password', 'post'],
      ['/api/v1/tokens', 'get'],
      ['/api/v1/tokens', 'post'],
      ['/api/v1/tokens/{id}', 'delete'],
      ['/api/v1/teams/current/members', 'post'],
      ['/api/v1/teams/current/members/{userId}', 'patch'],
      ['/api/v1/teams/current/members/{userId}', 'delete'],
      ['/api/v1/events/stream', 'get'],
      ['/api/v1/monitors/{id}/stats', 'get'],
      ['/api/v1/monitor-stats', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/v1/session'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/tokens'].get.security).toBeUndefined();
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'lookout_session' });
  });
});
