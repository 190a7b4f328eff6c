import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { passwordWork } from '../../src/domain/passwords.js';
import { AUTH_FAILURES_PER_MINUTE } from '../../src/domain/access.js';
import { expectProblem, startServer, type TestServer } from '../helpers/server.js';
import { PASSWORD, addPerson, newPersonTeam } from '../dashboard/support.js';

const junk = (i: number) => ({ authorization: `Bearer lkt_${String(i).padStart(43, 'x')}` });

/** Spends the failed-authentication allowance of an address with well-formed tokens that name nothing. */
async function failFromAddress(server: TestServer, headers: Record<string, string> = {}): Promise<void> {
  for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) {
    const answer = await server.request('GET', '/api/v1/teams/current', { headers: { ...headers, ...junk(i) } });
    expect(answer.status).toBe(401);
  }
}

describe('the failed-authentication throttle', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('refuses only failing requests: a valid token from the same address still gets in', async () => {
    const member = await server.newTeam('Member');
    await failFromAddress(server);
    const valid = await server.request('GET', '/api/v1/teams/current', { token: member.token });
    expect(valid.status).toBe(200);
    expect(valid.body.id).toBe(member.teamId);
    // A further junk token is now slowed down instead of judged.
    const throttled = await server.request('GET', '/api/v1/teams/current', { headers: junk(999) });
    expectProblem(throttled, 429, 'rate-limited', '/api/v1/teams/current');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // So is a missing credential, and over MCP too.
    expectProblem(await server.request('GET', '/api/v1/monitors'), 429, 'rate-limited', '/api/v1/monitors');
    const mcp = await server.request('POST', '/mcp', {
      headers: { ...junk(1000), accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    });
    expectProblem(mcp, 429, 'rate-limited', '/mcp');
    // A valid token keeps working, over REST and MCP, while the address stays throttled.
    expect((await server.request('GET', '/api/v1/monitors', { token: member.token })).status).toBe(200);
    const ping = await server.request('POST', '/mcp', {
      token: member.token,
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    });
    expect(ping.status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('without it, X-Forwarded-For is ignored: the connecting address is throttled', async () => {
    const server = await startServer();
    try {
      await failFromAddress(server, { 'x-forwarded-for': '203.0.113.7' });
      const other = await server.request('GET', '/api/v1/teams/current', { headers: { ...junk(1), 'x-forwarded-for': '203.0.113.8' } });
      expectProblem(other, 429, 'rate-limited', '/api/v1/teams/current');
    } finally {
      await server.close();
    }
  });

  it('with the proxy trusted, X-Forwarded-For decides which address is throttled', async () => {
    const server = await startServer({ TRUST_PROXY: '127.0.0.0/8, ::1' });
    try {
      await failFromAddress(server, { 'x-forwarded-for': '203.0.113.7' });
      const same = await server.request('GET', '/api/v1/teams/current', { headers: { ...junk(1), 'x-forwarded-for': '203.0.113.7' } });
      expectProblem(same, 429, 'rate-limited', '/api/v1/teams/current');
      const other = await server.request('GET', '/api/v1/teams/current', { headers: { ...junk(2), 'x-forwarded-for': '203.0.113.8' } });
      expectProblem(other, 401, 'unauthorized', '/api/v1/teams/current');
      // An address added by a client in front of the trusted proxy is not believed: the proxy's
      // own entry (the right-most) is the client.
      const spoofed = await server.request('GET', '/api/v1/teams/current', { headers: { ...junk(3), 'x-forwarded-for': '198.51.100.1, 203.0.113.7' } });
      expectProblem(spoofed, 429, 'rate-limited', '/api/v1/teams/current');
    } finally {
      await server.close();
    }
  });

  it('a hop count trusts that many proxies nearest to the server', async () => {
    const server = await startServer({ TRUST_PROXY: '1' });
    try {
      const person = await newPersonTeam(server, 'Owner');
      const answer = await server.request('POST', '/api/v1/session', {
        headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' },
        body: { email: person.email, password: PASSWORD },
      });
      expect(answer.status).toBe(200);
      // The session records the address it was opened from.
      const rows = await server.app.store.db.selectFrom('sessions').select('ip').where('user_id', '=', person.userId).execute();
      expect(rows.map((r) => r.ip)).toEqual(['203.0.113.9']);
    } finally {
      await server.close();
    }
  });

  it('accepts true, a hop count or a list of addresses/CIDRs, and names a bad value', () => {
    const base = { DATABASE_URL: 'file:./x.db' };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8']);
    for (const bad of ['yes', '10.0.0.0/33', 'fd00::/129', '10.0.0.1,,10.0.0.2', 'proxy.example', '0', '10.0.0.0/8/1', '-1']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('sign-in limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('are spent before the password is checked: of 30 parallel guesses only 10 are judged, and no hash is computed for the rest', async () => {
    const owner = await newPersonTeam(server, 'Owner');
    const person = await addPerson(server, owner.teamId, 'Member');
    const before = passwordWork.started;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => server.request('POST', '/api/v1/session', { body: { email: person.email, password: `guess number ${i}` } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(passwordWork.started - before).toBe(10);
    // Limited, even the right password is not judged (and costs no hash).
    const right = await server.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } });
    expectProblem(right, 429, 'rate-limited', '/api/v1/session');
    expect(passwordWork.started - before).toBe(10);
  });

  it('give their points back when the password is right: signing in often is not throttled', async () => {
    const person = await newPersonTeam(server, 'Owner');
    for (let i = 0; i < 12; i++) {
      expect((await server.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } })).status).toBe(200);
    }
  });

  it('run at most 4 password hashes at once; the rest wait their turn', async () => {
    const owner = await newPersonTeam(server, 'Owner');
    const people = await Promise.all(Array.from({ length: 9 }, () => addPerson(server, owner.teamId, 'Member')));
    passwordWork.resetPeak();
    let sawWaiting = 0;
    const watching = setInterval(() => (sawWaiting = Math.max(sawWaiting, passwordWork.waiting)), 1);
    try {
      const answers = await Promise.all(
        people.map((person) => server.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } })),
      );
      expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    } finally {
      clearInterval(watching);
    }
    expect(passwordWork.peak).toBe(4);
    expect(sawWaiting).toBeGreaterThan(0);
  });
});
