import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';
import { PAGE, call, createMonitor, putPage, seedDays, setMonitorStatus } from './fixtures.js';

/** Groups, the custom domain, badges and index.json, over the real server. */

let server: TestServer;
let owner: Member;
let slug: string;
let a: { id: string };
let b: { id: string };
let c: { id: string };

/** A GET with a `Host` of our choosing (fetch would not send one). */
function getWithHost(path: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path, headers: { host } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      })
      .on('error', reject);
  });
}

const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
  slug = `groups-${process.pid}`;
  a = await createMonitor(server, owner, { name: 'Website' });
  b = await createMonitor(server, owner, { name: 'API' });
  c = await createMonitor(server, owner, { name: 'Docs' });
  await setMonitorStatus(server, a.id, 'up');
  await setMonitorStatus(server, b.id, 'down');
  await setMonitorStatus(server, c.id, 'up');
  // API: 2 failures in 4000 checks over the last 30 days (99.95%), and a bad day 60 days ago.
  await seedDays(server, b.id, [
    { daysAgo: 1, checks: 2000, failures: 1 },
    { daysAgo: 10, checks: 2000, failures: 1 },
    { daysAgo: 60, checks: 1000, failures: 500 },
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('groups', () => {
  it('are stored in order with the page and shown in order, then the monitors in no group', async () => {
    const page = await putPage(server, owner, {
      slug,
      title: 'Grouped',
      monitorIds: [a.id, b.id, c.id],
      groups: [
        { name: 'Core', monitorIds: [b.id, a.id] },
        { name: 'Empty', monitorIds: [] },
      ],
    });
    expect(page.groups).toEqual([
      { name: 'Core', monitorIds: [b.id, a.id] },
      { name: 'Empty', monitorIds: [] },
    ]);
    expect(page.customDomain).toBeNull();
    const html = (await server.request('GET', `/status/${slug}`)).text;
    expect([...html.matchAll(/<h3 class="group"[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1])).toEqual(['Core', 'Other systems']);
    expect([...html.matchAll(/<div class="monitor-head"><h4>([^<]*)<\/h4>/g)].map((m) => m[1])).toEqual(['API', 'Website', 'Docs']);
  });

  it('refuses a monitor not on the page, a monitor in two groups, too many groups, bad names', async () => {
    const put = (groups: unknown) => call(server, owner, 'PUT', PAGE, { slug, title: 'Grouped', monitorIds: [a.id, b.id], groups });
    let answer = await put([{ name: 'One', monitorIds: [c.id] }]);
    expectProblem(answer, 400, 'validation', PAGE);
    expect(answer.body.errors).toEqual([{ field: 'groups.0.monitorIds.0', message: 'is not one of the monitorIds of the page' }]);
    answer = await put([
      { name: 'One', monitorIds: [a.id] },
      { name: 'Two', monitorIds: [b.id, a.id] },
    ]);
    expect(answer.body.errors).toEqual([{ field: 'groups.1.monitorIds.1', message: 'is already in another group' }]);
    answer = await put(Array.from({ length: 21 }, (_, i) => ({ name: `G${i}`, monitorIds: [] })));
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['groups']);
    answer = await put([{ name: '', monitorIds: [] }]);
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['groups.0.name']);
    expectProblem(await put([]), 400, 'validation', PAGE);
    expectProblem(await put([{ name: 'x', monitorIds: [], extra: 1 }]), 400, 'validation', PAGE);
  });
});

describe('custom domain', () => {
  it('answers the page at / and its documents when Host names it (any port, any case); other hosts are not answered the page', async () => {
    const page = await putPage(server, owner, {
      slug,
      title: 'Grouped',
      monitorIds: [a.id, b.id, c.id],
      groups: [{ name: 'Core', monitorIds: [b.id, a.id] }],
      customDomain: 'Status.Example.TEST',
    });
    expect(page.customDomain).toBe('status.example.test');
    const root = await getWithHost('/', 'STATUS.example.test:8443');
    expect(root.status).toBe(200);
    expect(root.text).toContain('<title>Grouped</title>');
    expect(root.headers['content-security-policy']).toContain("form-action 'self'");
    expect((await getWithHost('/', 'status.example.test')).text).toContain('<title>Grouped</title>');
    const index = await getWithHost('/index.json', 'status.example.test:80');
    expect(JSON.parse(index.text).title).toBe('Grouped');
    expect((await getWithHost('/feed.atom', 'status.example.test')).headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(texts((await getWithHost('/badge.svg', 'status.example.test')).text)).toEqual(['status', 'degraded']);
    expect(texts((await getWithHost('/badge/1.svg', 'status.example.test')).text)).toEqual(['status', 'down']);

    const other = await getWithHost('/', 'elsewhere.example.test');
    expect(other.text).not.toContain('<title>Grouped</title>');
    expect((await getWithHost('/index.json', 'elsewhere.example.test')).text).not.toContain('"title":"Grouped"');
  });

  it('is unique across teams (400 on customDomain) and must be a host name', async () => {
    const rival = await server.newTeam('Owner');
    let answer = await call(server, rival, 'PUT', PAGE, { slug: `rival-${process.pid}`, title: 'Rival', monitorIds: [], customDomain: 'status.EXAMPLE.test' });
    expectProblem(answer, 400, 'validation', PAGE);
    expect(answer.body.errors).toEqual([{ field: 'customDomain', message: 'is already taken' }]);
    for (const bad of ['https://status.example.test', 'status.example.test:8080', 'status.example.test/x', 'localhost', '-bad-.example.test', 42]) {
      answer = await call(server, rival, 'PUT', PAGE, { slug: `rival-${process.pid}`, title: 'Rival', monitorIds: [], customDomain: bad });
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['customDomain']);
    }
  });
});

describe('badges and index.json', () => {
  it('serve SVG badges with the settled texts, cached a minute, in page order (group order first)', async () => {
    const page = await server.request('GET', `/status/${slug}/badge.svg`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('public, max-age=60');
    expect(page.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="20" role="img" aria-label="status: degraded">/);
    expect(texts(page.text)).toEqual(['status', 'degraded']);
    // Group order: API (1), Website (2), then Docs (3).
    expect(texts((await server.request('GET', `/status/${slug}/badge/1.svg`)).text)).toEqual(['status', 'down']);
    expect(texts((await server.request('GET', `/status/${slug}/badge/2.svg?metric=status`)).text)).toEqual(['status', 'up']);
    expect(texts((await server.request('GET', `/status/${slug}/badge/1.svg?metric=uptime&days=30`)).text)).toEqual(['uptime 30d', '99.95%']);
    expect(texts((await server.request('GET', `/status/${slug}/badge/1.svg?metric=uptime`)).text)).toEqual(['uptime 30d', '99.95%']);
    expect(texts((await server.request('GET', `/status/${slug}/badge/1.svg?metric=uptime&days=90`)).text)).toEqual(['uptime 90d', '89.96%']);
    expect(texts((await server.request('GET', `/status/${slug}/badge/3.svg?metric=uptime&days=7`)).text)).toEqual(['uptime 7d', 'no data']);
    const etag = page.headers.get('etag')!;
    expect((await server.request('GET', `/status/${slug}/badge.svg`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('are 404 problems (no SVG) for n outside the list and a bad metric or days', async () => {
    for (const query of [
      '0.svg',
      '4.svg',
      'x.svg',
      '1.png',
      '01.svg',
      '1.svg?metric=latency',
      '1.svg?days=0',
      '1.svg?days=91',
      '1.svg?days=7.5',
      '1.svg?metric=uptime&days=abc',
    ]) {
      const path = `/status/${slug}/badge/${query}`;
      const answer = await server.request('GET', path);
      expectProblem(answer, 404, 'not-found', path.split('?')[0]!);
      expect(answer.text).not.toContain('<svg');
    }
    expectProblem(await server.request('GET', '/status/no-such-page/badge.svg'), 404, 'not-found', '/status/no-such-page/badge.svg');
  });

  it('index.json answers the public data as the page shows it, with an ETag', async () => {
    const answer = await server.request('GET', `/status/${slug}/index.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.body).toMatchObject({
      title: 'Grouped',
      status: 'partial-outage',
      groups: [
        {
          name: 'Core',
          monitors: [
            { name: 'API', status: 'down', uptime90d: expect.any(Number) },
            { name: 'Website', status: 'operational', uptime90d: null },
          ],
        },
        { name: null, monitors: [{ name: 'Docs', status: 'operational', uptime90d: null }] },
      ],
      activeIncidents: [],
      recentIncidents: [],
      maintenance: [],
    });
    const etag = answer.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}(-gzip|-br)?"$/);
    expect((await server.request('GET', `/status/${slug}/index.json`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // A change of the page is a new document.
    await putPage(server, owner, { slug, title: 'Grouped again', monitorIds: [a.id, b.id, c.id], customDomain: 'status.example.test' });
    const changed = await server.request('GET', `/status/${slug}/index.json`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.groups).toEqual([{ name: null, monitors: expect.any(Array) }]);
  });
});
