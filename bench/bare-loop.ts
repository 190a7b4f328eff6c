/**
 * The machine's limit for the work of a check, for bench/checks.ts: a bare loop of requests, each
 * on a fresh connection (`agent: false`, as a check makes them), BARE_CONCURRENCY (50) at a time,
 * for BARE_SECONDS (10) against BARE_URL. HTTPS trusts BARE_CA (a PEM file) through one shared
 * SecureContext, as the engine does. Prints `{"requests", "seconds", "perSecond", "errors", "cpuPercent",
 * "cpuMicrosPerRequest"}` (CPU of this process, user + system).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';

const url = new URL(process.env.BARE_URL ?? 'http://127.0.0.1:8080/');
const seconds = Number(process.env.BARE_SECONDS ?? 10);
const concurrency = Number(process.env.BARE_CONCURRENCY ?? 50);
const secureContext = process.env.BARE_CA ? tls.createSecureContext({ ca: readFileSync(process.env.BARE_CA) }) : undefined;
const client = url.protocol === 'https:' ? https : http;

let requests = 0;
let errors = 0;
let running = true;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const request = client.request(url, { agent: false, headers: { 'User-Agent': 'bare-loop' }, secureContext } as https.RequestOptions, (response) => {
      response.resume();
      response.on('end', () => {
        requests++;
        resolve();
      });
      response.on('error', () => {
        errors++;
        resolve();
      });
    });
    request.on('error', () => {
      errors++;
      resolve();
    });
    request.end();
  });
}

async function worker(): Promise<void> {
  while (running) await once();
}

// One second of warm-up (JIT, TLS session machinery), not counted.
const warm = Array.from({ length: concurrency }, () => worker());
await new Promise((r) => setTimeout(r, 1000));
requests = 0;
errors = 0;
const started = performance.now();
const cpu = process.cpuUsage();
await new Promise((r) => setTimeout(r, seconds * 1000));
const counted = requests;
const used = process.cpuUsage(cpu);
const elapsed = (performance.now() - started) / 1000;
running = false;
await Promise.all(warm);
process.stdout.write(
  `${JSON.stringify({ requests: counted, seconds: elapsed, perSecond: counted / elapsed, errors, cpuPercent: (used.user + used.system) / 1e4 / elapsed, cpuMicrosPerRequest: (used.user + used.system) / counted })}\n`,
);
