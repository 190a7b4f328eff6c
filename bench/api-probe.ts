/**
 * A light API client for bench/checks.ts (BENCH_API_PROBE=1), in a process of its own so that the
 * bench's own synchronous reads of the database never delay a request it times.
 *
 * For PROBE_SECONDS: PROBE_RATE (20) requests per second of `GET /api/v1/monitors/{id}` to
 * PROBE_BASE_URL, each for a monitor drawn at random from PROBE_IDS_FILE (one id a line), with
 * `Authorization: Bearer <token>`, the tokens of PROBE_TOKENS (comma-separated) in turn: each token
 * has a request budget of its own, which one token alone would exhaust. Open loop: a request is sent on every tick whether or not the
 * previous ones have answered, so a server that stalls shows in the latencies instead of slowing
 * the client down; at most PROBE_CONCURRENCY (4) are in flight over as many kept-alive connections,
 * and a tick that finds them all busy is counted as `skipped` (a stall longer than concurrency /
 * rate). Latency: from the request's send to the last byte of its answer.
 * Prints `{"requests", "errors", "non200", "statuses", "skipped", "unanswered", "p50", "p99", "max"}`:
 * the percentiles (milliseconds) of the 200 answers; `statuses` counts every answer by its status;
 * `unanswered`: still in flight a second after the end.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const env = process.env;
const base = new URL(env.PROBE_BASE_URL ?? 'http://127.0.0.1:3000');
const tokens = (env.PROBE_TOKENS ?? '').split(',');
const ids = readFileSync(env.PROBE_IDS_FILE ?? '/dev/null', 'utf8')
  .split('\n')
  .filter(Boolean);
const rate = Number(env.PROBE_RATE ?? 20);
const concurrency = Number(env.PROBE_CONCURRENCY ?? 4);
const seconds = Number(env.PROBE_SECONDS ?? 60);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

const latencies: number[] = [];
let errors = 0;
let non200 = 0;
let skipped = 0;
let inFlight = 0;
let sentCount = 0;
const statuses: Record<number, number> = {};

function once(): void {
  const id = ids[Math.floor(Math.random() * ids.length)]!;
  const sent = performance.now();
  inFlight++;
  const request = http.request(
    {
      host: base.hostname,
      port: base.port,
      path: `/api/v1/monitors/${id}`,
      agent,
      headers: { authorization: `Bearer ${tokens[sentCount++ % tokens.length]!}` },
    },
    (response) => {
      response.resume();
      response.on('end', () => {
        inFlight--;
        const status = response.statusCode ?? 0;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 200) latencies.push(performance.now() - sent);
        else non200++;
      });
    },
  );
  request.on('error', () => {
    inFlight--;
    errors++;
  });
  request.end();
}

const started = performance.now();
const tick = setInterval(() => {
  if (inFlight >= concurrency) skipped++;
  else once();
}, 1000 / rate);
await new Promise((r) => setTimeout(r, seconds * 1000 - (performance.now() - started)));
clearInterval(tick);
// The answers still on their way are waited for (a second at most) rather than dropped.
for (let i = 0; i < 100 && inFlight > 0; i++) await new Promise((r) => setTimeout(r, 10));
agent.destroy();

const sorted = [...latencies].sort((a, b) => a - b);
const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN);
process.stdout.write(
  `${JSON.stringify({ requests: latencies.length + non200, errors, non200, statuses, skipped, unanswered: inFlight, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN })}\n`,
);
