import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseAtomFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/domain/status-pages.js';
import { PUBLIC_URL, expectProblem, startServer, type Member, type TestServer } from '../helpers/server.js';
import {
  backdateIncident,
  call,
  createIncident,
  createMonitor,
  dayStart,
  dayTitles,
  expectNoneOf,
  expectStatus,
  isoDay,
  postUpdate,
  putPage,
  seedDays,
  setMonitorStatus,
} from './fixtures.js';

/**
 * The public surface: /status/{slug} (HTML), /status/{slug}.json and /status/{slug}/feed.atom,
 * without a token. What they show, what they must never show, and their caching.
 */

let server: TestServer;
let owner: Member;
let slug: string;
let website: any;
let api: any;
let hidden: any;
let incident: any;

const POSTED = 'We found the cause & are rolling out a fix <soon>.';
const UNPOSTED = 'Internal: the primary database ran out of disk, ticket OPS-99.';
const HIDDEN_URL = 'https://secret-admin.internal.test/health?token=hunter2';

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
  website = await createMonitor(server, owner, { name: 'Website', url: 'https://www.shop.test:8443/health?key=k1' });
  // The API refuses credentials in a URL; one stored by older versions must not show either.
  await server.app.store.db.updateTable('monitors').set({ url: 'https://user:pw@www.shop.test:8443/health?key=k1' }).where('id', '=', website.id).execute();
  api = await createMonitor(server, owner, { name: 'API', url: 'https://api.shop.test/v1/health' });
  hidden = await createMonitor(server, owner, { name: 'Secret admin console', url: HIDDEN_URL });
  await setMonitorStatus(server, website.id, 'up');
  await setMonitorStatus(server, api.id, 'degraded');
  await setMonitorStatus(server, hidden.id, 'down');
  await seedDays(server, website.id, [
    { daysAgo: 0, checks: 100, failures: 0 },
    { daysAgo: 1, checks: 1000, failures: 1, region: 'us-east' },
    { daysAgo: 1, checks: 1000, failures: 0, region: 'eu-west' },
    { daysAgo: 2, checks: 1440, failures: 72 },
    { daysAgo: 89, checks: 10, failures: 10 },
    { daysAgo: 90, checks: 10, failures: 10 },
  ]);
  await seedDays(server, hidden.id, [{ daysAgo: 1, checks: 100, failures: 50 }]);
  slug = `shop-${process.pid}`;
  await putPage(server, owner, { slug, title: 'Shop <status>', monitorIds: [api.id, website.id] });

  incident = await createIncident(server, owner, { title: 'Checkout errors', monitorId: api.id, message: 'Looking into it.' });
  await postUpdate(server, owner, incident.id, { message: POSTED, status: 'identified' });
  await postUpdate(server, owner, incident.id, { message: UNPOSTED, status: 'monitoring', postedToStatusPage: false });
});
afterAll(async () => {
  await server.close();
});

const page = (path = '', headers: Record<string, string> = {}) => server.request('GET', `/status/${slug}${path}`, { headers });

