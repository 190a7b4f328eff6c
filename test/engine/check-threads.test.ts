import { createServer as createHttpServer, type Server } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedRun, DueCheck } from '../../src/checks/execution/due-check.js';
import { ThreadPoolExecutor } from '../../src/checks/execution/thread-pool-executor.js';
import type { MonitorForCheck } from '../../src/domain/monitor-for-check.js';
import { createTestCa } from '../helpers/certificates.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';

/*
 * Check threads (LOOKOUT_CHECK_THREADS): the same runs as on the main thread's event loop, a thread
 * ended under a check is replaced and its checks run again (their runs recorded once), and the
 * pool's hostile cases.
 */

const ca = createTestCa();
const servers: Array<Server | https.Server> = [];
/** Requests per path, and sockets held open by the path that never answers. */
const hits = new Map<string, number>();
const held: Socket[] = [];
let plainUrl = '';
let tlsUrl = '';
let untrustedUrl = '';

async function listen(server: Server | https.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers by path: /ok 200, /fail 503, /json a JSON body, /slow after 1.5 s, /never never. */
function answer(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse): void {
  const path = new URL(request.url!, 'http://x').pathname;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  if (path === '/never') {
    held.push(request.socket);
    return;
  }
  const send = () => {
    if (path === '/fail') response.writeHead(503).end('down');
    else if (path === '/json') response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"degraded","count":7}');
    else response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  };
  if (path === '/slow') setTimeout(send, 1500);
  else send();
}

beforeAll(async () => {
  plainUrl = `http://${await listen(createHttpServer(answer))}`;
  tlsUrl = `https://${await listen(https.createServer(ca.issue(), answer))}`;
  untrustedUrl = `https://${await listen(https.createServer(ca.issue({ selfSigned: true }), answer))}`;
});
afterAll(() => {
  for (const socket of held) socket.destroy();
  for (const server of servers) server.close();
});

async function startChecking(threads: number): Promise<{ server: TestServer; owner: Member }> {
  const server = await startServer(
    { LOOKOUT_REGIONS: 'us-east,eu-west', LOOKOUT_TARGET_POLICY: 'all', LOOKOUT_CHECK_THREADS: String(threads) },
    { checks: { retryDelayMs: 50, extraCaPem: [ca.cert] } },
  );
  return { server, owner: await server.newTeam('Owner') };
}

/** The monitors whose runs must come out the same whatever runs the checks. */
const CASES: Array<Record<string, unknown>> = [
  { url: () => `${plainUrl}/ok` },
  { url: () => `${plainUrl}/fail` },
  {
    url: () => `${plainUrl}/json`,
    assertions: [
      { source: 'json', path: '$.status', op: 'eq', value: 'ok' },
      { source: 'header', name: 'Content-Type', op: 'contains', value: 'json' },
    ],
  },
  { url: () => `${tlsUrl}/ok` },
  { url: () => `${untrustedUrl}/ok` },
  { url: () => 'http://127.0.0.1:9/closed' },
];

