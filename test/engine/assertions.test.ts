import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../alerts/receivers.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';

/*
 * Assertions through the whole engine, on both stores: real checks against a local target, runs
 * with each assertion's outcome and the warnings, the confirming retry, degraded reasons, alerts
 * naming the assertion, redirects that keep credentials home, and a public page that shows none
 * of a monitor's assertions or headers.
 */

const API = {
  status: 'ok',
  count: 3,
  items: [{ id: 7, tags: ['x', 'y'] }],
  version: '2.4.1',
  nothing: null,
  padding: 'lorem ipsum '.repeat(500),
};

/** What the target answers on /api; tests change it. */
const state = { status: 'ok', cache: 'hit' };
const echoed: http.IncomingHttpHeaders[] = [];
const apiHeaders: http.IncomingHttpHeaders[] = [];

let target: http.Server;
let elsewhere: http.Server;
let targetUrl: string;
let elsewhereUrl: string;
let server: TestServer;
let owner: Member;
let hook: HttpReceiver;
let slack: HttpReceiver;

function listen(s: http.Server): Promise<string> {
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  target = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/redirect') {
      res.writeHead(302, { Location: '/api' }).end();
      return;
    }
    if (url.pathname === '/away') {
      res.writeHead(307, { Location: `${elsewhereUrl}/echo` }).end();
      return;
    }
    apiHeaders.push(req.headers);
    const body = JSON.stringify({ ...API, status: state.status });
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    setTimeout(
      () => {
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'X-Version': API.version,
          'X-Served-By': 'node-7',
          'X-Cache': state.cache,
          'X-Tenant-Echo': String(req.headers['x-tenant'] ?? ''),
          ...(gzip && { 'Content-Encoding': 'gzip' }),
        });
        res.end(gzip ? zlib.gzipSync(body) : body);
      },
      Number(url.searchParams.get('delay') ?? 0),
    );
  });
  elsewhere = http.createServer((req, res) => {
    echoed.push(req.headers);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
  });
  targetUrl = await listen(target);
  elsewhereUrl = await listen(elsewhere);
  hook = await startHttpReceiver();
  slack = await startHttpReceiver('/slack');
  server = await startServer(
    { LOOKOUT_REGIONS: 'us-east,eu-west', LOOKOUT_TARGET_POLICY: 'all' },
    { checks: { retryDelayMs: 100 }, alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } },
  );
  owner = await server.newTeam('Owner');
});

afterAll(async () => {
  await server?.close();
  await hook?.close();
  await slack?.close();
  target?.closeAllConnections();
  elsewhere?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
  await new Promise((resolve) => elsewhere?.close(resolve));
});

async function createMonitor(fields: Record<string, unknown>): Promise<{ id: string }> {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: { type: 'http', name: 'API', intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'], method: 'GET', expectedStatus: 200, ...fields },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string };
}

const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];
const monitorOf = async (id: string) => server.read(`/api/v1/monitors/${id}`, owner.token);
const firstRun = (id: string) => eventually(async () => (await runsOf(id))[0]);

/** One more scheduled-style check of the monitor in each region, as the scheduler would run it. */
async function checkAgain(id: string, regions = ['us-east']) {
  const before = (await runsOf(id)).length;
  for (const region of regions) {
    await server.app.services.dispatcher.enqueue({
      monitorId: id,
      region,
      trigger: 'scheduled',
      dueAt: Date.now(),
      nextDueAt: Date.now() + 60_000,
    });
  }
  await eventually(async () => (await runsOf(id)).length >= before + regions.length);
  return (await runsOf(id))[0];
}

/** Every operator of every source, each holding against /api. */
const HOLDING = [
  { source: 'body', op: 'contains', value: '"status":"ok"' },
  { source: 'body', op: 'notContains', value: 'exception' },
  { source: 'body', op: 'matches', value: '"count":\\s*\\d+' },
  { source: 'body', op: 'notMatches', value: '(?i)traceback|(a+)+$' },
  { source: 'json', path: '$.status', op: 'eq', value: 'ok' },
  { source: 'json', path: '$.status', op: 'neq', value: 'down' },
  { source: 'json', path: '$.count', op: 'lt', value: 4 },
  { source: 'json', path: '$.count', op: 'lte', value: 3 },
  { source: 'json', path: '$.count', op: 'gt', value: 2 },
  { source: 'json', path: '$.count', op: 'gte', value: 3 },
  { source: 'json', path: '$.items[0].tags', op: 'contains', value: 'y' },
  { source: 'json', path: '$.items[0].id', op: 'exists' },
  { source: 'json', path: '$.maintenance', op: 'notExists' },
  { source: 'header', name: 'Content-Type', op: 'eq', value: 'application/json' },
  { source: 'header', name: 'X-Version', op: 'contains', value: '2.4' },
  { source: 'header', name: 'x-served-by', op: 'matches', value: '^node-\\d+$' },
  { source: 'header', name: 'X-Served-By', op: 'exists' },
  { source: 'header', name: 'X-Debug', op: 'notExists' },
  { source: 'responseTime', op: 'lt', value: 5000 },
  { source: 'responseTime', op: 'lte', value: 5000 },
];

