import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The Status page settings in headless Chromium against the real server: saving the form keeps
 * every field of the page, `showTargets` included, and the checkbox changes it.
 */

let server: TestServer;
let browser: Browser;
let owner: Person;
let token: string;

const PAGE = '/api/v1/status-pages/current';

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer();
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  token = (await server.app.services.tokens.create({ teamId: owner.teamId, userId: owner.userId, name: 'test' })).token;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the Status page settings', () => {
  it('keep showTargets through a save of another field, and change it with the checkbox', async () => {
    const monitor = await server.request('POST', '/api/v1/monitors', {
      token: token,
      body: {
        type: 'http',
        name: 'API',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: 'https://api.acme.test/health',
        method: 'GET',
        expectedStatus: 200,
      },
    });
    expect(monitor.status).toBe(201);
    const put = await server.request('PUT', PAGE, {
      token: token,
      body: { slug: 'acme', title: 'Acme status', monitorIds: [monitor.body.id], showTargets: true },
    });
    expect(put.status).toBe(200);

    const { context, page } = await newPage(browser, server.baseUrl);
    try {
      await signInWithForm(page, owner.email, owner.password);
      await page.goto('/status-page');
      const showHosts = page.getByRole('checkbox', { name: /Show each monitor’s host/ });
      await showHosts.waitFor();
      expect(await showHosts.isChecked()).toBe(true);

      // Saving a change of title alone leaves showTargets on.
      await page.getByLabel('Title').fill('Acme service status');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Status page saved').waitFor();
      const saved = await server.read(PAGE, token);
      expect(saved).toMatchObject({ title: 'Acme service status', showTargets: true, monitorIds: [monitor.body.id] });

      // The checkbox turns it off.
      await showHosts.uncheck();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(async () => (await server.read(PAGE, token)).showTargets).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('groups, custom domain, badges and subscribers in the Status page settings', () => {
  it('saves groups and a custom domain, shows copyable badge Markdown, lists and removes subscribers', async () => {
    const make = async (name: string) => {
      const answer = await server.request('POST', '/api/v1/monitors', {
        token,
        body: {
          type: 'http',
          name,
          intervalSeconds: 60,
          timeoutSeconds: 5,
          regions: ['us-east'],
          url: `https://${name.toLowerCase()}.acme.test/`,
          method: 'GET',
          expectedStatus: 200,
        },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as string;
    };
    const web = await make('Web');
    const docs = await make('Docs');
    const current = await server.read(PAGE, token);
    expect(
      (await server.request('PUT', PAGE, { token, body: { slug: 'acme', title: 'Acme status', monitorIds: [...current.monitorIds, web, docs] } })).status,
    ).toBe(200);
    const subscribed = await server.request('POST', '/status/acme/subscribe', { body: { webhookUrl: 'https://hooks.example.test/status' } });
    expect(subscribed.status).toBe(202);

    const { context, page } = await newPage(browser, server.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    try {
      await signInWithForm(page, owner.email, owner.password);
      await page.goto('/status-page');
      await page.getByRole('button', { name: 'Add group' }).waitFor();

      // One group, "Front", holding Docs; the others stay ungrouped.
      await page.getByRole('button', { name: 'Add group' }).click();
      await page.getByLabel('Name of group 1').fill('Front');
      await page.getByLabel('Docs', { exact: true }).selectOption({ label: 'Front' });
      await page.getByLabel('Custom domain').fill('Status.Acme.test');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Status page saved').waitFor();
      const saved = await server.read(PAGE, token);
      expect(saved.groups).toEqual([{ name: 'Front', monitorIds: [docs] }]);
      expect(saved.customDomain).toBe('status.acme.test');

      // Another team cannot take the same domain.
      const rival = await newPersonTeam(server, 'Owner', 'Rival');
      const rivalToken = (await server.app.services.tokens.create({ teamId: rival.teamId, userId: rival.userId, name: 't' })).token;
      const taken = await server.request('PUT', PAGE, {
        token: rivalToken,
        body: { slug: 'rival', title: 'Rival', monitorIds: [], customDomain: 'status.acme.test' },
      });
      expect(taken.status).toBe(400);

      // Badges in page order (the group first): Docs is badge 1; the Markdown is copied as shown.
      const badges = page.getByRole('region', { name: 'Badges' }).or(page.locator('.card', { hasText: 'Badges' }));
      await badges.getByText('Docs: status').waitFor();
      const markdown = `[![Docs status](${PUBLIC_URL}/status/acme/badge/1.svg)](${PUBLIC_URL}/status/acme)`;
      await expect.poll(() => page.locator('.badge-markdown').allTextContents()).toContain(markdown);
      await page.getByRole('button', { name: 'Copy Markdown: Docs: status' }).click();
      expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(markdown);

      // The subscriber list, and removing one.
      const row = page.locator('.subscribers-table tbody tr', { hasText: 'https://hooks.example.test/status' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Waiting for confirmation');
      await row.getByRole('button', { name: 'Remove https://hooks.example.test/status' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByText('No subscribers yet').waitFor();
      expect((await server.read(`${PAGE}/subscribers`, token)).data).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