describe('GET /status/{slug}', () => {
  it('is a complete HTML document without a token, cacheable, with one hashed script and a strict CSP', async () => {
    const answer = await page('', { 'accept-encoding': 'identity' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=30');
    expect(answer.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(answer.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; script-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:; base-uri 'none'; form-action 'self'$/,
    );
    expect(answer.text).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(answer.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // One inline script, the one the CSP's hash names (it only rewrites times into the visitor's zone).
    const scripts = [...answer.text.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(answer.headers.get('content-security-policy')).toContain(`script-src 'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`);
    expect(answer.text.match(/<script/g)).toHaveLength(1);
    expect(answer.text).not.toMatch(/onerror=|javascript:/i);
    expect(answer.text).toContain('<title>Shop &lt;status&gt;</title>');
  });

  it('shows the banner, each listed monitor in order with its status and 90 daily bars', async () => {
    const html = (await page()).text;
    expect(html).toContain('<h2 id="overall">Partial outage</h2>');
    const names = [
      ...html.matchAll(/<li class="monitor">\n<div class="monitor-head"><h3>([^<]*)<\/h3><span class="pill ([a-z-]+)">.*?(\w[\w ]*)<\/span>/g),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(names).toEqual([
      ['API', 'degraded', 'Degraded'],
      ['Website', 'operational', 'Operational'],
    ]);
    const titles = dayTitles(html);
    expect(titles).toHaveLength(180);
    const websiteDays = titles.slice(90);
    expect(websiteDays[0]).toBe(`${isoDay(89)}: 0% uptime`);
    expect(websiteDays[87]).toBe(`${isoDay(2)}: 95% uptime`);
    // 1 failure in 2,000 checks over two regions is 99.95%; cut, never rounded up to 100%.
    expect(websiteDays[88]).toBe(`${isoDay(1)}: 99.95% uptime`);
    expect(websiteDays[89]).toBe(`${isoDay(0)}: 100% uptime`);
    expect(websiteDays[50]).toBe(`${isoDay(39)}: no data`);
    // The day 90 days ago is outside the bar; the colour classes follow the uptime.
    expect(html).toContain(`<span class="x" title="${isoDay(89)}: 0% uptime"></span>`);
    expect(html).toContain(`<span class="w" title="${isoDay(2)}: 95% uptime"></span>`);
    expect(html).toContain(`<span title="${isoDay(1)}: 99.95% uptime"></span>`);
    expect(html).toContain(`<span class="n" title="${isoDay(39)}: no data"></span>`);
    expect(html).toContain('aria-label="API: no data over the past 90 days"');
    // (0 + 3540 + 1368 + 100 good of 20 + 1440 + 2000 + 100 checks) = 4908/… → cut to two decimals.
    expect(html).toMatch(/aria-label="Website: 9\d\.\d+% uptime over the past 90 days"/);
  });

  it('shows the open incident with its posted updates only, and its public status', async () => {
    const html = (await page()).text;
    const article = html.slice(html.indexOf(`<article class="card incident major" id="incident-${incident.id}"`));
    expect(article).toContain('<h3 id="incident-' + incident.id + '-h">Checkout errors</h3>');
    // The unposted update moved the incident to `monitoring`; the page only knows what was posted.
    expect(article).toContain('<span class="pill identified">');
    expect(article).toContain('We found the cause &amp; are rolling out a fix &lt;soon&gt;.');
    expect(article).toContain('Looking into it.');
    expect(article).toContain('Affects API');
    expect(html).not.toContain('Internal: the primary database');
    expect(html).not.toContain('Monitoring</span>');
  });

  it('leaks nothing else of the team: no unlisted monitor, no ids, no URLs or hosts', async () => {
    const hiddenIncident = await createIncident(server, owner, { title: 'Secret admin console is down', monitorId: hidden.id, message: 'Admin down.' });
    const html = (await page()).text;
    expectNoneOf(html, [
      hidden.id,
      'Secret admin console',
      hiddenIncident.id,
      'secret-admin',
      'hunter2',
      website.id,
      api.id,
      'shop.test',
      'https://www',
      'user:pw',
      owner.teamId,
      UNPOSTED,
    ]);
    const json = (await page('.json')).text;
    expectNoneOf(json, [hidden.id, 'Secret admin console', hiddenIncident.id, 'secret-admin', 'shop.test', owner.teamId, UNPOSTED]);
    const atom = (await page('/feed.atom')).text;
    expectNoneOf(atom, [hidden.id, 'Secret admin console', hiddenIncident.id, 'secret-admin', 'shop.test', owner.teamId, UNPOSTED]);
  });

  it("shows monitors' hosts when the page opts in, never a URL's path, query or credentials", async () => {
    await putPage(server, owner, { slug, title: 'Shop <status>', monitorIds: [api.id, website.id], showTargets: true });
    try {
      const html = (await page()).text;
      expect(html).toContain('<h3>API<span class="target">api.shop.test</span></h3>');
      expect(html).toContain('<h3>Website<span class="target">www.shop.test:8443</span></h3>');
      expectNoneOf(html, ['/v1/health', 'key=k1', 'user:pw', 'secret-admin']);
      expect((await page('.json')).body.monitors.map((m: any) => m.target)).toEqual(['api.shop.test', 'www.shop.test:8443']);
    } finally {
      await putPage(server, owner, { slug, title: 'Shop <status>', monitorIds: [api.id, website.id] });
    }
    expect((await page('.json')).body.monitors[0]).not.toHaveProperty('target');
  });

  it("never shows a heartbeat's ping URL or key, with or without targets; a TCP and a DNS monitor show host and port, and the name", async () => {
    const created = async (body: Record<string, unknown>) => expectStatus(await call(server, owner, 'POST', '/api/v1/monitors', body), 201);
    const checked = { intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'] };
    const heartbeat = await created({ type: 'heartbeat', name: 'Nightly backup', cron: '0 3 * * *', timezone: 'Europe/Berlin' });
    const tcp = await created({ type: 'tcp', name: 'Database', ...checked, host: 'db.shop.test', port: 5432 });
    const dns = await created({ type: 'dns', name: 'Mail', ...checked, hostname: 'mail.shop.test', recordType: 'MX' });
    const key = new URL(heartbeat.pingUrl).pathname.split('/').pop()!;
    expect(key.length).toBeGreaterThanOrEqual(32);
    // Pinged once, with a log: the heartbeat is up and today counts its ping.
    const pinged = await fetch(`${server.baseUrl}/ping/${key}`, { method: 'POST', body: 'backup done' });
    expect(pinged.status).toBe(200);
    const monitorIds = [api.id, website.id, heartbeat.id, tcp.id, dns.id];
    try {
      for (const showTargets of [false, true]) {
        await putPage(server, owner, { slug, title: 'Shop <status>', monitorIds, showTargets });
        const [html, json, atom] = [(await page()).text, await page('.json'), (await page('/feed.atom')).text];
        for (const text of [html, json.text, atom]) expectNoneOf(text, [key, heartbeat.pingUrl, '/ping/', 'backup done', 'Europe/Berlin', '0 3 * * *']);
        const listed = json.body.monitors.find((m: any) => m.name === 'Nightly backup');
        expect(listed).toMatchObject({ status: 'operational', uptime90d: 100 });
        expect(listed.days.at(-1)).toEqual({ date: isoDay(0), uptime: 100, maintenance: false });
        expect(listed.target ?? null).toBeNull();
        if (showTargets) {
          expect(json.body.monitors.map((m: any) => m.target)).toEqual(['api.shop.test', 'www.shop.test:8443', null, 'db.shop.test:5432', 'mail.shop.test']);
          expect(html).toContain('<h3>Nightly backup</h3>');
          expect(html).toContain('<h3>Database<span class="target">db.shop.test:5432</span></h3>');
          expect(html).toContain('<h3>Mail<span class="target">mail.shop.test</span></h3>');
        }
      }
    } finally {
      await putPage(server, owner, { slug, title: 'Shop <status>', monitorIds: [api.id, website.id] });
    }
  });

  it('lists the last 14 days of incidents, day by day, resolved ones with their posted timeline', async () => {
    const recent = await createIncident(server, owner, { title: 'Slow pages', monitorId: website.id, severity: 'minor', message: 'Pages load slowly.' });
    await call(server, owner, 'POST', `/api/v1/incidents/${recent.id}/resolve`, { message: 'Back to normal.' });
    // Opened at 01:00 UTC five days ago and resolved 2 h 24 min later: the same day, whatever the time now.
    const openedAgo = (Date.now() - (dayStart(5) + 3_600_000)) / DAY_MS;
    await backdateIncident(server, recent.id, openedAgo, openedAgo - 0.1);
    const old = await createIncident(server, owner, { title: 'Old outage', message: 'Long ago.' });
    await call(server, owner, 'POST', `/api/v1/incidents/${old.id}/resolve`, {});
    await backdateIncident(server, old.id, 16, 15);
    const teamWide = await createIncident(server, owner, { title: 'Planned maintenance of the EU region', severity: 'minor' });

    const html = (await page()).text;
    const days = [...html.matchAll(/<div class="day( quiet)?"><h3><time datetime="(\d{4}-\d{2}-\d{2})">/g)].map((m) => m[2]);
    expect(days).toEqual(Array.from({ length: 14 }, (_, i) => isoDay(i)));
    const day = html.slice(html.indexOf(`<time datetime="${isoDay(5)}">`));
    expect(day.slice(0, day.indexOf('</div>'))).toContain('Slow pages');
    expect(html).toContain('Back to normal.');
    expect(html).toMatch(/Resolved after 2 h 24 min/);
    expect(html).not.toContain('Old outage');
    // A team-wide incident (no monitor) is shown; it names no monitor.
    expect(html).toContain(`id="incident-${teamWide.id}"`);
    await call(server, owner, 'POST', `/api/v1/incidents/${teamWide.id}/resolve`, {});
    await call(server, owner, 'POST', `/api/v1/incidents/${recent.id}/resolve`, {});
  });

  it('drops a monitor once it is deleted', async () => {
    const extra = await createMonitor(server, owner, { name: 'Temporary thing' });
    await putPage(server, owner, { slug, title: 'Shop <status>', monitorIds: [api.id, website.id, extra.id] });
    expect((await page()).text).toContain('Temporary thing');
    expectStatus(await call(server, owner, 'DELETE', `/api/v1/monitors/${extra.id}`), 204);
    expect((await page()).text).not.toContain('Temporary thing');
    expect((await page('.json')).body.monitors.map((m: any) => m.name)).toEqual(['API', 'Website']);
  });

  it('answers HEAD like GET, without a body', async () => {
    const get = await page();
    const head = await server.request('HEAD', `/status/${slug}`);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
  });
});

describe('GET /status/{slug}.json', () => {
  it('is the same data as JSON: overall state, monitors with 90 days, open and recent incidents', async () => {
    const answer = await page('.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const body = answer.body;
    expect(body.page).toEqual({ slug, title: 'Shop <status>', url: `${PUBLIC_URL}/status/${slug}`, feedUrl: `${PUBLIC_URL}/status/${slug}/feed.atom` });
    expect(body.status).toBe('partial-outage');
    expect(body.description).toBe('Partial outage');
    expect(body.monitors.map((m: any) => [m.id, m.name, m.status])).toEqual([
      [api.id, 'API', 'degraded'],
      [website.id, 'Website', 'operational'],
    ]);
    const days = body.monitors[1].days;
    expect(days).toHaveLength(90);
    expect(days[89]).toEqual({ date: isoDay(0), uptime: 100, maintenance: false });
    expect(days[88]).toEqual({ date: isoDay(1), uptime: 99.95, maintenance: false });
    expect(days[50]).toEqual({ date: isoDay(39), uptime: null, maintenance: false });
    expect(body.monitors[0]).toMatchObject({ uptime90d: null, uptime30d: null });
    expect(body.monitors[1].uptime30d).toBe(Math.floor(((100 + 1999 + 1368) / (100 + 2000 + 1440)) * 100_000) / 1000);
    const open = body.activeIncidents.find((i: any) => i.id === incident.id);
    expect(open).toMatchObject({ title: 'Checkout errors', status: 'identified', severity: 'major', affects: ['API'], resolvedAt: null });
    expect(open.updates.map((u: any) => [u.status, u.message])).toEqual([
      ['identified', POSTED],
      ['investigating', 'Looking into it.'],
    ]);
    expect(Object.keys(open.updates[0]).sort()).toEqual(['createdAt', 'message', 'status']);
    expect(body.recentIncidents.every((i: any) => i.status === 'resolved' && i.resolvedAt !== null)).toBe(true);
  });
});

describe('GET /status/{slug}/feed.atom', () => {
  it('is Atom 1.0 that a feed parser reads: one entry per shown incident with its posted updates', async () => {
    const answer = await page('/feed.atom');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(answer.text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"')).toBe(true);
    // The parser is no pushover: it refuses what is not Atom.
    expect(() => parseAtomFeed('<rss version="2.0"><channel><title>x</title></channel></rss>')).toThrow();
    const feed = parseAtomFeed(answer.text);
    expect(feed.title?.value).toBe('Shop <status>: incidents');
    expect(feed.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(feed.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(feed.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'self', href: `${PUBLIC_URL}/status/${slug}/feed.atom` }),
        expect.objectContaining({ rel: 'alternate', href: `${PUBLIC_URL}/status/${slug}` }),
      ]),
    );
    expect(feed.authors?.[0]?.name).toBe('Shop <status>');
    const json = (await page('.json')).body;
    const shown = [...json.activeIncidents, ...json.recentIncidents];
    expect(feed.entries).toHaveLength(shown.length);
    for (const entry of feed.entries ?? []) {
      expect(entry.id).toMatch(/^urn:uuid:/);
      expect(entry.title?.value).toBeTruthy();
      expect(Date.parse(entry.updated!)).not.toBeNaN();
    }
    const entry = feed.entries!.find((e) => e.id === `urn:uuid:${incident.id}`)!;
    expect(entry.title?.value).toBe('Checkout errors (Identified)');
    expect(entry.links?.[0]?.href).toBe(`${PUBLIC_URL}/status/${slug}#incident-${incident.id}`);
    expect(entry.content?.type).toBe('html');
    const content = entry.content!.value!;
    expect(content).toContain('We found the cause &amp; are rolling out a fix &lt;soon&gt;.');
    expect(content).not.toContain('primary database');
    // Entries run newest activity first.
    const updated = feed.entries!.map((e) => e.updated!);
    expect([...updated].sort().reverse()).toEqual(updated);
  });

  it('stays well-formed whatever the text holds (control characters, markup, entities)', async () => {
    const odd = await createIncident(server, owner, { title: 'Odd \u0001 title <b>&amp;', message: 'Line one\nline two \u0007 ]]> &lt; "quoted"' });
    try {
      const text = (await page('/feed.atom')).text;
      const feed = parseAtomFeed(text);
      const entry = feed.entries!.find((e) => e.id === `urn:uuid:${odd.id}`)!;
      expect(entry.title?.value).toBe('Odd  title <b>&amp; (Investigating)');
      expect(text).not.toContain('\u0001');
      expect((await page()).text).toContain('Odd  title &lt;b&gt;&amp;amp;');
    } finally {
      await call(server, owner, 'POST', `/api/v1/incidents/${odd.id}/resolve`, {});
    }
  });
});

describe('caching', () => {
  it('answers If-None-Match with 304 until something shown changes', async () => {
    for (const path of ['', '.json', '/feed.atom']) {
      const first = await page(path);
      const etag = first.headers.get('etag')!;
      const again = await page(path, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=30');
      expect((await page(path, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      expect((await page(path, { 'if-none-match': '"other"' })).status).toBe(200);
    }
  });

  it('shows a posted incident update at once (the cached page is rebuilt), and an unposted one changes nothing', async () => {
    const before = await page();
    const etag = before.headers.get('etag')!;
    const atomEtag = (await page('/feed.atom')).headers.get('etag')!;

    await postUpdate(server, owner, incident.id, { message: 'Still internal.', postedToStatusPage: false });
    expect((await page('', { 'if-none-match': etag })).status).toBe(304);
    expect((await page('/feed.atom', { 'if-none-match': atomEtag })).status).toBe(304);

    await postUpdate(server, owner, incident.id, { message: 'A fix is being deployed.', status: 'monitoring' });
    const after = await page('', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.text).toContain('A fix is being deployed.');
    expect(after.text).not.toContain('Still internal.');
    expect((await page('/feed.atom', { 'if-none-match': atomEtag })).status).toBe(200);
  });

  it('shows a status change the check engine writes at once (it does not touch updated_at)', async () => {
    const before = (await page('.json')).body;
    expect(before.monitors[1].status).toBe('operational');
    await setMonitorStatus(server, website.id, 'down');
    try {
      const after = (await page('.json')).body;
      expect(after.monitors[1].status).toBe('down');
      expect((await page()).text).toContain('Down: Website.');
    } finally {
      await setMonitorStatus(server, website.id, 'up');
    }
    expect((await page('.json')).body.monitors[1].status).toBe('operational');
  });

  it('shows a change another process commits at once (SQLite: another connection to the file)', async () => {
    const rename = async (name: string) => {
      if (server.store === 'postgres') {
        await server.app.store.db.updateTable('monitors').set({ name }).where('id', '=', api.id).execute();
        return;
      }
      const { default: SQLite } = await import('better-sqlite3');
      const other = new SQLite(server.env.DATABASE_URL!.slice('file:'.length));
      try {
        other.pragma('busy_timeout = 5000');
        other.prepare('UPDATE monitors SET name = ? WHERE id = ?').run(name, api.id);
      } finally {
        other.close();
      }
    };
    expect((await page('.json')).body.monitors[0].name).toBe('API');
    await rename('Public API');
    try {
      expect((await page('.json')).body.monitors[0].name).toBe('Public API');
      expect((await page()).text).toContain('<h3>Public API</h3>');
    } finally {
      await rename('API');
    }
    expect((await page('.json')).body.monitors[0].name).toBe('API');
  });

  it('shows a resolved incident under past incidents at once, and an edited page', async () => {
    const quick = await createIncident(server, owner, { title: 'Quick blip', monitorId: website.id, message: 'Blip.' });
    expect((await page('.json')).body.activeIncidents.map((i: any) => i.id)).toContain(quick.id);
    await call(server, owner, 'POST', `/api/v1/incidents/${quick.id}/resolve`, { message: 'Gone.' });
    const json = (await page('.json')).body;
    expect(json.activeIncidents.map((i: any) => i.id)).not.toContain(quick.id);
    expect(json.recentIncidents.map((i: any) => i.id)).toContain(quick.id);

    await putPage(server, owner, { slug, title: 'Shop status (renamed)', monitorIds: [api.id, website.id] });
    try {
      expect((await page()).text).toContain('<h1>Shop status (renamed)</h1>');
    } finally {
      await putPage(server, owner, { slug, title: 'Shop <status>', monitorIds: [api.id, website.id] });
    }
  });

  it('sends br or gzip when asked, with its own ETag, and the same bytes once decoded', async () => {
    const plain = await fetch(`${server.baseUrl}/status/${slug}`, { headers: { 'accept-encoding': 'identity' } });
    const plainBody = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // fetch would decode on its own; node:http shows the bytes as sent.
      const { request } = await import('node:http');
      const raw = await new Promise<{ headers: Record<string, any>; body: Buffer }>((resolve, reject) => {
        request(`${server.baseUrl}/status/${slug}`, { headers: { 'accept-encoding': `${encoding}, identity;q=0.5` } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.etag).toBe(`${plain.headers.get('etag')!.slice(0, -1)}-${encoding}"`);
      expect(raw.body.length).toBeLessThan(plainBody.length / 4);
      expect(decode(raw.body).equals(plainBody)).toBe(true);
      expect((await page('', { 'if-none-match': raw.headers.etag, 'accept-encoding': encoding })).status).toBe(304);
    }
    expect(
      (await fetch(`${server.baseUrl}/status/${slug}`, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })).headers.get('content-encoding'),
    ).toBeNull();
  });
});

describe('unknown pages', () => {
  it('are a 404 problem for API clients, for the page, its JSON and its feed', async () => {
    for (const path of ['/status/no-such-page', '/status/no-such-page.json', '/status/no-such-page/feed.atom', '/status/UPPER', '/status/a%20b']) {
      expectProblem(await server.request('GET', path), 404, 'not-found', path);
    }
  });

  it('are a 404 problem for a browser too', async () => {
    for (const path of ['/status/no-such-page', '/status/no-such-page.json']) {
      const answer = await fetch(`${server.baseUrl}${path}`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await answer.json()) as { type: string }).type).toMatch(/\/errors\/not-found$/);
    }
  });

  it('refuse other methods with 405', async () => {
    const answer = await server.request('POST', `/status/${slug}`, { body: {} });
    expectProblem(answer, 405, 'method-not-allowed', `/status/${slug}`);
    expect(answer.headers.get('allow')).toContain('GET');
  });
});
