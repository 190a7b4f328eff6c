import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { envKeySource } from '../../src/domain/secrets/key-ring.js';
import { twoFactorSecretAt } from '../../src/domain/secrets/places.js';
import { SecretBox } from '../../src/domain/secrets/secret-box.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { expectProblem, runCli, startServer, type TestServer } from '../helpers/server.js';
import { addPerson, asBrowser, newPersonTeam, signIn, type Browserless, type Person } from '../dashboard/support.js';

/*
 * Two-factor sign-in (TOTP, RFC 6238) over the real server, with codes computed here by otpauth at
 * the server's clock, which the test moves: a code is taken once, recovery codes once each, and
 * wrong codes spend the sign-in limits as wrong passwords do.
 */

let server: TestServer;
let owner: Person;
// Mid-step, so that a code computed now is of the step the server judges in.
const clock = new ManualClock(Math.floor(Date.now() / 30_000) * 30_000 + 10_000);

beforeAll(async () => {
  server = await startServer({}, { clock });
  owner = await newPersonTeam(server, 'Owner');
});
afterAll(() => server.close());

const codeOf = (secretBase32: string, at = clock.now()) => TOTP.generate({ secret: Secret.fromBase32(secretBase32), timestamp: at });
const nextStep = () => clock.advance(30_000);

function signInBody(person: Person, extra: Record<string, string> = {}) {
  return server.request('POST', '/api/v1/session', { body: { email: person.email, password: person.password, ...extra } });
}

/** A person with two-factor sign-in on: their key and recovery codes. */
async function enrolled(role: 'Member' | 'Admin' = 'Member'): Promise<{ person: Person; browser: Browserless; secret: string; recoveryCodes: string[] }> {
  const person = await addPerson(server, owner.teamId, role);
  const browser = await signIn(server, person);
  const enrolment = await asBrowser(server, browser, 'POST', '/api/v1/session/totp');
  expect(enrolment.status).toBe(200);
  const secret = enrolment.body.secretBase32;
  const confirmed = await asBrowser(server, browser, 'POST', '/api/v1/session/totp/confirm', { body: { code: codeOf(secret) } });
  expect(confirmed.status).toBe(200);
  nextStep(); // the confirming code is spent
  return { person, browser, secret, recoveryCodes: confirmed.body.recoveryCodes };
}

describe('enrolling', () => {
  it('answers an otpauth URI with a 160-bit key, sealed at rest, and turns on only with a right code', async () => {
    const person = await addPerson(server, owner.teamId, 'Member');
    const browser = await signIn(server, person);
    const early = await asBrowser(server, browser, 'POST', '/api/v1/session/totp/confirm', { body: { code: '123456' } });
    expect(early.body.errors).toEqual([{ field: 'code', message: 'there is no enrolment to confirm; start one first' }]);
    expectProblem(
      await asBrowser(server, browser, 'POST', '/api/v1/session/totp/confirm', { body: { code: 123456 } }),
      400,
      'validation',
      '/api/v1/session/totp/confirm',
    );
    const enrolment = await asBrowser(server, browser, 'POST', '/api/v1/session/totp');
    expect(enrolment.status).toBe(200);
    expect(enrolment.headers.get('cache-control')).toBe('no-store');
    const { otpauthUri, secretBase32 } = enrolment.body;
    expect(secretBase32).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 symbols: 160 bits
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Lookout:${person.email}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: secretBase32, issuer: 'Lookout', algorithm: 'SHA1', digits: '6', period: '30' });
    expect((await server.storedBytes()).includes(Buffer.from(secretBase32))).toBe(false);

    // Not in force before it is confirmed.
    expect((await signInBody(person)).status).toBe(200);
    const wrong = await asBrowser(server, browser, 'POST', '/api/v1/session/totp/confirm', {
      body: { code: '000000' === codeOf(secretBase32) ? '111111' : '000000' },
    });
    expectProblem(wrong, 400, 'validation', '/api/v1/session/totp/confirm');
    expect(wrong.body.errors).toEqual([{ field: 'code', message: 'is not a valid code, or was used already' }]);

    const confirmed = await asBrowser(server, browser, 'POST', '/api/v1/session/totp/confirm', { body: { code: codeOf(secretBase32) } });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    const stored = await server.storedBytes();
    for (const code of codes) expect(stored.includes(Buffer.from(code))).toBe(false);
    expect((await asBrowser(server, browser, 'GET', '/api/v1/session')).body.twoFactor).toEqual({ enabled: true, requiredByTeam: false });

    // Enrolling again while it is on is refused: it must be turned off first.
    expectProblem(await asBrowser(server, browser, 'POST', '/api/v1/session/totp'), 400, 'validation', '/api/v1/session/totp');
  });

  it('is refused with a personal access token: only a signed-in session enrols', async () => {
    const member = await server.addMember(owner.teamId, 'Member');
    expectProblem(await server.request('POST', '/api/v1/session/totp', { token: member.token }), 403, 'forbidden', '/api/v1/session/totp');
    expectProblem(
      await server.request('DELETE', '/api/v1/session/totp', { token: member.token, body: { code: '123456' } }),
      403,
      'forbidden',
      '/api/v1/session/totp',
    );
  });
});

