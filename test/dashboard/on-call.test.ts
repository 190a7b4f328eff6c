import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, waitUntil, type HttpReceiver } from '../alerts/receivers.js';
import { engineStatusChange } from '../alerts/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { PASSWORD, addPerson, newPersonTeam, signIn, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The dashboard for the person on call, in headless Chromium: an incident that says who is on it
 * and which alerts went out; the last Owner without Remove; account settings and the team's name
 * (keyboard only); a new invitation link; bulk pause; the maintenance form's presets in the
 * window's zone (keyboard only); the warning before unsaved edits are lost.
 */

let server: TestServer;
let browser: Browser;
let receiver: HttpReceiver;
let owner: Person;

const actorOf = (person: Person, role: 'Owner' | 'Admin' | 'Member' = 'Owner') => ({
  tokenId: 'test',
  userId: person.userId,
  teamId: person.teamId,
  role,
});

async function monitorOf(person: Person, name: string, extra: Record<string, unknown> = {}): Promise<{ id: string }> {
  return server.app.services.monitors.create(actorOf(person), {
    type: 'http',
    name,
    intervalSeconds: 3600,
    timeoutSeconds: 5,
    regions: ['us-east'],
    method: 'GET',
    expectedStatus: 200,
    url: 'https://shop.example.test/health',
    ...extra,
  });
}

/** Presses Tab until the field labelled `label` has the focus: how a keyboard reaches it. */
async function tabTo(page: Page, label: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    // The accessible name a keyboard user hears: the field's label, an aria-label, or the text.
    const focused = await page.evaluate<string>(`(() => {
      const active = document.activeElement;
      if (!active) return '';
      const byFor = active.id ? document.querySelector('label[for="' + CSS.escape(active.id) + '"]')?.textContent : null;
      return (byFor ?? active.getAttribute('aria-label') ?? active.closest('label')?.textContent ?? active.textContent ?? '').trim();
    })()`);
    if (focused === label || focused.startsWith(`${label}(`)) return;
  }
  throw new Error(`Tab never reached "${label}"`);
}

beforeAll(async () => {
  await ensureDashboardBuilt();
  receiver = await startHttpReceiver();
  server = await startServer({}, { alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } });
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
});

