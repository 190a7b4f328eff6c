import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type Answer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ROUNDS = 20;
const memberPath = (userId: string) => `/api/v1/teams/current/members/${userId}`;

async function twoOwners(): Promise<[Member, Member]> {
  const a = await server.newTeam('Owner');
  const b = await server.addMember(a.teamId, 'Owner');
  return [a, b];
}

async function owners(teamId: string): Promise<number> {
  const rows = await server.app.store.db.selectFrom('memberships').select('user_id').where('team_id', '=', teamId).where('role', '=', 'Owner').execute();
  return rows.length;
}

/**
 * Exactly one of the two changes went through. The other was refused: by the last-Owner rule when
 * both ran at once (400), or, when it came just after the first, because its caller had already
 * lost the Owner role (403) or left the team (401).
 */
function expectOneRefused(answers: Answer[], field: string): 'concurrent' | 'sequential' {
  const ok = answers.filter((a) => a.status === 200 || a.status === 204);
  const refused = answers.filter((a) => a.status >= 400);
  expect(ok).toHaveLength(1);
  expect(refused).toHaveLength(1);
  const answer = refused[0]!;
  const path: string = answer.body.instance;
  if (answer.status === 400) {
    expectProblem(answer, 400, 'validation', path);
    expect(answer.body.errors).toEqual([{ field, message: expect.stringContaining('last Owner') }]);
    return 'concurrent';
  }
  if (answer.status === 403) expectProblem(answer, 403, 'forbidden', path);
  else expectProblem(answer, 401, 'unauthorized', path);
  return 'sequential';
}

async function rounds(round: () => Promise<'concurrent' | 'sequential'>): Promise<void> {
  for (let i = 0; i < ROUNDS; i++) await round();
}

describe('the last Owner stays, also when two changes run at once', () => {
  it('two Owners demoting each other at the same moment leave one Owner', async () => {
    await rounds(async () => {
      const [a, b] = await twoOwners();
      const answers = await Promise.all([
        server.request('PATCH', memberPath(b.userId), { token: a.token, body: { role: 'Admin' } }),
        server.request('PATCH', memberPath(a.userId), { token: b.token, body: { role: 'Member' } }),
      ]);
      expect(await owners(a.teamId)).toBe(1);
      return expectOneRefused(answers, 'role');
    });
  });

  it('two Owners stepping down at the same moment leave one Owner', async () => {
    await rounds(async () => {
      const [a, b] = await twoOwners();
      const answers = await Promise.all([
        server.request('PATCH', memberPath(a.userId), { token: a.token, body: { role: 'Admin' } }),
        server.request('PATCH', memberPath(b.userId), { token: b.token, body: { role: 'Admin' } }),
      ]);
      expect(await owners(a.teamId)).toBe(1);
      return expectOneRefused(answers, 'role');
    });
  });

  it('one Owner removing the other while that one demotes the first leaves one Owner', async () => {
    await rounds(async () => {
      const [a, b] = await twoOwners();
      const answers = await Promise.all([
        server.request('DELETE', memberPath(b.userId), { token: a.token }),
        server.request('PATCH', memberPath(a.userId), { token: b.token, body: { role: 'Admin' } }),
      ]);
      expect(await owners(a.teamId)).toBe(1);
      return expectOneRefused(answers, answers[0].status >= 400 ? 'userId' : 'role');
    });
  });

  it('two Owners removing each other at the same moment leave one Owner', async () => {
    await rounds(async () => {
      const [a, b] = await twoOwners();
      const answers = await Promise.all([
        server.request('DELETE', memberPath(b.userId), { token: a.token }),
        server.request('DELETE', memberPath(a.userId), { token: b.token }),
      ]);
      expect(await owners(a.teamId)).toBe(1);
      return expectOneRefused(answers, 'userId');
    });
  });

  // Over HTTP the two requests may still be judged one after the other (an embedded server runs
  // a short request to its end before it reads the next). Here both callers are authenticated
  // first, so both changes are in flight together and pass every check made before the write.
  it('judges two changes in flight together one after the other, under the team lock', async () => {
    const members = server.app.services.teamMembers;
    const actorOf = (m: Member) => server.app.services.tokens.authenticate(`Bearer ${m.token}`);
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoOwners();
      const [actorA, actorB] = await Promise.all([actorOf(a), actorOf(b)]);
      const changes =
        round % 3 === 0
          ? [members.changeRole(actorA, b.userId, { role: 'Admin' }), members.changeRole(actorB, a.userId, { role: 'Member' })]
          : round % 3 === 1
            ? [members.remove(actorA, b.userId), members.changeRole(actorB, a.userId, { role: 'Admin' })]
            : [members.remove(actorA, b.userId), members.remove(actorB, a.userId)];
      const outcomes = await Promise.allSettled(changes);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'validation', extra: { errors: [{ message: expect.stringContaining('last Owner') }] } });
      expect(await owners(a.teamId)).toBe(1);
    }
  });
});
