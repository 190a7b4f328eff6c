import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
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
