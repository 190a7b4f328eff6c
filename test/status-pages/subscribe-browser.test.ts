import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, waitUntil, type SmtpReceiver } from '../alerts/receivers.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { call, expectStatus, putPage } from './fixtures.js';
import { seedShowcase, type Showcase } from './showcase.js';

/**
 * The public page with groups, maintenance and the subscribe form, in Chromium: the form by
 * keyboard alone and without JavaScript, maintenance cards apart from incidents, pills readable
 * in dark mode, times in the visitor's zone when scripts run, and badges that parse as SVG.
 */

let server: TestServer;
let smtp: SmtpReceiver;
let browser: Browser;
let showcase: Showcase;
let url: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  const owner = await server.newTeam('Owner');
  showcase = await seedShowcase(server, owner, `groups-${process.pid}`);
  const [website, api, dashboard, payments, webhooks] = showcase.listed.map((m) => m.id);
  await putPage(server, owner, {
    slug: showcase.slug,
    title: 'Acme Cloud Status',
    monitorIds: showcase.listed.map((m) => m.id),
    groups: [
      { name: 'Customer facing', monitorIds: [website, dashboard, payments] },
      { name: 'Developers', monitorIds: [api] },
    ],
  });
  const now = Date.now();
  const window = (title: string, from: number, to: number, monitorIds: string[]) =>
    call(server, owner, 'POST', '/api/v1/maintenance-windows', {
      title,
      monitorIds,
      startsAt: new Date(from).toISOString(),
      endsAt: new Date(to).toISOString(),
    });
  expectStatus(await window('Webhook relay upgrade', now - 10 * 60_000, now + 50 * 60_000, [webhooks!]), 201);
  expectStatus(await window('Database failover test', now + 26 * 3_600_000, now + 27 * 3_600_000, [api!, payments!]), 201);
  url = `${server.baseUrl}/status/${showcase.slug}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function open(options: BrowserContextOptions): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  expect((await page.goto(url, { waitUntil: 'load' }))?.status()).toBe(200);
  return { page, problems };
}

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => (globalThis as any).getComputedStyle(el).getPropertyValue(p) as string, property);

describe('the public page with groups, maintenance and the subscribe form', () => {
  it('shows the groups in order, then the others; maintenance cards are not incident red, in either scheme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, problems } = await open({ javaScriptEnabled: false, colorScheme });
      expect(await page.locator('h3.group').allTextContents()).toEqual(['Customer facing', 'Developers', 'Other systems']);
      expect(await page.locator('.monitor h4').allTextContents()).toEqual(['Website', 'Dashboard', 'Payments', 'Public API', 'Webhooks']);
      const cards = page.locator('#maintenance-h ~ article');
      expect(await cards.locator('h3').allTextContents()).toEqual(['Webhook relay upgrade', 'Database failover test']);
      expect(await cards.locator('.pill').allTextContents()).toEqual(['In progress', 'Scheduled']);
      const incidentBorder = await style(page, `#incident-${showcase.active.id}`, 'border-left-color');
      const maintenanceBorder = await style(page, '.incident.maintenance', 'border-left-color');
      expect(maintenanceBorder).not.toBe(incidentBorder);
      expect(maintenanceBorder).toBe(colorScheme === 'light' ? 'rgb(37, 99, 235)' : 'rgb(96, 165, 250)');
      // The maintenance pills follow the scheme: a dark fill in dark mode, never the light one.
      const pill = await style(page, '.pill.scheduled', 'background-color');
      expect(pill).toBe(colorScheme === 'light' ? 'rgb(219, 234, 254)' : 'rgb(23, 37, 84)');
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('subscribes by keyboard alone, without JavaScript: the header link, the address, Enter', async () => {
    const { page } = await open({ javaScriptEnabled: false });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.textContent)).toBe('Subscribe to updates');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.id)).toBe('follow-email');
    // The focused field shows it: an outline drawn by the page's own style.
    expect(await style(page, '#follow-email', 'outline-style')).toBe('solid');
    await page.keyboard.type('keyboard@example.test');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.textContent)).toBe('Subscribe');
    await Promise.all([page.waitForURL(`${url}/subscribe`), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').textContent()).toBe('Check your inbox');
    const [mail] = await waitUntil(() => (smtp.messages.length > 0 ? smtp.messages : undefined), 10_000, 'the confirmation mail');
    expect(mail!.to).toEqual(['keyboard@example.test']);
    await page.context().close();
  });

  it("writes times in the visitor's zone with the UTC text on hover when scripts run (the CSP lets the page's one script run)", async () => {
    const { page, problems } = await open({ javaScriptEnabled: true, timezoneId: 'Asia/Tokyo', locale: 'en-US' });
    const since = page.locator(`#incident-${showcase.active.id} .meta time`);
    expect(await since.getAttribute('title')).toMatch(/ UTC$/);
    expect(await since.textContent()).toMatch(/GMT\+9$/);
    expect(await page.locator('#tz').textContent()).toBe('Times are in your time zone (Asia/Tokyo); hover a time for UTC.');
    expect(problems).toEqual([]);
    await page.context().close();

    const off = await open({ javaScriptEnabled: false, timezoneId: 'Asia/Tokyo' });
    expect(await off.page.locator(`#incident-${showcase.active.id} .meta time`).textContent()).toMatch(/ UTC$/);
    await off.page.context().close();
  });

  it('serves badges that parse as SVG, with the settled texts', async () => {
    const { page } = await open({ javaScriptEnabled: true });
    const read = async (path: string) => {
      const svg = await (await fetch(`${url}/${path}`)).text();
      return page.evaluate((source) => {
        const doc = new (globalThis as any).DOMParser().parseFromString(source, 'image/svg+xml');
        return {
          error: doc.getElementsByTagName('parsererror').length > 0,
          root: doc.documentElement.namespaceURI + ' ' + doc.documentElement.localName,
          texts: Array.from(doc.getElementsByTagName('text')).map((t: any) => t.textContent as string),
        };
      }, svg);
    };
    const svg = 'http://www.w3.org/2000/svg svg';
    expect(await read('badge.svg')).toEqual({ error: false, root: svg, texts: ['status', 'degraded'] });
    expect(await read('badge/3.svg')).toEqual({ error: false, root: svg, texts: ['status', 'degraded'] });
    expect(await read('badge/5.svg')).toEqual({ error: false, root: svg, texts: ['status', 'maintenance'] });
    expect(await read('badge/1.svg?metric=uptime&days=90')).toEqual({ error: false, root: svg, texts: ['uptime 90d', expect.stringMatching(/^99\.\d+%$/)] });
    await page.context().close();
  });
});
