import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNVERIFIED_ACCOUNT } from '../../src/domain/team-members.js';
import { startSmtpReceiver, type SmtpReceiver } from '../alerts/receivers.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The Team page's invitation in headless Chromium against a server with SMTP: the link goes only
 * to the mailbox, so the page says where it went and until when, and shows no link; an account
 * another team holds unverified is refused on the Email field (contract-2 §H2 rule 17).
 */

let server: TestServer;
let smtp: SmtpReceiver;
let browser: Browser;
let owner: Person;

beforeAll(async () => {
  await ensureDashboardBuilt();
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe('inviting from the Team page with SMTP configured', () => {
  it('says where the link was sent and when it expires, shows no link, and shows the refusal of an unverified account on Email', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithForm(page, owner.email, owner.password);
    await page.goto('/team');

    const email = `new-${process.pid}@example.test`;
    await page.getByRole('button', { name: 'Invite member' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const sent = page.getByTestId('invite-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toMatch(new RegExp(`sent to ${email.replace(/\./g, '\\.')}, expires \\S`));
    expect(await page.getByTestId('invite-link').count()).toBe(0);
    expect(await page.content()).not.toMatch(/lkp_|set-password#/);
    expect((await smtp.waitFor(1))[0]!.to).toEqual([email]);

    // An account another team holds and nobody verified: the message of the rule, on the field.
    const other = await newPersonTeam(server, 'Owner', 'Elsewhere');
    const unverified = await server.app.services.users.createInvited({ email: `held-${process.pid}@example.test` });
    await server.app.services.teams.addMember(other.teamId, unverified.id, 'Member');
    await page.getByRole('button', { name: 'Invite member' }).click();
    await page.getByLabel('Email').fill(unverified.email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText(UNVERIFIED_ACCOUNT).first().waitFor();
    expect(await page.getByText('Elsewhere').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
