import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { httpBody } from '../monitors/fixtures.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { addPerson, newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The Audit log page in headless Chromium against the real server: an Owner reads who changed what,
 * filters it (the filters go into the address) and pages back; a Member is offered no such page; a
 * Viewer is offered no button that changes anything.
 */

let server: TestServer;
let browser: Browser;
let owner: Person;
let token: Member;
let monitorId: string;

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer();
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  token = await server.addMember(owner.teamId, 'Admin');
  // 55 changes over REST: more than one page of the log.
  for (let i = 0; i < 55; i++) {
    const created = await server.request('POST', '/api/v1/monitors', { token: token.token, body: httpBody({ name: `Site ${i}` }) });
    expect(created.status).toBe(201);
    monitorId = created.body.id;
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the Audit log page', () => {
  it('shows an Owner who changed what, filters it and pages back', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithForm(page, owner.email, owner.password);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const table = page.getByTestId('audit-log');
    await table.waitFor();

    // The newest first: the Owner's own sign-in through the form, then the Admin's token.
    const first = table.locator('tbody tr').first();
    expect(await first.getAttribute('data-action')).toBe('signIn');
    expect(await first.locator('td[data-label="Who"]').textContent()).toBe(owner.email);
    expect(await first.locator('td[data-label="Through"]').textContent()).toBe('Dashboard');
    const created = table.locator(`tbody tr[data-action="createMonitor"]`).first();
    expect(await created.locator('td[data-label="Who"]').textContent()).toBe(`${token.email} (token)`);
    expect(await created.locator('td[data-label="Through"]').textContent()).toBe('API');
    expect(await created.locator('td[data-label="Target"]').textContent()).toBe(`monitor ${monitorId}`);
    expect(await created.locator('td[data-label="Fields"]').textContent()).toContain('name');
    expect(await table.locator('tbody tr').count()).toBe(50);

    // Older entries on demand.
    await page.getByRole('button', { name: 'Show older' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(56);
    expect(await page.getByRole('button', { name: 'Show older' }).count()).toBe(0);

    // Filtered by action: the address keeps the filter.
    await page.getByLabel('Action').fill('signIn');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/\/audit-log\?action=signIn$/);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('audit-log').locator('tbody tr').count()).toBe(1);
    expect(await page.getByLabel('Action').inputValue()).toBe('signIn');

    // By target: the one monitor's creation.
    await page.getByLabel('Action').fill('');
    await page.getByLabel('Target id').fill(monitorId);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByTestId('audit-log').locator('tbody tr').count()).toBe(1);
    expect(await page.getByTestId('audit-log').locator('tbody tr').getAttribute('data-action')).toBe('createMonitor');

    // A filter nothing matches says so.
    await page.getByLabel('Target id').fill('nothing-like-this');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('None match these filters.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not offered to a Member', async () => {
    const member = await addPerson(server, owner.teamId, 'Member');
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, member.email, member.password);
    expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await page.goto('/audit-log');
    await page.getByText('For Admins and Owners').waitFor();
    await context.close();
  });

  it('offers a Viewer no action that changes anything', async () => {
    const viewer = await addPerson(server, owner.teamId, 'Viewer');
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, viewer.email, viewer.password);
    await page.getByRole('link', { name: 'Site 0' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'New monitor' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.goto(`/monitors/${monitorId}`);
    await page.getByRole('heading', { name: 'Site 54', level: 1 }).waitFor();
    for (const name of ['Check now', 'Pause', 'Edit', 'Schedule maintenance', 'Delete']) {
      expect(await page.getByRole('button', { name }).or(page.getByRole('link', { name })).count(), name).toBe(0);
    }
    await page.goto('/incidents');
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Open incident' }).count()).toBe(0);
    // The team page offers Viewer among the roles.
    await page.goto('/team');
    await page.getByText('Sees everything a Member sees').waitFor();
    await context.close();
  });
});
