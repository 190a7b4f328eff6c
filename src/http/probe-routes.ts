import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProbeWork } from '../domain/ports/probe-work.js';
import type { ProbeActor, ProbeTokenService } from '../domain/probes/probe-tokens.js';
import { Problem } from '../domain/problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    probe?: ProbeActor;
  }
}

/**
 * The probe protocol under /probe/v1/: a remote probe takes due checks of its region (long poll)
 * and posts their results. Only a probe token (`lkb_…`) is admitted here, looked up on every
 * request (a revoked token stops at once); an API token or a session gets 401, as a probe token
 * does under /api/v1. Answers are JSON; errors are the same problems as the API's.
 */
export function probeRoutes(tokens: Pick<ProbeTokenService, 'authenticate'>, work: ProbeWork) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', async (request, reply) => {
          try {
            request.probe = await tokens.authenticate(request.headers.authorization);
          } catch (error) {
            if (error instanceof Problem && error.code === 'unauthorized') reply.header('WWW-Authenticate', 'Bearer');
            throw error;
          }
        });
        const probeOf = (request: FastifyRequest) => request.probe!;

        scope.post('/take', async (request, reply) => {
          // A long poll ends early when the probe goes away (a connection closed before the answer was sent).
          const gone = new AbortController();
          reply.raw.once('close', () => {
            if (!reply.raw.writableFinished) gone.abort();
          });
          return work.take(probeOf(request), request.body, gone.signal);
        });
        // Bodies are bounded by the server's JSON limit (1 MiB): the probe cuts its batches to fit.
        scope.post('/results', async (request) => work.submit(probeOf(request), request.body));
      },
      { prefix: '/probe/v1' },
    );
  };
}
