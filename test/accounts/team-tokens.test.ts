import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member;
let admin: Member;
let member: Member;
let stranger: Member;

const TOKENS = '/api/v1/teams/current/tokens';

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
  admin = await server.addMember(owner.teamId, 'Admin');
  member = await server.addMember(owner.teamId, 'Member');
  stranger = await server.newTeam('Owner');
});
afterAll(() => server.close());

const works = async (token: string) => (await server.request('GET', '/api/v1/teams/current', { token })).status;

describe('every member’s tokens, for Admins and Owners', () => {
  it('lists every member’s active tokens of the team, without secrets', async () => {
    const made = await server.request('POST', '/api/v1/tokens', { token: member.token, body: { name: 'deploy', expiresInDays: 7 } });
    expect(made.status).toBe(201);
    await works(member.token); // a last use to show

    for (const who of [admin, owner]) {
      const answer = await server.request('GET', TOKENS, { token: who.token });
      expect(answer.status).toBe(200);
      const ids = answer.body.data.map((t: { id: string }) => t.id);
      expect(ids).toEqual(expect.arrayContaining([owner.tokenId, admin.tokenId, member.tokenId, made.body.id]));
      expect(ids).not.toContain(stranger.tokenId);
      expect(answer.body.data.find((t: { id: string }) => t.id === made.body.id)).toEqual({
        id: made.body.id,
        name: 'deploy',
        userId: member.userId,
        email: member.email,
        role: 'Member',
        createdAt: made.body.createdAt,
        expiresAt: made.body.expiresAt,
        lastUsedAt: null,
        parentId: member.tokenId,
      });
      expect(answer.body.data.find((t: { id: string }) => t.id === member.tokenId)).toMatchObject({ parentId: null, lastUsedAt: expect.stringMatching(/Z$/) });
      for (const secret of [owner.token, admin.token, member.token, made.body.token]) expect(answer.text).not.toContain(secret);
      expect(answer.text).not.toMatch(/lkt_|token_hash|tokenHash/);
    }
  });

  it('refuses Members both the list and revocation', async () => {
    expectProblem(await server.request('GET', TOKENS, { token: member.token }), 403, 'forbidden', TOKENS);
    const path = `${TOKENS}/${admin.tokenId}`;
    expectProblem(await server.request('DELETE', path, { token: member.token }), 403, 'forbidden', path);
    expect(await works(admin.token)).toBe(200);
  });

  it('lets an Admin revoke any member’s token with the tokens made from it; other ids are not found', async () => {
    const victim = await server.addMember(owner.teamId, 'Member');
    const child = (await server.request('POST', '/api/v1/tokens', { token: victim.token, body: { name: 'child' } })).body;
    const path = `${TOKENS}/${victim.tokenId}`;
    expect((await server.request('DELETE', path, { token: admin.token })).status).toBe(204);
    expect(await works(victim.token)).toBe(401);
    expect(await works(child.token)).toBe(401);
    const listed = (await server.request('GET', TOKENS, { token: admin.token })).body.data.map((t: { id: string }) => t.id);
    expect(listed).not.toContain(victim.tokenId);
    expect(listed).not.toContain(child.id);
    expectProblem(await server.request('DELETE', path, { token: admin.token }), 404, 'not-found', path);

    // Another team's token: not found, and it keeps working.
    const foreign = `${TOKENS}/${stranger.tokenId}`;
    expectProblem(await server.request('DELETE', foreign, { token: owner.token }), 404, 'not-found', foreign);
    expect(await works(stranger.token)).toBe(200);
    expectProblem(await server.request('DELETE', `${TOKENS}/not-a-uuid`, { token: owner.token }), 404, 'not-found', `${TOKENS}/not-a-uuid`);

    // An Owner's token too (Admins oversee every member's tokens).
    const ownerToken = await server.app.services.tokens.create({ teamId: owner.teamId, userId: owner.userId, name: 'owner extra' });
    expect((await server.request('DELETE', `${TOKENS}/${ownerToken.id}`, { token: admin.token })).status).toBe(204);
    expect(await works(ownerToken.token)).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    expect(doc.paths[TOKENS].get.operationId).toBe('listTeamTokens');
    expect(doc.paths[`${TOKENS}/{id}`].delete.operationId).toBe('revokeTeamToken');
  });
});
