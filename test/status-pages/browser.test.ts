import { mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { isoDay } from './fixtures.js';
import { POSTED, SECRET_URL, UNPOSTED, seedShowcase, type Showcase } from './showcase.js';

/**
 * The public page in a real browser (Debian's Chromium, headless, driven by playwright-core),
 * with JavaScript switched off: everything must be there without it. Takes the screenshot the
 * README shows: `UPDATE_SCREENSHOTS=1` writes it to docs/status-page.png, otherwise it goes to a
 * temporary directory, so that a test run leaves the working tree as it found it.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const SCREENSHOT_DIR = process.env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs') : mkdtempSync(join(tmpdir(), 'lookout-screenshot-'));
const SCREENSHOT = join(SCREENSHOT_DIR, 'status-page.png');

let server: TestServer;
let browser: Browser;
let showcase: Showcase;
let url: string;

beforeAll(async () => {
  server = await startServer();
  const owner = await server.newTeam('Owner');
  showcase = await seedShowcase(server, owner, `acme-${process.pid}`);
  url = `${server.baseUrl}/status/${showcase.slug}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (process.env.UPDATE_SCREENSHOTS !== '1') rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
});

async function open(options: { width: number; height: number; scheme?: 'light' | 'dark' }): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    javaScriptEnabled: false,
    colorScheme: options.scheme ?? 'light',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  const response = await page.goto(url, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  return { page, problems };
}

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b2] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text colour against the nearest opaque background, for every element matching `selector`. */
async function contrasts(page: Page, selector: string): Promise<Array<{ text: string; ratio: number }>> {
  // Runs in the page: the test's own type library has no DOM, hence `any`.
  const pairs: Array<{ text: string; color: string; background: string }> = await page.locator(selector).evaluateAll((elements: any[]) =>
    elements.map((element) => {
      const style = (node: any) => (globalThis as any).getComputedStyle(node);
      let node: any = element;
      let background = 'rgba(0, 0, 0, 0)';
      while (node) {
        const bg = style(node).backgroundColor;
        if (!/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') {
          background = bg;
          break;
        }
        node = node.parentElement;
      }
      return {
        text: String(element.textContent ?? '')
          .trim()
          .slice(0, 40),
        color: style(element).color,
        background,
      };
    }),
  );
  return pairs.filter((p) => p.text !== '').map((p) => ({ text: p.text, ratio: Math.round(contrast(p.color, p.background) * 100) / 100 }));
}

describe('the public status page in Chromium', () => {
  it('shows the banner, the monitors with 90-day bars and the incidents, and saves the screenshot', async () => {
    const { page, problems } = await open({ width: 1200, height: 900 });

    // One script: the one that writes times in the visitor's zone.
    expect(await page.locator('script').count()).toBe(1);
    await expect(page.title()).resolves.toBe('Acme Cloud Status');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Acme Cloud Status');

    // Banner: Payments is degraded and an incident is open.
    const banner = page.locator('.banner');
    expect(await banner.getByRole('heading', { level: 2 }).textContent()).toBe('Partial outage');
    expect(await banner.textContent()).toContain('Degraded: Payments.');

    // Monitors, in the page's order, each with its status in words.
    const monitors = page.locator('.monitor');
    expect(await monitors.locator('h3').allTextContents()).toEqual(showcase.listed.map((m) => m.name));
    expect(await monitors.locator('.pill').allTextContents()).toEqual(['Operational', 'Operational', 'Operational', 'Degraded', 'Operational']);

    // 90 daily bars each, today last, with the day's uptime on hover.
    const bars = page.locator('.bar');
    expect(await bars.count()).toBe(5);
    for (let i = 0; i < 5; i++) expect(await bars.nth(i).locator('span').count()).toBe(90);
    const api = monitors.filter({ hasText: showcase.sampleDay.monitor }).locator('.bar span');
    expect(await api.nth(89).getAttribute('title')).toBe(`${isoDay(0)}: 100% uptime`);
    expect(await api.nth(89 - showcase.sampleDay.daysAgo).getAttribute('title')).toBe(`${isoDay(showcase.sampleDay.daysAgo)}: ${showcase.sampleDay.title}`);
    const webhooks = monitors.filter({ hasText: 'Webhooks' }).locator('.bar span');
    expect(await webhooks.nth(0).getAttribute('title')).toBe(`${isoDay(89)}: no data`);
    expect(await webhooks.nth(0).getAttribute('class')).toBe('n');
    expect(await bars.nth(1).getAttribute('aria-label')).toMatch(/^Public API: 99\.\d+% uptime over the past 90 days$/);
    // Hovering a day shows its title as the tooltip; the bar reacts.
    await api.nth(89 - showcase.sampleDay.daysAgo).hover();

    // The open incident with its posted updates, never the unposted one.
    const incident = page.locator(`#incident-${showcase.active.id}`);
    expect(await incident.locator('h3').textContent()).toBe(showcase.active.title);
    expect(await incident.locator('.pill').textContent()).toBe('Identified');
    expect(await incident.textContent()).toContain(POSTED);
    expect(await incident.locator('.timeline li').count()).toBe(2);
    const text = (await page.locator('body').textContent())!;
    expect(text).not.toContain(UNPOSTED);

    // Past incidents of the last 14 days, day by day; nothing of the unlisted monitor, nothing older.
    expect(await page.locator('.day').count()).toBe(14);
    for (const past of showcase.past) expect(await page.locator(`#incident-${past.id} h4`).textContent()).toBe(past.title);
    for (const hidden of showcase.hiddenIncidents) expect(text).not.toContain(hidden.title);
    const html = await page.content();
    for (const secret of [showcase.unlisted.id, showcase.unlisted.name, SECRET_URL, 'admin.internal', 'acme.example.test']) expect(html).not.toContain(secret);

    // The inline style was allowed by the page's Content-Security-Policy and applied.
    expect(await banner.evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)).toBe('rgb(181, 71, 8)');
    expect(problems).toEqual([]);

    const temporary = `${SCREENSHOT}.${process.pid}.tmp.png`;
    await page.screenshot({ path: temporary, fullPage: true });
    renameSync(temporary, SCREENSHOT);
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(20_000);
    await page.context().close();
  });

  it('fits a phone: no sideways scrolling, the last 30 days of each bar', async () => {
    const { page } = await open({ width: 375, height: 740 });
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const visible = await page
      .locator('.bar')
      .first()
      .locator('span')
      .evaluateAll((spans: any[]) => spans.filter((s) => (globalThis as any).getComputedStyle(s).display !== 'none').length);
    expect(visible).toBe(30);
    expect(await page.locator('.legend').first().innerText()).toMatch(/^30 days ago\s+100% uptime\s+Today$/);
    await page.screenshot({ path: join(server.dataDir, 'phone.png'), fullPage: true });
    await page.context().close();
  });

  it.each(['light', 'dark'] as const)('keeps text contrast at 4.5:1 or more (%s scheme)', async (scheme) => {
    const { page } = await open({ width: 1200, height: 900, scheme });
    const checked = [
      ...(await contrasts(page, '.banner h2, .banner p')),
      ...(await contrasts(page, '.pill')),
      ...(await contrasts(page, '.monitor h3, .legend span, .meta span, .timeline p, .day h3, .day .none, footer p, .section-head p')),
    ];
    expect(checked.length).toBeGreaterThan(30);
    const poor = checked.filter((c) => c.ratio < 4.5);
    expect(poor).toEqual([]);
    await page.context().close();
  });
});
