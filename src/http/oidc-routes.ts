import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { headerValue, setSessionCookie } from '../api/cookies.js';
import { OIDC_BINDING_COOKIE, OIDC_CALLBACK_PATH, OIDC_SIGN_IN_MS, type OidcSignInService } from '../domain/oidc-sign-in.js';
import { IdentityProviderRefusal } from '../domain/ports/identity-provider.js';
import type { OpenedSession } from '../domain/sessions.js';
import { escapeHtml } from '../shared/html.js';

const STYLE = [
  ':root{--bg:#f5f6f8;--surface:#fff;--border:#e4e7ec;--text:#101828;--text-2:#475467;--link:#3730a3;--focus:#6366f1;color-scheme:light}',
  '@media (prefers-color-scheme:dark){:root{--bg:#0c111d;--surface:#131a2a;--border:#24304a;--text:#f2f4f7;--text-2:#c0c7d4;--link:#c7c9ff;--focus:#a5b4fc;color-scheme:dark}}',
  '*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);',
  "font:16px/1.5 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}",
  'main{max-width:34rem;margin:3rem auto;padding:0 1rem}.brand{font-weight:700;color:var(--text-2);margin:0 0 1rem}',
  '.card{background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:1.5rem}',
  'h1{font-size:1.35rem;line-height:1.3;margin:0 0 .5rem}p{margin:.5rem 0}a{color:var(--link)}:focus-visible{outline:3px solid var(--focus);outline-offset:2px}',
].join('');
const CONTENT_SECURITY_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * Sign-in with OpenID Connect, outside the JSON API because both ends are browser navigations:
 * `GET /api/v1/session/oidc` sets the sign-in's cookie and answers 302 to the provider;
 * `GET /api/v1/session/oidc/callback` (the redirect URI registered with the provider) sets the
 * session cookie and answers 302 to `/`. Every refusal is an HTML page that says why, with a
 * status of 4xx (502 when the provider itself could not be reached), a log line with the reason,
 * and no session.
 */
export function oidcRoutes(oidc: OidcSignInService, options: { secureCookies: boolean }) {
  const cookiePath = '/api/v1/session/oidc';
  return (app: FastifyInstance): void => {
    app.get('/api/v1/session/oidc', async (request, reply) => {
      let started: { binding: string; url: string };
      try {
        started = await oidc.start(request.ip);
      } catch (error) {
        return refused(request, reply, error);
      }
      // SameSite=Lax: the provider's redirect back is a top-level GET navigation, which Lax lets through.
      reply.setCookie(OIDC_BINDING_COOKIE, started.binding, {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: OIDC_SIGN_IN_MS / 1000,
      });
      return reply.header('Cache-Control', 'no-store').redirect(started.url, 302);
    });

    app.get(OIDC_CALLBACK_PATH, async (request, reply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      // The sign-in's cookie is used once, whatever the outcome.
      reply.clearCookie(OIDC_BINDING_COOKIE, { path: cookiePath, httpOnly: true, sameSite: 'lax', secure: options.secureCookies });
      const userAgent = headerValue(request.headers['user-agent']);
      let opened: OpenedSession;
      try {
        opened = await oidc.finish(request.cookies[OIDC_BINDING_COOKIE] || undefined, rawQuery, {
          ip: request.ip,
          ...(userAgent !== undefined && { userAgent }),
        });
      } catch (error) {
        return refused(request, reply, error);
      }
      setSessionCookie(reply, opened.secret, options.secureCookies);
      request.log.info({ userId: opened.session.user.id }, 'signed in through the identity provider');
      // The callback's address holds the code: no Referer carries it on.
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect('/', 302);
    });
  };
}

function refused(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof IdentityProviderRefusal)) throw error;
  request.log.warn({ status: error.status, reason: error.reason }, 'identity provider sign-in refused');
  const title = error.status === 502 ? 'The identity provider is not reachable' : 'You are not signed in';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Lookout</title>` +
    `<style>${STYLE}</style></head><body><main><p class="brand">Lookout</p><div class="card" role="alert">` +
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(error.message)}</p><p><a href="/login">Back to sign-in</a></p></div></main></body></html>`;
  if (error.status === 429) reply.header('Retry-After', '60');
  return reply
    .status(error.status)
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}
