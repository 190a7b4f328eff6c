import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from '../../domain/ports/clock.js';
import { Problem } from '../../domain/problem.js';
import type { StatusPageService } from '../../domain/status-pages.js';
import { sendProblem } from '../problem-reply.js';
import { StatusPageCache, type Encoding, type Kind } from './cache.js';
import { CONTENT_SECURITY_POLICY } from './render-html.js';
import { ifNoneMatch } from '../etag.js';

/** Browsers and proxies may keep an answer this long; the server's own cache is checked on every request. */
export const MAX_AGE_SECONDS = 30;

export interface StatusPageOptions {
  publicUrl: string;
  logger?: Logger;
  /** Server-side freshness of today's uptime counts (default 30 s). */
  ttlMs?: number;
  /** The service's clock: pages are built and age on it. */
  clock?: Clock;
}

/**
 * The public status pages, without a token:
 * - `GET /status/{slug}`: the HTML page;
 * - `GET /status/{slug}.json`: the same data as JSON (CORS open: it is public);
 * - `GET /status/{slug}/feed.atom`: Atom 1.0 of the incidents shown.
 * Answers carry `Cache-Control: public, max-age=30` and a strong ETag (`If-None-Match` → 304), and
 * come compressed (br, gzip) when asked. An unknown slug is a 404 problem (application/problem+json)
 * for every client, browsers included: every error under `/status` is a problem, like the API's.
 */
export function statusPages(service: Pick<StatusPageService, 'changeToken' | 'publicState' | 'publicView'>, options: StatusPageOptions) {
  return (app: FastifyInstance): void => {
    const cache = new StatusPageCache(service, {
      ttlMs: options.ttlMs ?? MAX_AGE_SECONDS * 1000,
      maxPages: 1000,
      logger: options.logger,
      clock: options.clock,
    });

    const serve = async (request: FastifyRequest, reply: FastifyReply, slug: string, kind: Kind) => {
      const built = await cache.get(slug);
      if (!built) return sendProblem(reply, request, new Problem('not-found', 'There is no status page with this address.'), options.publicUrl);
      const form = built.get(kind);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const { body, etag } = form.encode(encoding);
      reply.header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`).header('ETag', etag).header('Vary', 'Accept-Encoding');
      reply.header('X-Content-Type-Options', 'nosniff');
      if (kind === 'html') reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY).header('Referrer-Policy', 'no-referrer');
      else reply.header('Access-Control-Allow-Origin', '*');
      if (ifNoneMatch(request.headers['if-none-match'], form.etag)) return reply.status(304).send();
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.type(form.type).send(body);
    };

    // One route for `/status/<slug>` and `/status/<slug>.json`: a slug never holds a dot.
    app.get('/status/:page', async (request, reply) => {
      const page = (request.params as { page: string }).page;
      return page.endsWith('.json') ? serve(request, reply, page.slice(0, -'.json'.length), 'json') : serve(request, reply, page, 'html');
    });
    app.get('/status/:slug/feed.atom', async (request, reply) => serve(request, reply, (request.params as { slug: string }).slug, 'atom'));
  };
}

/** br, then gzip, when the client accepts them (q > 0); else the bytes as they are. */
function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
