import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SECRETS, startProviderFakes, type ProviderFakes } from '../alerts/provider-fakes.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The notification policy form in headless Chromium: every channel type on offer, a provider
 * channel with a write-only secret (typed once, shown as set, kept when left empty), the API's
 * message beside a custom body's unknown variable, and Send test reaching the provider.
 */

const CUSTOM_KEY = 'custom-api-key-typed-once-0123';

let server: TestServer;
let browser: Browser;
let fakes: ProviderFakes;
let owner: Person;

beforeAll(async () => {
  await ensureDashboardBuilt();
  fakes = await startProviderFakes();
  server = await startServer(fakes.env);
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fakes?.close();
});

describe('the notification policy form', () => {
  it('creates a PagerDuty and a custom channel, keeps the write-only key when editing, and sends a test', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const bodies: any[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/notification-policies') && ['POST', 'PATCH'].includes(request.method())) bodies.push(request.postDataJSON());
    });
    await signInWithForm(page, owner.email, owner.password);
    await page.goto('/notifications/new');
    await page.getByLabel('Name', { exact: true }).fill('Pager');

    // Every channel type is on offer.
    const first = page.locator('.channel-editor').nth(0);
    const types = await first.getByLabel('Channel 1', { exact: true }).locator('option').allTextContents();
    expect(types).toEqual([
      'Webhook',
      'Slack',
      'Email',
      'Discord',
      'Microsoft Teams',
      'Telegram',
      'PagerDuty',
      'Opsgenie',
      'ntfy',
      'Pushover',
      'Custom request',
    ]);

    await first.getByLabel('Channel 1', { exact: true }).selectOption({ label: 'PagerDuty' });
    await first.getByLabel('Integration key').fill(PROVIDER_SECRETS.routingKey);
    await page.getByRole('button', { name: 'Add channel' }).click();
    const second = page.locator('.channel-editor').nth(1);
    await second.getByLabel('Channel 2', { exact: true }).selectOption({ label: 'Custom request' });
    await second.getByLabel('Method').selectOption('PUT');
    await second.getByLabel('URL').fill(fakes.custom.url);
    // The content types on offer; a secret header typed once into a password field.
    expect(await second.getByLabel('Content type').locator('option').allTextContents()).toEqual([
      'JSON (application/json)',
      'Form (application/x-www-form-urlencoded)',
      'XML (application/xml)',
      'XML (text/xml)',
      'Plain text (text/plain)',
    ]);
    const secretHeaders = second.getByRole('group', { name: 'Secret headers' });
    await secretHeaders.getByRole('button', { name: 'Add header' }).click();
    await secretHeaders.getByLabel('Header 1 name').fill('X-Api-Key');
    expect(await secretHeaders.getByLabel('Header 1 value').getAttribute('type')).toBe('password');
    await secretHeaders.getByLabel('Header 1 value').fill(CUSTOM_KEY);
    await second.getByLabel('Body').fill('{"text": "{{monitor.title}} is {{status}}"}');
    await page.getByRole('button', { name: 'Create policy' }).click();

    // The API's message sits beside the body it concerns.
    const bodyError = second.locator('.field', { has: page.getByLabel('Body') }).locator('.field-error');
    await bodyError.waitFor();
    expect(await bodyError.textContent()).toContain('unknown variable "{{monitor.title}}"');
    expect(await page.locator('.notice-error').textContent()).toContain('Channel 2 body');
    await second.getByLabel('Body').fill('{"text": "{{monitor.name}} is {{status}}"}');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await page.getByRole('heading', { name: 'Pager', level: 1 }).waitFor();
    expect(bodies[0].channels[0]).toEqual({ type: 'pagerduty', routingKey: PROVIDER_SECRETS.routingKey });
    expect(bodies.at(-1).channels[1]).toMatchObject({
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      secretHeaders: [{ name: 'X-Api-Key', value: CUSTOM_KEY }],
    });
    const policyId = page.url().split('/notifications/')[1]!;
    await page.getByText('PUT ' + fakes.custom.url).waitFor();

    // Editing: the key is not shown, only that one is set; left empty, the stored one stays.
    await page.getByRole('link', { name: 'Edit' }).click();
    const key = page.locator('.channel-editor').nth(0).getByLabel('Integration key');
    await key.waitFor();
    expect(await key.inputValue()).toBe('');
    expect(await key.getAttribute('placeholder')).toBe('set');
    await page.locator('.channel-editor').nth(0).getByText('Set. Leave empty to keep it').waitFor();
    // The secret header by its name, its value shown as set only.
    const storedHeaders = page.locator('.channel-editor').nth(1).getByRole('group', { name: 'Secret headers' });
    expect(await storedHeaders.getByLabel('Header 1 name').inputValue()).toBe('X-Api-Key');
    expect(await storedHeaders.getByLabel('Header 1 value').inputValue()).toBe('');
    expect(await storedHeaders.getByLabel('Header 1 value').getAttribute('placeholder')).toBe('set');
    // Reminders in minutes; an escalation without its policy is named beside the field.
    await page.getByLabel('Remind every (minutes)').fill('10');
    await page.getByLabel('Escalate after (minutes)').fill('30');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .locator('.field', { has: page.getByLabel('Escalate to') })
      .locator('.field-error')
      .waitFor();
    await page.getByLabel('Escalate after (minutes)').fill('');
    await page.getByLabel('Name', { exact: true }).fill('Pager duty');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Pager duty', level: 1 }).waitFor();
    expect(bodies.at(-1)).toMatchObject({ repeatEverySeconds: 600, repeatMax: 12, escalateAfterSeconds: null, escalationPolicyId: null });
    expect(bodies.at(-1).channels[0]).toEqual({ type: 'pagerduty' });
    expect(bodies.at(-1).channels[1]).not.toHaveProperty('secretHeaders');
    expect(JSON.stringify(bodies.at(-1))).not.toContain(PROVIDER_SECRETS.routingKey);

    // Send test: PagerDuty gets the stored key.
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test delivered to every channel').waitFor();
    expect(fakes.pagerduty.received.at(-1)!.json).toMatchObject({ routing_key: PROVIDER_SECRETS.routingKey, event_action: 'trigger' });
    expect(fakes.custom.received.at(-1)!.json).toEqual({ text: ' is ' });
    expect(fakes.custom.received.at(-1)!.headers['x-api-key']).toBe(CUSTOM_KEY);
    expect(await page.content()).not.toContain(PROVIDER_SECRETS.routingKey);
    expect(await page.content()).not.toContain(CUSTOM_KEY);
    expect(policyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
