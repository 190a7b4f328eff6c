import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';
import { connect } from '../mcp/support.js';
import { MONITORS, expectCreated, expectOk, storedRow } from './fixtures.js';

/**
 * Contract-2 rule 18, by the attacks of the issue: a Member who may edit a monitor holding a
 * credential can neither send that credential with another request, nor read through the runs
 * what it protects, nor read it back piece by piece through a target that echoes it.
 */

const TOKEN = 'SuperSecretPassword-4711';
const BASIC_USER = 'robot';
const BASIC_SECRET = 'Open:Sesame/Passw0rd+%';

interface Hit {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A target that answers every request with what it was sent: its headers as JSON, each also
 * percent-encoded, and for Basic credentials the pair decoded; `/private` answers protected data.
 */
async function startEcho(): Promise<{ url: string; hits: Hit[]; close: () => Promise<void> }> {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ method: request.method!, path: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(200, { 'content-type': 'application/json', 'x-echo': encodeURIComponent(request.headers.authorization ?? '') });
      if (request.url === '/private') {
        response.end(JSON.stringify({ account: { iban: 'DE89370400440532013000', owner: 'Private Person' } }));
        return;
      }
      const authorization = request.headers.authorization ?? '';
      const decoded = authorization.startsWith('Basic ') ? Buffer.from(authorization.slice(6), 'base64').toString() : '';
      response.end(
        JSON.stringify({
          headers: request.headers,
          percent: encodeURIComponent(authorization),
          decoded,
          decodedPercent: encodeURIComponent(decoded),
          base64: Buffer.from(authorization).toString('base64'),
        }),
      );
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let server: TestServer;
let admin: Member;
let member: Member;
let echo: Awaited<ReturnType<typeof startEcho>>;

beforeAll(async () => {
  echo = await startEcho();
  server = await startServer({ LOOKOUT_REGIONS: 'us-east' }, { checks: { retryDelayMs: 50 } });
  admin = await server.newTeam('Admin');
  member = await server.addMember(admin.teamId, 'Member');
});
afterAll(async () => {
  await server?.close();
  await echo?.close();
});

const request = (method: string, path: string, body: unknown, who: Member) => server.request(method, path, { token: who.token, body });
const runsOf = async (id: string, who: Member) => (await server.read(`${MONITORS}/${id}/runs`, who.token)).data as any[];

async function create(who: Member, fields: Record<string, unknown>) {
  return expectCreated(
    await request(
      'POST',
      MONITORS,
      {
        type: 'http',
        name: 'Private API',
        intervalSeconds: 3600,
        timeoutSeconds: 5,
        regions: ['us-east'],
        method: 'GET',
        expectedStatus: 200,
        ...fields,
      },
      who,
    ),
  );
}

/** The newest run once there are more than `seen` (a monitor is checked at once when created, or when its interval changes). */
async function runAfter(id: string, seen: number): Promise<any> {
  return eventually(async () => {
    const runs = await runsOf(id, admin);
    return runs.length > seen && runs[0];
  });
}

/** Check now (as an Admin, so the Member's budget is not spent; once a minute per monitor), then wait for that run. */
async function checkNow(id: string): Promise<any> {
  await runAfter(id, 0); // the check made at creation, so that the one counted next is Check now's
  const seen = (await runsOf(id, admin)).length;
  expect((await request('POST', `${MONITORS}/${id}/check`, undefined, admin)).status).toBe(202);
  return runAfter(id, seen);
}

/** A change of interval has the monitor checked at once: a second check within the minute of Check now's lock. */
async function recheck(id: string, intervalSeconds: number, more: Record<string, unknown> = {}): Promise<any> {
  await runAfter(id, 0);
  const seen = (await runsOf(id, admin)).length;
  expectOk(await request('PATCH', `${MONITORS}/${id}`, { intervalSeconds, ...more }, admin));
  return runAfter(id, seen);
}

function expectAuthNeeded(answer: { status: number; body: any }, changed: RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.type).toBe('http://lookout.test/errors/validation');
  expect(answer.body.errors.map((e: any) => e.field)).toEqual(['auth']);
  expect(answer.body.errors[0].message).toMatch(/must be sent again/);
  expect(answer.body.errors[0].message).toMatch(changed);
}

describe('a credential is bound to its request', () => {
  it('a Member cannot change method, path or body of a monitor with a stored bearer token without sending it again', async () => {
    const monitor = await create(member, { url: `${echo.url}/health`, auth: { type: 'bearer', secret: TOKEN } });
    const before = await storedRow(server, monitor.id);
    const patch = (body: Record<string, unknown>) => request('PATCH', `${MONITORS}/${monitor.id}`, body, member);

    // The attack of the issue: the stored token sent with DELETE to an admin endpoint.
    expectAuthNeeded(await patch({ method: 'DELETE', url: `${echo.url}/api/v1/admin/users/1` }), /url, method/);
    expectAuthNeeded(await patch({ url: `${echo.url}/api/v1/admin/users/1` }), /when url changes/);
    expectAuthNeeded(await patch({ method: 'POST', body: '{"role":"admin"}' }), /method, body/);
    expectAuthNeeded(await patch({ url: `${echo.url}/health?x=1` }), /url/);
    expectAuthNeeded(await patch({ headers: [{ name: 'X-Act-As', value: 'root' }] }), /headers/);
    expectAuthNeeded(await patch({ followRedirects: true }), /followRedirects/);
    expectAuthNeeded(await patch({ assertions: [{ source: 'body', op: 'matches', value: 'Bearer (.{10})' }] }), /assertions/);
    // Every failing field is listed: the secret's with the others.
    const both = await patch({ url: `${echo.url}/other`, name: '' });
    expect(both.status).toBe(400);
    expect(both.body.errors.map((e: any) => e.field).sort()).toEqual(['auth', 'name']);
    // Over MCP, the same rule.
    const mcp = await connect(server, member.token);
    const viaMcp = await mcp.call('update_monitor', { monitorId: monitor.id, method: 'DELETE' });
    await mcp.close();
    expect(viaMcp.isError).toBe(true);
    expect(JSON.stringify(viaMcp.structuredContent)).toMatch(/"field":"auth"/);

    expect(await storedRow(server, monitor.id)).toMatchObject({
      url: before!.url,
      method: 'GET',
      request_body: null,
      auth_secret: before!.auth_secret,
      updated_at: before!.updated_at,
    });
    await checkNow(monitor.id);
    // The target only ever saw the token with the request it was given for.
    const withToken = echo.hits.filter((hit) => hit.headers.authorization === `Bearer ${TOKEN}`);
    expect(withToken.length).toBeGreaterThan(0);
    for (const hit of withToken) expect(hit).toMatchObject({ method: 'GET', path: '/health', body: '' });
    expect(echo.hits.some((hit) => hit.path.startsWith('/api/v1/admin'))).toBe(false);
  });

  it('needs no secret for a field sent with its unchanged value, and takes the change with the secret or null', async () => {
    const monitor = await create(member, {
      url: `${echo.url}/same`,
      auth: { type: 'bearer', secret: TOKEN },
      headers: [{ name: 'Accept', value: 'application/json' }],
      assertions: [{ source: 'json', path: '$.headers.accept', op: 'eq', value: 'application/json' }],
    });
    const patch = (body: Record<string, unknown>) => request('PATCH', `${MONITORS}/${monitor.id}`, body, member);
    const same = expectOk(
      await patch({
        url: monitor.url,
        method: 'GET',
        headers: monitor.headers,
        body: null,
        followRedirects: false,
        // The stored form has its severity filled in; sent without it, it is the same list.
        assertions: [{ source: 'json', path: '$.headers.accept', op: 'eq', value: 'application/json' }],
        name: 'Renamed',
      }),
    );
    expect(same).toMatchObject({ name: 'Renamed', auth: { type: 'bearer', secretSet: true } });

    const moved = expectOk(await patch({ url: `${echo.url}/moved`, method: 'POST', body: 'x', auth: { type: 'bearer', secret: TOKEN } }));
    expect(moved).toMatchObject({ url: `${echo.url}/moved`, method: 'POST', auth: { secretSet: true } });
    await checkNow(monitor.id);
    expect(echo.hits.filter((hit) => hit.path === '/moved').every((hit) => hit.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);

    const cleared = expectOk(await patch({ url: `${echo.url}/cleared`, auth: null }));
    expect(cleared.auth).toBeNull();
    await recheck(monitor.id, 3500);
    const hits = echo.hits.filter((hit) => hit.path === '/cleared');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.headers.authorization).toBeUndefined();
  });

  it('shows what a check read with credentials to Admins and Owners only, also after the credentials are removed', async () => {
    const monitor = await create(admin, {
      url: `${echo.url}/private`,
      auth: { type: 'bearer', secret: TOKEN },
      assertions: [
        { source: 'json', path: '$.account.iban', op: 'exists' },
        { source: 'json', path: '$.account.owner', op: 'eq', value: 'nobody', severity: 'degraded' },
        { source: 'json', path: '$.account.iban', op: 'eq', value: 'nothing' },
      ],
    });
    const run = await runAfter(monitor.id, 0);
    expect(run.error.code).toBe('assertion-failed');

    const seen = async (who: Member) => (await runsOf(monitor.id, who)).find((r: any) => r.id === run.id);
    const byAdmin = await seen(admin);
    expect(byAdmin.textsWithheld).toBe(false);
    expect(byAdmin.assertions[0].actual).toContain('DE89370400440532013000');
    expect(byAdmin.warnings.join()).toContain('Private Person');
    expect(byAdmin.error.message).toContain('DE89370400440532013000');

    const byMember = await seen(member);
    expect(byMember.textsWithheld).toBe(true);
    expect(byMember.assertions).toEqual([
      { index: 0, ok: true, actual: null },
      { index: 1, ok: false, actual: null },
      { index: 2, ok: false, actual: null },
    ]);
    expect(byMember.warnings).toEqual(['assertion 2: failed (what it read is shown to Admins and Owners only)']);
    expect(byMember.error).toEqual({ code: 'assertion-failed', message: 'assertion 3: failed (what it read is shown to Admins and Owners only)' });
    const mcp = await connect(server, member.token);
    const viaMcp = JSON.stringify(await mcp.call('list_monitor_runs', { monitorId: monitor.id }));
    await mcp.close();
    expect(viaMcp).toContain('textsWithheld');
    expect(viaMcp).not.toContain('DE8937');
    expect(viaMcp).not.toContain('Private Person');

    // Removing the credentials does not open the runs they read.
    expectOk(await request('PATCH', `${MONITORS}/${monitor.id}`, { auth: null }, member));
    const afterRemoval = JSON.stringify(await runsOf(monitor.id, member));
    expect(afterRemoval).not.toContain('DE8937');
    expect(afterRemoval).not.toContain('Private Person');
    const fresh = await recheck(monitor.id, 3500);
    expect((await seen(member)).textsWithheld).toBe(true);
    // Read without credentials, on a monitor that holds none: anyone sees it.
    const freshByMember = (await runsOf(monitor.id, member)).find((r: any) => r.id === fresh.id);
    expect(freshByMember.textsWithheld).toBe(false);
  });
});

/** Every run of 8 characters of each form a target may echo a secret in. */
function leakRuns(secret: string, user?: string): string[] {
  const forms = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64'), JSON.stringify(secret).slice(1, -1)];
  if (user !== undefined) {
    const pair = `${user}:${secret}`;
    forms.push(Buffer.from(pair).toString('base64'), Buffer.from(`Basic ${Buffer.from(pair).toString('base64')}`).toString('base64'));
  }
  const runs = new Set<string>();
  for (const form of forms) for (let i = 0; i + 8 <= form.length; i++) runs.add(form.slice(i, i + 8));
  return [...runs];
}

function expectNoLeak(text: string, runs: string[]) {
  const found = runs.filter((run) => text.includes(run));
  expect(found, `leaked: ${found.join(' | ')}`).toEqual([]);
}

describe('a target that echoes the credential', () => {
  it('gives nobody any 8 characters of a bearer token, in any form, through matches patterns, actual values, warnings and errors', async () => {
    const monitor = await create(admin, {
      url: `${echo.url}/echo`,
      auth: { type: 'bearer', secret: TOKEN },
      assertions: [
        { source: 'body', op: 'matches', value: 'Bearer (.{11})' },
        { source: 'body', op: 'notMatches', value: 'Bearer S[a-zA-Z]+', severity: 'degraded' },
        { source: 'body', op: 'notMatches', value: '"percent":"[^"]{20}' },
        { source: 'header', name: 'x-echo', op: 'eq', value: 'nothing', severity: 'degraded' },
        { source: 'json', path: '$.base64', op: 'eq', value: 'x' },
        { source: 'json', path: '$.headers', op: 'exists' },
      ],
    });
    const run = await runAfter(monitor.id, 0);
    expect(run.error.code).toBe('assertion-failed');
    expect(run.warnings.length).toBe(2);
    const runs = leakRuns(TOKEN);
    for (const who of [admin, member]) {
      expectNoLeak(JSON.stringify(await runsOf(monitor.id, who)), runs);
      expectNoLeak(JSON.stringify(await server.read(`${MONITORS}/${monitor.id}`, who.token)), runs);
    }
    // The admin sees where it was, blanked.
    expect(JSON.stringify(await runsOf(monitor.id, admin))).toContain('[secret]');
    expectNoLeak(server.logs(), runs);
  });

  it('blanks HTTP Basic credentials as base64 of user:secret, percent-encoded and decoded', async () => {
    const monitor = await create(admin, {
      url: `${echo.url}/basic`,
      auth: { type: 'basic', username: BASIC_USER, secret: BASIC_SECRET },
      assertions: [
        { source: 'body', op: 'matches', value: 'Basic ([A-Za-z0-9+/=]{20})' },
        { source: 'body', op: 'notMatches', value: '"decoded":"[^"]+' },
        { source: 'body', op: 'notMatches', value: '"decodedPercent":"[^"]+', severity: 'degraded' },
        { source: 'header', name: 'x-echo', op: 'eq', value: 'nothing' },
        { source: 'json', path: '$.decoded', op: 'eq', value: 'x' },
      ],
    });
    const run = await runAfter(monitor.id, 0);
    expect(run.error.code).toBe('assertion-failed');
    const runs = leakRuns(BASIC_SECRET, BASIC_USER);
    for (const who of [admin, member]) expectNoLeak(JSON.stringify(await runsOf(monitor.id, who)), runs);
    expect(JSON.stringify(await runsOf(monitor.id, admin))).toContain('[secret]');
    expectNoLeak(server.logs(), runs);
  });
});