describe('password sign-in with two-factor on', () => {
  it('asks for a code (401 two-factor-required, no session), takes a right one once, and a new one next step', async () => {
    const { person, secret } = await enrolled();
    const asked = await signInBody(person);
    expectProblem(asked, 401, 'two-factor-required', '/api/v1/session');
    expect(asked.headers.get('set-cookie')).toBeNull();

    const code = codeOf(secret);
    const signedIn = await signInBody(person, { code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toMatch(/^lookout_session=/);
    expect(signedIn.body.twoFactor.enabled).toBe(true);

    // The same code again, within its window: refused, no session.
    const replayed = await signInBody(person, { code });
    expectProblem(replayed, 401, 'unauthorized', '/api/v1/session');
    expect(replayed.headers.get('set-cookie')).toBeNull();
    // Nor the code of the step before, which the window would otherwise still take.
    nextStep();
    expectProblem(await signInBody(person, { code }), 401, 'unauthorized', '/api/v1/session');
    expect((await signInBody(person, { code: codeOf(secret) })).status).toBe(200);
    // A wrong password with a right code is the same 401 as any wrong password.
    nextStep();
    const wrongPassword = await server.request('POST', '/api/v1/session', {
      body: { email: person.email, password: 'not the password', code: codeOf(secret) },
    });
    expect(wrongPassword.body.detail).toBe('The email or password is not correct.');
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { person, recoveryCodes } = await enrolled();
    const [first, second] = recoveryCodes as [string, string];
    expect((await signInBody(person, { recoveryCode: first })).status).toBe(200);
    expectProblem(await signInBody(person, { recoveryCode: first }), 401, 'unauthorized', '/api/v1/session');
    expect((await signInBody(person, { recoveryCode: second.replace('-', '').toLowerCase() })).status).toBe(200);
    expectProblem(await signInBody(person, { recoveryCode: 'AAAAA-AAAAA' }), 401, 'unauthorized', '/api/v1/session');
  });

  it('counts wrong codes as wrong passwords: 5 wrong codes and 5 wrong passwords reach the account’s limit', async () => {
    const { person, secret } = await enrolled();
    for (let i = 0; i < 5; i++) {
      const answer = await signInBody(person, { code: String((Number(codeOf(secret)) + 1 + i) % 1_000_000).padStart(6, '0') });
      expectProblem(answer, 401, 'unauthorized', '/api/v1/session');
      expect(answer.body.detail).toBe('The two-factor code is not correct, or was used already.');
    }
    for (let i = 0; i < 5; i++)
      expect((await server.request('POST', '/api/v1/session', { body: { email: person.email, password: 'wrong' } })).status).toBe(401);
    const blocked = await signInBody(person, { code: codeOf(secret) });
    expectProblem(blocked, 429, 'rate-limited', '/api/v1/session');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts wrong codes when confirming or turning off too', async () => {
    const { person, browser, secret } = await enrolled();
    for (let i = 0; i < 10; i++) {
      const wrong = await asBrowser(server, browser, 'DELETE', '/api/v1/session/totp', { body: { code: 'ZZZZZ-ZZZZZ' } });
      expectProblem(wrong, 400, 'validation', '/api/v1/session/totp');
    }
    expectProblem(
      await asBrowser(server, browser, 'DELETE', '/api/v1/session/totp', { body: { code: codeOf(secret) } }),
      429,
      'rate-limited',
      '/api/v1/session/totp',
    );
    expectProblem(await signInBody(person, { code: codeOf(secret) }), 429, 'rate-limited', '/api/v1/session');
  });

  it('turns off with a current code; sign-in then needs none', async () => {
    const { person, browser, secret } = await enrolled();
    expectProblem(
      await asBrowser(server, browser, 'DELETE', '/api/v1/session/totp', { body: { code: 'nonsense' } }),
      400,
      'validation',
      '/api/v1/session/totp',
    );
    const off = await asBrowser(server, browser, 'DELETE', '/api/v1/session/totp', { body: { code: codeOf(secret) } });
    expect(off.status).toBe(204);
    expect((await signInBody(person)).status).toBe(200);
    expect(await server.app.store.db.selectFrom('two_factor_recovery_codes').select('id').where('user_id', '=', person.userId).execute()).toEqual([]);
  });

  it('leaves tokens as they were', async () => {
    const { person } = await enrolled();
    const token = await server.app.services.tokens.create({ teamId: person.teamId, userId: person.userId });
    expect((await server.request('GET', '/api/v1/monitors', { token: token.token })).status).toBe(200);
  });
});

describe('a team that requires two-factor sign-in', () => {
  it('is the Owner’s setting, through the team PATCH; its members’ sessions say they must enrol', async () => {
    const team = await newPersonTeam(server, 'Owner');
    const admin = await addPerson(server, team.teamId, 'Admin');
    const member = await addPerson(server, team.teamId, 'Member');
    const ownerBrowser = await signIn(server, team);
    const adminBrowser = await signIn(server, admin);

    const refused = await asBrowser(server, adminBrowser, 'PATCH', '/api/v1/teams/current', { body: { requireTwoFactor: true } });
    expectProblem(refused, 403, 'forbidden', '/api/v1/teams/current');
    // An Admin still renames.
    expect((await asBrowser(server, adminBrowser, 'PATCH', '/api/v1/teams/current', { body: { name: 'Renamed' } })).body.requireTwoFactor).toBe(false);
    expectProblem(await asBrowser(server, ownerBrowser, 'PATCH', '/api/v1/teams/current', { body: {} }), 400, 'validation', '/api/v1/teams/current');

    const set = await asBrowser(server, ownerBrowser, 'PATCH', '/api/v1/teams/current', { body: { requireTwoFactor: true } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ name: 'Renamed', requireTwoFactor: true });
    const memberSession = (await signIn(server, member)).session;
    expect(memberSession.twoFactor).toEqual({ enabled: false, requiredByTeam: true });
    // Another team's members are not touched.
    expect((await signIn(server, owner)).session.twoFactor.requiredByTeam).toBe(false);
  });
});

describe('the key at rest', () => {
  it('is re-sealed by `lookout secrets rotate` and opens with the new key to the same key', async () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const keyed = await startServer({ LOOKOUT_SECRET_KEY: oldKey });
    try {
      const person = await newPersonTeam(keyed, 'Owner');
      const browser = await signIn(keyed, person);
      const { secretBase32 } = (await asBrowser(keyed, browser, 'POST', '/api/v1/session/totp')).body;
      const sealed = async () =>
        (await keyed.app.store.db.selectFrom('two_factor').select('secret').where('id', '=', person.userId).executeTakeFirstOrThrow()).secret;
      const before = await sealed();
      expect(new SecretBox(envKeySource(oldKey)).open(before, twoFactorSecretAt(person.userId))).toBe(secretBase32);
      const rotated = await runCli(['secrets', 'rotate', '--json'], { ...keyed.env, LOOKOUT_SECRET_KEY: `${newKey},${oldKey}` });
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(rotated.json.resealed.two_factor).toBe(1);
      const after = await sealed();
      expect(after).not.toBe(before);
      expect(new SecretBox(envKeySource(newKey)).open(after, twoFactorSecretAt(person.userId))).toBe(secretBase32);
    } finally {
      await keyed.close();
    }
  });
});
