import type { FastifyInstance } from 'fastify';
import { Problem } from '../domain/problem.js';
import { renderDocsPage } from './docs-page.js';

/** Unauthenticated endpoints: probes, the OpenAPI document and its reference page. */
export function registerSystemRoutes(app: FastifyInstance, deps: { document: Record<string, unknown>; ready(): Promise<void> }): void {
  const docsHtml = renderDocsPage(deps.document);
  const documentJson = JSON.stringify(deps.document);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async () => {
    try {
      await deps.ready();
    } catch {
      throw new Problem('unavailable', 'The database is not reachable.');
    }
    return { status: 'ready' };
  });
  app.get('/api/v1/openapi.json', async (_request, reply) => reply.type('application/json').send(documentJson));
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsHtml));
}
