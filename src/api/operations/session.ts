import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OidcSignInService } from '../../domain/oidc-sign-in.js';
import { ANY_ROLE } from '../../domain/roles.js';
import type { SessionService } from '../../domain/sessions.js';
import { RecoveryCodes, TwoFactorCodeInput, TwoFactorEnrolment, type TwoFactorService } from '../../domain/two-factor.js';
import { CSRF_HEADER, SessionRecord, SetPasswordInput, SignInInput, SwitchTeamInput } from '../../domain/sessions.js';
import { httpOf, type Operation } from '../operation.js';
import { clearSessionCookie, headerValue, sessionCookieOf, setSessionCookie } from '../cookies.js';

const TAG = 'Session';

/** A session answer carries the CSRF token: no cache may keep it. */
const NO_STORE = { 'Cache-Control': 'no-store' };

function csrfOf(request: FastifyRequest): string | undefined {
  return headerValue(request.headers[CSRF_HEADER]);
}

function client(request: FastifyRequest): { ip: string; userAgent?: string } {
  const userAgent = headerValue(request.headers['user-agent']);
  return { ip: request.ip, ...(userAgent !== undefined && { userAgent }) };
}

/**
 * The dashboard's session: sign in with email and password (an HttpOnly SameSite=Lax cookie),
 * read it, switch team, sign out. Thin adapters over SessionService; no bearer token involved.
 */
const SignInOptionsRecord = z.object({
  password: z.boolean().describe('Whether email and password sign-in is offered (false with `LOOKOUT_OIDC_ONLY`).'),
  oidc: z
    .object({ name: z.string().describe('The provider’s name for the button: “Sign in with <name>”.'), url: z.string().describe('Where the button goes.') })
    .nullable()
    .describe('Sign-in with the OpenID Connect provider, when one is configured.'),
});

