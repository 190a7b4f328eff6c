import type { RouteOptions } from 'fastify';
import { Problem } from '../domain/problem.js';
import { renderDocsPage } from './docs-page.js';

/** Unauthenticated endpoints: probes, the OpenAPI document and its reference page. */
export function systemRoutes(deps: { document: Record<string, unknown>; ready(): Promise<void> }): RouteOptions[] {
  const docsHtml = renderDocsPage(deps.document);
  const documentJson = JSON.stringify(deps.document);
  return [
    { method: 'GET', url: '/healthz', handler: async () => ({ status: 'ok' }) },
    {
      method: 'GET',
      url: '/readyz',
      handler: async () => {
        try {
          await deps.ready();
        } catch {
          throw new Problem('unavailable', 'The database is not reachable.');
        }
        return { status: 'ready' };
      },
    },
    {
      method: 'GET',
      url: '/api/v1/openapi.json',
      handler: async (_request, reply) => reply.type('application/json').send(documentJson),
    },
    {
      method: 'GET',
      url: '/docs',
      handler: async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsHtml),
    },
  ];
}
