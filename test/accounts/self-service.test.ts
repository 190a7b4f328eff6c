import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/domain/passwords.js';
import { expectProblem, startServer, type TestServer } from '../helpers/server.js';
import { addPerson, asBrowser, newPersonTeam, signIn, PASSWORD } from '../dashboard/support.js';

/**
 * What a person does for themselves and their team without the operator: their name and password
 * (the current one required; other sessions end), the team's name, an invited member's link made
 * again (the old one stops working), and the last Owner's refusal worded for people.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const NEW_PASSWORD = 'a brand new passphrase 42';

describe('your own account', () => {
  it('changes the name; a blank or long name is 400 on name', async () => {
    const person = await newPersonTeam(server, 'Member');
    const browser = await signIn(server, person);
    const changed = await asBrowser(server, browser, 'PATCH', '/api/v1/account', { body: { name: 'Ada Lovelace' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ id: person.userId, email: person.email, name: 'Ada Lovelace' });
    expect((await asBrowser(server, browser, 'GET', '/api/v1/session')).body.user.name).toBe('Ada Lovelace');
    for (const name of ['', 'x'.repeat(201)]) {
      const refused = await asBrowser(server, browser, 'PATCH', '/api/v1/account', { body: { name } });
      expectProblem(refused, 400, 'validation', '/api/v1/account');
      expect(refused.body.errors[0].field).toBe('name');
    }
    const unknown = await asBrowser(server, browser, 'PATCH', '/api/v1/account', { body: { name: 'A', role: 'Owner' } });
    expectProblem(unknown, 400, 'validation', '/api/v1/account');
  });

  it('changes the password given the current one: this session stays, the others end, the new password signs in', async () => {
    const person = await newPersonTeam(server, 'Member');
    const here = await signIn(server, person);
    const elsewhere = await signIn(server, person);
    const wrong = await asBrowser(server, here, 'POST', '/api/v1/account/password', { body: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD } });
    expectProblem(wrong, 400, 'validation', '/api/v1/account/password');
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'is not your current password' }]);
    const short = await asBrowser(server, here, 'POST', '/api/v1/account/password', { body: { currentPassword: PASSWORD, newPassword: 'short' } });
    expect(short.body.errors.map((e: any) => e.field)).toEqual(['newPassword']);

    const changed = await asBrowser(server, here, 'POST', '/api/v1/account/password', { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(204);
    expect((await asBrowser(server, here, 'GET', '/api/v1/session')).status).toBe(200);
    expect((await asBrowser(server, elsewhere, 'GET', '/api/v1/session')).status).toBe(401);
    expect((await server.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } })).status).toBe(401);
    expect((await server.request('POST', '/api/v1/session', { body: { email: person.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins: past the limit, 429 even with the right one', async () => {
    const person = await newPersonTeam(server, 'Member');
    const here = await signIn(server, person);
    for (let i = 0; i < 10; i++) {
      const wrong = await asBrowser(server, here, 'POST', '/api/v1/account/password', { body: { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD } });
      expect(wrong.status).toBe(400);
    }
    const limited = await asBrowser(server, here, 'POST', '/api/v1/account/password', { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expectProblem(limited, 429, 'rate-limited', '/api/v1/account/password');
    // The same limit as sign-in's: the account is throttled there too, and the password is unchanged.
    expect((await server.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } })).status).toBe(429);
    const stored = await server.app.store.db.selectFrom('users').select('password_hash').where('id', '=', person.userId).executeTakeFirstOrThrow();
    expect(await verifyPassword(PASSWORD, stored.password_hash!)).toBe(true);
  });

  it('works with a personal access token too, and the token keeps working after the change', async () => {
    const member = await server.newTeam('Member');
    const user = await server.app.store.db.selectFrom('users').select('email').where('id', '=', member.userId).executeTakeFirstOrThrow();
    await server.app.store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', member.userId)
      .execute();
    const changed = await server.request('POST', '/api/v1/account/password', {
      token: member.token,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(204);
    expect((await server.request('GET', '/api/v1/teams/current', { token: member.token })).status).toBe(200);
    expect((await server.request('POST', '/api/v1/session', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });
});

describe('renaming the team', () => {
  it('is for Admins and Owners; Members are refused; the new name shows in the session', async () => {
    const owner = await newPersonTeam(server, 'Owner', 'Acme');
    const admin = await addPerson(server, owner.teamId, 'Admin');
    const member = await addPerson(server, owner.teamId, 'Member');
    const asAdmin = await signIn(server, admin);
    const renamed = await asBrowser(server, asAdmin, 'PATCH', '/api/v1/teams/current', { body: { name: 'Acme Operations' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: owner.teamId, name: 'Acme Operations', tokenRole: 'Admin' });
    expect((await asBrowser(server, await signIn(server, owner), 'GET', '/api/v1/session')).body.team.name).toBe('Acme Operations');

    const asMember = await signIn(server, member);
    expectProblem(await asBrowser(server, asMember, 'PATCH', '/api/v1/teams/current', { body: { name: 'Mine' } }), 403, 'forbidden', '/api/v1/teams/current');
    const blank = await asBrowser(server, asAdmin, 'PATCH', '/api/v1/teams/current', { body: { name: '' } });
    expect(blank.body.errors[0].field).toBe('name');
    // Only the caller's own team is ever renamed.
    const other = await newPersonTeam(server, 'Owner', 'Elsewhere');
    await asBrowser(server, await signIn(server, other), 'PATCH', '/api/v1/teams/current', { body: { name: 'Renamed elsewhere' } });
    expect((await asBrowser(server, asAdmin, 'GET', '/api/v1/teams/current')).body.name).toBe('Acme Operations');
  });
});

describe('invited members', () => {
  it('are listed as invited until they choose a password; their link can be made again and the old one stops working', async () => {
    const owner = await server.newTeam('Owner');
    const invited = await server.request('POST', '/api/v1/teams/current/members', { token: owner.token, body: { email: `inv-${process.pid}@example.test` } });
    expect(invited.status).toBe(201);
    const userId = invited.body.userId;
    const oldLink: string = invited.body.invitation.setPasswordUrl;
    const members = (await server.request('GET', '/api/v1/teams/current/members', { token: owner.token })).body.data;
    expect(members.find((m: any) => m.userId === userId).invited).toBe(true);
    expect(members.find((m: any) => m.userId === owner.userId).invited).toBe(false);

    const again = await server.request('POST', `/api/v1/teams/current/members/${userId}/invitation`, { token: owner.token });
    expect(again.status).toBe(200);
    const newLink: string = again.body.invitation.setPasswordUrl;
    expect(newLink).not.toBe(oldLink);
    const token = (link: string) => link.split('#')[1]!;
    const stale = await server.request('POST', '/api/v1/session/password', { body: { token: token(oldLink), password: NEW_PASSWORD } });
    expect(stale.status).toBe(400);
    const fresh = await server.request('POST', '/api/v1/session/password', { body: { token: token(newLink), password: NEW_PASSWORD } });
    expect(fresh.status).toBe(200);

    // Joined now: nothing to make again.
    const joined = await server.request('POST', `/api/v1/teams/current/members/${userId}/invitation`, { token: owner.token });
    expectProblem(joined, 400, 'validation', `/api/v1/teams/current/members/${userId}/invitation`);
    expect(joined.body.errors[0].field).toBe('userId');
  });

  it('re-inviting is for Admins and Owners of the member’s own team only', async () => {
    const owner = await server.newTeam('Owner');
    const member = await server.addMember(owner.teamId, 'Member');
    const invited = await server.request('POST', '/api/v1/teams/current/members', { token: owner.token, body: { email: `inv2-${process.pid}@example.test` } });
    const path = `/api/v1/teams/current/members/${invited.body.userId}/invitation`;
    expectProblem(await server.request('POST', path, { token: member.token }), 403, 'forbidden', path);
    const other = await server.newTeam('Owner');
    expectProblem(await server.request('POST', path, { token: other.token }), 404, 'not-found', path);
    const notUuid = '/api/v1/teams/current/members/nope/invitation';
    expectProblem(await server.request('POST', notUuid, { token: owner.token }), 404, 'not-found', notUuid);
  });
});

describe('the last Owner', () => {
  it('cannot be removed, and the refusal says so in a sentence that names them', async () => {
    const owner = await newPersonTeam(server, 'Owner');
    const path = `/api/v1/teams/current/members/${owner.userId}`;
    const refused = await asBrowser(server, await signIn(server, owner), 'DELETE', path);
    expectProblem(refused, 400, 'validation', path);
    expect(refused.body.detail).toMatch(/^Person \d+ is the last Owner of the team; make another member Owner first\.$/);
    expect(refused.body.detail).not.toContain('userId');
    expect(refused.body.errors).toEqual([{ field: 'userId', message: expect.stringContaining('last Owner') }]);
  });
});
