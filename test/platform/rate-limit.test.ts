import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('request budget', () => {
  it('allows 300 requests a minute per token, then answers 429 with Retry-After', async () => {
    const first = await server.newTeam('Owner');
    const second = await server.addMember(first.teamId, 'Member');
    for (let i = 1; i <= 300; i++) {
      const answer = await server.request('GET', '/api/v1/teams/current', { token: first.token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe('300');
      expect(answer.headers.get('ratelimit-remaining')).toBe(String(300 - i));
      const reset = Number(answer.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const limited = await server.request('GET', '/api/v1/teams/current', { token: first.token });
    expect(limited.status).toBe(429);
    expect(limited.body.type).toBe('http://lookout.test/errors/rate-limited');
    expect(limited.body.detail).toMatch(/300 requests per minute/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');

    const other = await server.request('GET', '/api/v1/teams/current', { token: second.token });
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-remaining')).toBe('299');
  });

  it('slows down an address after 100 failed authentications a minute, but never a valid token', async () => {
    const member = await server.newTeam('Member');
    for (let i = 0; i < 100; i++) {
      const answer = await server.request('GET', '/api/v1/teams/current', { headers: { authorization: `Bearer lkt_${String(i).padStart(40, 'x')}` } });
      expect(answer.status).toBe(401);
    }
    const throttled = await server.request('GET', '/api/v1/teams/current', { headers: { authorization: 'Bearer nonsense' } });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Others failing from the same address (one office, one NAT) do not lock out a valid token.
    const valid = await server.request('GET', '/api/v1/teams/current', { token: member.token });
    expect(valid.status).toBe(200);
  });
});

describe('the request budget slides', () => {
  // The same sliding log as 300 in any 60 s, with 10 in any 3 s, so that a test crosses the edge
  // of a window in seconds.
  let short: TestServer;
  beforeAll(async () => {
    short = await startServer({}, { requestBudget: { points: 10, durationSeconds: 3 } });
  });
  afterAll(() => short?.close());

  const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  const get = (token: string) => short.request('GET', '/api/v1/teams/current', { token });
  const mcp = (token: string, messages: number) =>
    short.request('POST', '/mcp', {
      token,
      headers: { accept: 'application/json, text/event-stream' },
      body: Array.from({ length: messages }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' })),
    });
  const header = (answer: { headers: Headers }, name: string) => Number(answer.headers.get(name));

  it('REST and MCP share a budget that a burst at the end of a window cannot double across its edge; headers and Retry-After say when', async () => {
    const member = await short.newTeam('Member');
    const t0 = Date.now();
    for (let spent = 1; spent <= 4; spent++) {
      const answer = await get(member.token);
      expect(answer.status).toBe(200);
      expect(header(answer, 'ratelimit-limit')).toBe(10);
      expect(header(answer, 'ratelimit-remaining')).toBe(10 - spent);
      expect(header(answer, 'ratelimit-reset')).toBeGreaterThanOrEqual(2);
      expect(header(answer, 'ratelimit-reset')).toBeLessThanOrEqual(3);
    }
    const firstDone = Date.now();

    // Near the end of the first requests' window, an MCP batch spends the rest (one unit per message).
    await sleepUntil(t0 + 1800);
    const batchAt = Date.now();
    const batch = await mcp(member.token, 6);
    expect(batch.status).toBe(200);
    expect(header(batch, 'ratelimit-remaining')).toBe(0);
    const refused = await get(member.token);
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe('http://lookout.test/errors/rate-limited');
    expect(header(refused, 'ratelimit-remaining')).toBe(0);
    // Retry when the first requests leave the window: about 1.2 s from now.
    expect(header(refused, 'retry-after')).toBeGreaterThanOrEqual(1);
    expect(header(refused, 'retry-after')).toBeLessThanOrEqual(2);
    expect(header(refused, 'ratelimit-reset')).toBe(header(refused, 'retry-after'));
    expect((await mcp(member.token, 1)).status).toBe(429);

    // Just after the edge: only the four first requests have left. A fixed window would give all 10 back.
    await sleepUntil(firstDone + 3000 + 150);
    for (let spent = 1; spent <= 4; spent++) {
      const answer = await get(member.token);
      expect(answer.status).toBe(200);
      expect(header(answer, 'ratelimit-remaining')).toBe(4 - spent);
    }
    const edge = await get(member.token);
    expect(edge.status).toBe(429);
    expect(header(edge, 'retry-after')).toBeGreaterThanOrEqual(1);
    expect(header(edge, 'retry-after')).toBeLessThanOrEqual(2);
    // A batch larger than what is left is refused whole.
    expect((await mcp(member.token, 2)).status).toBe(429);

    // Still refused just before the batch's window ends, granted after it.
    await sleepUntil(batchAt + 2800);
    expect((await get(member.token)).status).toBe(429);
    await sleepUntil(Date.now() + 600);
    const after = await mcp(member.token, 6);
    expect(after.status).toBe(200);
    expect(header(after, 'ratelimit-remaining')).toBe(0);
  });
});
