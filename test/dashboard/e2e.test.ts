import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { addPerson, newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The dashboard in headless Chromium (Debian's, driven by playwright-core) against the real server
 * with its check engine running in one region, monitoring a local HTTP target.
 */

let server: TestServer;
let browser: Browser;
let target: Server;
let targetUrl: string;
let owner: Person;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const s = createServer(handler);
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  return { server: s, origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  await ensureDashboardBuilt();
  const local = await listen((request, response) => {
    response.writeHead(request.url === '/health' ? 200 : 404, { 'content-type': 'text/plain' }).end('ok');
  });
  target = local.server;
  targetUrl = `${local.origin}/health`;
  server = await startServer({ LOOKOUT_REGIONS: 'us-east' }, { checks: { retryDelayMs: 50 } });
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  target?.close();
});

async function statusOf(page: Page): Promise<string | null> {
  return page.locator('.page-title .status').getAttribute('data-status');
}

describe('the dashboard, end to end', () => {
  it('signs in, watches a monitor come up, checks it twice, pauses it, runs an incident, uses a token and signs out', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // Sign in with email and password.
    await signInWithForm(page, owner.email, owner.password);
    await page.getByText('No monitors yet').waitFor();

    // Create an HTTP monitor against the local target.
    await page.getByRole('link', { name: 'New monitor' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Local API');
    await page.getByLabel('URL', { exact: true }).fill(targetUrl);
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Local API', level: 1 }).waitFor();
    const monitorId = page.url().split('/monitors/')[1]!;

    // It turns up: checked at once, and the status changes without a reload.
    await page.locator('.page-title .status[data-status="up"]').waitFor({ timeout: 20_000 });
    await page.locator('.region-tile[data-region="us-east"] .status[data-status="up"]').waitFor();
    await page.locator('.runs-table tbody tr').first().waitFor();
    // …and in the list, with its uptime.
    await page.getByRole('link', { name: 'Monitors' }).first().click();
    const row = page.locator(`tr[data-monitor-id="${monitorId}"]`);
    await row.locator('.status[data-status="up"]').waitFor();
    await row.getByText('100%').waitFor({ timeout: 10_000 });
    await row.getByRole('link', { name: 'Local API' }).click();

    // "Check now" twice: the first is queued, the second meets the trigger lock and counts down.
    const checkNow = page.getByTestId('check-now');
    await checkNow.click();
    await page.getByTestId('check-message').getByText('Check queued in us-east').waitFor();
    await checkNow.click();
    await page.getByTestId('lock-countdown').waitFor();
    const countdown = Number((await page.getByTestId('lock-countdown').textContent())!.replace(/\D/g, ''));
    expect(countdown).toBeGreaterThan(50);
    expect(countdown).toBeLessThanOrEqual(60);
    expect(await checkNow.textContent()).toMatch(/Locked · \d+ s/);
    expect(await checkNow.isDisabled()).toBe(true);
    // The manual run shows up in the table.
    await page.locator('.runs-table .pill', { hasText: 'manual' }).first().waitFor({ timeout: 15_000 });

    // Pause it.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.locator('.page-title .status[data-status="paused"]').waitFor();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await statusOf(page)).toBe('paused');
    expect((await server.app.services.monitors.findRecord(monitorId))?.paused).toBe(true);

    // Open an incident, post an update, resolve it.
    await page.getByRole('link', { name: 'Incidents' }).click();
    await page.getByRole('heading', { name: 'No open incidents' }).waitFor();
    await page.getByRole('button', { name: 'Open incident' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Local API answers slowly');
    await dialog.getByLabel('Monitor').selectOption({ label: 'Local API' });
    await dialog.getByLabel('First update').fill('We are looking into it.');
    await dialog.getByRole('button', { name: 'Open incident' }).click();
    await page.getByRole('heading', { name: 'Local API answers slowly', level: 1 }).waitFor();
    await page.locator('.page-title [data-status="investigating"]').waitFor();
    await page.getByLabel('Message').fill('Found it: a slow query.');
    await page.getByLabel('Set status').selectOption('identified');
    await page.getByRole('button', { name: 'Post update' }).click();
    await page.locator('.timeline-message', { hasText: 'Found it: a slow query.' }).waitFor();
    await page.locator('.page-title [data-status="identified"]').waitFor();
    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('dialog').getByLabel('Closing note').fill('Fixed.');
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve incident' }).click();
    await page.locator('.page-title [data-status="resolved"]').waitFor();
    await page.locator('.timeline-message', { hasText: 'Fixed.' }).waitFor();
    const incidents = await server.request('GET', '/api/v1/incidents', {
      token: (await server.app.services.tokens.create({ teamId: owner.teamId, userId: owner.userId })).token,
    });
    expect(incidents.body.data[0]).toMatchObject({ title: 'Local API answers slowly', status: 'resolved', monitorId, source: 'manual' });

    // Create a personal access token, shown once, and use it against the REST API.
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByRole('button', { name: 'Create token' }).first().click();
    await page.getByRole('dialog').getByLabel('Name').fill('e2e script');
    await page.getByRole('dialog').getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('new-token').textContent())!.trim();
    expect(token).toMatch(/^lkt_[A-Za-z0-9]{40}$/);
    const viaToken = await fetch(`${server.baseUrl}/api/v1/monitors/${monitorId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(viaToken.status).toBe(200);
    expect(await viaToken.json()).toMatchObject({ id: monitorId, name: 'Local API', status: 'paused' });
    // The list now says it was used; the token itself is not shown again.
    await page.reload();
    const tokenRow = page.locator('.tokens-table tr', { hasText: 'e2e script' });
    await tokenRow.getByText('just now').waitFor();
    expect(await page.getByTestId('new-token').count()).toBe(0);

    // Sign out: back to the sign-in form, and the old cookie no longer works.
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'lookout_session', httpOnly: true, sameSite: 'Lax' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const after = await fetch(`${server.baseUrl}/api/v1/monitors`, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(after.status).toBe(401);
    expect(await context.cookies()).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the API’s validation messages next to the fields they belong to', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, owner.email, owner.password);
    await page.goto('/monitors/new');
    await page.getByLabel('URL', { exact: true }).fill('ftp://example.com');
    await page.getByLabel('Timeout (seconds)').fill('500');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    const summary = page.locator('.notice-error');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Please fix these 3 fields');
    const fieldError = (label: string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field-error');
    expect(await fieldError('Name').textContent()).toContain('must not be empty');
    expect(await fieldError('URL').textContent()).toContain('must be an absolute http:// or https:// URL');
    expect(await fieldError('Timeout (seconds)').textContent()).toContain('120');
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  it('edits a monitor by sending only what changed: the stored secret stays, and a field emptied on the form is named', async () => {
    const actor = { tokenId: 'test', userId: owner.userId, teamId: owner.teamId, role: 'Owner' as const };
    const monitor = await server.app.services.monitors.create(actor, {
      type: 'http',
      name: 'Guarded',
      intervalSeconds: 3600,
      timeoutSeconds: 5,
      regions: ['us-east'],
      url: targetUrl,
      method: 'GET',
      expectedStatus: 200,
      auth: { type: 'basic', username: 'ops', secret: 'open sesame' },
    });
    const { context, page } = await newPage(browser, server.baseUrl);
    const patches: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postDataJSON());
    });
    await signInWithForm(page, owner.email, owner.password);

    await page.goto(`/monitors/${monitor.id}/edit`);
    await page.getByLabel('Name', { exact: true }).fill('Guarded API');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Guarded API', level: 1 }).waitFor();
    expect(patches).toEqual([{ name: 'Guarded API' }]);
    expect(await server.app.services.monitors.get(actor, monitor.id)).toMatchObject({
      name: 'Guarded API',
      timeoutSeconds: 5,
      auth: { type: 'basic', username: 'ops', secretSet: true },
    });

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Timeout (seconds)').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const fieldError = page.locator('.field', { has: page.getByLabel('Timeout (seconds)') }).locator('.field-error');
    await fieldError.waitFor();
    expect(patches[1]).toEqual({ timeoutSeconds: null });
    expect(await server.app.services.monitors.get(actor, monitor.id)).toMatchObject({ timeoutSeconds: 5 });
    await context.close();
  });

  it('hides destructive actions from a Member, and shows them to an Admin', async () => {
    const member = await addPerson(server, owner.teamId, 'Member');
    const admin = await addPerson(server, owner.teamId, 'Admin');
    const monitor = await server.app.services.monitors.create(
      { tokenId: 'test', userId: owner.userId, teamId: owner.teamId, role: 'Owner' },
      { type: 'http', name: 'Shared', intervalSeconds: 3600, timeoutSeconds: 5, regions: ['us-east'], url: targetUrl, method: 'GET', expectedStatus: 200 },
    );
    const incident = await server.app.services.incidents.create(
      { tokenId: 'test', userId: owner.userId, teamId: owner.teamId, role: 'Owner' },
      { title: 'Open one' },
    );

    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, member.email, member.password);
    await page.goto(`/monitors/${monitor.id}`);
    await page.getByRole('heading', { name: 'Shared', level: 1 }).waitFor();
    // A Member may check, pause and edit…
    await page.getByTestId('check-now').waitFor();
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    // …but sees no delete, no resolve, no member management, no policy or status page changes.
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.goto(`/incidents/${incident.id}`);
    await page.getByRole('heading', { name: 'Open one', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Post update' }).waitFor();
    expect(await page.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
    // …and acknowledge: the button goes, the header says when.
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await page.locator('.page-header', { hasText: 'acknowledged' }).waitFor();
    expect(await page.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
    expect(await page.getByTestId('acknowledged-via').textContent()).toBe('Acknowledged by you in Lookout');
    // Through an alert's link, the line names the channel that carried it.
    await server.app.store.db
      .updateTable('incidents')
      .set({ acknowledged_by: null, acknowledged_via: JSON.stringify({ channel: 'email', deliveryId: incident.id }) })
      .where('id', '=', incident.id)
      .execute();
    await page.reload();
    await page.getByTestId('acknowledged-via').getByText('Acknowledged by a recipient of the alert via email').waitFor();
    await page.goto('/team');
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    expect(await page.getByRole('button', { name: 'Invite member' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await page.locator('select[id^="role-"]').count()).toBe(0);
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: /New policy|Create a policy/ }).count()).toBe(0);
    await page.goto('/status-page');
    await page.getByRole('heading', { name: 'Status page', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: /Publish|Save changes|Delete page/ }).count()).toBe(0);
    await context.close();

    const adminView = await newPage(browser, server.baseUrl);
    await signInWithForm(adminView.page, admin.email, admin.password);
    await adminView.page.goto(`/monitors/${monitor.id}`);
    await adminView.page.getByRole('button', { name: 'Delete' }).click();
    await adminView.page.getByRole('dialog').getByRole('button', { name: 'Delete monitor' }).click();
    await adminView.page.getByRole('heading', { name: 'Monitors', level: 1 }).waitFor();
    expect(await server.app.services.monitors.findRecord(monitor.id)).toBeUndefined();
    await adminView.context.close();
  });

  it('tells a person whose session ended elsewhere to sign in again, and says nothing of the kind on a first visit', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByText('Your session has ended').count()).toBe(0);
    await signInWithForm(page, owner.email, owner.password);

    // Signed out in another tab: the cookie this tab holds no longer admits anyone.
    const [cookie] = await context.cookies();
    const elsewhere = { cookie: `${cookie!.name}=${cookie!.value}` };
    const { csrfToken } = (await server.request('GET', '/api/v1/session', { headers: elsewhere })).body;
    expect((await server.request('DELETE', '/api/v1/session', { headers: { ...elsewhere, 'x-csrf-token': csrfToken } })).status).toBe(204);

    // The person's next step finds out, unless the dashboard found out first: its live stream is
    // refused from now on, and its next poll sends it to sign-in by itself, taking the link away.
    const ended = page.getByText('Your session has ended. Please sign in again.');
    await Promise.race([
      page
        .getByRole('link', { name: 'Incidents' })
        .click()
        .catch(() => undefined),
      ended.waitFor(),
    ]);
    await ended.waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('rejects a forged cross-site POST: no cookie travels, and without the CSRF token nothing changes', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, owner.email, owner.password);
    const before = await server.app.store.db.selectFrom('incidents').select('id').where('team_id', '=', owner.teamId).execute();

    // A page on another site (localhost is not 127.0.0.1) posts a form and a no-cors fetch to the API
    // while the victim is signed in.
    const evil = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body>
        <iframe name="sink"></iframe>
        <form id="f" method="POST" action="${server.baseUrl}/api/v1/incidents" enctype="text/plain" target="sink">
          <input name='{"title":"forged","x":"' value='"}'>
        </form>
        <script>
          fetch('${server.baseUrl}/api/v1/incidents', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{"title":"forged"}' })
            .finally(() => { document.getElementById('f').submit(); setTimeout(() => document.title = 'done', 1500); });
        </script></body>`);
    });
    try {
      await page.goto(evil.origin.replace('127.0.0.1', 'localhost'));
      await page.waitForFunction("document.title === 'done'");
    } finally {
      evil.server.close();
    }
    const after = await server.app.store.db.selectFrom('incidents').select('id').where('team_id', '=', owner.teamId).execute();
    expect(after.length).toBe(before.length);
    // The same-origin session still works: the forgery changed nothing.
    await page.goto('/incidents');
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    await context.close();
  });

  it('works at phone width with the keyboard', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, { width: 390, height: 844 });
    await signInWithForm(page, owner.email, owner.password);
    // The navigation is behind a menu button.
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    const inViewport = await page.locator('#sidebar').evaluate((el: any) => el.getBoundingClientRect().right > 0);
    expect(inViewport).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Incidents' }).click();
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    // No horizontal scrolling on the main pages.
    for (const path of ['/monitors', '/incidents', '/tokens', '/team']) {
      await page.goto(path);
      await page.locator('h1').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth + 1'), path).toBe(true);
    }
    // The first Tab reaches the skip link, which moves focus to the content.
    await page.goto('/monitors');
    await page.locator('h1').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('main');
    await context.close();
  });
});