export function sessionOperations({
  sessions,
  twoFactor,
  oidc,
}: {
  sessions: SessionService;
  twoFactor: TwoFactorService;
  oidc: OidcSignInService;
}): Operation[] {
  const secure = sessions.secureCookies;
  return [
    {
      method: 'POST',
      path: '/api/v1/session',
      operationId: 'signIn',
      tag: TAG,
      summary: 'Sign in with email and password: sets the session cookie.',
      description:
        'No token needed. Answers the session (user, team, teams, `csrfToken`) and sets the `lookout_session` cookie (HttpOnly, SameSite=Lax). ' +
        'Send `X-CSRF-Token: <csrfToken>` on every POST, PUT, PATCH and DELETE made with the cookie. ' +
        'A wrong email or password is 401; sign-in is throttled past 10 failures per account or 50 per client address in 15 minutes (429). ' +
        'A user with two-factor sign-in also sends `code` (or `recoveryCode`): without one the answer is 401 `two-factor-required` and no session; ' +
        'a wrong code counts as a wrong password. With `LOOKOUT_OIDC_ONLY` password sign-in is off (403).',
      roles: 'public',
      body: SignInInput,
      success: { status: 200, description: 'Signed in; `Set-Cookie` carries the session.', schema: SessionRecord },
      problems: ['validation', 'unauthorized', 'two-factor-required', 'forbidden', 'rate-limited'],
      headers: NO_STORE,
      handler: async (call) => {
        const { request, reply } = httpOf(call);
        const opened = await sessions.signIn(call.body, client(request));
        setSessionCookie(reply, opened.secret, secure);
        return opened.session;
      },
    },
    {
      method: 'GET',
      path: '/api/v1/session/options',
      operationId: 'getSignInOptions',
      tag: TAG,
      summary: 'How people sign in here: password, the identity provider, or both.',
      description:
        'No token needed. The sign-in page reads it to show the “Sign in with <name>” button (which goes to `GET /api/v1/session/oidc`, ' +
        'a browser navigation that ends at `/api/v1/session/oidc/callback`) and to hide the password form when `LOOKOUT_OIDC_ONLY` is set.',
      roles: 'public',
      success: { status: 200, description: 'The sign-in options.', schema: SignInOptionsRecord },
      problems: [],
      handler: () => Promise.resolve(oidc.signInOptions()),
    },
    {
      method: 'POST',
      path: '/api/v1/session/totp',
      operationId: 'enrolTwoFactor',
      tag: TAG,
      summary: 'Start two-factor sign-in: a new TOTP key for the authenticator app.',
      description:
        'From a signed-in dashboard session only (403 with a token). Answers an `otpauth://` URI (show it as a QR code) and the same 160-bit key in base32; ' +
        'nothing changes at sign-in until `POST /api/v1/session/totp/confirm` with a first code. Starting again replaces an unconfirmed key; ' +
        'with two-factor sign-in already on, 400.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'The key, to put into the authenticator app.', schema: TwoFactorEnrolment },
      problems: ['validation', 'forbidden'],
      headers: NO_STORE,
      handler: ({ actor }) => twoFactor.enrol(actor),
    },
    {
      method: 'POST',
      path: '/api/v1/session/totp/confirm',
      operationId: 'confirmTwoFactor',
      tag: TAG,
      summary: 'Turn two-factor sign-in on with a first code; answers 10 recovery codes, once.',
      description:
        'From a signed-in dashboard session only. A wrong code is 400 on `code` and counts as a wrong password for the sign-in limits. ' +
        'From now on password sign-in asks for a code or one of the recovery codes, each of which works once; only their digests are stored.',
      roles: ANY_ROLE,
      body: TwoFactorCodeInput,
      success: { status: 200, description: 'Two-factor sign-in is on; the recovery codes are shown this once.', schema: RecoveryCodes },
      problems: ['validation', 'forbidden', 'rate-limited'],
      headers: NO_STORE,
      handler: ({ actor, body }) => twoFactor.confirm(actor, body),
    },
    {
      method: 'DELETE',
      path: '/api/v1/session/totp',
      operationId: 'disableTwoFactor',
      tag: TAG,
      summary: 'Turn two-factor sign-in off, with a current code or a recovery code.',
      description: 'From a signed-in dashboard session only. A wrong code is 400 on `code` and counts as a wrong password for the sign-in limits.',
      roles: ANY_ROLE,
      body: TwoFactorCodeInput,
      success: { status: 204, description: 'Two-factor sign-in is off; the key and recovery codes are deleted.' },
      problems: ['validation', 'forbidden', 'rate-limited'],
      handler: ({ actor, body }) => twoFactor.disable(actor, body),
    },
    {
      method: 'GET',
      path: '/api/v1/session',
      operationId: 'getSession',
      tag: TAG,
      summary: 'The signed-in session: user, current team and role, every team, CSRF token.',
      description: 'Reads the session cookie; 401 when there is none or it has ended.',
      roles: 'public',
      success: { status: 200, description: 'The session.', schema: SessionRecord },
      problems: ['unauthorized'],
      headers: NO_STORE,
      handler: (call) => sessions.current(sessionCookieOf(httpOf(call).request)),
    },
    {
      method: 'DELETE',
      path: '/api/v1/session',
      operationId: 'signOut',
      tag: TAG,
      summary: 'Sign out: ends the session on the server and clears the cookie.',
      description: 'Needs `X-CSRF-Token` while the session is active. Without an active session it only clears the cookie.',
      roles: 'public',
      success: { status: 204, description: 'Signed out; no body.' },
      problems: ['forbidden'],
      handler: async (call) => {
        const { request, reply } = httpOf(call);
        await sessions.signOut(sessionCookieOf(request), csrfOf(request));
        clearSessionCookie(reply, secure);
      },
    },
    {
      method: 'PUT',
      path: '/api/v1/session/team',
      operationId: 'switchTeam',
      tag: TAG,
      summary: 'Act in another of your teams from now on.',
      description: 'Needs `X-CSRF-Token`. `teamId` must be a team the user is a member of (else 400).',
      roles: 'public',
      body: SwitchTeamInput,
      success: { status: 200, description: 'The session, now in that team.', schema: SessionRecord },
      problems: ['validation', 'unauthorized', 'forbidden'],
      headers: NO_STORE,
      handler: (call) => {
        const { request } = httpOf(call);
        return sessions.switchTeam(sessionCookieOf(request), csrfOf(request), call.body);
      },
    },
    {
      method: 'POST',
      path: '/api/v1/session/password',
      operationId: 'setPassword',
      tag: TAG,
      summary: 'Choose a password with a one-time set-password link, and sign in.',
      description:
        'No token needed. `token` is the secret after `#` in the link an Owner or Admin got when inviting a new user. ' +
        'The link works once and for 7 days; other sessions of the user end. Sets the session cookie like sign-in.',
      roles: 'public',
      body: SetPasswordInput,
      success: { status: 200, description: 'Password set and signed in; `Set-Cookie` carries the session.', schema: SessionRecord },
      problems: ['validation', 'forbidden', 'rate-limited'],
      headers: NO_STORE,
      handler: async (call) => {
        const { request, reply } = httpOf(call);
        const opened = await sessions.setPassword(call.body, client(request));
        setSessionCookie(reply, opened.secret, secure);
        return opened.session;
      },
    },
  ];
}
