import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { configDocumentJsonSchema } from '../domain/as-code/document.js';
import { Problem } from '../domain/problem.js';
import { renderDocsPage } from './docs-page.js';
import { ifNoneMatch } from './etag.js';

/**
 * Unauthenticated endpoints: probes, the OpenAPI document and its reference page, and the JSON
 * Schema of the configuration document. Like the OpenAPI document, that schema describes only what
 * the program accepts, the same for every installation of a version and nothing of any team's, and
 * an editor fetches it by URL without credentials: so no token is asked for it.
 */
export function registerSystemRoutes(app: FastifyInstance, deps: { document: Record<string, unknown>; ready(): Promise<void> }): void {
  // Held as bytes: the page is built by concatenation, and kept as a string it stays a tree of some
  // 60,000 pieces on the heap (2 MB) until first sent.
  const docsHtml = Buffer.from(renderDocsPage(deps.document));
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
  const configSchema = JSON.stringify(configDocumentJsonSchema());
  const configSchemaTag = `"${createHash('sha256').update(configSchema).digest('base64url').slice(0, 27)}"`;
  app.get('/api/v1/config-schema.json', async (request, reply) => {
    // Revalidated each time (it changes with an upgrade), answered 304 while unchanged.
    reply.header('Cache-Control', 'no-cache').header('ETag', configSchemaTag);
    if (ifNoneMatch(request.headers['if-none-match'], configSchemaTag)) return reply.status(304).send();
    return reply.type('application/schema+json').send(configSchema);
  });
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(docsHtml));
}
