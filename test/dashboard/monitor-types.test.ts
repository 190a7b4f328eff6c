import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { addPerson, newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * TCP, DNS and heartbeat monitors on the dashboard in headless Chromium: created through the form
 * (the bodies it posts, the monitors it makes), the API's message for a cron expression beside its
 * field, a heartbeat's ping URL and the lines to copy, a new ping key, and the runs of each type.
 * No region runs checks here: a heartbeat's runs come from its ping URL, the others' (and a missed
 * ping, which needs its deadline to pass) are written into the store as the check engine writes them.
 */

let server: TestServer;
let browser: Browser;
let owner: Person;

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer({ LOOKOUT_REGIONS: 'none' });
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Pings a heartbeat as its job would, at the test server's address (its ping URL names the public one). */
async function ping(pingUrl: string, suffix = '', body?: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}${new URL(pingUrl).pathname}${suffix}`, { method: body === undefined ? 'GET' : 'POST', body });
  await response.text();
  return response.status;
}

const actorOf = (person: Person) => ({ tokenId: 'test', userId: person.userId, teamId: person.teamId, role: 'Owner' as const });

/** Every POST and PATCH body the page sends to the monitors API, in order. */
function recordBodies(page: Page): { posts: any[]; patches: any[] } {
  const bodies = { posts: [] as any[], patches: [] as any[] };
  page.on('request', (request) => {
    if (!/\/api\/v1\/monitors(\/[^/]+)?$/.test(new URL(request.url()).pathname)) return;
    if (request.method() === 'POST') bodies.posts.push(request.postDataJSON());
    if (request.method() === 'PATCH') bodies.patches.push(request.postDataJSON());
  });
  return bodies;
}

/** The API's message shown under the field labelled `label`. */
const fieldError = (page: Page, label: string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field-error');

/** A run as the check engine or the ping endpoint stores it; `region` 'ping' and duration -1 stand for none. */
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
      status_code: null,
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

describe('monitor types on the dashboard', () => {
  it('creates a TCP, a DNS and a heartbeat monitor through the form, each with its own fields', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const { posts } = recordBodies(page);
    const actor = actorOf(owner);
    await signInWithForm(page, owner.email, owner.password);

    // TCP: host, port (no default, unlike SSL's 443), TLS and a response time.
    await page.goto('/monitors/new');
    await page.getByRole('radio', { name: /^SSL certificate/ }).check();
    expect(await page.getByLabel('Port', { exact: true }).inputValue()).toBe('443');
    await page.getByRole('radio', { name: /^TCP port/ }).check();
    expect(await page.getByLabel('Port', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Name', { exact: true }).fill('Database');
    await page.getByLabel('Host', { exact: true }).fill('db.example.test');
    await page.getByLabel('Port', { exact: true }).fill('5432');
    await page.getByLabel('TLS handshake after connecting').check();
    // A TCP check judges only the time: the editor offers nothing else.
    await page.getByRole('button', { name: 'Add assertion' }).click();
    expect(await page.getByLabel('Assertion 1 source').locator('option').allTextContents()).toEqual(['Response time']);
    await page.getByLabel('Assertion 1 value').fill('800');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Database', level: 1 }).waitFor();
    expect(posts.at(-1)).toEqual({
      type: 'tcp',
      name: 'Database',
      notificationPolicyId: null,
      failureThreshold: 1,
      recoveryThreshold: 1,
      tags: [],
      dependsOn: null,
      intervalSeconds: 60,
      timeoutSeconds: 10,
      regions: ['us-east'],
      host: 'db.example.test',
      port: 5432,
      tls: true,
      assertions: [{ source: 'responseTime', op: 'lt', value: 800, severity: 'fail' }],
    });
    const tcpId = page.url().split('/monitors/')[1]!;
    expect(await server.app.services.monitors.get(actor, tcpId)).toMatchObject({
      type: 'tcp',
      host: 'db.example.test',
      port: 5432,
      tls: true,
      assertions: [{ source: 'responseTime', op: 'lt', value: 800, severity: 'fail' }],
    });
    expect(await page.locator('.page-subtitle').textContent()).toContain('db.example.test:5432');

    // DNS: the name, a record type, a resolver, and what the answer must hold.
    await page.goto('/monitors/new');
    await page.getByRole('radio', { name: /^DNS record/ }).check();
    await page.getByLabel('Name', { exact: true }).fill('Mail routing');
    await page.getByLabel('Host name', { exact: true }).fill('example.test');
    await page.getByLabel('Record type').selectOption('MX');
    await page.getByLabel('Resolver').fill('9.9.9.9:53');
    await page.getByRole('button', { name: 'Add assertion' }).click();
    expect(await page.getByLabel('Assertion 1 source').locator('option').allTextContents()).toEqual(['Answer', 'Response time']);
    await page.getByLabel('Assertion 1 value').fill('10 mail.example.test');
    await page.getByRole('button', { name: 'Add assertion' }).click();
    await page.getByLabel('Assertion 2 operator').selectOption('eq');
    // The whole set of records: one a line, blank lines dropped.
    await page.getByLabel('Assertion 2 value').fill('10 mail.example.test\n\n20 backup.example.test\n');
    await page.getByLabel('Assertion 2 severity').selectOption('degraded');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Mail routing', level: 1 }).waitFor();
    expect(posts.at(-1)).toEqual({
      type: 'dns',
      name: 'Mail routing',
      notificationPolicyId: null,
      failureThreshold: 1,
      recoveryThreshold: 1,
      tags: [],
      dependsOn: null,
      intervalSeconds: 60,
      timeoutSeconds: 10,
      regions: ['us-east'],
      hostname: 'example.test',
      recordType: 'MX',
      resolver: '9.9.9.9:53',
      assertions: [
        { source: 'answer', op: 'contains', value: '10 mail.example.test', severity: 'fail' },
        { source: 'answer', op: 'eq', value: ['10 mail.example.test', '20 backup.example.test'], severity: 'degraded' },
      ],
    });
    const dnsId = page.url().split('/monitors/')[1]!;
    expect(await server.app.services.monitors.get(actor, dnsId)).toMatchObject({
      type: 'dns',
      hostname: 'example.test',
      recordType: 'MX',
      resolver: '9.9.9.9:53',
    });
    expect(await page.locator('.page-subtitle').textContent()).toContain('MX example.test');
    const settings = page.locator('.card', { has: page.getByRole('heading', { name: 'Query' }) });
    expect(await settings.locator('.assertion-list li').allTextContents()).toEqual([
      'Answer contains "10 mail.example.test"',
      'Answer is exactly "10 mail.example.test", "20 backup.example.test"degraded',
    ]);

    // Heartbeat: no interval, timeout or regions; a period in hours and a grace in minutes.
    await page.goto('/monitors/new');
    await page.getByRole('radio', { name: /^Heartbeat/ }).check();
    expect(await page.getByLabel('Check interval').count()).toBe(0);
    expect(await page.getByLabel('Timeout (seconds)').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Regions' }).count()).toBe(0);
    await page.getByLabel('Name', { exact: true }).fill('Nightly backup');
    await page.getByLabel('Every', { exact: true }).fill('2');
    expect(await page.getByLabel('Every unit').inputValue()).toBe('hours');
    await page.getByLabel('Grace', { exact: true }).fill('10');
    expect(await page.getByLabel('Grace unit').inputValue()).toBe('minutes');
    await page.getByRole('button', { name: 'Create monitor' }).click();
    await page.getByRole('heading', { name: 'Nightly backup', level: 1 }).waitFor();
    expect(posts.at(-1)).toEqual({
      type: 'heartbeat',
      name: 'Nightly backup',
      notificationPolicyId: null,
      failureThreshold: 1,
      recoveryThreshold: 1,
      tags: [],
      dependsOn: null,
      periodSeconds: 7200,
      graceSeconds: 600,
    });
    const heartbeatId = page.url().split('/monitors/')[1]!;
    expect(await server.app.services.monitors.get(actor, heartbeatId)).toMatchObject({
      type: 'heartbeat',
      periodSeconds: 7200,
      cron: null,
      timezone: 'UTC',
      graceSeconds: 600,
      deadlineAt: null,
    });
    // A heartbeat is not checked on demand, and waits for its first ping.
    expect(await page.getByTestId('check-now').count()).toBe(0);
    expect(await page.getByTestId('ping-deadline').textContent()).toBe('Waiting for the first ping');

    // The list gives each its target: host and port, the record asked for, the schedule.
    await page.getByRole('link', { name: 'Monitors' }).first().click();
    const targetOf = (id: string) => page.locator(`tr[data-monitor-id="${id}"] .truncate`);
    await targetOf(heartbeatId).waitFor();
    expect(await targetOf(tcpId).textContent()).toBe('db.example.test:5432');
    expect(await targetOf(dnsId).textContent()).toBe('MX example.test');
    expect(await targetOf(heartbeatId).textContent()).toBe('every 2 h');
    expect(await page.locator(`tr[data-monitor-id="${heartbeatId}"]`).textContent()).toContain('waits for a ping');
    await page.getByLabel('Search monitors').fill('MX example');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the API's message for a cron expression at its field, and sends a move from a period to cron with the period null", async () => {
    const actor = actorOf(owner);
    const monitor = await server.app.services.monitors.create(actor, { type: 'heartbeat', name: 'Reports', periodSeconds: 86_400 });
    const { context, page } = await newPage(browser, server.baseUrl);
    const { patches } = recordBodies(page);
    await signInWithForm(page, owner.email, owner.password);
    await page.goto(`/monitors/${monitor.id}/edit`);
    await page.getByRole('heading', { name: 'Edit Reports', level: 1 }).waitFor();
    // The stored period in its largest whole unit; no type picker on edit.
    expect(await page.getByLabel('Every', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('Every unit').inputValue()).toBe('days');
    expect(await page.getByRole('radio', { name: /^Heartbeat/ }).count()).toBe(0);

    await page.getByLabel('On a cron expression').check();
    expect(await page.getByLabel('Time zone').inputValue()).toBe('UTC');
    await page.getByLabel('Cron expression', { exact: true }).fill('61 * * * *');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await fieldError(page, 'Cron expression').waitFor();
    expect(await fieldError(page, 'Cron expression').textContent()).toContain('is not a valid cron expression: Invalid value for minute: 61');
    expect(await page.getByLabel('Cron expression', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.notice-error').textContent()).toContain('Cron expression');
    expect(patches).toEqual([{ periodSeconds: null, cron: '61 * * * *', timezone: 'UTC' }]);

    // Fixed, in another zone: saved, and the monitor has the cron expression and no period.
    await page.getByLabel('Cron expression', { exact: true }).fill('30 6 * * 1-5');
    await page.getByLabel('Time zone').fill('Europe/Berlin');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(patches[1]).toEqual({ periodSeconds: null, cron: '30 6 * * 1-5', timezone: 'Europe/Berlin' });
    expect(await server.app.services.monitors.get(actor, monitor.id)).toMatchObject({ periodSeconds: null, cron: '30 6 * * 1-5', timezone: 'Europe/Berlin' });
    expect(await page.locator('.page-subtitle').textContent()).toContain('30 6 * * 1-5 (Europe/Berlin)');

    // Back to a period: the cron expression goes (null); the zone, which only cron reads, is not sent.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Every few minutes, hours or days').check();
    await page.getByLabel('Every', { exact: true }).fill('30');
    await page.getByLabel('Every unit').selectOption('minutes');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(patches[2]).toEqual({ periodSeconds: 1800, cron: null });
    expect(await server.app.services.monitors.get(actor, monitor.id)).toMatchObject({ periodSeconds: 1800, cron: null });
    await context.close();
  });

  it("shows a heartbeat's ping URL with the lines to copy, and gives a Member a new key after confirming", async () => {
    const actor = actorOf(owner);
    const monitor = await server.app.services.monitors.create(actor, { type: 'heartbeat', name: 'Backup', cron: '0 3 * * *', graceSeconds: 900 });
    const pingUrl = (monitor as { pingUrl: string }).pingUrl;
    const member = await addPerson(server, owner.teamId, 'Member');
    const { context, page } = await newPage(browser, server.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithForm(page, member.email, member.password);
    await page.goto(`/monitors/${monitor.id}`);
    await page.getByRole('heading', { name: 'Backup', level: 1 }).waitFor();

    const urlField = page.getByLabel('Ping URL', { exact: true });
    expect(await urlField.inputValue()).toBe(pingUrl);
    expect(await urlField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('ping-curl').textContent()).toBe(`curl -fsS -m 10 --retry 3 ${pingUrl}`);
    expect(await page.getByTestId('ping-crontab').textContent()).toBe(`0 3 * * * /usr/local/bin/backup.sh; curl -fsS -m 10 --retry 3 ${pingUrl}/$?`);
    const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Pings' }) });
    expect(await card.textContent()).toContain(`${pingUrl}/start`);
    expect(await card.textContent()).toContain(`${pingUrl}/fail`);
    await page.getByRole('button', { name: 'Copy ping URL' }).click();
    await page.getByRole('button', { name: 'Copy ping URL: copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(pingUrl);
    expect(await page.getByTestId('check-now').count()).toBe(0);

    // A new key, once confirmed: the page shows the new URL, which the API now holds.
    await page.getByRole('button', { name: 'New ping key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make a new key' }).click();
    await page.getByText('The old one answers 404 from now on').waitFor();
    const renewed = (await server.app.services.monitors.get(actor, monitor.id)) as { pingUrl: string };
    expect(renewed.pingUrl).not.toBe(pingUrl);
    expect(await urlField.inputValue()).toBe(renewed.pingUrl);
    expect(await page.getByTestId('ping-curl').textContent()).toBe(`curl -fsS -m 10 --retry 3 ${renewed.pingUrl}`);
    // The old URL is unknown from now on; the new one is heard.
    expect(await ping(pingUrl)).toBe(404);
    expect(await ping(renewed.pingUrl)).toBe(200);

    // Pinged, it expects the next run by a deadline (the next 03:00 and the grace), shown in the browser's zone.
    const { deadlineAt } = (await server.app.services.monitors.get(actor, monitor.id)) as { deadlineAt: string };
    const shown = new Date(deadlineAt).toLocaleString('en-US', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    await expect.poll(() => page.getByTestId('ping-deadline').textContent(), { timeout: 15_000 }).toContain(shown);
    expect(new Date(deadlineAt).getUTCHours() * 60 + new Date(deadlineAt).getUTCMinutes()).toBe(3 * 60 + 15);

    // A period's crontab line is a cron schedule of that period.
    const hourly = await server.app.services.monitors.create(actor, { type: 'heartbeat', name: 'Sync', periodSeconds: 900 });
    await page.goto(`/monitors/${hourly.id}`);
    await page.getByRole('heading', { name: 'Sync', level: 1 }).waitFor();
    expect(await page.getByTestId('ping-crontab').textContent()).toBe(
      `*/15 * * * * /usr/local/bin/backup.sh; curl -fsS -m 10 --retry 3 ${(hourly as { pingUrl: string }).pingUrl}/$?`,
    );
    await context.close();
  });

  it('lists each type of run: a heartbeat ping with its log and a missed one, a DNS answer, TCP timings', async () => {
    const actor = actorOf(owner);
    const heartbeat = await server.app.services.monitors.create(actor, { type: 'heartbeat', name: 'Export', periodSeconds: 3600 });
    const dns = await server.app.services.monitors.create(actor, {
      type: 'dns',
      name: 'Mail records',
      intervalSeconds: 300,
      timeoutSeconds: 5,
      regions: ['us-east'],
      hostname: 'example.test',
      recordType: 'MX',
    });
    const tcp = await server.app.services.monitors.create(actor, {
      type: 'tcp',
      name: 'Cache',
      intervalSeconds: 300,
      timeoutSeconds: 5,
      regions: ['us-east'],
      host: 'cache.example.test',
      port: 6380,
      tls: true,
    });
    const now = Date.now();
    // An hour ago a ping was missed (as the deadline sweep records it); now the job fails with exit code 3, then succeeds with its log.
    await insertRun(heartbeat.id, {
      started_at: now - 3_700_000,
      region: 'ping',
      trigger: 'scheduled',
      duration_ms: -1,
      ok: 0,
      error_code: 'heartbeat-missed',
      error_message: `no ping by ${new Date(now - 3_600_000).toISOString()}`,
    });
    const pingUrl = (heartbeat as { pingUrl: string }).pingUrl;
    expect(await ping(pingUrl, '/3')).toBe(200);
    expect(await ping(pingUrl, '', 'exported 42 rows\nall done')).toBe(200);
    await insertRun(dns.id, {
      started_at: now - 30_000,
      duration_ms: 12,
      dns: JSON.stringify({ rcode: 'NOERROR', records: ['10 mail.example.test', '20 backup.example.test'] }),
    });
    await insertRun(tcp.id, {
      started_at: now - 30_000,
      duration_ms: 16,
      timings: JSON.stringify({ dnsMs: 1, connectMs: 3, tlsMs: 12, ttfbMs: null, totalMs: 16 }),
    });

    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithForm(page, owner.email, owner.password);

    // The heartbeat: its runs came from pings, without a duration (no /start), the newest with its log; the oldest was missed.
    await page.goto(`/monitors/${heartbeat.id}`);
    const runs = page.locator('.runs-table tbody tr');
    await runs.nth(2).waitFor();
    const cells = async (n: number) => (await runs.nth(n).locator('td').allTextContents()).slice(1);
    expect((await cells(0)).slice(0, 3)).toEqual(['ping', 'OK', '—']);
    expect(await runs.nth(0).locator('.run-log pre').isVisible()).toBe(false);
    await runs.nth(0).getByText('Log (25 characters)').click();
    expect(await runs.nth(0).locator('.run-log pre').textContent()).toBe('exported 42 rows\nall done');
    expect((await cells(1)).slice(0, 3)).toEqual(['ping', 'Failed', '—']);
    expect(await runs.nth(1).locator('.run-details').textContent()).toContain('heartbeat-failed the job exited with code 3');
    expect(await runs.nth(1).locator('.run-log').count()).toBe(0);
    expect((await cells(2)).slice(0, 3)).toEqual(['—missed', 'Failed', '—']);
    expect(await runs.nth(2).locator('.run-details').textContent()).toContain('heartbeat-missed');
    expect(await page.getByRole('heading', { name: 'Regions' }).count()).toBe(0);
    // Pings came, none with a duration: the chart says why it is empty, not that nothing came.
    expect(await page.locator('.chart-empty').textContent()).toBe('No job durations in this period: a ping has one when /start came before it');

    // The DNS run: its answer code and each record.
    await page.goto(`/monitors/${dns.id}`);
    await runs.first().waitFor();
    expect((await cells(0)).slice(0, 3)).toEqual(['us-east', 'OK', '12 ms']);
    expect(await runs.first().locator('.run-dns .code').textContent()).toBe('NOERROR');
    expect(await runs.first().getByLabel('Records').locator('code').allTextContents()).toEqual(['10 mail.example.test', '20 backup.example.test']);

    // The TCP run: where the time went, as an HTTP run's phases.
    await page.goto(`/monitors/${tcp.id}`);
    await runs.first().waitFor();
    expect(await runs.first().locator('.run-timings').textContent()).toBe('DNS 1 ms · connect 3 ms · TLS 12 ms');
    await page.locator('.region-tile[data-region="us-east"] .status[data-status="up"]').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
