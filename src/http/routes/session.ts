import type { FastifyRequest } from 'fastify';
import type { Services } from '../../composition/services.js';
import { CSRF_HEADER, SessionRecord, SetPasswordInput, SignInInput, SwitchTeamInput } from '../../domain/sessions.js';
import type { ApiRoute } from '../api-route.js';
import { clearSessionCookie, headerValue, sessionCookieOf, setSessionCookie } from '../cookies.js';

const TAG = 'Session';

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
export function sessionRoutes(services: Services): ApiRoute[] {
  const sessions = services.sessions;
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
        'A wrong email or password is 401; sign-in is throttled past 10 failures per account or 50 per client address in 15 minutes (429).',
      auth: false,
      body: SignInInput,
      success: { status: 200, description: 'Signed in; `Set-Cookie` carries the session.', schema: SessionRecord },
      problems: ['validation', 'unauthorized', 'forbidden', 'rate-limited'],
      handler: async ({ body, request, reply }) => {
        const opened = await sessions.signIn(body, client(request));
        setSessionCookie(reply, opened.secret, secure).header('Cache-Control', 'no-store');
        return opened.session;
      },
    },
    {
      method: 'GET',
      path: '/api/v1/session',
      operationId: 'getSession',
      tag: TAG,
      summary: 'The signed-in session: user, current team and role, every team, CSRF token.',
      description: 'Reads the session cookie; 401 when there is none or it has ended.',
      auth: false,
      success: { status: 200, description: 'The session.', schema: SessionRecord },
      problems: ['unauthorized'],
      handler: async ({ request, reply }) => {
        reply.header('Cache-Control', 'no-store');
        return sessions.current(sessionCookieOf(request));
      },
    },
    {
      method: 'DELETE',
      path: '/api/v1/session',
      operationId: 'signOut',
      tag: TAG,
      summary: 'Sign out: ends the session on the server and clears the cookie.',
      description: 'Needs `X-CSRF-Token` while the session is active. Without an active session it only clears the cookie.',
      auth: false,
      success: { status: 204, description: 'Signed out; no body.' },
      problems: ['forbidden'],
      handler: async ({ request, reply }) => {
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
      auth: false,
      body: SwitchTeamInput,
      success: { status: 200, description: 'The session, now in that team.', schema: SessionRecord },
      problems: ['validation', 'unauthorized', 'forbidden'],
      handler: async ({ body, request, reply }) => {
        reply.header('Cache-Control', 'no-store');
        return sessions.switchTeam(sessionCookieOf(request), csrfOf(request), body);
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
      auth: false,
      body: SetPasswordInput,
      success: { status: 200, description: 'Password set and signed in; `Set-Cookie` carries the session.', schema: SessionRecord },
      problems: ['validation', 'forbidden', 'rate-limited'],
      handler: async ({ body, request, reply }) => {
        const opened = await sessions.setPassword(body, client(request));
        setSessionCookie(reply, opened.secret, secure).header('Cache-Control', 'no-store');
        return opened.session;
      },
    },
  ];
}
