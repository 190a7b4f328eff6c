import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage, signInWithForm } from './browser.js';
import { addPerson, newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The Team page's "Team tokens" card in headless Chromium against the real server: Admins and
 * Owners see and revoke every member's tokens; Members neither see the card nor ask for the list.
 */

let server: TestServer;
let browser: Browser;
let owner: Person;

const TEAM_TOKENS = '/api/v1/teams/current/tokens';

beforeAll(async () => {
  await ensureDashboardBuilt();
  server = await startServer();
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const statusWith = async (token: string) => (await server.request('GET', '/api/v1/teams/current', { token })).status;

async function tokenMadeWith(token: string, body: { name: string; expiresInDays?: number }): Promise<{ id: string; token: string }> {
  const made = await server.request('POST', '/api/v1/tokens', { token, body });
  expect(made.status).toBe(201);
  return made.body;
}

describe('the Team tokens card', () => {
  it('shows an Admin a Member’s token made with another token, and revokes it with the tokens made from it', async () => {
    const admin = await addPerson(server, owner.teamId, 'Admin');
    const member = await addPerson(server, owner.teamId, 'Member');
    // The Member's own token, then one made over the API with it, and one made with that.
    const laptop = await server.app.services.tokens.create({ teamId: owner.teamId, userId: member.userId, name: 'member laptop' });
    const script = await tokenMadeWith(laptop.token, { name: 'member script', expiresInDays: 30 });
    // Without an expiry of its own it expires with the token that made it.
    const ci = await tokenMadeWith(script.token, { name: 'member ci' });
    expect(await statusWith(script.token)).toBe(200);

    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithForm(page, admin.email, admin.password);
    await page.goto('/team');
    const card = page.getByRole('region', { name: 'Team tokens' });
    const row = card.locator(`tr[data-token-id="${script.id}"]`);
    await row.waitFor();

    // Who holds it, as what, and where it came from; never the secret.
    expect(await row.locator('td[data-label="Token"] .row-title').textContent()).toBe('member script');
    expect(await row.locator('td[data-label="Member"]').textContent()).toBe(member.email);
    expect(await row.locator('.pill-role-member').textContent()).toBe('Member');
    await row.getByText('made with another token').waitFor();
    await row.getByText('just now').waitFor();
    expect(await row.locator('td[data-label="Expires"]').textContent()).not.toBe('never');
    const laptopRow = card.locator(`tr[data-token-id="${laptop.id}"]`);
    expect(await laptopRow.locator('td[data-label="Member"]').textContent()).toBe(member.email);
    expect(await laptopRow.getByText('made with another token').count()).toBe(0);
    const html = await page.content();
    for (const secret of [laptop.token, script.token, ci.token]) expect(html).not.toContain(secret);

    // Revoke it: the dialog says what else goes with it.
    await row.getByRole('button', { name: `Revoke member script of ${member.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “member script”?' });
    expect(await dialog.textContent()).toContain('also revokes every token made with it');
    expect(await dialog.textContent()).toContain(`“member ci” of ${member.email}`);
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list is fetched again: the token made with it is gone too, which only the server knew.
    await row.waitFor({ state: 'detached' });
    await card.locator(`tr[data-token-id="${ci.id}"]`).waitFor({ state: 'detached' });
    await laptopRow.waitFor();
    expect(await statusWith(script.token)).toBe(401);
    expect(await statusWith(ci.token)).toBe(401);
    expect(await statusWith(laptop.token)).toBe(200);

    // A token someone else revoked meanwhile: the API's problem shows in the dialog, and it leaves the list.
    await laptopRow.getByRole('button', { name: `Revoke member laptop of ${member.email}` }).click();
    const second = page.getByRole('dialog', { name: 'Revoke “member laptop”?' });
    await second.waitFor();
    const ownerToken = await server.app.services.tokens.create({ teamId: owner.teamId, userId: owner.userId, name: 'owner script' });
    expect((await server.request('DELETE', `${TEAM_TOKENS}/${laptop.id}`, { token: ownerToken.token })).status).toBe(204);
    await second.getByRole('button', { name: 'Revoke token' }).click();
    await second.getByRole('alert').getByText('The token does not exist.').waitFor();
    await laptopRow.waitFor({ state: 'detached' });
    await second.getByRole('button', { name: 'Cancel' }).click();
    expect(await statusWith(laptop.token)).toBe(401);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not shown to a Member, whose dashboard never asks for the team’s tokens', async () => {
    const member = await addPerson(server, owner.teamId, 'Member');
    await server.app.services.tokens.create({ teamId: owner.teamId, userId: member.userId, name: 'member own' });

    const { context, page } = await newPage(browser, server.baseUrl);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await signInWithForm(page, member.email, member.password);
    await page.goto('/team');
    // The page has loaded its data: the members are listed.
    await page.locator(`tr[data-member="${member.email}"]`).waitFor();
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Team tokens' }).count()).toBe(0);
    expect(await page.getByText('member own').count()).toBe(0);
    expect(asked).toContain('/api/v1/teams/current/members');
    expect(asked.filter((path) => path.startsWith(TEAM_TOKENS))).toEqual([]);
    await context.close();

    // The Owner of the same team sees it, with the Member's token in it.
    const ownerView = await newPage(browser, server.baseUrl);
    await signInWithForm(ownerView.page, owner.email, owner.password);
    await ownerView.page.goto('/team');
    await ownerView.page.getByRole('region', { name: 'Team tokens' }).getByText('member own').waitFor();
    await ownerView.context.close();
  });
});
