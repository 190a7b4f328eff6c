import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { OIDC_CALLBACK_PATH } from '../../src/domain/oidc-sign-in.js';
import { BrowserJar } from '../helpers/browser-jar.js';
import { startIdentityProvider, type TestIdentityProvider } from '../helpers/oidc-provider.js';
import { PUBLIC_URL, startServer, type TestServer } from '../helpers/server.js';
import { PASSWORD, addPerson, newPersonTeam, type Person } from '../dashboard/support.js';

/*
 * Sign-in with OpenID Connect against a real provider (oidc-provider) on a loopback port: the whole
 * flow through HTTP with a cookie jar, and each refusal (a 4xx page that says why, a log line, no
 * session).
 */

let idp: TestIdentityProvider;
let server: TestServer;
let owner: Person;

beforeAll(async () => {
  idp = await startIdentityProvider({ redirectUri: `${PUBLIC_URL}${OIDC_CALLBACK_PATH}` });
  server = await startServer(idp.env);
  owner = await newPersonTeam(server, 'Owner');
});

/** A browser of its own: the provider sends it back to Lookout's public URL, which it reaches where the test server listens. */
const browser = () => new BrowserJar({ [PUBLIC_URL]: server.baseUrl });
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

/** Starts a sign-in in a fresh browser and follows it to the provider and back, stopping before the callback. */
async function toCallback(jar = browser()): Promise<{ jar: BrowserJar; callback: string }> {
  const steps = await jar.follow(`${server.baseUrl}/api/v1/session/oidc`, (next) => next.includes(OIDC_CALLBACK_PATH));
  const last = steps.at(-1)!;
  expect(last.location).toContain(OIDC_CALLBACK_PATH);
  return { jar, callback: last.location! };
}

async function sessionOf(jar: BrowserJar): Promise<{ status: number; body: any }> {
  const cookie = jar.cookie(server.baseUrl, 'lookout_session');
  const answer = await server.request('GET', '/api/v1/session', { headers: cookie ? { cookie: `lookout_session=${cookie}` } : {} });
  return { status: answer.status, body: answer.body };
}

/** A refusal: the status, an HTML page with the words, a log line, no session cookie. */
function expectRefusal(step: { status: number; headers: Headers; text: string }, status: number, words: RegExp): void {
  expect(step.status).toBe(status);
  expect(step.headers.get('content-type')).toMatch(/^text\/html/);
  expect(step.text).toMatch(words);
  expect(step.headers.getSetCookie().some((c) => c.startsWith('lookout_session='))).toBe(false);
}

describe('signing in with the identity provider', () => {
  it('sends the browser to the provider with PKCE, state and nonce, and back signed in to /', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'alice', email: person.email.toUpperCase(), emailVerified: true });
    const jar = browser();
    const start = await jar.get(`${server.baseUrl}/api/v1/session/oidc`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.location!);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    const binding = start.headers.getSetCookie().find((c) => c.startsWith('lookout_oidc='))!;
    expect(binding).toContain('HttpOnly');
    expect(binding).toContain('SameSite=Lax');
    expect(binding).toMatch(/Max-Age=600/);

    const steps = await jar.follow(start.location!);
    const back = steps.find((s) => s.url.includes(OIDC_CALLBACK_PATH))!;
    expect(back.status).toBe(302);
    expect(back.location).toBe(`${server.baseUrl}/`);
    expect(back.headers.get('referrer-policy')).toBe('no-referrer');
    expect(jar.cookie(server.baseUrl, 'lookout_oidc')).toBeUndefined();
    const session = await sessionOf(jar);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: person.userId, email: person.email });
    expect(session.body.team).toMatchObject({ id: owner.teamId, role: 'Member' });
    expect(server.logs()).toContain('signed in through the identity provider');
    // Nothing of the sign-in is kept once it is used; the code verifier was never stored.
    expect(await server.app.store.db.selectFrom('oidc_sign_ins').selectAll().execute()).toEqual([]);
  });

  it('marks an unverified (invited) account verified: the provider vouched for the address', async () => {
    const invited = await server.app.services.users.createInvited({ email: `invited-${process.pid}@example.test` });
    await server.app.services.teams.addMember(owner.teamId, invited.id, 'Member');
    const before = await server.app.services.users.findByEmail(invited.email);
    expect(before!.verifiedAt).toBeNull();
    idp.signInAs({ sub: 'invited', email: invited.email, emailVerified: true });
    const { jar, callback } = await toCallback();
    expect((await jar.get(callback)).status).toBe(302);
    expect((await sessionOf(jar)).status).toBe(200);
    expect((await server.app.services.users.findByEmail(invited.email))!.verifiedAt).not.toBeNull();
  });

  it('answers the sign-in options with the button, and keeps password sign-in', async () => {
    const options = await server.request('GET', '/api/v1/session/options');
    expect(options.body).toEqual({ password: true, oidc: { name: 'Test IdP', url: '/api/v1/session/oidc' } });
    expect((await server.request('POST', '/api/v1/session', { body: { email: owner.email, password: PASSWORD } })).status).toBe(200);
  });
});

