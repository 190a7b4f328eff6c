import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HeartbeatPings, Ping } from '../checks/heartbeat-pings.js';
import { PING_LIMITS } from '../shared/limits.js';

/*
 * `/ping/<key>` and its variants, where a heartbeat's job reports: no token, no cookie, no JSON.
 * Every answer is short plain text, and an unknown key, a key that is not one, and a variant that
 * does not exist all get the same 404: nothing tells a guesser more than that.
 */

const ROUTE_METHODS = ['GET', 'POST', 'HEAD'] as const;

/** `start`, `fail` or an exit code 0-255 (no sign, no leading zero); null for anything else. */
export function pingOf(action: string | undefined): Ping | null {
  if (action === undefined) return { kind: 'success' };
  if (action === 'start') return { kind: 'start' };
  if (action === 'fail') return { kind: 'fail' };
  if (/^(0|[1-9]\d{0,2})$/.test(action) && Number(action) <= 255) return { kind: 'exit', code: Number(action) };
  return null;
}

/** The first 10 KiB of a body as text, NUL characters left out (no database text holds them). */
function logOf(body: unknown): string | null {
  if (!Buffer.isBuffer(body) || body.length === 0) return null;
  // A UTF-8 character cut at the limit becomes one replacement character.
  return body.subarray(0, PING_LIMITS.logBytes).toString('utf8').replaceAll('\u0000', '');
}

export function pingRoutes(pings: Pick<HeartbeatPings, 'receive'>) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(async (scope) => {
      // Jobs send whatever they have (a log file, JSON, a form, nothing): every body is read as
      // bytes, up to a limit, whatever it says it is.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PING_LIMITS.bodyBytes }, (_request, body, done) => done(null, body));
      // Answers in plain text, a 413 or a malformed request included.
      scope.setErrorHandler(async (error: { statusCode?: number }, _request, reply) => {
        const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        return text(reply, status, status === 413 ? 'body too large' : status === 500 ? 'error' : 'bad request');
      });

      const handle = async (request: FastifyRequest, reply: FastifyReply) => {
        const { key, action } = request.params as { key: string; action?: string };
        const ping = pingOf(action);
        if (ping === null) return text(reply, 404, 'not found');
        const answer = await pings.receive(key, ping, request.method === 'POST' ? logOf(request.body) : null);
        switch (answer.status) {
          case 'ok':
            return text(reply, 200, 'OK');
          case 'unknown':
            return text(reply, 404, 'not found');
          case 'rate-limited':
            reply.header('Retry-After', String(answer.retryAfterSeconds));
            return text(reply, 429, 'too many pings');
        }
      };
      for (const url of ['/ping/:key', '/ping/:key/:action']) scope.route({ method: [...ROUTE_METHODS], url, handler: handle, exposeHeadRoute: false });
      scope.route({ method: [...ROUTE_METHODS], url: '/ping/*', handler: async (_request, reply) => text(reply, 404, 'not found'), exposeHeadRoute: false });
    });
  };
}

function text(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(body);
}
