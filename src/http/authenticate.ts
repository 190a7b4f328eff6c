import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessService } from '../domain/access.js';
import { Problem } from '../domain/problem.js';
import { CSRF_HEADER } from '../domain/sessions.js';
import { headerValue, sessionCookieOf } from '../api/cookies.js';

export interface AuthenticationOptions {
  /**
   * Bearer tokens only, nothing spent here: the route spends from the budget itself once the body
   * is read (`/mcp` charges one unit per JSON-RPC message). Without it, a request may also come with
   * the dashboard session cookie (CSRF token required on state-changing methods) and spends one unit.
   */
  bearerOnly?: boolean;
}

/**
 * The `onRequest` hook that admits a caller before the body is read: sets `request.actor`, or
 * answers the 401 problem with `WWW-Authenticate: Bearer` (429 once the address has failed too often).
 */
export function authenticationHook(access: AccessService, options: AuthenticationOptions = {}) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      if (options.bearerOnly) {
        // No session cookie, so a browser's session cannot be used from another site.
        request.actor = await access.authenticate(request.headers.authorization, request.ip);
        return;
      }
      const admission = await access.admit(request.headers.authorization, request.ip, {
        cookie: sessionCookieOf(request),
        csrfToken: headerValue(request.headers[CSRF_HEADER]),
        method: request.method,
      });
      request.actor = admission.actor;
      reply.headers(admission.headers);
    } catch (error) {
      if (error instanceof Problem && error.code === 'unauthorized') reply.header('WWW-Authenticate', 'Bearer');
      throw error;
    }
  };
}
