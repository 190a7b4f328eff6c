import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_CALLBACK_PATH } from '../../src/domain/oidc-sign-in.js';
import { freePort } from '../helpers/browser-jar.js';
import { ManualClock } from '../helpers/clock.js';
import { startIdentityProvider, type TestIdentityProvider } from '../helpers/oidc-provider.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { launchBrowser, newPage } from './browser.js';
import { addPerson, newPersonTeam, type Person } from './support.js';
import { ensureDashboardBuilt } from './web-build.js';

/*
 * The sign-in page in headless Chromium: the identity provider's button (to a real OpenID provider
 * and back), its refusal page, and two-factor sign-in: a team that requires it sends a member to
 * enrol first (QR code, a first code, recovery codes), and the next sign-in asks for a code.
 * The server's public URL is the address it listens at, so the provider sends Chromium back to it.
 */

let idp: TestIdentityProvider;
let server: TestServer;
let browser: Browser;
let owner: Person;
const clock = new ManualClock(Math.floor(Date.now() / 30_000) * 30_000 + 10_000);

beforeAll(async () => {
  await ensureDashboardBuilt();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider({ redirectUri: `${publicUrl}${OIDC_CALLBACK_PATH}` });
  server = await startServer({ PORT: String(port), PUBLIC_URL: publicUrl, ...idp.env }, { clock });
  owner = await newPersonTeam(server, 'Owner', 'Acme');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await idp?.close();
});

describe('signing in with the identity provider', () => {
  it('goes to the provider from the button and comes back signed in; an unknown address gets a page that says so', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'chromium', email: person.email, emailVerified: true });
    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    // Both ways in: the button, and the password form below it.
    await page.getByLabel('Password').waitFor();
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await page.getByRole('heading', { name: 'Monitors', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/monitors');
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByText(`Signed in as ${person.email}`).waitFor();
    await context.close();

    idp.signInAs({ sub: 'chromium-stranger', email: 'stranger@example.test', emailVerified: true });
    const second = await newPage(browser, server.baseUrl);
    await second.page.goto('/login');
    await second.page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await second.page.getByRole('heading', { name: 'You are not signed in' }).waitFor();
    expect(await second.page.getByRole('alert').textContent()).toContain('No Lookout account has the address stranger@example.test');
    await second.page.getByRole('link', { name: 'Back to sign-in' }).click();
    await second.page.getByRole('link', { name: 'Sign in with Test IdP' }).waitFor();
    await second.context.close();
    expect(errors).toEqual([]);
    // Two browser contexts and a provider round trip each: more than one page's worth of time.
  }, 90_000);
});

describe('two-factor sign-in', () => {
  it('sends a member of a team that requires it to enrol first, then asks for a code at the next sign-in', async () => {
    const team = await newPersonTeam(server, 'Owner', 'Strict');
    const member = await addPerson(server, team.teamId, 'Member');
    await server.app.services.teams.rename({ tokenId: 'cli', userId: team.userId, teamId: team.teamId, role: 'Owner' }, { requireTwoFactor: true });

    const { context, page } = await newPage(browser, server.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/monitors');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Whatever the address, the enrolment comes first.
    await page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const code = () => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now() });
    await page.getByLabel('Code from the app').fill(code());
    await page.getByRole('button', { name: 'Turn on' }).click();
    const recovery = page.getByRole('list', { name: 'Recovery codes' });
    await recovery.waitFor();
    expect(await recovery.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { name: 'Monitors', level: 1 }).waitFor();
    await context.close();

    // The next sign-in asks for a code after the password (the confirming one is spent: the next step's).
    clock.advance(30_000);
    const next = await newPage(browser, server.baseUrl);
    next.page.on('pageerror', (error) => errors.push(error.message));
    await next.page.goto('/');
    await next.page.getByLabel('Email').fill(member.email);
    await next.page.getByLabel('Password').fill(member.password);
    await next.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await next.page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await next.page.getByLabel('Authentication code').fill('000000' === code() ? '111111' : '000000');
    await next.page.getByRole('button', { name: 'Verify' }).click();
    await next.page.getByText('The two-factor code is not correct').waitFor();
    await next.page.getByLabel('Authentication code').fill(code());
    await next.page.getByRole('button', { name: 'Verify' }).click();
    await next.page.getByRole('heading', { name: 'Monitors', level: 1 }).waitFor();
    await next.context.close();
    expect(errors).toEqual([]);
    // Two browser contexts and a provider round trip each: more than one page's worth of time.
  }, 90_000);
});
