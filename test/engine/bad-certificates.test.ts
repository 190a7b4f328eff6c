import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa, type KeyAndCertificate } from '../helpers/certificates.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

// A target's certificate whose notAfter is month 13 once made the SSL check throw inside a socket
// listener: an uncaught exception that ended the server (and, re-queued, every worker after it).
const ca = createTestCa();
const badDate = ca.issue({ rawNotAfter: '271301000000Z' });
let server: TestServer;
let owner: Member;
let target: Target;
const listeners: Array<tls.Server | https.Server> = [];

async function listen(s: tls.Server | https.Server): Promise<number> {
  listeners.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}
const tlsServer = (cert: KeyAndCertificate) => listen(tls.createServer(cert, (socket) => socket.end()));
const httpsServer = (cert: KeyAndCertificate) => listen(https.createServer(cert, (_req, res) => res.end('ok')));

beforeAll(async () => {
  target = await startTarget();
  server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { checks: { retryDelayMs: 50, extraCaPem: [ca.cert] } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await target.close();
  for (const s of listeners) s.close();
});

const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];

async function createMonitor(body: Record<string, unknown>): Promise<string> {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: { name: `Monitor ${listeners.length}`, intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'], ...body },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

/** One check of the monitor as the scheduler dispatches it; resolves with the new run. */
async function nextScheduledRun(id: string) {
  const before = (await runsOf(id)).length;
  const now = Date.now();
  await server.app.services.dispatcher.enqueue({ monitorId: id, region: 'us-east', trigger: 'scheduled', dueAt: now, nextDueAt: now + 60_000 });
  return eventually(async () => {
    const runs = await runsOf(id);
    return runs.length > before && runs[0];
  });
}

describe('a certificate whose notAfter is not a time', () => {
  it('gives an SSL monitor a tls-error run, again at the next scheduled check, and the server keeps answering', async () => {
    const id = await createMonitor({ type: 'ssl', host: 'localhost', port: await tlsServer(badDate), warningDays: 30 });

    const [first] = await eventually(async () => {
      const runs = await runsOf(id);
      return runs.length > 0 && runs;
    });
    expect(first).toMatchObject({ ok: false, attempts: 2, error: { code: 'tls-error' }, certificate: null });
    expect((await server.read(`/api/v1/monitors/${id}`, owner.token)).status).toBe('down');

    const next = await nextScheduledRun(id);
    expect(next).toMatchObject({ trigger: 'scheduled', ok: false, error: { code: 'tls-error' } });
    expect((await server.request('GET', '/api/v1/monitors', { token: owner.token })).status).toBe(200);
  });

  it('gives an HTTPS monitor a tls-error run with timings, and the next scheduled check records one too', async () => {
    const port = await httpsServer(badDate);
    const id = await createMonitor({ type: 'http', url: `https://localhost:${port}/`, method: 'GET', expectedStatus: 200 });

    const [first] = await eventually(async () => {
      const runs = await runsOf(id);
      return runs.length > 0 && runs;
    });
    expect(first).toMatchObject({
      ok: false,
      error: { code: 'tls-error' },
      statusCode: null,
      timings: { tlsMs: null, ttfbMs: null, totalMs: expect.any(Number) },
    });

    const next = await nextScheduledRun(id);
    expect(next).toMatchObject({ trigger: 'scheduled', ok: false, error: { code: 'tls-error' } });
  });

  it('leaves other monitors checked and the process without a fatal error', async () => {
    await tlsServer(badDate); // another bad peer listening meanwhile changes nothing
    const id = await createMonitor({ type: 'http', url: `${target.url}/fine`, method: 'GET', expectedStatus: 200 });

    await eventually(async () => (await runsOf(id)).length > 0);
    expect((await nextScheduledRun(id)).ok).toBe(true);
    expect((await server.request('GET', '/api/v1/monitors', { token: owner.token })).status).toBe(200);
    const levels = server
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).level as number);
    expect(levels.filter((level) => level >= 60)).toEqual([]);
  });
});