/** The same operators, each failing against /api?delay=40. */
const FAILING = [
  { source: 'body', op: 'contains', value: 'nope' },
  { source: 'body', op: 'notContains', value: '"status"' },
  { source: 'body', op: 'matches', value: '^\\s*\\[' },
  { source: 'body', op: 'notMatches', value: '"count"' },
  { source: 'json', path: '$.status', op: 'eq', value: 'down' },
  { source: 'json', path: '$.status', op: 'neq', value: 'ok' },
  { source: 'json', path: '$.count', op: 'lt', value: 3 },
  { source: 'json', path: '$.count', op: 'lte', value: 2 },
  { source: 'json', path: '$.count', op: 'gt', value: 3 },
  { source: 'json', path: '$.count', op: 'gte', value: 4 },
  { source: 'json', path: '$.items[0].tags', op: 'contains', value: 'z' },
  { source: 'json', path: '$.missing', op: 'exists' },
  { source: 'json', path: '$.status', op: 'notExists' },
  { source: 'header', name: 'Content-Type', op: 'eq', value: 'text/html' },
  { source: 'header', name: 'X-Version', op: 'contains', value: '3.' },
  { source: 'header', name: 'X-Served-By', op: 'matches', value: '^db-' },
  { source: 'header', name: 'X-Debug', op: 'exists' },
  { source: 'header', name: 'X-Version', op: 'notExists' },
  { source: 'responseTime', op: 'lt', value: 20 },
  { source: 'responseTime', op: 'lte', value: 20 },
];

