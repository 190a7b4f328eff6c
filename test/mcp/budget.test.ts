import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const MONITOR = {
  type: 'http',
  name: 'Made in a batch',
  intervalSeconds: 60,
  timeoutSeconds: 5,
  regions: ['us-east'],
  url: 'http://127.0.0.1:9/',
  method: 'GET',
  expectedStatus: 200,
};

let nextId = 0;
const message = (method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id: ++nextId, method, ...(params && { params }) });
const pings = (count: number) => Array.from({ length: count }, () => message('ping'));
const createMonitor = () => message('tools/call', { name: 'create_monitor', arguments: MONITOR });

/** Raw JSON-RPC over HTTP, as any client may send it, batches included. */
function post(member: Member, body: unknown) {
  return server.request('POST', '/mcp', { token: member.token, headers: { accept: 'application/json, text/event-stream' }, body });
}

const remaining = (answer: { headers: Headers }) => Number(answer.headers.get('ratelimit-remaining'));

describe('the MCP budget', () => {
  it('spends one unit per JSON-RPC message of a batch', async () => {
    const member = await server.newTeam('Member');
    const batch = Array.from({ length: 20 }, (_, i) => message(i % 2 === 0 ? 'tools/list' : 'ping'));
    const answer = await post(member, batch);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(20);
    expect(answer.body.every((reply: any) => reply.result !== undefined)).toBe(true);
    expect(answer.headers.get('ratelimit-limit')).toBe('300');
    expect(remaining(answer)).toBe(280);
    // A single message spends one, as before; a batch of notifications spends one per message too.
    expect(remaining(await post(member, message('ping')))).toBe(279);
    const notes = await post(
      member,
      Array.from({ length: 5 }, () => ({ jsonrpc: '2.0', method: 'notifications/initialized' })),
    );
    expect(notes.status).toBe(202);
    expect(remaining(notes)).toBe(274);
    // REST shares the same budget.
    expect(remaining(await server.request('GET', '/api/v1/teams/current', { token: member.token }))).toBe(273);
  });

  it('refuses a batch larger than what is left whole: 429, nothing runs, nothing is spent', async () => {
    const member = await server.newTeam('Member');
    expect(remaining(await post(member, pings(100)))).toBe(200);
    expect(remaining(await post(member, pings(100)))).toBe(100);
    expect(remaining(await post(member, pings(20)))).toBe(80);

    const refused = await post(member, [...pings(80), createMonitor()]);
    expectProblem(refused, 429, 'rate-limited', '/mcp');
    expect(refused.body.detail).toMatch(/needs 81 .* 80 are left/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(remaining(refused)).toBe(80);
    const listed = await server.request('GET', '/api/v1/monitors', { token: member.token });
    expect(listed.body.data).toEqual([]);
    expect(remaining(listed)).toBe(79);

    // What is left can still be spent, by a batch that fits exactly.
    const fits = await post(member, [...pings(78), createMonitor()]);
    expect(fits.status).toBe(200);
    expect(remaining(fits)).toBe(0);
    const created = fits.body.find((reply: any) => reply.result?.structuredContent?.name === MONITOR.name);
    expect(created?.result.isError).toBeUndefined();
    expectProblem(await post(member, message('ping')), 429, 'rate-limited', '/mcp');
  });
});
