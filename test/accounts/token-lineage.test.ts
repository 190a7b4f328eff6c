import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
});
afterAll(() => server.close());

const DAY = 86_400_000;

async function createWith(token: string, body: Record<string, unknown>): Promise<{ id: string; token: string; expiresAt: string | null }> {
  const answer = await server.request('POST', '/api/v1/tokens', { token, body });
  if (answer.status !== 201) throw new Error(`token create answered ${answer.status}: ${answer.text}`);
  return answer.body;
}

const works = async (token: string) => (await server.request('GET', '/api/v1/teams/current', { token })).status;

describe('tokens created with tokens', () => {
  it('revoking a token revokes its children and grandchildren, not its parent or siblings', async () => {
    const parent = await createWith(owner.token, { name: 'parent' });
    const child = await createWith(parent.token, { name: 'child' });
    const grandchild = await createWith(child.token, { name: 'grandchild' });
    const sibling = await createWith(owner.token, { name: 'sibling' });
    for (const t of [parent, child, grandchild, sibling]) expect(await works(t.token)).toBe(200);

    // Revoking the middle one takes its descendants only.
    expect((await server.request('DELETE', `/api/v1/tokens/${child.id}`, { token: parent.token })).status).toBe(204);
    expect(await works(child.token)).toBe(401);
    expect(await works(grandchild.token)).toBe(401);
    expect(await works(parent.token)).toBe(200);

    const child2 = await createWith(parent.token, { name: 'child 2' });
    const grandchild2 = await createWith(child2.token, { name: 'grandchild 2' });
    // A token revoking itself (the usual leak response) takes everything it made.
    expect((await server.request('DELETE', `/api/v1/tokens/${parent.id}`, { token: parent.token })).status).toBe(204);
    for (const t of [parent, child2, grandchild2])
      expectProblem(await server.request('GET', '/api/v1/teams/current', { token: t.token }), 401, 'unauthorized', '/api/v1/teams/current');
    expect(await works(sibling.token)).toBe(200);
    expect(await works(owner.token)).toBe(200);
    // A revoked token cannot make new ones either.
    expectProblem(await server.request('POST', '/api/v1/tokens', { token: grandchild2.token, body: { name: 'x' } }), 401, 'unauthorized', '/api/v1/tokens');
  });

  it('the operator’s revocation reaches the descendants too', async () => {
    const parent = await createWith(owner.token, { name: 'ci' });
    const child = await createWith(parent.token, { name: 'ci child' });
    await server.app.services.tokens.revoke(parent.id);
    expect(await works(child.token)).toBe(401);
  });

  it('a child never outlives its parent: it takes the parent’s expiry, and a later one is refused', async () => {
    const parent = await server.app.services.tokens.create({ teamId: owner.teamId, userId: owner.userId, name: 'ten days', expiresInDays: 10 });
    const parentExpiry = new Date(parent.expiresAt!).getTime();

    for (const body of [{ name: 'unasked' }, { name: 'null', expiresInDays: null }]) {
      const child = await createWith(parent.token, body);
      expect(child.expiresAt).toBe(parent.expiresAt);
    }
    const shorter = await createWith(parent.token, { name: 'five', expiresInDays: 5 });
    expect(new Date(shorter.expiresAt!).getTime()).toBeLessThan(parentExpiry);
    expect(new Date(shorter.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 4.9 * DAY);

    const longer = await server.request('POST', '/api/v1/tokens', { token: parent.token, body: { name: 'thirty', expiresInDays: 30 } });
    expectProblem(longer, 400, 'validation', '/api/v1/tokens');
    expect(longer.body.errors).toEqual([{ field: 'expiresInDays', message: expect.stringContaining(parent.expiresAt!) }]);

    // The grandchild of a clamped child is bound by the same date.
    const clamped = await createWith(parent.token, { name: 'clamped' });
    const grandchild = await createWith(clamped.token, { name: 'grandchild' });
    expect(grandchild.expiresAt).toBe(parent.expiresAt);
    expectProblem(
      await server.request('POST', '/api/v1/tokens', { token: clamped.token, body: { name: 'eleven', expiresInDays: 11 } }),
      400,
      'validation',
      '/api/v1/tokens',
    );
  });

  it('a token without expiry may make children with any expiry, or none', async () => {
    const free = await createWith(owner.token, { name: 'forever' });
    expect((await createWith(free.token, { name: 'none' })).expiresAt).toBeNull();
    const long = await createWith(free.token, { name: 'long', expiresInDays: 3650 });
    expect(new Date(long.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 3649 * DAY);
  });
});
