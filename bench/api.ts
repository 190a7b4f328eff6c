/**
 * npm run bench:api — authenticated API throughput against /healthz in the same run.
 * 50 connections for 15 s each: /healthz (baseline), GET /api/v1/teams/current with 50 tokens
 * (most answers are the 429 of the 300/minute budget), and with enough tokens that every
 * answer is a full 200.
 */
import { REQUESTS_PER_MINUTE } from '../src/domain/access.js';
import { load, machine, prepareDatabase, startBenchServer, table } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;

async function main(): Promise<void> {
  const tokens: string[] = [];
  const db = await prepareDatabase(async (services) => {
    const team = await services.teams.create({ name: 'Bench' });
    // Enough tokens that no token exceeds its budget during one full-200 run.
    const needed = Math.max(50, Math.ceil((12_000 * SECONDS) / REQUESTS_PER_MINUTE));
    for (let i = 0; i < needed; i++) {
      const user = await services.users.create({ email: `bench${i}@example.test` });
      await services.teams.addMember(team.id, user.id, 'Member');
      tokens.push((await services.tokens.create({ teamId: team.id, userId: user.id })).token);
    }
  });
  const server = await startBenchServer({ DATABASE_URL: db.databaseUrl });
  try {
    const rotate = (pool: string[]) => {
      let i = 0;
      return () => `Bearer ${pool[i++ % pool.length]!}`;
    };
    const fifty = tokens.slice(0, 50);
    const rest = tokens.slice(50);
    await load({ label: 'warm-up', url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, seconds: 3 });
    const baseline = await load({ label: 'GET /healthz (baseline)', url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, seconds: SECONDS });
    const limited = await load({
      label: 'GET /api/v1/teams/current, 50 tokens',
      url: `${server.baseUrl}/api/v1/teams/current`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      authorization: rotate(fifty),
    });
    const full = await load({
      label: `GET /api/v1/teams/current, ${rest.length} tokens (all 200)`,
      url: `${server.baseUrl}/api/v1/teams/current`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      authorization: rotate(rest),
    });
    console.log(`\n${machine()}, ${new Date().toISOString()}\n`);
    console.log(table([baseline, limited, full]));
    const ratio = (r: { requestsPerSecond: number }) => (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
    console.log(`\nauthenticated / baseline throughput: ${ratio(limited)} (50 tokens), ${ratio(full)} (all 200)`);
  } finally {
    await server.stop();
    db.cleanup();
  }
}

await main();
