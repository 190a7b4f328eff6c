import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { connect, type McpSession } from '../mcp/support.js';
import { MONITORS, expectCreated, expectOk, storedRow } from './fixtures.js';

/**
 * Stored credentials follow their origin: moving an HTTP monitor to another scheme, host or port
 * needs a new `auth` or `auth: null` in the same PATCH, so a Member cannot point the next check
 * (or Check now) at a listener of their own and receive the secret. Rule 18 of contract-2 binds
 * them tighter (any change of the request, see credential-binding.test.ts); what is here still holds.
 */

const FIRST = 'first-bearer-secret-0123456789';
const SECOND = 'second-bearer-secret-9876543210';

let server: TestServer;
let owner: Member;
let member: Member;
let a: Target;
let b: Target;

beforeAll(async () => {
  [a, b] = await Promise.all([startTarget(), startTarget()]);
  server = await startServer({ LOOKOUT_REGIONS: 'us-east' }, { checks: { retryDelayMs: 50 } });
  owner = await server.newTeam('Owner');
  member = await server.addMember(owner.teamId, 'Member');
});
afterAll(async () => {
  await server?.close();
  await Promise.all([a?.close(), b?.close()]);
});

const request = (method: string, path: string, body?: unknown, who = member) => server.request(method, path, { token: who.token, body });

async function createWithAuth(url: string, extra: Record<string, unknown> = {}) {
  return expectCreated(
    await request('POST', MONITORS, {
      type: 'http',
      name: 'Private API',
      intervalSeconds: 3600,
      timeoutSeconds: 5,
      regions: ['us-east'],
      url,
      method: 'GET',
      expectedStatus: 200,
      auth: { type: 'bearer', secret: FIRST },
      ...extra,
    }),
  );
}

const runsOf = async (id: string) => (await server.read(`${MONITORS}/${id}/runs`, member.token)).data as any[];
const hitsAt = (target: Target, path: string) => target.hits.filter((h) => h.path === path);

/** Check now, then wait for its run: the target has been asked by then. */
async function checkNow(id: string) {
  expect((await request('POST', `${MONITORS}/${id}/check`)).status).toBe(202);
  await eventually(async () => (await runsOf(id)).some((run) => run.trigger === 'manual'));
}

function expectAuthError(answer: { status: number; body: any }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.type).toBe('http://lookout.test/errors/validation');
  expect(answer.body.errors.map((e: any) => e.field)).toEqual(['auth']);
  expect(answer.body.errors[0].message).toMatch(/must be sent again .* when url changes/);
}

