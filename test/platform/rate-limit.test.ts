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
