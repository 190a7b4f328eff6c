import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestPath } from './problem-reply.js';
import { ifNoneMatch } from './etag.js';

/** Where `vite build web` writes the dashboard: `web/dist` at the package root (same from src/ and dist/). */
export const DEFAULT_DASHBOARD_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Paths the dashboard never answers for: they belong to the API and the other surfaces, whose 404s stay problems. */
const RESERVED = ['/api', '/status', '/mcp', '/metrics', '/healthz', '/readyz', '/docs'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** Content-Security-Policy of the dashboard page: only its own scripts, styles and API. */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
};

interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lookout</title></head>
<body style="font-family:system-ui;margin:3rem;max-width:40rem">
<h1>Lookout</h1><p>The dashboard has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p>
<p>The API is at <a href="/docs">/docs</a>.</p></body></html>`;

/**
 * Serves the single-page dashboard: files under `/assets/` (names carry a content hash) with a
 * year-long immutable cache; `index.html` with `no-cache`, for `/` and for any other GET that
 * asks for HTML, so that client-side routes survive a reload. Everything is read once at start.
 */
export function dashboard(options: { dir?: string } = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    const files = loadFiles(options.dir ?? DEFAULT_DASHBOARD_DIR);
    const index = files.get('/index.html') ?? fileOf(Buffer.from(NOT_BUILT), '.html');

    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(PAGE_HEADERS).header('Cache-Control', 'no-cache').header('ETag', index.etag);
      if (ifNoneMatch(request.headers['if-none-match'], index.etag)) return reply.status(304).send();
      return reply.type(index.type).send(index.body);
    };

    app.get('/', async (request, reply) => sendIndex(request, reply));
    app.get('/*', async (request, reply) => {
      const path = requestPath(request);
      if (RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
        reply.callNotFound();
        return;
      }
      const file = path === '/index.html' ? undefined : files.get(safeDecode(path));
      if (file) {
        const immutable = path.startsWith('/assets/');
        reply
          .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
          .header('X-Content-Type-Options', 'nosniff')
          .header('ETag', file.etag);
        if (ifNoneMatch(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
        return reply.type(file.type).send(file.body);
      }
      // A missing asset is a plain 404; any other page the browser asks for is the app's own route.
      if (path.startsWith('/assets/') || !acceptsHtml(request)) {
        reply.callNotFound();
        return;
      }
      return sendIndex(request, reply);
    });
  };
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function fileOf(body: Buffer, extension: string): StaticFile {
  return {
    body,
    type: TYPES[extension] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

/** Every file under the directory by its URL path. Only these are ever served: no path from a request reaches the disk. */
function loadFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(dir)) return files;
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(`/${relative(dir, full).split(sep).join('/')}`, fileOf(readFileSync(full), extname(name).toLowerCase()));
    }
  };
  walk(dir);
  return files;
}
