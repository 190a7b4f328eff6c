import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * Keyboard focus on the dashboard in headless Chromium, in both colour schemes: every kind of
 * focusable control shows a ring (read from its computed style, at least 3:1 against the page), the
 * main heading takes the focus on every route change and after a create, a failed submit moves it
 * to the first field the API named, and a control that goes away under it leaves it on a heading.
 */

let server: TestServer;
let browser: Browser;
let owner: Person;

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer({ LOOKOUT_REGIONS: 'none' });
  owner = await newPersonTeam(server, 'Owner', 'Focus');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What every checked monitor is created with. */
const CHECKED = { intervalSeconds: 60, timeoutSeconds: 10, regions: ['us-east' as const] };

const actorOf = (person: Person) => ({ tokenId: 'test', userId: person.userId, teamId: person.teamId, role: 'Owner' as const });

/** WCAG's relative luminance of an `rgb()`/`rgba()` colour as computed styles give it. */
function luminance(color: string): number {
  const [r, g, b] = color
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number) as [number, number, number];
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The element's focus indicator, once focused from the keyboard: its outline, and the colour behind it. */
async function ringOf(
  page: Page,
  locator: Locator,
): Promise<{ outline: string; width: number; color: string; shadow: string; background: string; focused: boolean }> {
  // A key press first: Chromium then treats the focus that follows as keyboard focus (:focus-visible).
  await page.keyboard.press('Shift');
  await locator.focus();
  // The test runs without the DOM's types: the page's globals are read through `globalThis`.
  return locator.evaluate((el: any) => {
    const { getComputedStyle, document } = globalThis as any;
    const style = getComputedStyle(el);
    return {
      outline: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      color: style.outlineColor,
      shadow: style.boxShadow,
      background: getComputedStyle(document.body).backgroundColor,
      focused: el === document.activeElement && el.matches(':focus-visible'),
    };
  });
}

async function expectVisibleFocus(page: Page, kind: string, locator: Locator): Promise<void> {
  await locator.waitFor();
  const ring = await ringOf(page, locator);
  expect(ring.focused, kind).toBe(true);
  expect(ring.outline, `${kind}: outline`).not.toBe('none');
  expect(ring.width, `${kind}: outline width`).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.background), `${kind}: ${ring.color} on ${ring.background}`).toBeGreaterThanOrEqual(3);
}

