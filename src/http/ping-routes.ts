import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ping, PingReceiver } from '../domain/heartbeats/pings.js';
import { PING_LIMITS } from '../shared/limits.js';

/*
 * `/ping/<key>` and its variants, where a heartbeat's job reports: no token, no cookie, no JSON.
 * Every answer is short plain text, and an unknown key, a key that is not one, and a variant that
 * does not exist all get the same 404: nothing tells a guesser more than that.
 *
 * The key is looked up before the body is read: a ping to an unknown key is answered at once (and
 * counts against its address's budget for unknown keys, 429 past it), so that whoever has no key
 * cannot make the server read a megabyte per request. A known key never spends that budget.
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

export function pingRoutes(pings: PingReceiver) {
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

      scope.addHook('onRequest', async (request, reply) => {
        const { key, action } = request.params as { key?: string; action?: string };
        if (key === undefined || pingOf(action) === null) return refuse(request, reply, 404, 'not found');
        const admission = await pings.admit(key, request.ip);
        switch (admission.status) {
          case 'known':
            return;
          case 'unknown':
            return refuse(request, reply, 404, 'not found');
          case 'rate-limited':
            reply.header('Retry-After', String(admission.retryAfterSeconds));
            return refuse(request, reply, 429, 'too many pings to unknown keys');
        }
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

/**
 * An answer given before the body is read. A body on its way is not read at all: the connection
 * closes after the answer, rather than being drained to be used again.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, body: string): FastifyReply {
  const length = request.headers['content-length'];
  if ((length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined) reply.header('Connection', 'close');
  return text(reply, status, body);
}

function text(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(body);
}
