/**
 * npm run bench:api — authenticated API throughput against /healthz in the same run, then the
 * server's event-loop delay under an abuse mix.
 * 50 connections for 15 s each: /healthz (baseline), GET /api/v1/teams/current with 50 tokens
 * (most answers are the 429 of the 300/minute budget), and with enough tokens that every
 * answer is a full 200. Then, for as long, normal traffic (GET /api/v1/teams/current, all 200)
 * alone and under abuse: concurrent maintenance rules that never match, and monitors with 20
 * costly patterns on a 175 KB body checked again and again. The server reports its own
 * event-loop delay for each run (bench/loop-delay-probe.ts).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { REQUESTS_PER_MINUTE } from '../src/domain/access.js';
import { listen, load, machine, prepareDatabase, startBenchServer, table, type LoadResult } from './harness.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;
/** Monitors whose 20 patterns cost more than 500 ms to judge on BODY. */
const COSTLY_MONITORS = 10;
const BODY = 'lorem ipsum dolor sit amet, consectetur adipiscing elit '.repeat(3_125);
const COSTLY = Array.from({ length: 20 }, (_, i) => ({ source: 'body', op: 'notMatches', value: `(?i)(\\pL|\\pN|\\pP|\\s){1000}q${i}` }));
/** Tokens of the abuse alone (each spends its own 300/minute), kept out of every other run. */
const ABUSERS = 40;
const NEVER = ['FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=1MO', 'FREQ=MONTHLY;BYMONTHDAY=30,31;BYDAY=1MO,1TU', 'FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=-1FR'];

/** What the bench reads of the API's answers. */
interface Answer {
  id?: string;
  data?: Array<{ error: { code: string } | null }>;
}

async function main(): Promise<void> {
  const tokens: string[] = [];
  const db = await prepareDatabase(async (services) => {
    const team = await services.teams.create({ name: 'Bench' });
    // Enough tokens that no token exceeds its budget during one full-200 run, and ABUSERS more.
    const needed = Math.max(50, Math.ceil((12_000 * SECONDS) / REQUESTS_PER_MINUTE)) + ABUSERS;
    for (let i = 0; i < needed; i++) {
      const user = await services.users.create({ email: `bench${i}@example.test` });
      await services.teams.addMember(team.id, user.id, 'Member');
      tokens.push((await services.tokens.create({ teamId: team.id, userId: user.id })).token);
    }
  });
  const target = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(BODY));
  const targetUrl = `http://127.0.0.1:${await listen(target)}/`;
  const delayFile = join(db.dir, 'loop-delay.jsonl');
  const server = await startBenchServer({
    DATABASE_URL: db.databaseUrl,
    LOOKOUT_REGIONS: 'us-east',
    LOOKOUT_TARGET_POLICY: 'all',
    BENCH_LOOP_DELAY_FILE: delayFile,
  });
  /** The server's event-loop delay since the previous call. */
  const loopDelay = async (): Promise<{ p50: number; p99: number; max: number }> => {
    const lines = existsSync(delayFile) ? readFileSync(delayFile, 'utf8').trim().split('\n').length : 0;
    process.kill(server.pid, 'SIGUSR2');
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const all = existsSync(delayFile) ? readFileSync(delayFile, 'utf8').trim().split('\n') : [];
      if (all.length > lines) return JSON.parse(all.at(-1)!) as { p50: number; p99: number; max: number };
    }
    throw new Error('the server did not report its event-loop delay');
  };
  try {
    const rotate = (pool: string[]) => {
      let i = 0;
      return () => `Bearer ${pool[i++ % pool.length]!}`;
    };
    const abusers = tokens.splice(tokens.length - ABUSERS, ABUSERS);
    const fifty = tokens.slice(0, 50);
    const rest = tokens.slice(50);
    await load({ label: 'warm-up', url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, seconds: 3 });
    await loopDelay();
    const baseline = await load({ label: 'GET /healthz (baseline)', url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, seconds: SECONDS });
    const baselineDelay = await loopDelay();
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

    const delays = await abuseMix(server.baseUrl, rest, abusers, targetUrl, loopDelay);
    console.log(`\nevent-loop delay of the server (ms), ${SECONDS} s each:\n`);
    console.log('| run | p50 | p99 | max | normal traffic req/s, p99 ms |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| GET /healthz (baseline) | ${baselineDelay.p50} | ${baselineDelay.p99} | ${baselineDelay.max} | ${baseline.requestsPerSecond}, ${baseline.p99} |`,
    );
    for (const d of delays) console.log(`| ${d.label} | ${d.delay.p50} | ${d.delay.p99} | ${d.delay.max} | ${d.load.requestsPerSecond}, ${d.load.p99} |`);
    console.log(`\n${delays.at(-1)!.extra}`);
    console.log(`abuse / baseline event-loop delay p99: ${(delays.at(-1)!.delay.p99 / baselineDelay.p99).toFixed(2)}`);
  } finally {
    await server.stop();
    target.closeAllConnections();
    target.close();
    db.cleanup();
    rmSync(delayFile, { force: true });
  }
}

