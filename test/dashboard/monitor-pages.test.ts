import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The monitor pages for the person on call, in headless Chromium: the list sorted with the monitors
 * that are down first and saying for how long, sortable from the keyboard; a young monitor's chart
 * spread over its few minutes with round ticks, a line per region and an exact p95, readable at
 * phone width; each type's own cards (from the dashboard's registry of types); failures in words.
 * No region runs checks: runs are written into the store as the check engine writes them.
 */

const MINUTE = 60_000;
/** axe-core's browser build, put into the page as a script. */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let server: TestServer;
let browser: Browser;
let owner: Person;

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer({ LOOKOUT_REGIONS: 'none' });
  owner = await newPersonTeam(server, 'Owner', 'On call');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What every checked monitor is created with. */
const CHECKED = { intervalSeconds: 60, timeoutSeconds: 10, regions: ['us-east' as const] };

const actor = () => ({ tokenId: 'test', userId: owner.userId, teamId: owner.teamId, role: 'Owner' as const });

async function insertRun(monitorId: string, run: Record<string, unknown>): Promise<void> {
  const startedAt = (run.started_at as number | undefined) ?? Date.now();
  await server.app.store.db
    .insertInto('monitor_runs')
    .values({
      id: newId(startedAt),
      monitor_id: monitorId,
      region: 'us-east',
      trigger: 'scheduled',
      started_at: startedAt,
      duration_ms: 20,
      ok: 1,
      attempts: 1,
      error_code: null,
      error_message: null,
      status_code: 200,
      timings: null,
      certificate: null,
      assertions: null,
      warnings: null,
      log: null,
      dns: null,
      ...run,
    })
    .execute();
}

/** Sets the status the list shows, as the run recorder decides it. */
async function setStatus(monitorId: string, status: string): Promise<void> {
  await server.app.store.db.updateTable('monitors').set({ status }).where('id', '=', monitorId).execute();
}