describe('each refusal is a page that says why, a log line, and no session', () => {
  it('refuses an email no user has: nobody joins by signing in', async () => {
    idp.signInAs({ sub: 'stranger', email: 'stranger@example.test', emailVerified: true });
    const { jar, callback } = await toCallback();
    expectRefusal(await jar.get(callback), 403, /No Lookout account has the address stranger@example\.test/);
    expect((await sessionOf(jar)).status).toBe(401);
    expect(server.logs()).toMatch(/"reason":"no user with the provider's email[^"]*","msg":"identity provider sign-in refused"/);
    expect(await server.app.services.users.findByEmail('stranger@example.test')).toBeUndefined();
  });

  it('refuses an email the provider has not verified', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'unverified', email: person.email, emailVerified: false });
    const { jar, callback } = await toCallback();
    expectRefusal(await jar.get(callback), 403, /has not verified the address/);
    expect((await sessionOf(jar)).status).toBe(401);
    expect(server.logs()).toMatch(/email not verified/);
    // A failed sign-in of that account in its team's audit log.
    const entries = await server.app.store.db.selectFrom('audit_log').selectAll().where('target_id', '=', person.userId).execute();
    expect(entries.map((e) => [e.team_id, e.action, e.target_type, e.surface])).toEqual([[owner.teamId, 'signInFailed', 'user', 'dashboard']]);
  });

  it('refuses a wrong state', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'state', email: person.email, emailVerified: true });
    const { jar, callback } = await toCallback();
    const forged = new URL(callback);
    forged.searchParams.set('state', 'x'.repeat(43));
    expectRefusal(await jar.get(forged.href), 400, /state does not match/);
    expect((await sessionOf(jar)).status).toBe(401);
    expect(server.logs()).toMatch(/"reason":"state does not match"/);
    // The sign-in is spent: the right callback afterwards is refused too.
    expectRefusal(await jar.get(callback), 400, /Start again/);
  });

  it('refuses a forged callback: no sign-in started in this browser, or a code the provider never gave', async () => {
    const bare = browser();
    expectRefusal(await bare.get(`${server.baseUrl}${OIDC_CALLBACK_PATH}?code=forged&state=forged`), 400, /not started in this browser/);
    expect(server.logs()).toMatch(/callback without the sign-in cookie/);

    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'forged', email: person.email, emailVerified: true });
    const { jar, callback } = await toCallback();
    const forged = new URL(callback);
    forged.searchParams.set('code', 'forged-code');
    expectRefusal(await jar.get(forged.href), 400, /refused to exchange the sign-in code/);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it('refuses a replayed callback, even with the sign-in cookie copied', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'replay', email: person.email, emailVerified: true });
    const { jar, callback } = await toCallback();
    const binding = jar.cookie(server.baseUrl, 'lookout_oidc')!;
    expect((await jar.get(callback)).status).toBe(302);
    // Someone who saw the callback and the cookie plays both again.
    const replayer = browser();
    replayer.setCookie(server.baseUrl, 'lookout_oidc', binding);
    expectRefusal(await replayer.get(callback), 400, /already used/);
    expect((await sessionOf(replayer)).status).toBe(401);
    expect(server.logs()).toMatch(/no sign-in under way for this cookie/);
  });

  it('refuses an ID token for another audience', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'aud', email: person.email, emailVerified: true });
    const { jar, callback } = await toCallback();
    idp.tamper({ claims: { aud: 'another-application' } });
    expectRefusal(await jar.get(callback), 400, /issued for another application/);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it('refuses an ID token signed with another key', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'key', email: person.email, emailVerified: true });
    const { jar, callback } = await toCallback();
    idp.tamper({ foreignKey: true });
    expectRefusal(await jar.get(callback), 400, /signature does not match/);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it('refuses an expired ID token', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'exp', email: person.email, emailVerified: true });
    const { jar, callback } = await toCallback();
    const past = Math.floor(Date.now() / 1000) - 3600;
    idp.tamper({ claims: { iat: past - 600, exp: past } });
    expectRefusal(await jar.get(callback), 400, /has expired/);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it('refuses an ID token from another issuer', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    idp.signInAs({ sub: 'iss', email: person.email, emailVerified: true });
    const { jar, callback } = await toCallback();
    idp.tamper({ claims: { iss: 'https://idp.example.test' } });
    expectRefusal(await jar.get(callback), 400, /another issuer/);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it('refuses a callback with an oversized query before anything is looked up', async () => {
    const { jar, callback } = await toCallback(await startedJar('oversized'));
    const huge = `${callback}&padding=${'a'.repeat(9000)}`;
    expectRefusal(await jar.get(huge), 400, /too long/);
    expect((await sessionOf(jar)).status).toBe(401);
  });

  it('refuses a provider’s error answer (the person declined)', async () => {
    const { jar, callback } = await toCallback(await startedJar('declined'));
    const declined = new URL(callback);
    declined.search = `?error=access_denied&error_description=${encodeURIComponent('The person said no')}&state=${new URL(callback).searchParams.get('state') ?? ''}&iss=${encodeURIComponent(idp.issuer)}`;
    expectRefusal(await jar.get(declined.href), 400, /access_denied: The person said no/);
  });

  it('does not start a sign-in without a provider set up', async () => {
    const plain = await startServer();
    try {
      expectRefusal(await new BrowserJar().get(`${plain.baseUrl}/api/v1/session/oidc`), 404, /not set up/);
      expectRefusal(await new BrowserJar().get(`${plain.baseUrl}${OIDC_CALLBACK_PATH}?code=x&state=y`), 404, /not set up/);
      expect((await plain.request('GET', '/api/v1/session/options')).body).toEqual({ password: true, oidc: null });
    } finally {
      await plain.close();
    }
  });

  it('answers a page that says so when the provider cannot be reached, and discovers again on the next try', async () => {
    const closed = await startIdentityProvider({ redirectUri: `${PUBLIC_URL}${OIDC_CALLBACK_PATH}` });
    await closed.close();
    const unreachable = await startServer(closed.env);
    try {
      for (let i = 0; i < 2; i++) expectRefusal(await new BrowserJar().get(`${unreachable.baseUrl}/api/v1/session/oidc`), 502, /Test IdP could not be reached/);
      expect(unreachable.logs()).toMatch(/"reason":"discovery of http:\/\/127\.0\.0\.1:\d+ failed/);
    } finally {
      await unreachable.close();
    }
  });

  it('refuses to start with an http issuer off the machine, or half the settings', () => {
    const base = { LOOKOUT_OIDC_CLIENT_ID: 'lookout', LOOKOUT_OIDC_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig({ ...base, LOOKOUT_OIDC_ISSUER: 'http://idp.example.test' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, LOOKOUT_OIDC_ISSUER: 'http://idp.example.test' })).toThrow(/must be an https:\/\/ address/);
    expect(loadConfig({ ...base, LOOKOUT_OIDC_ISSUER: 'http://127.0.0.1:9999' }).oidc?.issuer).toBe('http://127.0.0.1:9999');
    expect(loadConfig({ ...base, LOOKOUT_OIDC_ISSUER: 'https://idp.example.test/realms/x' }).oidc).toMatchObject({ name: 'idp.example.test', only: false });
    expect(() => loadConfig({ LOOKOUT_OIDC_ISSUER: 'https://idp.example.test' })).toThrow(/go together/);
    expect(() => loadConfig({ LOOKOUT_OIDC_ONLY: 'true' })).toThrow(/LOOKOUT_OIDC_ONLY/);
  });
});

