import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The monitor form's request fields and assertion editor in headless Chromium, against the real
 * server checking a local target: the API's messages beside the rows they concern, then a monitor
 * whose runs show each assertion's outcome and the warnings.
 */

let server: TestServer;
let browser: Browser;
let target: Server;
let targetUrl: string;
let owner: Person;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  await ensureDashboardBuilt();
  target = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json', 'x-version': '2.4.1' }).end('{"status":"ok","count":3}');
  });
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
  server = await startServer({ LOOKOUT_REGIONS: 'us-east' }, { checks: { retryDelayMs: 50 } });
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  target?.closeAllConnections();
  target?.close();
});

describe('the assertion editor', () => {
  it('shows each API message beside its row, then saves the assertions and shows their outcomes in the runs', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const posts: any[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/monitors')) posts.push(request.postDataJSON());
    });
    await signInWithForm(page, owner.email, owner.password);
    await page.goto('/monitors/new');
    await page.getByLabel('Name', { exact: true }).fill('Asserted API');
    await page.getByLabel('URL', { exact: true }).fill(targetUrl);

    // A header, and three assertions: the first two malformed.
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header 1 name').fill('X-Tenant');
    await page.getByLabel('Header 1 value').fill('acme');
    const add = page.getByRole('button', { name: 'Add assertion' });
    await add.click();
    await page.getByLabel('Assertion 1 source').selectOption('json');
    await page.getByLabel('Assertion 1 path').fill('status');
    await page.getByLabel('Assertion 1 operator').selectOption('eq');
    await page.getByLabel('Assertion 1 value').fill('ok');
    await add.click();
    await page.getByLabel('Assertion 2 source').selectOption('responseTime');
    await page.getByLabel('Assertion 2 value').fill('0');
    await add.click();
    await page.getByLabel('Assertion 3 source').selectOption('header');
    await page.getByLabel('Assertion 3 header name').fill('X-Cache');
    await page.getByLabel('Assertion 3 operator').selectOption('exists');
    await expect.poll(() => page.getByLabel('Assertion 3 value').count()).toBe(0);
    await page.getByLabel('Assertion 3 severity').selectOption('degraded');
    await page.getByRole('button', { name: 'Create monitor' }).click();

    // The API's messages, each beside the row it concerns, and named in the summary.
    const row = (n: number) => page.getByRole('group', { name: `Assertion ${n}`, exact: true });
    await row(1).locator('.field-error').waitFor();
    expect(await row(1).locator('.field-error').allTextContents()).toEqual(['The path must start with $ (such as $.data.items[0].status)']);
    expect(await row(2).locator('.field-error').allTextContents()).toEqual(['The value must be at least 1']);
    expect(await row(3).locator('.field-error').count()).toBe(0);
    expect(await page.getByLabel('Assertion 1 path').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Assertion 1 value').getAttribute('aria-invalid')).toBe('false');
    const summary = await page.locator('.notice-error').textContent();
    expect(summary).toContain('Assertion 1 path must start with $');
    expect(summary).toContain('Assertion 2 value must be at least 1');
    expect(posts[0].assertions).toEqual([
      { source: 'json', path: 'status', op: 'eq', value: 'ok', severity: 'fail' },
      { source: 'responseTime', op: 'lt', value: 0, severity: 'fail' },
      { source: 'header', name: 'X-Cache', op: 'exists', severity: 'degraded' },
    ]);

    // Fixed, it saves; the check runs with the header and judges the assertions.
    await page.getByLabel('Assertion 1 path').fill('$.status');
    await page.getByLabel('Assertion 2 value').fill('5000');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Asserted API', level: 1 }).waitFor();
    expect(posts[1].headers).toEqual([{ name: 'X-Tenant', value: 'acme' }]);

    // The header assertion of severity degraded fails: the run is ok with a warning, the monitor degraded.
    await page.locator('.page-title .status[data-status="degraded"]').waitFor({ timeout: 20_000 });
    await page.getByText('every region succeeds, but some assertions marked “degraded” do not hold').waitFor();
    const run = page.locator('.runs-table tbody tr').first();
    await run.getByText('OK, with warnings').waitFor();
    expect(await run.locator('.run-warnings li').allTextContents()).toEqual([expect.stringContaining('assertion 3: header X-Cache is missing')]);
    await run.getByText('2 of 3 assertions held').click();
    const outcomes = run.locator('.run-assertions li');
    expect(await outcomes.nth(0).textContent()).toContain('JSON $.status equals "ok"');
    expect(await outcomes.nth(0).textContent()).toContain('"ok"');
    expect(await outcomes.nth(1).getAttribute('class')).toBe('assertion-ok');
    expect(await outcomes.nth(2).getAttribute('class')).toBe('assertion-failed');
    expect(await outcomes.nth(2).textContent()).toContain('found nothing');
    expect(seen.at(-1)!['x-tenant']).toBe('acme');

    // Editing: removing an assertion sends the list whole, and nothing else.
    const patches: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postDataJSON());
    });
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Remove assertion 3' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Asserted API', level: 1 }).waitFor();
    expect(patches).toEqual([
      {
        assertions: [
          { source: 'json', path: '$.status', op: 'eq', value: 'ok', severity: 'fail' },
          { source: 'responseTime', op: 'lt', value: 5000, severity: 'fail' },
        ],
      },
    ]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
