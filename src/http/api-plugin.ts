import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireRole, type Actor } from '../domain/actor.js';
import { restSurfaceOf } from '../domain/audit/trail.js';
import type { AccessService } from '../domain/access.js';
import { API_PREFIX, RawJson, RawText, type Operation } from '../api/operation.js';
import { authenticationHook } from './authenticate.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: Operation;
  }
}

/** `/a/{id}/b` → `/a/:id/b` */
function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The REST API: one encapsulated plugin at `/api/v1` whose single hook admits the caller (token or
 * dashboard session) and judges the operation's roles before the body is read, then one route per
 * operation that hands the call to its handler and writes the declared status and headers.
 */
export function restApi(operations: Operation[], access: AccessService) {
  const authenticate = authenticationHook(access);

  return async (api: FastifyInstance): Promise<void> => {
    api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const operation = request.routeOptions.config.operation;
      if (!operation || operation.roles === 'public') return;
      await authenticate(request, reply);
      requireRole(request.actor!, operation.roles);
    });

    for (const operation of operations) {
      api.route({
        method: operation.method,
        url: fastifyPath(operation.path.slice(API_PREFIX.length)),
        config: { operation },
        handler: async (request, reply) => {
          const result = await operation.handler({
            actor: request.actor as Actor,
            params: request.params as Record<string, string>,
            query: request.query as Record<string, unknown>,
            body: request.body,
            http: { request, reply },
            // The dashboard is told from other REST clients by how it signs in: its session cookie.
            ...(request.actor && { origin: { surface: restSurfaceOf(request.actor), ip: request.ip } }),
          });
          if (reply.sent) return reply; // an event stream took the connection over
          reply.status(operation.success.status);
          if (operation.headers) reply.headers(operation.headers);
          if (operation.location) reply.header('Location', operation.location(result as never));
          if (operation.success.status === 204) return reply.send();
          if (result instanceof RawJson) return reply.type('application/json; charset=utf-8').send(result.text);
          if (result instanceof RawText) return reply.type(result.contentType).send(result.text);
          return result;
        },
      });
    }
  };
}