describe('focus on the dashboard', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows a visible focus ring on every kind of control (${colorScheme})`, async () => {
      const monitor = await server.app.services.monitors.create(actorOf(owner), {
        ...CHECKED,
        type: 'http',
        method: 'GET',
        expectedStatus: 200,
        name: `Ring ${colorScheme}`,
        url: 'https://example.test/',
      });
      const { context, page } = await newPage(browser, server.baseUrl);
      await page.emulateMedia({ colorScheme });
      await signInWithForm(page, owner.email, owner.password);

      await page.goto('/monitors/new');
      await page.getByRole('heading', { name: 'New monitor', level: 1 }).waitFor();
      await expectVisibleFocus(page, 'text input', page.getByLabel('Name', { exact: true }));
      await expectVisibleFocus(page, 'url input', page.getByLabel('URL', { exact: true }));
      await expectVisibleFocus(page, 'number input', page.getByLabel('Timeout (seconds)'));
      await expectVisibleFocus(page, 'select', page.getByLabel('Check interval'));
      await expectVisibleFocus(page, 'radio', page.getByRole('radio', { name: /^DNS record/ }));
      await expectVisibleFocus(page, 'checkbox', page.getByRole('checkbox', { name: 'us-east' }));
      await expectVisibleFocus(page, 'primary button', page.getByRole('button', { name: 'Create monitor' }));
      await expectVisibleFocus(page, 'secondary button', page.getByRole('button', { name: 'Cancel' }));
      await expectVisibleFocus(page, 'link', page.locator('.back-link'));
      await page.getByLabel('Method').selectOption('POST');
      await expectVisibleFocus(page, 'textarea', page.getByLabel('Request body'));

      await page.goto(`/monitors/${monitor.id}`);
      await page.getByRole('heading', { name: `Ring ${colorScheme}`, level: 1 }).waitFor();
      await expectVisibleFocus(page, 'chart', page.locator('.chart svg'));
      await expectVisibleFocus(page, 'toggle button', page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '7d' }));
      await expectVisibleFocus(page, 'navigation link', page.getByRole('link', { name: 'Incidents' }).first());

      await page.goto('/monitors');
      await expectVisibleFocus(page, 'search input', page.getByLabel('Search monitors'));
      await expectVisibleFocus(page, 'column header', page.getByRole('button', { name: /^Monitor/ }));
      await context.close();
    });
  }

  it('moves the focus to the main heading on every route change, and after a create', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, owner.email, owner.password);
    const focused = () => page.evaluate('({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent })');

    await page.getByRole('link', { name: 'Incidents' }).first().click();
    await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
    await expect.poll(focused).toEqual({ tag: 'H1', text: 'Incidents' });

    // From the keyboard: Enter on a link, and the next page's heading has the focus.
    await page.getByRole('link', { name: 'Monitors' }).first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toEqual({ tag: 'H1', text: 'Monitors' });

    // A page that loads its data draws its heading later, and the focus waits for it.
    await page.getByRole('link', { name: 'New monitor' }).click();
    await expect.poll(focused).toEqual({ tag: 'H1', text: 'New monitor' });
    await page.getByLabel('Name', { exact: true }).fill('Focus after create');
    await page.getByLabel('URL', { exact: true }).fill('https://example.test/after');
    await page.getByLabel('URL', { exact: true }).press('Enter');
    await expect.poll(focused, { timeout: 10_000 }).toEqual({ tag: 'H1', text: 'Focus after create' });

    // Back through the history, too.
    await page.goBack();
    await expect.poll(focused).toEqual({ tag: 'H1', text: 'New monitor' });
    await context.close();
  });

  it('moves the focus to the first field the API named after a failed submit, keyboard only', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, owner.email, owner.password);
    await page.goto('/monitors/new');
    const name = page.getByLabel('Name', { exact: true });
    const url = page.getByLabel('URL', { exact: true });
    await name.waitFor();
    // A slow page (a busy machine, a cheap phone) is where the move used to fail: it looked for the
    // invalid field before React had drawn the failure, found none and moved nothing.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });

    // Nothing filled in: the name is the first field named.
    await url.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-error-summary]').waitFor();
    await expect.poll(() => name.evaluate((el: any) => el === (globalThis as any).document.activeElement), { timeout: 5000 }).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    // The name given, a URL that is not one: the URL field takes the focus.
    await page.keyboard.type('Broken');
    await url.fill('not a url');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => url.evaluate((el: any) => el === (globalThis as any).document.activeElement && el.getAttribute('aria-invalid') === 'true'))
      .toBe(true);

    // A refusal that names no field of the form focuses the summary, which says why.
    await page.route('**/api/v1/monitors', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'Too many monitors.', code: 'conflict' }),
          })
        : route.continue(),
    );
    await url.fill('https://example.test/ok');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate("document.activeElement?.hasAttribute('data-error-summary')")).toBe(true);
    await context.close();
  });

  it('keeps the focus off the page body when the control it was on is busy or goes away', async () => {
    const monitor = await server.app.services.monitors.create(actorOf(owner), {
      ...CHECKED,
      type: 'http',
      method: 'GET',
      expectedStatus: 200,
      name: 'Keeper',
      url: 'https://example.test/keeper',
    });
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, owner.email, owner.password);
    await page.goto(`/monitors/${monitor.id}`);
    await page.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    // Pause became Resume in place: the focus is on it, ready to undo, not on the page body.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Resume');

    // The dialog keeps the focus inside while open (Tab and Shift+Tab go round) and gives it back on Escape.
    const inDialog = () => page.evaluate("!!document.activeElement?.closest('[role=dialog]')");
    await page.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await inDialog()).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inDialog(), key).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Delete');

    // Delete, confirmed: the dialog and the page it was on are gone, and the list's heading has the focus.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete monitor' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Monitors', level: 1 }).waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.tagName')).toBe('H1');

    // Acknowledge, from the keyboard: the button goes once it has done its work, and the incident's heading has the focus.
    const incident = await server.app.services.incidents.create(actorOf(owner), { title: 'Checkout is slow', severity: 'major' });
    await page.goto(`/incidents/${incident.id}`);
    await page.getByRole('button', { name: 'Acknowledge' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('acknowledged-via').waitFor();
    await expect
      .poll(() => page.evaluate('({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent })'))
      .toEqual({
        tag: 'H1',
        text: 'Checkout is slow',
      });
    await context.close();
  });
});