describe('the person on call', { timeout: 120_000 }, () => {
  it('sees on the incident who acknowledged it, for how long it has been open, what failed and which alerts went out', async () => {
    const member = await addPerson(server, owner.teamId, 'Member');
    const policy = await server.app.services.alertPolicies.create(actorOf(owner), { name: 'Pager', channels: [{ type: 'webhook', url: receiver.url }] });
    const monitor = await monitorOf(owner, 'Checkout', { notificationPolicyId: policy.id });
    await engineStatusChange(server, monitor, 'up', 'down');
    await receiver.waitFor(1);
    const [incident] = await server.app.services.incidents.list(actorOf(owner));
    await waitUntil(
      async () =>
        (await server.app.services.deliveryLog.list(actorOf(owner), { incidentId: incident!.id })).data[0]?.state === 'delivered' ? true : undefined,
      10_000,
      'the down alert to be delivered',
    );

    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithForm(page, owner.email, owner.password);
    await page.getByRole('link', { name: 'Incidents' }).click();
    const row = page.locator('.incident-item', { hasText: 'Checkout is down' });
    await row.getByText('not acknowledged').waitFor();

    // Acknowledged by the member elsewhere: the list and the page name them.
    await server.app.services.incidents.acknowledge(actorOf(member, 'Member'), incident!.id);
    const memberName = (await server.app.services.teams.members(actorOf(owner))).find((m) => m.userId === member.userId)!.name;
    await page.reload();
    await row.getByText(`acknowledged · ${memberName}`).waitFor();
    await row.getByRole('link', { name: 'Checkout is down' }).click();
    await page.getByRole('heading', { name: 'Checkout is down', level: 1 }).waitFor();
    expect(await page.getByTestId('acknowledged-via').textContent()).toBe(`Acknowledged by ${memberName} in Lookout`);
    expect(await page.getByTestId('incident-owner').textContent()).toContain('acknowledged');
    expect(await page.getByTestId('incident-duration').textContent()).toMatch(/^\d+ (s|min)/);
    const alerts = page.locator('section', { has: page.getByRole('heading', { name: 'Alerts sent' }) });
    const sent = alerts.locator('tr', { hasText: 'Down alert' });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('Delivered');
    expect(await sent.textContent()).toContain('Webhook');

    // The team's delivery log names the monitor and the incident, and filters by state.
    await page.getByRole('link', { name: 'Deliveries' }).click();
    const logged = page.locator('tr', { hasText: 'Down alert' }).first();
    await logged.waitFor();
    expect(await logged.getByRole('link', { name: 'Checkout', exact: true }).getAttribute('href')).toBe(`/monitors/${monitor.id}`);
    expect(await logged.getByRole('link', { name: 'Checkout is down' }).getAttribute('href')).toBe(`/incidents/${incident!.id}`);
    await page.getByLabel('State').selectOption('failed');
    await page.getByText('None match these filters.').waitFor();
    expect(page.url()).toContain('state=failed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers no Remove on the last Owner, and does on other members', async () => {
    const team = await newPersonTeam(server, 'Owner', 'Solo');
    const colleague = await addPerson(server, team.teamId, 'Member');
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, team.email, team.password);
    await page.goto('/team');
    const mine = page.locator(`tr[data-member="${team.email}"]`);
    const theirs = page.locator(`tr[data-member="${colleague.email}"]`);
    await theirs.getByRole('button', { name: /^Remove / }).waitFor();
    expect(await mine.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await context.close();
  });

  it('changes the own password with the current one and renames the team, by keyboard alone', async () => {
    const person = await newPersonTeam(server, 'Owner', 'Before');
    const elsewhere = await signIn(server, person);
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, person.email, person.password);
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();

    await tabTo(page, 'Current password');
    await page.keyboard.type('not my password');
    await tabTo(page, 'New password');
    await page.keyboard.type('a brand new passphrase');
    await tabTo(page, 'New password again');
    await page.keyboard.type('a brand new passphrase');
    await page.keyboard.press('Enter');
    await page.getByText('is not your current password').first().waitFor();

    await page.getByLabel('Current password').fill('');
    await tabTo(page, 'Current password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText('Password changed; your other sessions were signed out').waitFor();
    expect((await server.request('GET', '/api/v1/session', { headers: { cookie: elsewhere.cookie } })).status).toBe(401);
    expect((await server.request('POST', '/api/v1/session', { body: { email: person.email, password: 'a brand new passphrase' } })).status).toBe(200);

    await page.goto('/team');
    await page.getByRole('heading', { name: 'Before', level: 1 }).waitFor();
    await tabTo(page, 'Team name');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('After');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'After', level: 1 }).waitFor();
    await page.locator('.team-name', { hasText: 'After' }).waitFor();
    expect((await server.app.services.teams.current(actorOf(person))).name).toBe('After');
    await context.close();
  });

  it('shows invited members as invited and makes their link again; the old link stops working', async () => {
    const team = await newPersonTeam(server, 'Owner', 'Inviting');
    const invited = await server.app.services.teamMembers.invite(actorOf(team), { email: `later-${process.pid}@example.test` });
    const oldLink = (invited.invitation as { setPasswordUrl: string }).setPasswordUrl;
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, team.email, team.password);
    await page.goto('/team');
    const row = page.locator(`tr[data-member="${invited.email}"]`);
    await row.getByText('invited', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('not joined yet');
    await row.getByRole('button', { name: /^Make a new invitation link/ }).click();
    const link = page.getByTestId('invite-link');
    await link.waitFor();
    const newLink = (await link.textContent())!;
    expect(newLink).not.toBe(oldLink);
    await page.getByText('the earlier one no longer works').waitFor();
    const token = (url: string) => url.split('#')[1]!;
    expect((await server.request('POST', '/api/v1/session/password', { body: { token: token(oldLink), password: 'a brand new passphrase' } })).status).toBe(
      400,
    );
    expect((await server.request('POST', '/api/v1/session/password', { body: { token: token(newLink), password: 'a brand new passphrase' } })).status).toBe(
      200,
    );
    await context.close();
  });

  it('pauses several monitors at once and says what came of each', async () => {
    const team = await newPersonTeam(server, 'Owner', 'Bulk');
    const ids = [(await monitorOf(team, 'Alpha')).id, (await monitorOf(team, 'Beta')).id, (await monitorOf(team, 'Gamma')).id];
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, team.email, team.password);
    await page.getByLabel('Select Alpha').check();
    await page.getByLabel('Select Gamma').check();
    const bar = page.getByRole('region', { name: 'Selected monitors' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Pause' }).click();
    await page.getByTestId('bulk-summary').getByText('Paused 2 monitors.').waitFor();
    const paused = async (id: string) => (await server.app.services.monitors.get(actorOf(team), id)).paused;
    expect([await paused(ids[0]!), await paused(ids[1]!), await paused(ids[2]!)]).toEqual([true, false, true]);

    // Select all shown, then resume: one call per monitor, each judged as a single resume.
    await page.getByLabel('Select all shown monitors').check();
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Resume' }).click();
    await page.getByTestId('bulk-summary').getByText('Resumed 3 monitors.').waitFor();
    expect([await paused(ids[0]!), await paused(ids[1]!), await paused(ids[2]!)]).toEqual([false, false, false]);
    await context.close();
  });

  it('fills the maintenance window from a preset in the window’s zone, shows the UTC time, and sends it (keyboard only)', async () => {
    const team = await newPersonTeam(server, 'Owner', 'Maint');
    const monitor = await monitorOf(team, 'Core API');
    const { context, page } = await newPage(browser, server.baseUrl);
    const bodies: any[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/maintenance-windows') && request.method() === 'POST') bodies.push(request.postDataJSON());
    });
    await signInWithForm(page, team.email, team.password);
    await page.goto('/maintenance/new');
    await page.getByRole('heading', { name: 'Schedule maintenance', level: 1 }).waitFor();

    await tabTo(page, 'Title');
    await page.keyboard.type('Upgrade');
    await tabTo(page, 'Search monitors');
    await page.keyboard.type('core');
    await tabTo(page, 'Core API');
    await page.keyboard.press('Space');
    await tabTo(page, 'Time zone');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Asia/Tokyo');
    await tabTo(page, 'Now for 1 hour');
    const before = Date.now();
    await page.keyboard.press('Enter');
    // The browser runs in UTC; the fields hold Tokyo's wall clock (UTC+9), the hint the UTC time.
    const startsAt = await page.getByLabel('Starts').inputValue();
    const tokyoNow = new Date(Math.floor(before / 60_000) * 60_000 + 9 * 3_600_000).toISOString().slice(0, 16);
    expect(startsAt).toBe(tokyoNow);
    const utc = new Date(Math.floor(before / 60_000) * 60_000).toLocaleString('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(await page.getByTestId('utc-equivalent').first().textContent()).toBe(`: ${utc} UTC`);
    await tabTo(page, 'Schedule maintenance');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Maintenance', exact: true, level: 1 }).waitFor();
    const sent = bodies.at(-1);
    expect(sent).toMatchObject({ title: 'Upgrade', monitorIds: [monitor.id], timezone: 'Asia/Tokyo', rrule: null });
    expect(sent.startsAt).toBe(new Date(Math.floor(before / 60_000) * 60_000).toISOString());
    expect(Date.parse(sent.endsAt) - Date.parse(sent.startsAt)).toBe(3_600_000);

    // Tonight: 22:00 to 02:00 the next day, in the window's zone.
    await page.goto('/maintenance/new');
    await page.getByLabel('Time zone').fill('Europe/Berlin');
    await page.getByRole('button', { name: 'Tonight 22:00–02:00' }).click();
    expect((await page.getByLabel('Starts').inputValue()).slice(11)).toBe('22:00');
    expect((await page.getByLabel('Ends').inputValue()).slice(11)).toBe('02:00');
    await context.close();
  });

  it('warns before unsaved edits are lost: staying keeps them, leaving drops them', async () => {
    const team = await newPersonTeam(server, 'Owner', 'Careful');
    await monitorOf(team, 'Core API');
    const { context, page } = await newPage(browser, server.baseUrl);
    await signInWithForm(page, team.email, team.password);
    // Within the dashboard, so that Back stays in it too.
    await page.getByRole('link', { name: 'Maintenance', exact: true }).click();
    await page.getByRole('link', { name: 'Schedule maintenance' }).first().click();
    await page.getByRole('heading', { name: 'Schedule maintenance', level: 1 }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Half typed');

    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Monitors' }).first().click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toBe('You have unsaved changes. Leave this page and lose them?');
    expect(new URL(page.url()).pathname).toBe('/maintenance/new');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Half typed');

    // Back button: the same question; staying keeps the address of the form.
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goBack();
    await expect.poll(() => asked.length).toBe(2);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/maintenance/new');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: 'Monitors' }).first().click();
    await page.getByRole('heading', { name: 'Monitors', level: 1 }).waitFor();

    // Closing the tab asks the browser's own question.
    await page.goto('/maintenance/new');
    await page.getByLabel('Title', { exact: true }).fill('Half typed again');
    const unload = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await unload).toBe('beforeunload');
    await expect.poll(() => page.isClosed()).toBe(true);
    await context.close();
  });
});
