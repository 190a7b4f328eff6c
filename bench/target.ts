/**
 * The target of bench/checks.ts, in a process of its own: a node:http (or, with TARGET_TLS_CERT
 * and TARGET_TLS_KEY, node:https) server answering every request with 200 and a 2-byte body.
 * It prints `{"port": n}` on its first line of stdout once listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

const certFile = process.env.TARGET_TLS_CERT;
const keyFile = process.env.TARGET_TLS_KEY;

const handler: http.RequestListener = (_request, response) => {
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
