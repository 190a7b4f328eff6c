import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { addPerson, newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * An installation's extra region (LOOKOUT_EXTRA_REGIONS, served only by remote probes) on the
 * dashboard, in headless Chromium: the form offers it to an Owner, who may read the installation's
 * regions; a Member editing the monitor still sees it ticked; the monitor's page marks a region
 * nobody serves as stale; the team page lists it as served by nobody. Nothing checks here.
 */

let server: TestServer;
let browser: Browser;
let owner: Person;

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer({ LOOKOUT_REGIONS: 'none', LOOKOUT_EXTRA_REGIONS: 'office-berlin' });
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('an extra region on the dashboard', () => {
  it('is offered in the form, kept for a Member, shown stale on the monitor and unserved on the team page', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const posts: any[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/monitors') posts.push(request.postDataJSON());
    });
    await signInWithForm(page, owner.email, owner.password);

    await page.goto('/monitors/new');
    await page.getByRole('radio', { name: /^TCP port/ }).check();
    const regions = page.getByRole('group', { name: 'Regions' });
    await regions.getByLabel('office-berlin').waitFor();
    expect(await regions.getByRole('checkbox').evaluateAll((boxes: any[]) => boxes.map((b) => b.value as string))).toEqual([
      'us-east',
      'eu-west',
      'asia',
      'office-berlin',
    ]);
    await page.getByLabel('Name', { exact: true }).fill('Office printer');
    await page.getByLabel('Host', { exact: true }).fill('printer.office.test');
    await page.getByLabel('Port', { exact: true }).fill('631');
    await regions.getByLabel('office-berlin').check();
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Office printer', level: 1 }).waitFor();
    expect(posts.at(-1).regions).toEqual(['us-east', 'office-berlin']);
    const id = page.url().split('/monitors/')[1]!;

    // Nobody serves either region here: each tile says its result no longer counts.
    const tile = page.locator('.region-tile[data-region="office-berlin"]');
    await expect.poll(() => tile.locator('[data-stale]').count()).toBe(1);
    expect(await page.locator('.region-tile[data-region="us-east"] [data-stale]').count()).toBe(1);

    await page.goto('/team');
    const row = page.locator('.regions-table tr[data-region="office-berlin"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('nobody');
    await context.close();

    // A Member may not read the installation's regions, yet sees (and may untick) the monitor's own.
    const member = await addPerson(server, owner.teamId, 'Member');
    const other = await newPage(browser, server.baseUrl);
    await signInWithForm(other.page, member.email, member.password);
    await other.page.goto(`/monitors/${id}/edit`);
    const memberRegions = other.page.getByRole('group', { name: 'Regions' });
    await memberRegions.getByLabel('office-berlin').waitFor();
    expect(await memberRegions.getByLabel('office-berlin').isChecked()).toBe(true);
    await other.context.close();
    expect(errors).toEqual([]);
  });
});