describe('the monitors list', () => {
  it('puts the monitors that are down first, says for how long, and sorts by any column from the keyboard', async () => {
    const team = await newPersonTeam(server, 'Owner', 'Triage');
    const as = { tokenId: 'test', userId: team.userId, teamId: team.teamId, role: 'Owner' as const };
    const make = (name: string) =>
      server.app.services.monitors.create(as, { ...CHECKED, type: 'http', method: 'GET', expectedStatus: 200, name, url: `https://example.test/${name}` });
    const alpha = await make('Alpha');
    const bravo = await make('Bravo');
    const charlie = await make('Charlie');
    const delta = await make('Delta');
    const now = Date.now();
    // Bravo has failed for the last 12 minutes, after succeeding before; Delta has been up 3 runs, all it ever had.
    await insertRun(bravo.id, { started_at: now - 20 * MINUTE });
    for (const ago of [12, 8, 4])
      await insertRun(bravo.id, { started_at: now - ago * MINUTE, ok: 0, status_code: 500, error_code: 'status-mismatch', error_message: 'HTTP 500' });
    for (const ago of [3 * 24 * 60, 2 * 24 * 60, 60]) await insertRun(delta.id, { started_at: now - ago * MINUTE });
    // Echo has been up for longer than its 30 newest runs reach: since its last incident ended, 3 days ago.
    const echo = await make('Echo');
    for (let ago = 30; ago >= 1; ago--) await insertRun(echo.id, { started_at: now - ago * MINUTE });
    const incident = await server.app.services.incidents.create(as, { title: 'Echo was down', monitorId: echo.id });
    await server.app.store.db
      .updateTable('incidents')
      .set({ status: 'resolved', created_at: now - 4 * 24 * 60 * MINUTE, resolved_at: now - 3 * 24 * 60 * MINUTE })
      .where('id', '=', incident.id)
      .execute();
    await server.app.store.db
      .updateTable('monitors')
      .set({ created_at: now - 5 * 24 * 60 * MINUTE })
      .where('id', '=', echo.id)
      .execute();
    await setStatus(echo.id, 'up');
    await setStatus(bravo.id, 'down');
    await setStatus(delta.id, 'up');
    await setStatus(charlie.id, 'degraded');
    await server.app.services.monitors.pause(as, alpha.id);

    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, team.email, team.password);
    const names = () => page.locator('.monitors-table tbody .row-title').allTextContents();
    await expect.poll(names).toEqual(['Bravo', 'Charlie', 'Delta', 'Echo', 'Alpha']);
    const bravoRow = page.locator(`tr[data-monitor-id="${bravo.id}"]`);
    await expect.poll(() => bravoRow.getByTestId('status-for').textContent()).toBe('for 12 min');
    await expect.poll(() => page.locator(`tr[data-monitor-id="${delta.id}"]`).getByTestId('status-for').textContent()).toBe('for 3 d');
    await expect.poll(() => page.locator(`tr[data-monitor-id="${echo.id}"]`).getByTestId('status-for').textContent()).toBe('for 3 d');
    expect(await page.getByRole('columnheader', { name: /^Status/ }).getAttribute('aria-sort')).toBe('ascending');

    // From the keyboard: the Monitor header sorts by name, and again the other way.
    const byName = page.getByRole('button', { name: /^Monitor/ });
    await byName.focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(await page.getByRole('columnheader', { name: /^Monitor/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(await page.getByRole('columnheader', { name: /^Monitor/ }).getAttribute('aria-sort')).toBe('descending');
    expect(page.url()).toContain('sort=name&order=desc');

    // The order survives a reload (it is in the address), and the select offers it where the header is hidden.
    await page.reload();
    await expect.poll(names).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
    await page.getByLabel('Sort by').selectOption('status:asc');
    await expect.poll(names).toEqual(['Bravo', 'Charlie', 'Delta', 'Echo', 'Alpha']);
    await context.close();
  });
});

describe('the chart of a young monitor', () => {
  it('spreads its first minutes over the width, with round ticks, a line per region, an exact p95, and labels that fit a phone', async () => {
    const monitor = await server.app.services.monitors.create(actor(), {
      ...CHECKED,
      type: 'http',
      method: 'GET',
      expectedStatus: 200,
      name: 'Young',
      url: 'https://example.test/young',
      regions: ['us-east', 'eu-west', 'asia'],
    });
    const now = Date.now();
    // Ten minutes of checks from three regions, every one 1 to 2 ms.
    for (let minute = 10; minute >= 1; minute--) {
      for (const [i, region] of (['us-east', 'eu-west', 'asia'] as const).entries()) {
        await insertRun(monitor.id, { region, started_at: now - minute * MINUTE + i * 1000, duration_ms: 1 + ((minute + i) % 2) });
      }
    }

    for (const viewport of [
      { width: 1360, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage(browser, server.baseUrl, viewport);
      await signInWithForm(page, owner.email, owner.password);
      await page.goto(`/monitors/${monitor.id}`);
      const chart = page.locator('.chart').first();
      await chart.locator('path.chart-line').first().waitFor();

      // A line per region, each named in the legend.
      expect(await chart.locator('.chart-legend li').allTextContents()).toEqual(['asia', 'eu-west', 'us-east']);
      expect(await chart.locator('path.chart-line').count()).toBe(3);

      // The oldest point is near the left edge, not squeezed against the right.
      const { width, firstX } = await chart.locator('svg').evaluate((svg: any) => {
        const xs = [...svg.querySelectorAll('path.chart-line')].map((path: any) => Number(/^M([\d.]+)/.exec(path.getAttribute('d'))![1]));
        return { width: svg.width.baseVal.value, firstX: Math.min(...xs) };
      });
      expect(firstX).toBeLessThan(width * 0.25);

      // Round value ticks, none repeated.
      const yLabels = await chart.locator('text.chart-axis:not(.chart-axis-x)').allTextContents();
      expect(new Set(yLabels).size).toBe(yLabels.length);
      expect(yLabels).toEqual(['0 ms', '1 ms', '2 ms']);

      // Time labels that do not overlap, at either width.
      const boxes = await chart
        .locator('text.chart-axis-x')
        .evaluateAll((texts: any[]) => texts.map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.right] as [number, number]));
      expect(boxes.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]![0], JSON.stringify(boxes)).toBeGreaterThan(boxes[i - 1]![1]);

      // Every check of the period is at hand: the p95 is exact, not the histogram's "≤ 50 ms".
      await expect.poll(() => page.getByTestId('p95').textContent()).toBe('2 ms');
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth + 1')).toBe(true);
      await context.close();
    }
  });
});

describe('the monitor page per type', () => {
  it('shows each type’s own overview and card, the picker lists every type, and failures read as words', async () => {
    const as = actor();
    const monitors = {
      http: await server.app.services.monitors.create(as, {
        ...CHECKED,
        type: 'http',
        method: 'GET',
        expectedStatus: 200,
        name: 'Card HTTP',
        url: 'https://example.test/card',
      }),
      ssl: await server.app.services.monitors.create(as, { ...CHECKED, type: 'ssl', port: 443, warningDays: 14, name: 'Card SSL', host: 'example.test' }),
      tcp: await server.app.services.monitors.create(as, { ...CHECKED, type: 'tcp', tls: false, name: 'Card TCP', host: 'db.example.test', port: 5432 }),
      dns: await server.app.services.monitors.create(as, {
        ...CHECKED,
        type: 'dns',
        resolver: null,
        name: 'Card DNS',
        hostname: 'example.test',
        recordType: 'A',
      }),
      heartbeat: await server.app.services.monitors.create(as, { type: 'heartbeat', name: 'Card heartbeat', periodSeconds: 3600 }),
    };
    const expected = {
      http: { overview: 'Regions', card: 'Request', text: 'GET https://example.test/card' },
      ssl: { overview: 'Regions', card: 'Certificate', text: 'No certificate seen yet; it appears after the first check.' },
      tcp: { overview: 'Regions', card: 'Connection', text: 'db.example.test:5432' },
      dns: { overview: 'Regions', card: 'Query', text: 'A example.test' },
      heartbeat: { overview: 'Pings', card: 'Schedule', text: 'every 1 h' },
    };
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithForm(page, owner.email, owner.password);

    await page.goto('/monitors/new');
    // The picker is drawn after the page's first requests answer; reading it at once could find it empty.
    const typeRadios = page.getByRole('radiogroup', { name: 'Type' }).getByRole('radio');
    await typeRadios.first().waitFor();
    expect(await typeRadios.evaluateAll((radios: any[]) => radios.map((r) => r.value as string))).toEqual([
      'http',
      'ssl',
      'tcp',
      'dns',
      'heartbeat',
      'ping',
      'domain',
    ]);

    for (const [type, monitor] of Object.entries(monitors)) {
      const want = expected[type as keyof typeof expected];
      await page.goto(`/monitors/${monitor.id}`);
      await page.getByRole('heading', { name: monitor.name, level: 1 }).waitFor();
      await page.getByRole('heading', { name: want.overview, level: 2 }).waitFor();
      const card = page.locator('.card', { has: page.getByRole('heading', { name: want.card, level: 2 }) });
      expect(await card.getByTestId('type-card').textContent(), type).toContain(want.text);
    }

    // After a check that read no certificate, the SSL card no longer waits for the first one; the failure reads as words, its code kept beside them.
    await insertRun(monitors.ssl.id, {
      status_code: null,
      ok: 0,
      error_code: 'certificate-untrusted',
      error_message: 'certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)',
    });
    await page.goto(`/monitors/${monitors.ssl.id}`);
    const run = page.locator('.runs-table tbody tr').first();
    await run.waitFor();
    expect(await run.locator('.check-error-text').textContent()).toBe('The certificate is self-signed.');
    expect(await run.locator('.check-error-detail').textContent()).toBe('certificate-untrusted certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(await page.getByTestId('no-certificate').textContent()).toContain('None read');
    expect(await page.locator('.region-tile[data-region="us-east"] .check-error-text').textContent()).toBe('The certificate is self-signed.');
    // A run during a maintenance window says so.
    await insertRun(monitors.ssl.id, { started_at: Date.now() - MINUTE, maintenance: 1 });
    await page.reload();
    await page.locator('.runs-table tbody tr').nth(1).waitFor();
    expect(await page.locator('.runs-table tbody tr').nth(1).locator('.pill-maintenance').textContent()).toBe('maintenance');
    expect(await run.locator('.pill-maintenance').count()).toBe(0);
    // Times in the viewer's zone, the UTC time on hover.
    expect(await run.locator('time').getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);

    // An expired certificate, as the check records it.
    await insertRun(monitors.http.id, {
      ok: 0,
      status_code: null,
      error_code: 'certificate-expired',
      error_message: 'certificate expired at 2026-01-01T00:00:00.000Z',
    });
    await page.goto(`/monitors/${monitors.http.id}`);
    await page.locator('.runs-table tbody tr').first().waitFor();
    expect(await page.locator('.runs-table .check-error-text').first().textContent()).toBe('The certificate has expired.');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the monitor pages in an accessibility check', () => {
  let monitorId: string;
  beforeAll(async () => {
    const monitor = await server.app.services.monitors.create(actor(), {
      ...CHECKED,
      type: 'http',
      method: 'GET',
      expectedStatus: 200,
      name: 'Checked by axe',
      url: 'https://example.test/axe',
    });
    const now = Date.now();
    await insertRun(monitor.id, { started_at: now - 2 * MINUTE });
    await insertRun(monitor.id, {
      started_at: now - MINUTE,
      ok: 0,
      status_code: null,
      error_code: 'connection-refused',
      error_message: 'connect ECONNREFUSED 10.0.0.1:443',
    });
    monitorId = monitor.id;
  });

  // A test per scheme: three pages loaded and checked each, which a slow machine takes half a minute for.
  it.each(['light', 'dark'] as const)('have no serious or critical axe-core violation (%s scheme)', async (colorScheme) => {
    // The dashboard's Content-Security-Policy refuses inline scripts, axe's among them: this context alone bypasses it.
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      colorScheme,
      locale: 'en-US',
      timezoneId: 'UTC',
      reducedMotion: 'reduce',
      bypassCSP: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInWithForm(page, owner.email, owner.password);
    for (const path of ['/monitors', `/monitors/${monitorId}`, '/monitors/new']) {
      await page.goto(path);
      await page.locator('h1').waitFor();
      // Every section's placeholder gone (a page can show several at once: a locator's wait wants one).
      await page.waitForFunction("document.querySelectorAll('.skeleton-list').length === 0");
      await page.addScriptTag({ path: AXE });
      const violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> = await page.evaluate(
        "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) })))",
      );
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, `${colorScheme} ${path}: ${JSON.stringify(serious)}`).toEqual([]);
    }
    await context.close();
  });
});
