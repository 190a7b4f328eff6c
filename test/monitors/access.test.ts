import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/vocabulary.js';
import { expectProblem, startServer, type Answer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, expectOk, httpBody, sslBody, storedRow, type Client } from './fixtures.js';

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startServer();
  owner = await client(server, 'Owner');
});

afterAll(async () => {
  await server?.close();
});

/** The problem body with `instance` taken out: what must be byte-identical between two answers. */
const withoutInstance = (answer: Answer) => answer.text.replace(/"instance":"[^"]*"/, '"instance":""');

describe('roles', () => {
  it('a Member creates, reads, patches, pauses and resumes', async () => {
    const member = await client(server, 'Member', owner.member.teamId);
    const created = expectCreated(await member.request('POST', MONITORS, httpBody()));
    expectOk(await member.request('GET', `${MONITORS}/${created.id}`));
    expectOk(await member.request('PATCH', `${MONITORS}/${created.id}`, { name: 'by a member' }));
    expect(expectOk(await member.request('POST', `${MONITORS}/${created.id}/pause`)).paused).toBe(true);
    expect(expectOk(await member.request('POST', `${MONITORS}/${created.id}/resume`)).paused).toBe(false);
  });

  it('a Member may not delete: 403, and the monitor stays', async () => {
    const member = await client(server, 'Member', owner.member.teamId);
    const { id } = expectCreated(await member.request('POST', MONITORS, httpBody()));
    const answer = await member.request('DELETE', `${MONITORS}/${id}`);
    expectProblem(answer, 403, 'forbidden', `${MONITORS}/${id}`);
    expectOk(await member.request('GET', `${MONITORS}/${id}`));
  });

  it('the 403 is decided before the monitor is looked up: unknown, foreign, deleted and malformed ids get the same answer', async () => {
    const member = await client(server, 'Member', owner.member.teamId);
    const mine = expectCreated(await member.request('POST', MONITORS, httpBody())).id;
    const deleted = expectCreated(await owner.request('POST', MONITORS, httpBody())).id;
    expect((await owner.request('DELETE', `${MONITORS}/${deleted}`)).status).toBe(204);
    const other = await client(server);
    const foreign = expectCreated(await other.request('POST', MONITORS, httpBody())).id;

    const answers = [];
    for (const id of [mine, deleted, foreign, '01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const answer = await member.request('DELETE', `${MONITORS}/${id}`, '{"malformed": ');
      expectProblem(answer, 403, 'forbidden', `${MONITORS}/${id}`);
      answers.push(withoutInstance(answer));
    }
    expect(new Set(answers).size).toBe(1);
  });

  it.each<Role>(['Admin', 'Owner'])('an %s deletes', async (role) => {
    const writer = await client(server, role, owner.member.teamId);
    const { id } = expectCreated(await writer.request('POST', MONITORS, sslBody()));
    const answer = await writer.request('DELETE', `${MONITORS}/${id}`);
    expect(answer.status).toBe(204);
    expect((await writer.request('GET', `${MONITORS}/${id}`)).status).toBe(404);
  });

  it('every monitor endpoint needs a valid token (401 before anything else)', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    for (const [method, path] of [
      ['GET', MONITORS],
      ['POST', MONITORS],
      ['GET', `${MONITORS}/${id}`],
      ['PATCH', `${MONITORS}/${id}`],
      ['DELETE', `${MONITORS}/${id}`],
      ['POST', `${MONITORS}/${id}/pause`],
      ['POST', `${MONITORS}/${id}/resume`],
    ] as const) {
      expectProblem(await server.request(method, path, method === 'GET' ? {} : { body: {} }), 401, 'unauthorized', path);
    }
    expectOk(await owner.request('GET', `${MONITORS}/${id}`));
  });
});

describe('isolation', () => {
  it("another team's id, a deleted id, an unknown id and a non-UUID give the same 404 on every endpoint, and change nothing", async () => {
    const other = await client(server);
    const foreign = expectCreated(await other.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: 'theirs' } })));
    const foreignRow = await storedRow(server, foreign.id);
    const deleted = expectCreated(await owner.request('POST', MONITORS, httpBody())).id;
    expect((await owner.request('DELETE', `${MONITORS}/${deleted}`)).status).toBe(204);

    const ids = [foreign.id, deleted, '01900000-0000-7000-8000-000000000000', 'not-a-uuid', '%20', foreign.id.toUpperCase()];
    const endpoints: Array<[string, (id: string) => string, unknown]> = [
      ['GET', (id) => `${MONITORS}/${id}`, undefined],
      ['PATCH', (id) => `${MONITORS}/${id}`, { name: 'taken over' }],
      ['PATCH', (id) => `${MONITORS}/${id}`, { name: '' }],
      ['PATCH', (id) => `${MONITORS}/${id}`, '{"malformed": '],
      ['DELETE', (id) => `${MONITORS}/${id}`, undefined],
      ['POST', (id) => `${MONITORS}/${id}/pause`, undefined],
      ['POST', (id) => `${MONITORS}/${id}/resume`, undefined],
    ];
    const bodies = new Set<string>();
    for (const [method, pathOf, body] of endpoints) {
      for (const id of ids) {
        const answer = await owner.request(method, pathOf(id), body);
        expectProblem(answer, 404, 'not-found', pathOf(id));
        bodies.add(withoutInstance(answer));
      }
    }
    expect(bodies.size).toBe(1);
    expect(await storedRow(server, foreign.id)).toEqual(foreignRow);
    expect(expectOk(await other.request('GET', `${MONITORS}/${foreign.id}`))).toEqual(foreign);
    const list = expectOk(await owner.request('GET', MONITORS));
    expect(list.data.map((m: any) => m.id)).not.toContain(foreign.id);
  });
});
