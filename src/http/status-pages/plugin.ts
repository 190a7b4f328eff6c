import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Clock } from '../../domain/ports/clock.js';
import { Problem } from '../../domain/problem.js';
import type { StatusPageService } from '../../domain/status-pages.js';
import { hostName } from '../../domain/status-pages/page-fields.js';
import type { SubscriberService } from '../../domain/status-pages/subscribers.js';
import { sendProblem } from '../problem-reply.js';
import { StatusPageCache, type BuiltPage, type Encoding, type Kind, type Representation } from './cache.js';
import { CONTENT_SECURITY_POLICY } from './render-html.js';
import { badgeQuery, monitorBadge, pageBadge } from './render-badge.js';
import { ifNoneMatch } from '../etag.js';
import { subscriberRoutes } from './subscriber-routes.js';

/** Browsers and proxies may keep an answer this long; the server's own cache is checked on every request. */
export const MAX_AGE_SECONDS = 30;
/** Badges are embedded in pages served by others (READMEs): a minute, as badge services do. */
export const BADGE_MAX_AGE_SECONDS = 60;

export interface StatusPageOptions {
  publicUrl: string;
  logger?: Logger;
  /** Server-side freshness of today's uptime counts (default 30 s). */
  ttlMs?: number;
  /** The service's clock: pages are built and age on it. */
  clock?: Clock;
  /** Whether mail can be sent: the page offers subscribing by email only then. */
  emailSubscriptions?: boolean;
}

type PageService = Pick<StatusPageService, 'changeToken' | 'publicState' | 'publicView' | 'slugForDomain'>;

const NO_PAGE = 'There is no status page with this address.';

/**
 * The public status pages, without a token:
 * - `GET /status/{slug}`: the HTML page;
 * - `GET /status/{slug}.json`: the same data as JSON (CORS open: it is public);
 * - `GET /status/{slug}/index.json`: the page's data as the HTML shows it, groups first;
 * - `GET /status/{slug}/feed.atom`: Atom 1.0 of the incidents shown;
 * - `GET /status/{slug}/badge.svg`, `/badge/{n}.svg`: badges;
 * - subscribing, confirming and unsubscribing (subscriber-routes.ts).
 * Answers carry `Cache-Control` and a strong ETag (`If-None-Match` → 304), and come compressed
 * (br, gzip) when asked. A page with a custom domain is also answered at `/`, `/index.json`,
 * `/feed.atom` and its badges on that host. An unknown slug is a 404 problem
 * (application/problem+json) for every client: every error under `/status` is a problem.
 */
export function statusPages(service: PageService, subscribers: Pick<SubscriberService, 'subscribe' | 'confirm' | 'unsubscribe'>, options: StatusPageOptions) {
  return async (app: FastifyInstance): Promise<void> => {
    const cache = new StatusPageCache(service, {
      ttlMs: options.ttlMs ?? MAX_AGE_SECONDS * 1000,
      maxPages: 1000,
      logger: options.logger,
      clock: options.clock,
      render: { emailForm: options.emailSubscriptions ?? false },
    });
    const publicHost = new URL(options.publicUrl).hostname.toLowerCase();
    const notFound = (request: FastifyRequest, reply: FastifyReply, detail = NO_PAGE) =>
      sendProblem(reply, request, new Problem('not-found', detail), options.publicUrl);

    const send = (request: FastifyRequest, reply: FastifyReply, form: Representation, headers: Record<string, string>) => {
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const { body, etag } = form.encode(encoding);
      reply.headers(headers).header('ETag', etag).header('Vary', 'Accept-Encoding').header('X-Content-Type-Options', 'nosniff');
      if (ifNoneMatch(request.headers['if-none-match'], form.etag)) return reply.status(304).send();
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.type(form.type).send(body);
    };

    const serve = async (request: FastifyRequest, reply: FastifyReply, slug: string, kind: Kind) => {
      const built = await cache.get(slug);
      if (!built) return notFound(request, reply);
      const headers: Record<string, string> = { 'Cache-Control': `public, max-age=${MAX_AGE_SECONDS}` };
      if (kind === 'html') Object.assign(headers, { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'Referrer-Policy': 'no-referrer' });
      else headers['Access-Control-Allow-Origin'] = '*';
      return send(request, reply, built.get(kind), headers);
    };

    /** `file`: `badge.svg` for the page, `<n>.svg` for its n-th monitor (1-based, display order). */
    const badge = async (request: FastifyRequest, reply: FastifyReply, slug: string, n: string | null) => {
      const built: BuiltPage | undefined = await cache.get(slug);
      if (!built) return notFound(request, reply);
      let form: Representation;
      if (n === null) form = built.badge('page', pageBadge);
      else {
        const index = /^[1-9][0-9]{0,2}$/.test(n) ? Number(n) - 1 : -1;
        const monitor = built.view.monitors[index];
        const query = badgeQuery(request.query as Record<string, unknown>);
        if (!monitor) return notFound(request, reply, `The page lists no monitor ${n}: badges count its monitors from 1, in page order.`);
        if (!query) return notFound(request, reply, 'A monitor badge takes metric=status or metric=uptime and days=1 to 90.');
        form = built.badge(`${index}:${query.metric}:${query.days}`, () => monitorBadge(monitor, query.metric, query.days));
      }
      return send(request, reply, form, {
        'Cache-Control': `public, max-age=${BADGE_MAX_AGE_SECONDS}`,
        'Access-Control-Allow-Origin': '*',
        // An SVG opened on its own runs nothing and loads nothing.
        'Content-Security-Policy': "default-src 'none'",
      });
    };

    // One route for `/status/<slug>` and `/status/<slug>.json`: a slug never holds a dot.
    app.get('/status/:page', async (request, reply) => {
      const page = (request.params as { page: string }).page;
      return page.endsWith('.json') ? serve(request, reply, page.slice(0, -'.json'.length), 'json') : serve(request, reply, page, 'html');
    });
    app.get('/status/:slug/feed.atom', async (request, reply) => serve(request, reply, (request.params as { slug: string }).slug, 'atom'));
    app.get('/status/:slug/index.json', async (request, reply) => serve(request, reply, (request.params as { slug: string }).slug, 'index'));
    app.get('/status/:slug/badge.svg', async (request, reply) => badge(request, reply, (request.params as { slug: string }).slug, null));
    app.get('/status/:slug/badge/:file', async (request, reply) => {
      const { slug, file } = request.params as { slug: string; file: string };
      if (!file.endsWith('.svg')) return notFound(request, reply, 'No such badge: monitor badges are /badge/<n>.svg.');
      return badge(request, reply, slug, file.slice(0, -'.svg'.length));
    });

    await app.register(subscriberRoutes(subscribers, { publicUrl: options.publicUrl }));

    // A custom domain: its page's documents at the root of that host, before any other route.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = (request.raw.url ?? '/').split('?')[0]!;
      const badgeFile = /^\/badge\/([^/]+)\.svg$/.exec(path);
      if (path !== '/' && path !== '/index.json' && path !== '/feed.atom' && path !== '/badge.svg' && !badgeFile) return;
      const host = hostName(request.headers.host);
      if (!host || host === publicHost) return;
      const slug = await service.slugForDomain(host);
      if (!slug) return;
      if (path === '/') await serve(request, reply, slug, 'html');
      else if (path === '/index.json') await serve(request, reply, slug, 'index');
      else if (path === '/feed.atom') await serve(request, reply, slug, 'atom');
      else await badge(request, reply, slug, badgeFile ? badgeFile[1]! : null);
      return reply;
    });
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
