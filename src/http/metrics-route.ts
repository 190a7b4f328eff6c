import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

/** Prometheus scrape endpoint. It shows counts and timings only, never team data. */
export function metricsRoute(registry: Registry) {
  return (app: FastifyInstance) => {
    app.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  };
}