async function startedJar(sub: string): Promise<BrowserJar> {
  const person = await addPerson(server, owner.teamId, 'Member');
  idp.signInAs({ sub, email: person.email, emailVerified: true });
  return browser();
}

describe('claims from the user info endpoint, and LOOKOUT_OIDC_ONLY', () => {
  it('reads the address from the user info when the ID token has none; password sign-in is off', async () => {
    const other = await startIdentityProvider({ redirectUri: `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`, claimsInIdToken: false });
    const only = await startServer({ ...other.env, LOOKOUT_OIDC_ONLY: 'true' });
    try {
      const person = await newPersonTeam(only, 'Owner');
      const refused = await only.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/Password sign-in is turned off here; sign in with Test IdP/);
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect((await only.request('GET', '/api/v1/session/options')).body).toEqual({ password: false, oidc: { name: 'Test IdP', url: '/api/v1/session/oidc' } });
      // Tokens still work.
      const token = await only.app.services.tokens.create({ teamId: person.teamId, userId: person.userId });
      expect((await only.request('GET', '/api/v1/teams/current', { token: token.token })).status).toBe(200);

      other.signInAs({ sub: 'userinfo', email: person.email, emailVerified: true });
      const jar = new BrowserJar({ [PUBLIC_URL]: only.baseUrl });
      const steps = await jar.follow(`${only.baseUrl}/api/v1/session/oidc`);
      expect(steps.at(-1)!.url).toBe(`${only.baseUrl}/`);
      const cookie = jar.cookie(only.baseUrl, 'lookout_session')!;
      const session = await only.request('GET', '/api/v1/session', { headers: { cookie: `lookout_session=${cookie}` } });
      expect(session.body.user.id).toBe(person.userId);

      // Each start leaves a row for 10 minutes: an address starts at most 20 a minute (one was the flow above).
      const starts: number[] = [];
      for (let i = 0; i < 20; i++) starts.push((await new BrowserJar().get(`${only.baseUrl}/api/v1/session/oidc`)).status);
      expect(starts).toEqual([...Array<number>(19).fill(302), 429]);
    } finally {
      await only.close();
      await other.close();
    }
  });
});
