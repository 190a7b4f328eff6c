import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNVERIFIED_ACCOUNT } from '../../src/domain/team-members.js';
import { expectProblem, startServer, type TestServer } from '../helpers/server.js';
import { PASSWORD, asBrowser, newPersonTeam, signIn, type Browserless, type Person } from '../dashboard/support.js';

let server: TestServer;
let ownerA: Person;
let browserA: Browserless;
let adminB: Person;
let browserB: Browserless;

const MEMBERS = '/api/v1/teams/current/members';
let counter = 0;
const newEmail = () => `invitee${++counter}-${process.pid}@example.test`;

beforeAll(async () => {
  server = await startServer();
  ownerA = await newPersonTeam(server, 'Owner', 'Team A');
  browserA = await signIn(server, ownerA);
  adminB = await newPersonTeam(server, 'Admin', 'Team B');
  browserB = await signIn(server, adminB);
});
afterAll(() => server.close());

const invite = (browser: Browserless, email: string, role = 'Member') => asBrowser(server, browser, 'POST', MEMBERS, { body: { email, role } });
const secretOf = (answer: { body: any }): string => (answer.body.invitation.setPasswordUrl as string).split('#')[1]!;
const setPassword = (token: string) => server.request('POST', '/api/v1/session/password', { body: { token, password: PASSWORD } });

async function linksOf(userId: string): Promise<number> {
  const rows = await server.app.store.db.selectFrom('password_setups').select('id').where('user_id', '=', userId).execute();
  return rows.length;
}

async function teamsOf(userId: string): Promise<string[]> {
  const rows = await server.app.store.db.selectFrom('memberships').select('team_id').where('user_id', '=', userId).orderBy('joined_at').execute();
  return rows.map((r) => r.team_id);
}

describe('invitations never hand one team a credential for a user of another', () => {
  it('refuses a second team while the invited user has not chosen a password, and never answers a link for an existing user', async () => {
    const email = newEmail();
    const inA = await invite(browserA, email, 'Admin');
    expect(inA.status).toBe(201);
    const link = secretOf(inA);
    const userId: string = inA.body.userId;

    // Team B's Admin invites the same person (any case): no membership and, above all, no link.
    for (const spelled of [email, email.toUpperCase()]) {
      const inB = await invite(browserB, spelled);
      expectProblem(inB, 400, 'validation', MEMBERS);
      expect(inB.body.errors).toEqual([{ field: 'email', message: UNVERIFIED_ACCOUNT }]);
      expect(inB.text).not.toMatch(/lkp_|set-password/);
    }
    expect(await teamsOf(userId)).toEqual([ownerA.teamId]);
    expect(await linksOf(userId)).toBe(1);

    // The link from team A still works, for its user, in team A only.
    const set = await setPassword(link);
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ id: userId, email });
    expect(set.body.teams.map((t: { id: string }) => t.id)).toEqual([ownerA.teamId]);
    expect(set.body.team).toMatchObject({ id: ownerA.teamId, role: 'Admin' });

    // A password chosen through a link that was handed to the inviter verifies nothing: team B is
    // still refused (contract-2 §H2 rule 17, test/accounts/verified-accounts.test.ts). Once the
    // account is verified (a mailed link used, or the operator's word), team B may add them; still
    // no link in the answer.
    expectProblem(await invite(browserB, email), 400, 'validation', MEMBERS);
    await server.app.store.db.updateTable('users').set({ verified_at: Date.now() }).where('id', '=', userId).execute();
    const later = await invite(browserB, email);
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ userId, role: 'Member', invitation: null });
    expect(later.text).not.toContain('lkp_');
    expect(await linksOf(userId)).toBe(1);
    expectProblem(await setPassword(link), 400, 'validation', '/api/v1/session/password');
    const session = (await signIn(server, { email, password: PASSWORD })).session;
    expect(session.teams.map((t: { id: string }) => t.id).sort()).toEqual([ownerA.teamId, adminB.teamId].sort());
  });

  it('adds an existing user without a password (made by the operator) without making a link for them', async () => {
    const stranger = await server.addMember(ownerA.teamId, 'Member'); // a user with no password, in team A
    const answer = await invite(browserB, stranger.email);
    expect(answer.status).toBe(201);
    expect(answer.body.invitation).toBeNull();
    expect(answer.text).not.toContain('lkp_');
    expect(await linksOf(stranger.userId)).toBe(0);
  });

  it('voids the link of a never-signed-in user when their team removes them, so it cannot act in the next team', async () => {
    const email = newEmail();
    const inA = await invite(browserA, email);
    const link = secretOf(inA);
    expect((await asBrowser(server, browserA, 'DELETE', `${MEMBERS}/${inA.body.userId}`)).status).toBe(204);

    const inB = await invite(browserB, email);
    expect(inB.status).toBe(201);
    expect(inB.body.invitation).toBeNull();
    const used = await setPassword(link);
    expectProblem(used, 400, 'validation', '/api/v1/session/password');
    const user = await server.app.store.db.selectFrom('users').select('password_hash').where('id', '=', inA.body.userId).executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
  });

  it('gives one link at most when two teams invite the same new email at once', async () => {
    for (let round = 0; round < 6; round++) {
      const email = newEmail();
      const answers = await Promise.all([invite(browserA, email), invite(browserB, email)]);
      const created = answers.filter((a) => a.status === 201);
      expect(created).toHaveLength(1);
      expect(created[0]!.body.invitation.setPasswordUrl).toMatch(/#lkp_/);
      const refused = answers.find((a) => a.status !== 201)!;
      expectProblem(refused, 400, 'validation', MEMBERS);
      expect(refused.text).not.toContain('lkp_');
      expect(await teamsOf(created[0]!.body.userId)).toHaveLength(1);
    }
  });

  it('keeps the operator from adding a user with an open invitation to a second team', async () => {
    const inA = await invite(browserA, newEmail());
    await expect(server.app.services.teams.addMember(adminB.teamId, inA.body.userId, 'Member')).rejects.toMatchObject({
      code: 'validation',
      extra: { errors: [{ field: 'email', message: expect.stringContaining('has not chosen a password yet') }] },
    });
    expect(await teamsOf(inA.body.userId)).toEqual([ownerA.teamId]);
  });
});