/**
 * Normal traffic alone, then the same traffic beside the abuse: every abuser request a Member may
 * send, as fast as the server answers (never-matching rules, 10 at once), and monitors with 20
 * costly patterns checked again and again (each check's judging cut at 500 ms).
 */
async function abuseMix(
  baseUrl: string,
  normal: string[],
  abusers: string[],
  targetUrl: string,
  loopDelay: () => Promise<{ p50: number; p99: number; max: number }>,
): Promise<Array<{ label: string; load: LoadResult; delay: { p50: number; p99: number; max: number }; extra: string }>> {
  const abuser = abusers[0]!;
  let next = 0;
  const normalTraffic = (label: string) =>
    load({
      label,
      url: `${baseUrl}/api/v1/teams/current`,
      connections: 20,
      seconds: SECONDS,
      authorization: () => `Bearer ${normal[next++ % normal.length]!}`,
    });
  const api = async (method: string, path: string, body?: unknown, token = abuser) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Answer | null };
  };

  await loopDelay();
  const quiet = await normalTraffic('normal traffic alone');
  const results = [{ label: 'normal traffic alone', load: quiet, delay: await loopDelay(), extra: '' }];

  const monitors: string[] = [];
  for (let i = 0; i < COSTLY_MONITORS; i++) {
    const created = await api('POST', '/api/v1/monitors', {
      type: 'http',
      name: `costly ${i}`,
      url: targetUrl,
      intervalSeconds: 60,
      timeoutSeconds: 10,
      regions: ['us-east'],
      method: 'GET',
      expectedStatus: 200,
      assertions: COSTLY,
    });
    if (created.status !== 201) throw new Error(`creating a costly monitor: ${created.status} ${JSON.stringify(created.body)}`);
    monitors.push(created.body!.id!);
  }
  const anyMonitor = monitors[0]!;
  let stop = false;
  const counts = { rules: 0, rules400: 0, checks: 0 };
  // Ten loops at once, each on its own tokens in turn, so that the 300/minute budget does not end the abuse.
  const ruleLoop = async (tokens: string[]) => {
    for (let i = 0; !stop; i++) {
      const token = tokens[i % tokens.length]!;
      const answer = await api(
        'POST',
        '/api/v1/maintenance-windows',
        {
          title: 'never',
          monitorIds: [anyMonitor],
          startsAt: '2030-01-01T01:00:00Z',
          endsAt: '2030-01-01T02:00:00Z',
          rrule: NEVER[counts.rules % NEVER.length],
        },
        token,
      );
      counts.rules++;
      if (answer.status === 400) counts.rules400++;
    }
  };
  const checkLoop = async (token: string) => {
    while (!stop) {
      for (const id of monitors) await api('POST', `/api/v1/monitors/${id}/check`, undefined, token);
      counts.checks += monitors.length;
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  await loopDelay();
  const loops = [...Array.from({ length: 10 }, (_, i) => ruleLoop(abusers.slice(1 + 3 * i, 4 + 3 * i))), checkLoop(abuser)];
  const abused = await normalTraffic('normal traffic beside the abuse');
  const delay = await loopDelay();
  stop = true;
  await Promise.all(loops);
  const runs = await Promise.all(monitors.map(async (id) => (await api('GET', `/api/v1/monitors/${id}/runs`)).body?.data ?? []));
  const timedOut = runs.flat().filter((r) => r.error?.code === 'assertion-timeout').length;
  for (const id of monitors) await api('PATCH', `/api/v1/monitors/${id}`, { paused: true });
  const extra =
    `abuse: ${counts.rules} never-matching rules sent (${counts.rules400} answered 400), ${counts.checks} checks asked of ` +
    `${COSTLY_MONITORS} monitors with 20 costly patterns; ${runs.flat().length} runs recorded, ${timedOut} with assertion-timeout`;
  results.push({ label: 'normal traffic beside the abuse', load: abused, delay, extra });
  return results;
}

await main();