async function createMonitor(server: TestServer, owner: Member, fields: Record<string, unknown>, regions = ['us-east', 'eu-west']): Promise<string> {
  const { url, ...rest } = fields as { url: () => string };
  const created = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: { type: 'http', name: `Monitor ${url()}`, intervalSeconds: 60, timeoutSeconds: 5, regions, url: url(), method: 'GET', expectedStatus: 200, ...rest },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const runsOf = async (server: TestServer, owner: Member, id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];

/** What a run says, without what differs from one check to the next (times, ids). */
function essence(run: any) {
  return {
    region: run.region,
    ok: run.ok,
    attempts: run.attempts,
    statusCode: run.statusCode,
    error: run.error && { code: run.error.code, message: run.error.message.replace(/127\.0\.0\.1:\d+/g, 'target') },
    assertions: (run.assertions ?? []).map((a: any) => ({ index: a.index, ok: a.ok, actual: a.actual })),
    tls: run.timings?.tlsMs === null ? 'none' : 'timed',
  };
}

describe('check threads', () => {
  it('give the same runs as the main thread: ok, failed, failed assertions, HTTPS trusted and not, refused', async () => {
    const outcomes: unknown[][] = [];
    for (const threads of [1, 2]) {
      const { server, owner } = await startChecking(threads);
      try {
        const ids = [];
        for (const fields of CASES) ids.push(await createMonitor(server, owner, fields));
        const runs = [];
        for (const id of ids) {
          const two = await eventually(async () => {
            const list = await runsOf(server, owner, id);
            return list.length === 2 && list;
          });
          runs.push(two.map(essence).sort((a, b) => a.region.localeCompare(b.region)));
        }
        outcomes.push(runs);
      } finally {
        await server.close();
      }
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    // The cases are what they say: not all alike.
    const [ok, failed, judged, trusted, untrustedRun, refused] = outcomes[0]!.map((runs) => (runs as any[])[0]);
    expect(ok).toMatchObject({ ok: true, attempts: 1, statusCode: 200 });
    expect(failed).toMatchObject({ ok: false, attempts: 2, statusCode: 503, error: { code: 'status-mismatch' } });
    expect(judged).toMatchObject({ ok: false, attempts: 2, error: { code: 'assertion-failed' } });
    expect(judged.assertions.map((a: any) => a.ok)).toEqual([false, true]);
    expect(trusted).toMatchObject({ ok: true, statusCode: 200, tls: 'timed' });
    expect(untrustedRun).toMatchObject({ ok: false, error: { code: expect.stringMatching(/^(cert|tls)/) } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'connection-refused' } });
  });

  describe('a thread ended under a check', () => {
    let server: TestServer;
    let owner: Member;
    beforeAll(async () => ({ server, owner } = await startChecking(2)));
    afterAll(() => server.close());

    it('is logged and started again; its check runs again on another thread and its run is recorded once', async () => {
      const pool = server.app.engine.executor;
      if (!(pool instanceof ThreadPoolExecutor)) throw new Error('LOOKOUT_CHECK_THREADS=2 runs checks on a thread pool');
      const id = await createMonitor(server, owner, { url: () => `${plainUrl}/slow` }, ['us-east']);
      // The target has the request: the check is under way on one of the threads.
      await eventually(async () => (hits.get('/slow') ?? 0) >= 1);
      const holding = pool.threadsNow().find((thread) => thread.checks > 0);
      expect(holding).toBeDefined();
      await holding!.worker.terminate();

      const [run] = await eventually(async () => {
        const list = await runsOf(server, owner, id);
        return list.length > 0 && list;
      });
      expect(run).toMatchObject({ region: 'us-east', ok: true, attempts: 1, statusCode: 200 });
      // Checked twice (the first check ended with its thread), recorded once, within its interval.
      expect(hits.get('/slow')).toBe(2);
      expect(new Date(run.startedAt).getTime() - Date.now()).toBeLessThan(60_000);
      expect(server.logs()).toContain('a check thread ended; its checks run again on another, and it is started again');
      // The pool is whole again, and checks go on.
      await eventually(async () => pool.threadsNow().length === 2);
      const next = await createMonitor(server, owner, { url: () => `${plainUrl}/ok` }, ['us-east']);
      await eventually(async () => (await runsOf(server, owner, next)).length === 1);
      expect(await runsOf(server, owner, id)).toHaveLength(1);
    });
  });
});

describe('the thread pool executor, hostile cases', () => {
  const logs: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void logs.push(line) });
  let pool: ThreadPoolExecutor;
  beforeAll(async () => {
    pool = new ThreadPoolExecutor({ threads: 2, targetPolicy: 'all', userAgent: 'Lookout/test', retryDelayMs: 20, logger });
    await pool.ready();
  });
  afterAll(() => pool.close());

  let due = 0;
  function dueCheck(url: string, timeoutSeconds = 5): DueCheck {
    const monitor = {
      id: '00000000-0000-7000-8000-000000000001',
      teamId: '00000000-0000-7000-8000-000000000002',
      name: 'hostile',
      intervalSeconds: 60,
      timeoutSeconds,
      regions: ['us-east'],
      notificationPolicyId: null,
      status: 'pending',
      lastCheckedAt: null,
      type: 'http',
      url,
      method: 'GET',
      expectedStatus: 200,
      auth: null,
      headers: [],
      body: null,
      followRedirects: false,
      assertions: [],
      tlsVerify: true,
      clientCertificate: null,
      proxy: null,
      ipFamily: 'auto',
    } satisfies MonitorForCheck;
    const dueAt = Date.now() + ++due;
    return { job: { monitorId: monitor.id, teamId: monitor.teamId, region: 'us-east', trigger: 'scheduled', dueAt, nextDueAt: dueAt + 60_000 }, monitor };
  }

  it('a thread that throws is logged and replaced, and the check it held still answers', async () => {
    const before = hits.get('/slow') ?? 0;
    const running: Promise<CheckedRun> = pool.execute(dueCheck(`${plainUrl}/slow`));
    await eventually(async () => (hits.get('/slow') ?? 0) > before);
    const holding = pool.threadsNow().find((thread) => thread.checks > 0)!;
    // A batch that is not one: the thread's handler throws, and nothing in the thread catches it.
    holding.worker.postMessage({ type: 'checks', clockOffsetMs: 0, checks: null });
    const run = await running;
    expect(run).toMatchObject({ attempts: 1, result: { ok: true, statusCode: 200 } });
    expect(logs.join('')).toContain('a check thread ended');
    await eventually(async () => pool.threadsNow().length === 2);
  });

  it('a check whose target never answers ends at its timeout, the retry too, as a failed run', async () => {
    const run = await pool.execute(dueCheck(`${plainUrl}/never`, 1));
    expect(run).toMatchObject({ attempts: 2, result: { ok: false, error: { code: 'timeout' } } });
    expect(run.result.durationMs).toBeGreaterThanOrEqual(1000);
  });

  it('many checks at once come back each to its own caller', async () => {
    const checks = Array.from({ length: 200 }, (_, i) => dueCheck(`${plainUrl}/${i % 2 === 0 ? 'ok' : 'fail'}?n=${i}`));
    const runs = await Promise.all(checks.map((check) => pool.execute(check)));
    runs.forEach((run, i) => {
      expect(run.job).toEqual(checks[i]!.job);
      expect(run.result.ok).toBe(i % 2 === 0);
    });
  });

  it('a check thread answers its batches with results alone: no other part of it listens to its port', async () => {
    const stray: unknown[] = [];
    const listen = (message: unknown) => {
      const type = (message as { type?: unknown } | null)?.type;
      if (type !== 'results' && type !== 'ready') stray.push(message);
    };
    const threads = pool.threadsNow();
    for (const { worker } of threads) worker.on('message', listen);
    try {
      const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => pool.execute(dueCheck(`${plainUrl}/ok?stray=${i}`))));
      expect(runs.every((run) => run.result.ok)).toBe(true);
      // Whatever a thread sends after its results has had the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      for (const { worker } of threads) worker.off('message', listen);
    }
    expect(stray).toEqual([]);
  });

  it('refuses checks once closed', async () => {
    const closing = new ThreadPoolExecutor({ threads: 2, targetPolicy: 'all', userAgent: 'Lookout/test', logger });
    await closing.ready();
    closing.close();
    await expect(closing.execute(dueCheck(`${plainUrl}/ok`))).rejects.toThrow('closed');
  });
});