describe('assertions in runs', () => {
  it('judges every operator of every source that holds: the run is ok, each outcome with what was found', async () => {
    // A monitor that asks for compressed answers: the body is read through gzip.
    const { id } = await createMonitor({
      name: 'All hold',
      url: `${targetUrl}/api`,
      headers: [{ name: 'Accept-Encoding', value: 'gzip, br' }],
      assertions: HOLDING,
    });

    const run = await firstRun(id);

    expect(run).toMatchObject({ ok: true, attempts: 1, error: null, statusCode: 200, warnings: [] });
    expect(run.assertions).toHaveLength(20);
    expect(run.assertions.map((a: any) => [a.index, a.ok])).toEqual(HOLDING.map((_, i) => [i, true]));
    expect(run.assertions[4].actual).toBe('"ok"');
    expect(run.assertions[13].actual).toBe('application/json');
    expect(run.assertions[18].actual).toMatch(/^\d+ ms$/);
    expect(run.assertions[12].actual).toBeNull();
    expect(run.assertions[0].actual).toHaveLength(200);
    expect(apiHeaders.at(-1)!['accept-encoding']).toBe('gzip, br');
    expect(await monitorOf(id)).toMatchObject({ status: 'up', degradedReasons: [] });
  });

  it('keeps failing degraded assertions as warnings: the run is ok and the monitor degraded for assertions', async () => {
    const { id } = await createMonitor({
      name: 'All warn',
      url: `${targetUrl}/api?delay=40`,
      assertions: FAILING.map((a) => ({ ...a, severity: 'degraded' })),
    });

    const run = await firstRun(id);

    expect(run).toMatchObject({ ok: true, attempts: 1, error: null });
    expect(run.assertions.map((a: any) => a.ok)).toEqual(FAILING.map(() => false));
    expect(run.warnings).toHaveLength(20);
    expect(run.warnings[4]).toBe('assertion 5: json $.status eq "down": got "ok"');
    expect(run.warnings[11]).toBe('assertion 12: json $.missing does not exist');
    expect(run.warnings[13]).toBe('assertion 14: header Content-Type eq "text/html": got "application/json"');
    expect(run.warnings[18]).toMatch(/^assertion 19: responseTime \d+ ms ≥ 20$/);
    await eventually(async () => (await monitorOf(id)).status === 'degraded');
    expect((await monitorOf(id)).degradedReasons).toEqual(['assertions']);
    const listed = (await server.read('/api/v1/monitors', owner.token)).data.find((m: any) => m.id === id);
    expect(listed.degradedReasons).toEqual(['assertions']);
  });

  it('fails the run with assertion-failed after the confirming retry, naming the first failing assertion', async () => {
    const { id } = await createMonitor({
      name: 'One fails',
      url: `${targetUrl}/api?delay=40`,
      assertions: [HOLDING[0], FAILING[4], { ...FAILING[18], severity: 'degraded' }, FAILING[9]],
    });

    const run = await firstRun(id);

    expect(run).toMatchObject({
      ok: false,
      attempts: 2,
      statusCode: 200,
      error: { code: 'assertion-failed', message: 'assertion 2: json $.status eq "down": got "ok" (and 1 more)' },
      assertions: [
        { index: 0, ok: true },
        { index: 1, ok: false, actual: '"ok"' },
        { index: 2, ok: false },
        { index: 3, ok: false, actual: '3' },
      ],
      warnings: [expect.stringMatching(/^assertion 3: responseTime/)],
    });
    await eventually(async () => (await monitorOf(id)).status === 'down');
    expect((await monitorOf(id)).degradedReasons).toEqual([]);
  });

  it('judges the final answer of followed redirects, sending credentials and headers only to the monitor origin', async () => {
    const headers = [{ name: 'X-Tenant', value: 'acme' }];
    const auth = { type: 'bearer', secret: 'engine-s3cret' };
    const home = await createMonitor({ name: 'Home', url: `${targetUrl}/redirect`, followRedirects: true, auth, headers, assertions: [FAILING[17]] });
    const away = await createMonitor({ name: 'Away', url: `${targetUrl}/away`, followRedirects: true, auth, headers, assertions: [HOLDING[4]] });
    const stays = await createMonitor({ name: 'Stays', url: `${targetUrl}/redirect`, auth, expectedStatus: 302 });

    const [homeRun, awayRun, staysRun] = await Promise.all([firstRun(home.id), firstRun(away.id), firstRun(stays.id)]);

    // /redirect → /api on the same origin: judged on /api's answer, which saw the credentials.
    expect(homeRun).toMatchObject({ ok: false, statusCode: 200, error: { code: 'assertion-failed' }, assertions: [{ index: 0, ok: false, actual: '2.4.1' }] });
    expect(apiHeaders.some((h) => h.authorization === 'Bearer engine-s3cret' && h['x-tenant'] === 'acme')).toBe(true);
    // /away → another origin: judged there, without the credentials or the monitor's headers.
    expect(awayRun).toMatchObject({ ok: true, statusCode: 200 });
    expect(echoed.length).toBeGreaterThan(0);
    for (const headersSeen of echoed) {
      expect(headersSeen.authorization).toBeUndefined();
      expect(headersSeen['x-tenant']).toBeUndefined();
    }
    // Not following: the redirect is the answer.
    expect(staysRun).toMatchObject({ ok: true, statusCode: 302 });
  });

  it('marks a monitor degraded for regions and assertions when one region fails and another warns', async () => {
    const { id } = await createMonitor({ name: 'Both', url: `${targetUrl}/api`, regions: ['us-east', 'asia'] });
    await eventually(async () => (await runsOf(id)).length === 1);
    const now = Date.now();
    const result = { statusCode: 200, timings: null, certificate: null, assertions: [{ index: 0, ok: false, actual: '900 ms' }] };
    // This process checks us-east; asia's and a later us-east result arrive as regional checkers record them.
    // A worker serving asia says so as it asks for work: without it, asia would be stale and its result not count.
    await server.app.services.regions.markServed('asia', 'worker', { checksPerMinute: 1, lagMs: 0 });
    await server.app.engine.recorder.record({
      job: { monitorId: id, region: 'asia', trigger: 'scheduled', dueAt: now, nextDueAt: null },
      startedAt: now,
      attempts: 2,
      result: { ...result, ok: false, durationMs: 900, error: { code: 'assertion-failed', message: 'assertion 1: responseTime 900 ms ≥ 800' }, warnings: [] },
    });
    await server.app.engine.recorder.record({
      job: { monitorId: id, region: 'us-east', trigger: 'manual', dueAt: now + 1, nextDueAt: null },
      startedAt: now + 1,
      attempts: 1,
      result: { ...result, ok: true, durationMs: 900, error: null, warnings: ['assertion 1: responseTime 900 ms ≥ 800'] },
    });

    expect(await monitorOf(id)).toMatchObject({ status: 'degraded', degradedReasons: ['regions', 'assertions'] });
    const [newest] = await runsOf(id);
    expect(newest).toMatchObject({ region: 'us-east', ok: true, warnings: ['assertion 1: responseTime 900 ms ≥ 800'], assertions: [{ index: 0, ok: false }] });
    // Paused, the reasons go with the status.
    await server.request('POST', `/api/v1/monitors/${id}/pause`, { token: owner.token });
    expect(await monitorOf(id)).toMatchObject({ status: 'paused', degradedReasons: [] });
  });
});

