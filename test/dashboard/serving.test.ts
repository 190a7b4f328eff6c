import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type TestServer } from '../helpers/server.js';
import { asBrowser, newPersonTeam, signIn, type Browserless, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

let server: TestServer;
let owner: Person;
let browser: Browserless;

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer();
  owner = await newPersonTeam(server, 'Owner');
  browser = await signIn(server, owner);
}, 180_000);
afterAll(() => server.close());

describe('serving the dashboard', () => {
  it('serves index.html at / without caching, with a strict content security policy', async () => {
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const etag = page.headers.get('etag')!;
    expect((await fetch(`${server.baseUrl}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // The hashed assets it names are cached for a year.
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      const answer = await fetch(server.baseUrl + asset);
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('content-type')).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    }
  });

  it('answers client-side routes with the app, but leaves API and other paths their problems', async () => {
    for (const path of ['/monitors', '/monitors/0190-x', '/incidents/abc', '/tokens']) {
      const answer = await fetch(server.baseUrl + path, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(answer.status, path).toBe(200);
      expect(await answer.text()).toContain('<div id="root">');
    }
    for (const path of ['/api/v1/nothing', '/status/none/x', '/mcp/x', '/docs/x', '/healthz/x']) {
      const answer = await server.request('GET', path, { headers: { accept: 'text/html' } });
      expectProblem(answer, 404, 'not-found', path);
    }
    // A missing asset, or a non-HTML request for an unknown path, is a plain 404 problem.
    expectProblem(await server.request('GET', '/assets/missing.js', { headers: { accept: 'text/html' } }), 404, 'not-found', '/assets/missing.js');
    expectProblem(await server.request('GET', '/whatever', { headers: { accept: 'application/json' } }), 404, 'not-found', '/whatever');
    // Other methods on app routes are not swallowed either.
    expect((await server.request('POST', '/monitors', { body: {} })).status).toBe(404);
    // Known API paths keep their 405.
    const wrong = await server.request('GET', '/api/v1/session/team', { headers: { accept: 'text/html' } });
    expect(wrong.status).toBe(405);
  });
});

describe('live updates', () => {
  it('streams a snapshot, then each status change of the team’s monitors', async () => {
    const created = await asBrowser(server, browser, 'POST', '/api/v1/monitors', {
      body: {
        type: 'http',
        name: 'Live',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: 'http://127.0.0.1:9/',
        method: 'GET',
        expectedStatus: 200,
      },
    });
    expect(created.status).toBe(201);
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/v1/events/stream`, { headers: { cookie: browser.cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('ratelimit-limit')).toBe('300');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const next = async (pattern: RegExp) => {
      const deadline = Date.now() + 10_000;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`no ${String(pattern)} in stream: ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${text}`);
        text += decoder.decode(value);
      }
    };
    await next(/event: snapshot\ndata: (.*)\n\n/);
    const snapshot = JSON.parse(/event: snapshot\ndata: (.*)\n\n/.exec(text)![1]!);
    expect(snapshot.monitors).toEqual([{ monitorId: created.body.id, status: 'pending', paused: false, lastCheckedAt: null }]);

    // Another team's changes never reach this stream.
    const other = await server.newTeam('Owner');
    await server.request('POST', '/api/v1/incidents', { token: other.token, body: { title: 'x' } });

    expect((await asBrowser(server, browser, 'POST', `/api/v1/monitors/${created.body.id}/pause`)).status).toBe(200);
    await next(/event: monitor\ndata: (.*)\n\n/);
    const event = JSON.parse(/event: monitor\ndata: (.*)\n\n/.exec(text)![1]!);
    expect(event).toEqual({
      type: 'monitor',
      change: 'status',
      previousStatus: 'pending',
      monitor: { monitorId: created.body.id, status: 'paused', paused: true, lastCheckedAt: null },
    });
    controller.abort();
    await reader.cancel().catch(() => {});
  });

  it('needs authentication like every endpoint', async () => {
    expectProblem(await server.request('GET', '/api/v1/events/stream'), 401, 'unauthorized', '/api/v1/events/stream');
  });
});
