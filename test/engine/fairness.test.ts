import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '../helpers/dns.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

/** A TCP server that accepts connections and never answers: every check against it hangs until its timeout. */
async function startTarpit() {
  const sockets = new Set<net.Socket>();
  let most = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    most = Math.max(most, sockets.size);
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    open: () => sockets.size,
    most: () => most,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

const TEAM_CONCURRENCY = 32;
/** Checks at once of all teams: lower than the default so that one team's 100 checks would fill it without the per-team limit. */
const CONCURRENCY = 64;

let server: TestServer;
let target: Target;
let tarpit: Awaited<ReturnType<typeof startTarpit>>;
let dns: DnsServer;

beforeAll(async () => {
  target = await startTarget();
  tarpit = await startTarpit();
  dns = await startDnsServer({
    answers: Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`fast-${i}.test`, '127.0.0.1'])),
    slow: (name) => (name.startsWith('slow-') ? null : undefined),
  });
  server = await startServer(
    { LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all', LOOKOUT_TEAM_CONCURRENCY: String(TEAM_CONCURRENCY), LOOKOUT_DNS_SERVERS: dns.address },
    { checks: { retryDelayMs: 100, concurrency: CONCURRENCY } },
  );
});
afterAll(async () => {
  // The hanging checks end at once when the tarpit drops their connections (then their retry is refused).
  await tarpit.close();
  await server.close();
  await target.close();
  await dns.close();
});

async function create(member: Member, url: string, name: string, timeoutSeconds = 10): Promise<{ id: string; createdAt: number }> {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: member.token,
    body: { type: 'http', name, intervalSeconds: 60, timeoutSeconds, regions: ['us-east'], url, method: 'GET', expectedStatus: 200 },
  });
  expect(answer.status).toBe(201);
  return { id: answer.body.id, createdAt: Date.parse(answer.body.createdAt) };
}

/** The stored runs of these monitors (polled from the store: the API's token budget is for the test's requests). */
async function storedRuns(ids: string[]) {
  return server.app.store.db
    .selectFrom('monitor_runs')
    .select(['monitor_id', 'started_at', 'duration_ms', 'ok', 'error_code'])
    .where('monitor_id', 'in', ids)
    .execute();
}

/** Lateness of each monitor's first check: from its due time (planned at once on create) to its start. */
async function firstCheckLateness(monitors: { id: string; createdAt: number }[]): Promise<number[]> {
  const ids = monitors.map((m) => m.id);
  const runs = await eventually(
    async () => {
      const rows = await storedRuns(ids);
      return new Set(rows.map((r) => r.monitor_id)).size === ids.length && rows;
    },
    15_000,
    100,
  );
  expect(runs.every((r) => r.ok === 1)).toBe(true);
  return monitors.map((m) => Math.min(...runs.filter((r) => r.monitor_id === m.id).map((r) => r.started_at)) - m.createdAt);
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

describe('fair checks', () => {
  it("one team's 100 checks against a tarpit hold at most its share; another team's checks stay on time", { timeout: 120_000 }, async () => {
    const slowTeam = await server.newTeam('Owner');
    for (let i = 0; i < 100; i++) await create(slowTeam, `${tarpit.url}/hang-${i}`, `Tarpit ${i}`, 120);
    // The slow team's checks have taken every slot it may have, and no more.
    await eventually(async () => tarpit.open() >= TEAM_CONCURRENCY, 15_000, 50);
    await new Promise((r) => setTimeout(r, 1000));
    expect(tarpit.open()).toBe(TEAM_CONCURRENCY);
    expect(tarpit.most()).toBe(TEAM_CONCURRENCY);

    const otherTeam = await server.newTeam('Owner');
    const monitors = [];
    for (let i = 0; i < 20; i++) monitors.push(await create(otherTeam, `${target.url}/healthy-${i}`, `Healthy ${i}`));
    const lateness = await firstCheckLateness(monitors);
    expect(p99(lateness), `lateness of each first check, ms: ${lateness.join(', ')}`).toBeLessThan(1000);
    // Still no more of the slow team's checks at once.
    expect(tarpit.most()).toBe(TEAM_CONCURRENCY);
  });

  it('names that a DNS server never answers do not hold up other checks', { timeout: 60_000 }, async () => {
    const slowTeam = await server.newTeam('Owner');
    // More slow lookups than the libuv thread pool has threads (4).
    for (let i = 0; i < 8; i++) await create(slowTeam, `http://slow-${i}.test:1/`, `Slow DNS ${i}`);
    await eventually(async () => new Set(dns.queries.filter((q) => q.name.startsWith('slow-')).map((q) => q.name)).size === 8, 10_000, 20);

    const otherTeam = await server.newTeam('Owner');
    const port = new URL(target.url).port;
    const monitors = [];
    for (let i = 0; i < 4; i++) monitors.push(await create(otherTeam, `http://fast-${i}.test:${port}/dns-${i}`, `Fast DNS ${i}`));
    monitors.push(await create(otherTeam, `http://localhost:${port}/dns-localhost`, 'Localhost'));
    monitors.push(await create(otherTeam, `http://127.0.0.1:${port}/dns-literal`, 'Literal'));
    const startedAt = Date.now();
    const lateness = await firstCheckLateness(monitors);
    expect(p99(lateness), `lateness of each first check, ms: ${lateness.join(', ')}`).toBeLessThan(1000);
    // Done while the slow lookups still wait (c-ares gives up on them after several seconds).
    expect(Date.now() - startedAt).toBeLessThan(2500);
    const hits = target.hits.filter((h) => h.path.startsWith('/dns-')).map((h) => h.path);
    expect(hits.sort()).toEqual(['/dns-0', '/dns-1', '/dns-2', '/dns-3', '/dns-literal', '/dns-localhost']);
  });
});
