import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../domain/sessions.js';

/**
 * The session cookie's attributes: HttpOnly (scripts cannot read it), SameSite=Lax, Path=/, Secure
 * when the public URL is https. Written by `@fastify/cookie`, registered in `buildHttpServer`.
 */
function sessionCookieOptions(secure: boolean, maxAgeSeconds: number): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', maxAge: maxAgeSeconds, secure };
}

/** The session cookie of a request, or undefined when there is none or it is empty. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** Sets the session cookie for the whole absolute lifetime of a session. */
export function setSessionCookie(reply: FastifyReply, secret: string, secure: boolean): FastifyReply {
  return reply.setCookie(SESSION_COOKIE, secret, sessionCookieOptions(secure, SESSION_ABSOLUTE_MS / 1000));
}

/** Clears the session cookie: empty, `Max-Age=0`, with the same attributes it was set with. */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): FastifyReply {
  return reply.setCookie(SESSION_COOKIE, '', sessionCookieOptions(secure, 0));
}

/** A header that may arrive more than once: the first value. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
