/**
 * npm run bench:pings — heartbeat pings against `lookout serve` (SQLite, its own process), with
 * GET /healthz measured in the same run as the baseline. BENCH_PING_MONITORS (3,000) heartbeat
 * monitors each get a share of the pings, every one of which is written as a run before it is
 * answered; the number of monitors keeps each key under its 60 pings a minute.
 *
 * Two runs: as fast as 50 connections go (throughput), and a steady BENCH_PING_RATE (5,000) pings
 * a second for the latency at that load. Goal: ≥ 5,000 pings/s, p99 < 20 ms.
 */
import autocannon from 'autocannon';
import { openStore } from '../src/store/database.js';
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
  try {
    let next = 0;
    const pings = (label: string, rate?: number) => pingLoad(label, `${server.baseUrl}/ping/${keys[0]!}`, () => `/ping/${keys[next++ % keys.length]!}`, rate);
    await load({ label: 'warm-up', url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, seconds: 3 });
    const baseline = await load({ label: 'GET /healthz (baseline)', url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, seconds: SECONDS });
    const fastest = await pings(`GET /ping/<key>, ${CONNECTIONS} connections`);
    // The fast run spent up to half of each key's minute: the steady run waits for the windows to pass.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    const steady = await pings(`GET /ping/<key>, ${RATE}/s`, RATE);

    const store = openStore(db.databaseUrl);
    const { n } = await store.db
      .selectFrom('monitor_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await store.close();

    console.log(`\n## bench:pings (${machine()}, ${new Date().toISOString().slice(0, 10)})\n`);
    console.log(`${MONITORS} heartbeat monitors, ${SECONDS} s per run; every 200 is a run written before the answer.\n`);
    console.log(table([baseline, fastest, steady]));
    console.log(`\nThroughput: ${fastest.requestsPerSecond} pings/s = ${(fastest.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}× /healthz.`);
    console.log(`At ${RATE}/s: p99 ${steady.p99} ms (goal < 20 ms).`);
    console.log(`Runs stored: ${n} (answered 200: ${(fastest.statusCounts['200'] ?? 0) + (steady.statusCounts['200'] ?? 0)}).`);
  } finally {
    await server.stop();
    db.cleanup();
  }
}

/** Pings spread over the keys, as fast as the connections go, or at `rate` a second overall. */
async function pingLoad(label: string, url: string, path: () => string, rate?: number): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(rate && { overallRate: rate }),
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
