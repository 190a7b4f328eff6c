import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { CHROMIUM, launchBrowser, signInWithForm } from './browser.js';
import { addPerson, newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The maintenance windows of the dashboard in headless Chromium, in a browser whose zone is not
 * UTC (so that the form's local times are seen converted): scheduled from a monitor's page, the
 * API's message beside the end before the start, under "Active now", ended, then under "Past".
 */

const ZONE = 'America/New_York';

let server: TestServer;
let browser: Browser;
let target: Server;
let owner: Person;
let monitorId: string;

/** A `datetime-local` value: the instant's wall-clock time in ZONE, to the minute. */
function localIn(instant: Date): string {
  // Sweden's format is ISO's order: "2026-12-01 03:00".
  const text = instant.toLocaleString('sv-SE', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  return text.replace(' ', 'T');
}

beforeAll(async () => {
  await ensureDashboardBuilt();
  target = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  server = await startServer({ LOOKOUT_REGIONS: 'us-east' });
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  const actor = { tokenId: 'test', userId: owner.userId, teamId: owner.teamId, role: 'Owner' as const };
  const common = { type: 'http', intervalSeconds: 3600, timeoutSeconds: 5, regions: ['us-east'], method: 'GET', expectedStatus: 200 } as const;
  const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  monitorId = (await server.app.services.monitors.create(actor, { ...common, name: 'Core API', url })).id;
  await server.app.services.monitors.create(actor, { ...common, name: 'Billing', url });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  target?.close();
});

describe('maintenance windows on the dashboard', () => {
  it('schedules a window from a monitor, shows the API message beside the end, lists it as active, ends it', async () => {
    expect(CHROMIUM).toBeTruthy();
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1360, height: 900 },
      colorScheme: 'light',
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: ZONE,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const bodies: any[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/maintenance-windows') && request.method() === 'POST') bodies.push(request.postDataJSON());
    });
    await signInWithForm(page, owner.email, owner.password);

    // The navigation leads to the page; nothing is planned yet.
    await page.getByRole('link', { name: 'Maintenance', exact: true }).click();
    await page.getByText('No maintenance planned').waitFor();

    // From the monitor's page: the form opens with that monitor ticked and the browser's zone.
    await page.goto(`/monitors/${monitorId}`);
    await page.getByRole('link', { name: 'Schedule maintenance' }).click();
    await page.getByRole('heading', { name: 'Schedule maintenance', level: 1 }).waitFor();
    expect(page.url()).toContain(`/maintenance/new?monitor=${monitorId}`);
    expect(await page.getByLabel('Core API').isChecked()).toBe(true);
    expect(await page.getByLabel('Billing').isChecked()).toBe(false);
    expect(await page.getByLabel('Time zone').inputValue()).toBe(ZONE);

    // Started two minutes ago (to the minute, as the input holds it); ends before it starts.
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 120_000);
    await page.getByLabel('Title', { exact: true }).fill('Database upgrade');
    await page.getByLabel('Starts').fill(localIn(start));
    await page.getByLabel('Ends').fill(localIn(new Date(start.getTime() - 3_600_000)));
    await page.getByRole('button', { name: 'Schedule maintenance' }).click();
    const endsError = page.locator('.field', { has: page.getByLabel('Ends') }).locator('.field-error');
    await endsError.waitFor();
    expect(await endsError.textContent()).toContain('must be after startsAt');
    expect(await page.getByLabel('Ends').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.notice-error').textContent()).toContain('Ends must be after startsAt');

    // Fixed: the local times go as ISO instants, in the browser's zone.
    await page.getByLabel('Ends').fill(localIn(new Date(start.getTime() + 2 * 3_600_000)));
    await page.getByRole('button', { name: 'Schedule maintenance' }).click();
    await page.getByRole('heading', { name: 'Maintenance', exact: true, level: 1 }).waitFor();
    expect(bodies.at(-1)).toEqual({
      title: 'Database upgrade',
      monitorIds: [monitorId],
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      rrule: null,
      timezone: ZONE,
      showOnStatusPage: true,
    });

    // Under "Active now": its monitor by name (linked), its times in the browser's zone, no repeat.
    const active = page.locator('.window-group', { has: page.getByRole('heading', { name: 'Active now' }) });
    const item = active.locator('.window-item', { hasText: 'Database upgrade' });
    await item.waitFor();
    expect(await item.getByRole('link', { name: 'Core API' }).getAttribute('href')).toBe(`/monitors/${monitorId}`);
    const shown = start.toLocaleString('en-US', { timeZone: ZONE, year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    expect(await item.textContent()).toContain(shown);
    expect(await item.textContent()).toContain('RepeatsNo');
    expect(await item.textContent()).toContain('Status pageShown');

    // The window gives its monitor the status `maintenance`: its badge and the page's notice say so.
    await item.getByRole('link', { name: 'Core API' }).click();
    await page.locator('.page-title .status[data-status="maintenance"]').waitFor();
    expect(await page.locator('.page-title .status').textContent()).toBe('Maintenance');
    await page.getByText('Under maintenance:').waitFor();
    await page.getByRole('link', { name: 'Maintenance', exact: true }).click();
    await item.waitFor();

    // End now: it moves to "Past", and the API says it is no longer active.
    await item.getByRole('button', { name: 'End now' }).click();
    const past = page.locator('.window-group', { has: page.getByRole('heading', { name: 'Past' }) });
    await past.locator('.window-item', { hasText: 'Database upgrade' }).waitFor();
    expect(await active.locator('.window-item').count()).toBe(0);
    await active.getByText('No maintenance is under way.').waitFor();
    const actor = { tokenId: 'test', userId: owner.userId, teamId: owner.teamId, role: 'Owner' as const };
    const [record] = await server.app.services.maintenanceWindows.list(actor);
    expect(record).toMatchObject({ title: 'Database upgrade', active: false, nextStartsAt: null });

    // The monitors list can filter by the status a window gives; once ended, the monitor has left it.
    await page.getByRole('link', { name: 'Monitors' }).first().click();
    const status = page.locator(`tr[data-monitor-id="${monitorId}"] .status`);
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).not.toBe('maintenance');
    await page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: /Maintenance/ })
      .click();
    await page.getByText('No monitors match').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists a repeating window under "Upcoming" with its rule, edits it through the same form, and deletes it', async () => {
    const actor = { tokenId: 'test', userId: owner.userId, teamId: owner.teamId, role: 'Owner' as const };
    const startsAt = new Date(Date.now() + 86_400_000);
    const created = await server.app.services.maintenanceWindows.create(actor, {
      title: 'Weekly patching',
      monitorIds: [monitorId],
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      timezone: 'Europe/Berlin',
      showOnStatusPage: false,
    });
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', timezoneId: ZONE });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const patches: any[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postDataJSON());
    });
    await signInWithForm(page, owner.email, owner.password);
    await page.goto('/maintenance');
    const upcoming = page.locator('.window-group', { has: page.getByRole('heading', { name: 'Upcoming' }) });
    const item = upcoming.locator('.window-item', { hasText: 'Weekly patching' });
    await item.waitFor();
    // The rule in words, the rule itself on hover.
    expect(await item.textContent()).toContain('Every Sunday in Europe/Berlin');
    expect(await item.getByText('Every Sunday').getAttribute('title')).toBe('FREQ=WEEKLY;BYDAY=SU');
    expect(await item.textContent()).toContain('Status pageNot shown');

    // The edit form holds the stored rule; a bad one is named beside the field.
    await item.getByRole('link', { name: 'Edit Weekly patching' }).click();
    await page.getByRole('heading', { name: 'Edit Weekly patching', level: 1 }).waitFor();
    expect(await page.getByLabel('Repeat rule').inputValue()).toBe('FREQ=WEEKLY;BYDAY=SU');
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
    await page.getByLabel('Repeat rule').fill('FREQ=HOURLY');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const ruleError = page.locator('.field', { has: page.getByLabel('Repeat rule') }).locator('.field-error');
    await ruleError.waitFor();
    expect(await ruleError.textContent()).toContain('is not a supported RRULE');
    await page.getByLabel('Repeat rule').fill('FREQ=WEEKLY;BYDAY=SA');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Maintenance', exact: true, level: 1 }).waitFor();
    await upcoming.getByText('Every Saturday').waitFor();
    // Only what changed is sent: the start, held to the minute, is not moved.
    expect(patches.at(-1)).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=SA' });
    expect(await server.app.services.maintenanceWindows.get(actor, created.id)).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=SA', startsAt: created.startsAt });

    // Admins and Owners delete a window (after confirming); the list no longer has it.
    await page.getByRole('button', { name: 'Delete Weekly patching' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete window' }).click();
    await page.getByText('Deleted “Weekly patching”').waitFor();
    await upcoming.getByText('Nothing is planned.').waitFor();
    expect((await server.app.services.maintenanceWindows.list(actor)).map((w) => w.title)).toEqual(['Database upgrade']);
    await context.close();
  });

  it('lets a Member end a window under way, but not delete it', async () => {
    const actor = { tokenId: 'test', userId: owner.userId, teamId: owner.teamId, role: 'Owner' as const };
    const now = Date.now();
    const created = await server.app.services.maintenanceWindows.create(actor, {
      title: 'Cache flush',
      monitorIds: [monitorId],
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
    });
    const member = await addPerson(server, owner.teamId, 'Member');
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', timezoneId: ZONE });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInWithForm(page, member.email, member.password);
    await page.goto('/maintenance');
    const active = page.locator('.window-group', { has: page.getByRole('heading', { name: 'Active now' }) });
    const item = active.locator('.window-item', { hasText: 'Cache flush' });
    await item.waitFor();
    expect(await item.getByRole('button', { name: 'Delete Cache flush' }).count()).toBe(0);
    await item.getByRole('button', { name: 'End now' }).click();
    await page
      .locator('.window-group', { has: page.getByRole('heading', { name: 'Past' }) })
      .getByText('Cache flush')
      .waitFor();
    expect((await server.app.services.maintenanceWindows.get(actor, created.id)).active).toBe(false);
    await context.close();
  });
});