describe('alerts', () => {
  it('say which assertion broke: a warning makes the monitor degraded, a failing assertion down', async () => {
    const policy = await server.request('POST', '/api/v1/notification-policies', {
      token: owner.token,
      body: {
        name: 'On-call',
        channels: [
          { type: 'webhook', url: hook.url },
          { type: 'slack', webhookUrl: slack.url },
        ],
      },
    });
    expect(policy.status).toBe(201);
    const { id } = await createMonitor({
      name: 'Alerting',
      url: `${targetUrl}/api`,
      notificationPolicyId: policy.body.id,
      headers: [{ name: 'X-Tenant', value: 'tenant-hidden-value' }],
      assertions: [
        { source: 'json', path: '$.status', op: 'eq', value: 'ok' },
        { source: 'header', name: 'X-Cache', op: 'eq', value: 'hit', severity: 'degraded' },
      ],
    });
    await eventually(async () => (await monitorOf(id)).status === 'up');

    state.cache = 'miss';
    await checkAgain(id);
    const [degraded] = await hook.waitFor(1);
    expect(degraded!.json).toMatchObject({
      event: 'monitor.degraded',
      previousStatus: 'up',
      status: 'degraded',
      monitor: { id, status: 'degraded', degradedReasons: ['assertions'] },
      regions: [{ region: 'us-east', ok: true, error: null, warnings: ['assertion 2: header X-Cache eq "hit": got "miss"'] }],
    });
    const [degradedSlack] = await slack.waitFor(1);
    expect(JSON.stringify(degradedSlack!.json)).toContain('us-east: ok with warnings: assertion 2: header X-Cache eq \\"hit\\": got \\"miss\\"');

    state.status = 'down';
    const failed = await checkAgain(id);
    expect(failed).toMatchObject({ ok: false, attempts: 2, error: { code: 'assertion-failed', message: 'assertion 1: json $.status eq "ok": got "down"' } });
    const [, down] = await hook.waitFor(2);
    expect(down!.json).toMatchObject({
      event: 'monitor.down',
      monitor: { id, status: 'down', degradedReasons: [] },
      regions: [{ region: 'us-east', ok: false, error: { code: 'assertion-failed', message: 'assertion 1: json $.status eq "ok": got "down"' } }],
    });
    const [, downSlack] = await slack.waitFor(2);
    expect(JSON.stringify(downSlack!.json)).toContain('us-east: failed: assertion-failed (assertion 1: json $.status eq \\"ok\\": got \\"down\\")');
    // The incident opened on the public timeline names the code, not what the target answered.
    const incidentId = down!.json.incidentId as string;
    const incident = await server.read(`/api/v1/incidents/${incidentId}`, owner.token);
    expect(incident.updates[0].message).toContain('us-east: assertion-failed');
    expect(incident.updates[0].message).not.toContain('got');

    state.status = 'ok';
    state.cache = 'hit';
    await checkAgain(id);
    await eventually(async () => (await monitorOf(id)).status === 'up');
  });
});

describe('the public status page', () => {
  it('shows none of the assertions, their values or the request headers of a monitor it lists', async () => {
    const { id } = await createMonitor({
      name: 'Public API',
      url: `${targetUrl}/api`,
      method: 'POST',
      body: 'request-body-secretish',
      headers: [{ name: 'X-Tenant', value: 'tenant-hidden-value' }],
      assertions: [
        { source: 'body', op: 'contains', value: 'needle-value-1234' },
        { source: 'json', path: '$.hidden.path', op: 'eq', value: 'json-value-5678', severity: 'degraded' },
        { source: 'header', name: 'X-Private-Header', op: 'exists', severity: 'degraded' },
      ],
    });
    // Its body assertion fails: the monitor goes down and its incident opens on the page.
    await eventually(async () => (await server.read('/api/v1/incidents', owner.token)).data.some((i: any) => i.monitorId === id));
    const slug = `public-${process.pid}`;
    const page = await server.request('PUT', '/api/v1/status-pages/current', {
      token: owner.token,
      body: { slug, title: 'Status', monitorIds: [id], showTargets: true },
    });
    expect(page.status).toBe(200);

    for (const path of [`/status/${slug}`, `/status/${slug}.json`, `/status/${slug}/feed.atom`]) {
      const answer = await server.request('GET', path);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('Public API');
      // The page may name the stable error code of an incident, never what the target answered.
      if (path.endsWith(slug)) expect(answer.text).toContain('us-east: assertion-failed');
      for (const hidden of [
        'needle-value-1234',
        'json-value-5678',
        '$.hidden.path',
        'X-Private-Header',
        'tenant-hidden-value',
        'X-Tenant',
        'request-body-secretish',
        'assertion 1',
        'got ',
      ]) {
        const at = answer.text.indexOf(hidden);
        expect(at, `${path} shows ${hidden}: ${answer.text.slice(at - 200, at + 100)}`).toBe(-1);
      }
    }
  });
});
