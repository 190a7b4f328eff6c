/**
 * The target of bench/checks.ts, in a process of its own: a node:http (or, with TARGET_TLS_CERT
 * and TARGET_TLS_KEY, node:https) server answering every request with 200 and a 2-byte body, and
 * /api with a 20 KiB JSON document (gzipped, compressed once at start, when the client accepts it)
 * for monitors with assertions; /flap is down every other two minutes. It prints `{"port": n}` on its first line of stdout once listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

const certFile = process.env.TARGET_TLS_CERT;
const keyFile = process.env.TARGET_TLS_KEY;

/** About 20 KiB of JSON: a list of items, as an API's health or status answer might carry. */
const API_JSON = Buffer.from(
  JSON.stringify({
    status: 'ok',
    data: { items: Array.from({ length: 276 }, (_, i) => ({ id: i, name: `item ${i}`, status: 'ok', latencyMs: 10 + (i % 17), tags: ['a', 'b'] })) },
  }),
);
const API_GZIP = gzipSync(API_JSON);

const handler: http.RequestListener = (request, response) => {
  // For bench/soak.ts: down every other two minutes, so that monitors open and resolve incidents all along.
  if (request.url?.startsWith('/flap') && Math.floor(Date.now() / 120_000) % 2 === 1) {
    response.writeHead(503, { 'content-type': 'text/plain', 'content-length': '4' });
    response.end('down');
    return;
  }
  if (request.url?.startsWith('/api')) {
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const body = gzip ? API_GZIP : API_JSON;
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length), ...(gzip && { 'content-encoding': 'gzip' }) });
    response.end(body);
    return;
  }
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
  response.end('ok');
};

const server = certFile && keyFile ? https.createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, handler) : http.createServer(handler);
server.keepAliveTimeout = 1000;
server.maxHeadersCount = 50;
server.listen(Number(process.env.TARGET_PORT ?? 0), '127.0.0.1', 4096, () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
