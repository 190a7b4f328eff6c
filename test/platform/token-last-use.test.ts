import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let members: Member[] = [];
beforeAll(async () => {
  server = await startServer();
  const first = await server.newTeam('Owner');
  members = [first];
  for (let i = 0; i < 39; i++) members.push(await server.addMember(first.teamId, i % 2 ? 'Admin' : 'Member'));
});
afterAll(() => server.close());

describe('last-use times of tokens', () => {
  it('are written by concurrent token listings without a database failure', async () => {
    // Every listing writes the pending last-use times first. Many tokens used in changing orders while
    // several listings run at once made overlapping writes that deadlocked on PostgreSQL (a 500).
    for (let round = 0; round < 8; round++) {
      const order = round % 2 ? [...members].reverse() : members;
      const answers = await Promise.all([
        ...order.map((member) => server.request('GET', '/api/v1/teams/current', { token: member.token })),
        ...order.slice(0, 12).map((member) => server.request('GET', '/api/v1/tokens', { token: member.token })),
      ]);
      expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    }
    const listed = await server.read('/api/v1/tokens', members[5]!.token);
    expect(listed.data[0].lastUsedAt).not.toBeNull();
  });
});
