/**
 * npm run bench:pings — heartbeat pings against `lookout serve` (SQLite, its own process), with
 * GET /healthz measured in the same run as the baseline. BENCH_PING_MONITORS (3,000) heartbeat
 * monitors each get a share of the pings, every one of which is written as a run before it is
 * answered; the number of monitors keeps each key under its 60 pings a minute.
 *
 * Throughput: as fast as 50 connections go (autocannon). Latency: a steady, open BENCH_PING_RATE
 * (5,000) pings a second (bench/paced-load.ts), each request's latency counted from when it was
 * due, beside GET /healthz at the same rate as the floor this machine sets.
 * Goal: ≥ 5,000 pings/s, p99 < 20 ms at 5,000/s.
 */
import { statSync } from 'node:fs';
import autocannon from 'autocannon';
import { openStore } from '../src/store/database.js';
import { pacedLoad } from './paced-load.js';
import { load, machine, ownerOfNewTeam, prepareDatabase, startBenchServer, table, type LoadResult } from './harness.js';

const MONITORS = Number(process.env.BENCH_PING_MONITORS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_PING_RATE ?? 5000);
const CONNECTIONS = 50;

async function main(): Promise<void> {
  const keys: string[] = [];
  const db = await prepareDatabase(async (services) => {
    const { actor } = await ownerOfNewTeam(services, 'Ping bench', 'pings@bench.test');
    for (let i = 0; i < MONITORS; i++) {
      const monitor = await services.monitors.create(actor, { type: 'heartbeat', name: `Job ${i}`, periodSeconds: 3600 });
      if (monitor.type !== 'heartbeat' || !monitor.pingUrl) throw new Error('a heartbeat monitor without a ping URL');
      keys.push(monitor.pingUrl.slice(monitor.pingUrl.lastIndexOf('/') + 1));
    }
  });
  const server = await startBenchServer({ DATABASE_URL: db.databaseUrl });
  // SQLite's write-ahead log under a steady stream of writes: it must stay within its limit.
  let largestLog = 0;
  const logWatch = setInterval(() => {
    largestLog = Math.max(largestLog, statSync(`${db.databaseUrl.slice('file:'.length)}-wal`, { throwIfNoEntry: false })?.size ?? 0);
  }, 250);
  try {
    let next = 0;
    const pingPath = () => `/ping/${keys[next++ % keys.length]!}`;
    const port = Number(new URL(server.baseUrl).port);
    await load({ label: 'warm-up', url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, seconds: 3 });
    const baseline = await load({ label: 'GET /healthz (baseline)', url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, seconds: SECONDS });
    const fastest = await pingLoad(`GET /ping/<key>, ${CONNECTIONS} connections`, `${server.baseUrl}/ping/${keys[0]!}`, pingPath);
    const steadyRun = (label: string, path: () => string, seconds = SECONDS) => pacedLoad({ label, port, rate: RATE, seconds, connections: CONNECTIONS, path });
    const steadyBaseline = await steadyRun(`GET /healthz, steady ${RATE}/s`, () => '/healthz');
    // The fast run spent up to half of each key's minute: the steady run waits for the windows to pass.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    // After a minute idle the first second is slower (compiled code and caches gone cold): a short
    // run at the same rate first, as a server receiving steady pings would be.
    const warmUp = await steadyRun('warm-up', pingPath, 3);
    const steady = await steadyRun(`GET /ping/<key>, steady ${RATE}/s`, pingPath);

    const store = openStore(db.databaseUrl);
    const { n } = await store.db
      .selectFrom('monitor_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await store.close();

    console.log(`\n## bench:pings (${machine()}, ${new Date().toISOString().slice(0, 10)})\n`);
    console.log(`${MONITORS} heartbeat monitors, ${SECONDS} s per run; every 200 is a run written before the answer.\n`);
    console.log(table([baseline, fastest, steadyBaseline, steady]));
    console.log(`\nThroughput: ${fastest.requestsPerSecond} pings/s = ${(fastest.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}× /healthz.`);
    console.log(`At a steady ${RATE}/s: p99 ${steady.p99} ms (goal < 20 ms; /healthz at that rate: ${steadyBaseline.p99} ms).`);
    console.log(`Slowest answer per second at ${RATE}/s (ms): ${steady.secondMaxima.join(', ')}.`);
    console.log(`The load generator's own event-loop delay in that run: p99 ${steady.ownDelayP99} ms, max ${steady.ownDelayMax} ms.`);
    console.log(`SQLite's write-ahead log at its largest: ${(largestLog / 2 ** 20).toFixed(0)} MiB.`);
    console.log(`Runs stored: ${n} (answered 200: ${[fastest, warmUp, steady].reduce((sum, run) => sum + (run.statusCounts['200'] ?? 0), 0)}).`);
  } finally {
    clearInterval(logWatch);
    await server.stop();
    db.cleanup();
  }
}

/** Pings spread over the keys, as fast as the connections go. */
async function pingLoad(label: string, url: string, path: () => string): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          request.path = path();
          return request;
        },
      },
    ],
  });
  const statusCounts: Record<string, number> = {};
  for (const [code, n] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = (n as { count: number }).count;
  return { label, requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, statusCounts };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