describe('PATCH url to another origin with credentials stored', () => {
  it('is 400 on auth without `auth` in the body, and leaves the monitor as it was', async () => {
    const monitor = await createWithAuth(`${a.url}/refused`);
    await eventually(async () => (await runsOf(monitor.id)).length > 0 && (await server.read(`${MONITORS}/${monitor.id}`, member.token)).status === 'up');
    const before = await storedRow(server, monitor.id);

    expectAuthError(await request('PATCH', `${MONITORS}/${monitor.id}`, { url: `${b.url}/refused` }));
    expectAuthError(await request('PATCH', `${MONITORS}/${monitor.id}`, { url: `${b.url}/refused`, name: 'Moved', expectedStatus: 204 }));

    expect(await storedRow(server, monitor.id)).toMatchObject({
      url: before!.url,
      name: before!.name,
      expected_status: 200,
      auth_secret: before!.auth_secret,
      updated_at: before!.updated_at,
    });
    await checkNow(monitor.id);
    expect(hitsAt(b, '/refused')).toEqual([]);
    expect(hitsAt(a, '/refused').every((h) => h.headers.authorization === `Bearer ${FIRST}`)).toBe(true);
  });

  it('with auth: null moves the monitor and Check now reaches the new origin without any credential', async () => {
    const monitor = await createWithAuth(`${a.url}/cleared`);
    const moved = expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { url: `${b.url}/cleared`, auth: null }));
    expect(moved).toMatchObject({ url: `${b.url}/cleared`, auth: null });
    expect((await storedRow(server, monitor.id))?.auth_secret).toBeNull();

    await checkNow(monitor.id);
    const hits = hitsAt(b, '/cleared');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.headers.authorization).toBeUndefined();
  });

  it('with a new auth value sends only the new credential to the new origin', async () => {
    const monitor = await createWithAuth(`${a.url}/replaced`);
    const moved = expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { url: `${b.url}/replaced`, auth: { type: 'bearer', secret: SECOND } }));
    expect(moved.auth).toEqual({ type: 'bearer', username: null, headerName: null, secretSet: true });

    await checkNow(monitor.id);
    const hits = hitsAt(b, '/replaced');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.headers.authorization).toBe(`Bearer ${SECOND}`);
    expect(JSON.stringify(b.hits)).not.toContain(FIRST);
  });

  it('keeps the credentials on a change within the same origin when they are sent again', async () => {
    const monitor = await createWithAuth(`${a.url}/same`);
    expectAuthError(await request('PATCH', `${MONITORS}/${monitor.id}`, { url: `${a.url}/same-other?x=1` }));
    const moved = expectOk(
      await request('PATCH', `${MONITORS}/${monitor.id}`, {
        url: `${a.url.replace('http:', 'HTTP:')}/same-other?x=1`,
        auth: { type: 'bearer', secret: FIRST },
      }),
    );
    expect(moved.auth).toMatchObject({ type: 'bearer', secretSet: true });

    await checkNow(monitor.id);
    const hits = hitsAt(a, '/same-other?x=1');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.headers.authorization).toBe(`Bearer ${FIRST}`);
  });

  it('refuses any other url without auth, and takes the same url as it is', async () => {
    // A region this server does not check: these URLs are never requested.
    const elsewhere = { regions: ['eu-west'] };
    const monitor = await createWithAuth('https://api.example.com/v1', elsewhere);
    const patch = (url: string) => request('PATCH', `${MONITORS}/${monitor.id}`, { url });

    expectOk(await patch('https://api.example.com/v1'));
    for (const url of [
      'https://API.Example.com:443/v2',
      'http://api.example.com/v1',
      'https://api.example.com:8443/v1',
      'https://evil.example.com/v1',
      'https://api.example.com.evil.test/v1',
    ]) {
      expectAuthError(await patch(url));
    }
  });

  it('does not apply without stored credentials, nor to an invalid url (reported on url)', async () => {
    const bare = expectCreated(
      await request('POST', MONITORS, {
        type: 'http',
        name: 'Public',
        intervalSeconds: 3600,
        timeoutSeconds: 5,
        regions: ['eu-west'],
        url: 'https://api.example.com/',
        method: 'GET',
        expectedStatus: 200,
      }),
    );
    expectOk(await request('PATCH', `${MONITORS}/${bare.id}`, { url: 'https://other.example.com/' }));

    const withAuth = await createWithAuth('https://api.example.com/', { regions: ['eu-west'] });
    const invalid = await request('PATCH', `${MONITORS}/${withAuth.id}`, { url: 'ftp://other.example.com/' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: any) => e.field)).toEqual(['url']);
  });
});

describe('redirects', () => {
  it('are not followed, so credentials never reach the origin a redirect names', async () => {
    const redirector = http.createServer((_req, res) => res.writeHead(302, { Location: `${b.url}/redirected` }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirector.address() as AddressInfo;
      const monitor = await createWithAuth(`http://127.0.0.1:${port}/start`);
      const [run] = await eventually(async () => {
        const runs = await runsOf(monitor.id);
        return runs.length > 0 && runs;
      });
      expect(run).toMatchObject({ ok: false, statusCode: 302, error: { code: 'status-mismatch' } });
      expect(hitsAt(b, '/redirected')).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });
});

describe('update_monitor (MCP)', () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await connect(server, member);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it('applies the same rule: another origin without auth is refused on auth, with auth: null it moves', async () => {
    const monitor = await createWithAuth(`${a.url}/mcp`, { regions: ['eu-west'] });

    const refused = await mcp.call('update_monitor', { monitorId: monitor.id, url: `${b.url}/mcp` });
    expect(refused.isError).toBe(true);
    const problem = refused.structuredContent as any;
    expect(problem.type).toBe('http://lookout.test/errors/validation');
    expect(problem.errors.map((e: any) => e.field)).toEqual(['auth']);
    expect((await storedRow(server, monitor.id))?.url).toBe(`${a.url}/mcp`);

    const moved = await mcp.call('update_monitor', { monitorId: monitor.id, url: `${b.url}/mcp`, auth: null });
    expect(moved.isError).toBeFalsy();
    expect(moved.structuredContent).toMatchObject({ url: `${b.url}/mcp`, auth: null });
  });
});
