import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../alerts/receivers.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * A new sign-in address from the account page, in headless Chromium against a server with SMTP:
 * the page says where the link went; opening the link shows a button (opening alone changes
 * nothing); confirming changes the address and ends the session, and the new address signs in.
 */

let server: TestServer;
let smtp: SmtpReceiver;
let browser: Browser;
let person: Person;

beforeAll(async () => {
  await ensureDashboardBuilt();
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  person = await newPersonTeam(server, 'Member', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe('changing the sign-in address on the account page', () => {
  it('mails a link to the new address, and the address changes only once it is confirmed', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithForm(page, person.email, person.password);
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();

    const next = `new-${process.pid}@example.test`;
    await page.getByLabel('New address').fill(next);
    await page.getByLabel('Your password').fill('not my password');
    await page.getByRole('button', { name: 'Send the confirmation link' }).click();
    await page.getByText('is not your current password').first().waitFor();
    await page.getByLabel('Your password').fill(person.password);
    await page.getByRole('button', { name: 'Send the confirmation link' }).click();
    expect(await page.getByTestId('email-change-sent').textContent()).toContain(`sent to ${next}`);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([next]);
    const link = /(http\S+\/confirm-email#lke_[A-Za-z0-9_-]{43})/.exec(mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1]!;
    const path = new URL(link).pathname + new URL(link).hash;

    // Opening the link changes nothing: the button does.
    await page.goto(path);
    await page.getByRole('heading', { name: 'Confirm your new address', level: 1 }).waitFor();
    expect((await server.app.store.db.selectFrom('users').select('email').where('id', '=', person.userId).executeTakeFirstOrThrow()).email).toBe(person.email);
    await page.getByRole('button', { name: 'Confirm the new address' }).click();
    await page.getByText(`You sign in with ${next} from now on`).waitFor();
    expect(page.url()).not.toContain('lke_');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signInWithForm(page, next, person.password);
    expect(errors).toEqual([]);
    await context.close();
  });
});
