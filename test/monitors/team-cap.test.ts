import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, problem } from '../mcp/support.js';
import { expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ LOOKOUT_MAX_MONITORS_PER_TEAM: '3' });
});
afterAll(() => server.close());

const body = (name: string) => ({
  type: 'http',
  name,
  intervalSeconds: 60,
  timeoutSeconds: 5,
  regions: ['us-east'],
  url: 'https://example.com/',
  method: 'GET',
  expectedStatus: 200,
});
const create = (member: Member, input: unknown) => server.request('POST', '/api/v1/monitors', { token: member.token, body: input });

describe('monitors per team (LOOKOUT_MAX_MONITORS_PER_TEAM)', () => {
  it('refuses a monitor past the cap with 400 validation on the body, counts only live monitors, and caps each team on its own', async () => {
    const team = await server.newTeam('Owner');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await create(team, body(`M${i}`));
      expect(answer.status).toBe(201);
      ids.push(answer.body.id);
    }
    const refused = await create(team, body('One too many'));
    expectProblem(refused, 400, 'validation', '/api/v1/monitors');
    expect(refused.body.errors).toEqual([{ field: 'body', message: expect.stringMatching(/already has 3 monitors/) }]);
    // Nothing was created.
    expect((await server.read('/api/v1/monitors', team.token)).data).toHaveLength(3);

    // A bad body at the cap reports its own fields as well.
    const both = await create(team, { ...body('Bad'), intervalSeconds: 5 });
    expect(both.status).toBe(400);
    expect(both.body.errors.map((e: { field: string }) => e.field)).toEqual(['body', 'intervalSeconds']);

    // Paused monitors count; deleted ones do not.
    expect((await server.request('POST', `/api/v1/monitors/${ids[0]!}/pause`, { token: team.token })).status).toBe(200);
    expect((await create(team, body('Still too many'))).status).toBe(400);
    expect((await server.request('DELETE', `/api/v1/monitors/${ids[1]!}`, { token: team.token })).status).toBe(204);
    expect((await create(team, body('Room again'))).status).toBe(201);
    expect((await create(team, body('Full again'))).status).toBe(400);

    // Another team has a cap of its own.
    const other = await server.newTeam('Owner');
    expect((await create(other, body('Other team'))).status).toBe(201);
  });

  it('the same rule holds over MCP', async () => {
    const team = await server.newTeam('Owner');
    for (let i = 0; i < 3; i++) expect((await create(team, body(`M${i}`))).status).toBe(201);
    const mcp = await connect(server, team);
    try {
      const p = problem(await mcp.call('create_monitor', body('Via MCP')), 'validation');
      expect(p.errors).toEqual([{ field: 'body', message: expect.stringMatching(/already has 3 monitors/) }]);
    } finally {
      await mcp.close();
    }
    expect((await server.read('/api/v1/monitors', team.token)).data).toHaveLength(3);
  });

  it('holds when creates arrive at the same moment: never more than the cap', async () => {
    for (let round = 0; round < 3; round++) {
      const team = await server.newTeam('Owner');
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create(team, body(`Race ${round}.${i}`))));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      for (const refused of answers.filter((a) => a.status !== 201)) expectProblem(refused, 400, 'validation', '/api/v1/monitors');
      expect((await server.read('/api/v1/monitors', team.token)).data).toHaveLength(3);
    }
  });
});
