import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../alerts/receivers.js';
import { expectProblem, startServer, type TestServer } from '../helpers/server.js';
import { PASSWORD, asBrowser, newPersonTeam, signIn } from '../dashboard/support.js';

/**
 * A person's own sign-in address changes only through a link mailed to the new address: asking
 * needs the current password and a mail server, nothing changes until the link is opened, the link
 * works once, and opening it ends the account's sessions and verifies the account.
 */

let server: TestServer;
let plain: TestServer;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: `${smtp.url}?from=lookout@lookout.test` });
  plain = await startServer();
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
  await smtp?.close();
});

const REQUEST = '/api/v1/account/email';
const CONFIRM = '/api/v1/account/email/confirm';
let counter = 0;
const address = () => `moved-${++counter}-${process.pid}@example.test`;

/** The secret of the newest confirmation link mailed to `to`. */
async function linkSentTo(to: string): Promise<string> {
  const mails = await smtp.waitFor(smtp.messages.filter((m) => m.to.includes(to)).length || 1);
  const mail = [...mails].reverse().find((m) => m.to.includes(to))!;
  const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /\/confirm-email#(lke_[A-Za-z0-9_-]{43})/.exec(unfolded)![1]!;
}

describe('changing the sign-in address', () => {
  it('mails a link to the new address; nothing changes until it is opened; then the new address signs in and the sessions end', async () => {
    const person = await newPersonTeam(server, 'Member');
    const browser = await signIn(server, person);
    const next = address();
    const asked = await asBrowser(server, browser, 'POST', REQUEST, { body: { newEmail: next.toUpperCase(), currentPassword: PASSWORD } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ sentTo: next, expiresAt: expect.any(String) });
    const secret = await linkSentTo(next);
    // Not yet: the old address still signs in, the session still works.
    expect((await asBrowser(server, browser, 'GET', '/api/v1/session')).body.user.email).toBe(person.email);

    const confirmed = await server.request('POST', CONFIRM, { body: { token: secret } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: next });
    expect((await asBrowser(server, browser, 'GET', '/api/v1/session')).status).toBe(401);
    expect((await server.request('POST', '/api/v1/session', { body: { email: person.email, password: PASSWORD } })).status).toBe(401);
    expect((await server.request('POST', '/api/v1/session', { body: { email: next, password: PASSWORD } })).status).toBe(200);
    const user = await server.app.store.db.selectFrom('users').select(['email', 'verified_at']).where('id', '=', person.userId).executeTakeFirstOrThrow();
    expect(user.email).toBe(next);
    expect(user.verified_at).not.toBeNull();

    // Once only.
    const again = await server.request('POST', CONFIRM, { body: { token: secret } });
    expectProblem(again, 400, 'validation', CONFIRM);
    expect(again.body.errors[0].field).toBe('token');
  });

  it('needs the current password, refuses the own or another account’s address, and a newer request replaces the link', async () => {
    const person = await newPersonTeam(server, 'Member');
    const other = await newPersonTeam(server, 'Member');
    const browser = await signIn(server, person);
    const wrong = await asBrowser(server, browser, 'POST', REQUEST, { body: { newEmail: address(), currentPassword: 'not it' } });
    expectProblem(wrong, 400, 'validation', REQUEST);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'is not your current password' }]);
    for (const [newEmail, message] of [
      [person.email, 'is already your address'],
      [other.email, 'is already the address of another account'],
      ['not an address', undefined],
    ] as const) {
      const refused = await asBrowser(server, browser, 'POST', REQUEST, { body: { newEmail, currentPassword: PASSWORD } });
      expectProblem(refused, 400, 'validation', REQUEST);
      expect(refused.body.errors[0].field).toBe('newEmail');
      if (message) expect(refused.body.errors[0].message).toBe(message);
    }

    const first = address();
    const second = address();
    expect((await asBrowser(server, browser, 'POST', REQUEST, { body: { newEmail: first, currentPassword: PASSWORD } })).status).toBe(202);
    const firstSecret = await linkSentTo(first);
    expect((await asBrowser(server, browser, 'POST', REQUEST, { body: { newEmail: second, currentPassword: PASSWORD } })).status).toBe(202);
    await linkSentTo(second);
    expect((await server.request('POST', CONFIRM, { body: { token: firstSecret } })).status).toBe(400);
    expect((await server.app.store.db.selectFrom('users').select('email').where('id', '=', person.userId).executeTakeFirstOrThrow()).email).toBe(person.email);
  });

  it('refuses an address another account took after the link was sent, and links that are not links', async () => {
    const person = await newPersonTeam(server, 'Member');
    const browser = await signIn(server, person);
    const wanted = address();
    await asBrowser(server, browser, 'POST', REQUEST, { body: { newEmail: wanted, currentPassword: PASSWORD } });
    const secret = await linkSentTo(wanted);
    await server.app.services.users.create({ email: wanted, password: 'another password 123' });
    const taken = await server.request('POST', CONFIRM, { body: { token: secret } });
    expectProblem(taken, 400, 'validation', CONFIRM);
    for (const token of ['', 'lke_short', `lke_${'A'.repeat(43)}`]) {
      const refused = await server.request('POST', CONFIRM, { body: { token } });
      expectProblem(refused, 400, 'validation', CONFIRM);
    }
    expectProblem(await server.request('POST', CONFIRM, { body: { token: secret, extra: 1 } }), 400, 'validation', CONFIRM);
  });

  it('without a mail server, says so (503) and changes nothing', async () => {
    const person = await newPersonTeam(plain, 'Member');
    const browser = await signIn(plain, person);
    const refused = await asBrowser(plain, browser, 'POST', REQUEST, { body: { newEmail: address(), currentPassword: PASSWORD } });
    expectProblem(refused, 503, 'unavailable', REQUEST);
    expect(refused.body.detail).toContain('SMTP_URL');
  });
});
