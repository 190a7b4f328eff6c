import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
});
afterAll(() => server.close());

describe('authentication', () => {
  it('answers every kind of bad credential with the same bytes', async () => {
    const revoked = await server.addMember(owner.teamId, 'Member');
    await server.app.services.tokens.revoke(revoked.tokenId);
    const expiring = await server.app.services.tokens.create({ teamId: owner.teamId, userId: owner.userId, expiresInDays: 1 });
    await server.app.store.db
      .updateTable('access_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expiring.id)
      .execute();

    const cases: Record<string, Record<string, string>> = {
      'no header': {},
      'non-Bearer scheme': { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      'malformed token': { authorization: 'Bearer lkt_short' },
      'unknown well-formed token': { authorization: `Bearer lkt_${'A'.repeat(40)}` },
      'revoked token': { authorization: `Bearer ${revoked.token}` },
      'expired token': { authorization: `Bearer ${expiring.token}` },
    };
    const bodies = new Set<string>();
    for (const [name, headers] of Object.entries(cases)) {
      const answer = await server.request('GET', '/api/v1/teams/current', { headers });
      expect(answer.status, name).toBe(401);
      expect(answer.headers.get('www-authenticate'), name).toBe('Bearer');
      expect(answer.body.type).toBe('http://lookout.test/errors/unauthorized');
      bodies.add(answer.text);
    }
    expect(bodies.size).toBe(1);

    // The same token still works before its revocation or expiry is reached.
    expect((await server.request('GET', '/api/v1/teams/current', { token: owner.token })).status).toBe(200);
  });

  it('returns the team and members of the token, and only those', async () => {
    const other = await server.newTeam('Owner');
    const admin = await server.addMember(owner.teamId, 'Admin');
    const team = await server.request('GET', '/api/v1/teams/current', { token: admin.token });
    expect(team.status).toBe(200);
    expect(team.body).toEqual({
      id: owner.teamId,
      name: expect.any(String),
      createdAt: expect.stringMatching(/Z$/),
      tokenRole: 'Admin',
      requireTwoFactor: false,
    });

    const members = await server.request('GET', '/api/v1/teams/current/members', { token: admin.token });
    const emails = members.body.data.map((m: { email: string }) => m.email);
    expect(emails).toContain(owner.email);
    expect(emails).toContain(admin.email);
    expect(emails).not.toContain(other.email);
    for (const member of members.body.data) {
      expect(Object.keys(member).sort()).toEqual(['email', 'invited', 'joinedAt', 'name', 'role', 'userId']);
      expect(new Date(member.joinedAt).toISOString()).toBe(member.joinedAt);
    }
  });

  it('records last use in memory and writes it in batches, not on every request', async () => {
    const member = await server.addMember(owner.teamId, 'Member');
    await server.request('GET', '/api/v1/teams/current', { token: member.token });
    const before = await server.app.store.db.selectFrom('access_tokens').select('last_used_at').where('id', '=', member.tokenId).executeTakeFirstOrThrow();
    expect(before.last_used_at).toBeNull();
    await server.app.services.tokens.flushLastUse();
    const after = await server.app.store.db.selectFrom('access_tokens').select('last_used_at').where('id', '=', member.tokenId).executeTakeFirstOrThrow();
    expect(after.last_used_at).toBeGreaterThan(Date.now() - 10_000);
  });

  it('never writes a token into the log', async () => {
    await server.request('GET', '/api/v1/teams/current?token=x', { token: owner.token });
    expect(server.logs()).toContain('"path":"/api/v1/teams/current"');
    expect(server.logs()).not.toContain(owner.token);
    expect(server.logs()).not.toContain(owner.token.slice(4));
  });
});
