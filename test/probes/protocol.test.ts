import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { httpBody } from '../monitors/fixtures.js';

/*
 * The probe protocol spoken by hand, as a probe (or someone holding a probe token) could: who is
 * let in where, a retried post, and hostile result batches. On both stores.
 */

let target: Target;
let server: TestServer;
let owner: Member;
let euToken: string;
let otherEuToken: string;
let asiaToken: string;

beforeAll(async () => {
  target = await startTarget();
  server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { probes: { leaseMarginMs: 60_000 } });
  owner = await server.newTeam('Owner');
  const create = async (region: string) => (await runCli(['probe-token', 'create', '--region', region, '--json'], server.env)).json.token as string;
  euToken = await create('eu-west');
  otherEuToken = await create('eu-west');
  asiaToken = await create('asia');
});

afterAll(async () => {
  await server.close();
  await target.close();
});

async function probeCall(path: string, token: string | null, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.baseUrl}/probe/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const runCount = async (monitorId: string) =>
  (await server.app.store.db.selectFrom('monitor_runs').select('id').where('monitor_id', '=', monitorId).execute()).length;

/** Takes the eu-west check of a new monitor as a probe would. */
async function takeOne(token: string): Promise<{ monitorId: string; lease: string; check: any }> {
  const created = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: httpBody({ name: 'by hand', url: `${target.url}/by-hand`, regions: ['eu-west'] }),
  });
  expect(created.status).toBe(201);
  const monitorId = created.body.id as string;
  const taken = await eventually(async () => {
    const answer = await probeCall('take', token, { max: 10, waitMs: 2000 });
    expect(answer.status).toBe(200);
    return answer.body.checks.find((c: any) => c.check.job.monitorId === monitorId);
  }, 15_000);
  return { monitorId, lease: taken.lease, check: taken.check };
}

/** A result as the executor answers it. */
function resultOf(check: any, ok = true) {
  return {
    job: check.job,
    startedAt: check.job.dueAt + 5,
    attempts: 1,
    result: {
      ok,
      durationMs: 12,
      error: ok ? null : { code: 'timeout', message: 'no answer within 10 s' },
      statusCode: ok ? 200 : null,
      timings: { dnsMs: 0, connectMs: 1, tlsMs: null, ttfbMs: 2, totalMs: 12 },
      certificate: null,
      assertions: [],
      warnings: [],
    },
  };
}

describe('who reaches the probe endpoints', () => {
  it('admits only probe tokens there, and a probe token nowhere else', async () => {
    expect((await probeCall('take', null, { max: 1, waitMs: 0 })).status).toBe(401);
    const withPat = await probeCall('take', owner.token, { max: 1, waitMs: 0 });
    expect(withPat.status).toBe(401);
    expect(withPat.body.status).toBe(401);
    expect((await probeCall('take', 'lkb_' + 'x'.repeat(40), { max: 1, waitMs: 0 })).status).toBe(401);
    expect((await probeCall('take', euToken, { max: 1, waitMs: 0 })).status).toBe(200);
    const onApi = await server.request('GET', '/api/v1/monitors', { token: euToken });
    expect(onApi.status).toBe(401);
    const onMcp = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${euToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(onMcp.status).toBe(401);
  });

  it('refuses a probe of a region the server checks itself (embedded) and a region other than its token', async () => {
    if (server.store === 'sqlite') {
      const own = (await runCli(['probe-token', 'create', '--region', 'us-east', '--json'], server.env)).json.token as string;
      expect((await probeCall('take', own, { max: 1, waitMs: 0 })).status).toBe(403);
    }
    expect((await probeCall('take', euToken, { region: 'asia', max: 1, waitMs: 0 })).status).toBe(403);
    expect((await runCli(['probe-token', 'create', '--region', 'mars', '--json'], server.env)).code).toBe(1);
  });
});

describe('results', () => {
  it('records a posted result once, however often the post is retried', async () => {
    const { monitorId, lease, check } = await takeOne(euToken);
    expect(check.monitor.url).toBe(`${target.url}/by-hand`);
    const body = { results: [{ lease, run: resultOf(check) }] };
    const first = await probeCall('results', euToken, body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ recorded: 1, accept: expect.any(Number) });
    expect(await probeCall('results', euToken, body)).toMatchObject({ status: 200, body: { recorded: 1 } });
    // A retry of the same run in a batch of its own and twice in one batch.
    expect((await probeCall('results', euToken, { results: [body.results[0], body.results[0]] })).status).toBe(200);
    expect(await runCount(monitorId)).toBe(1);
    const monitor = await server.read(`/api/v1/monitors/${monitorId}`, owner.token);
    expect(monitor.status).toBe('up');
  });

  it('refuses hostile batches whole (400) and records nothing of them', async () => {
    const { monitorId, lease, check } = await takeOne(euToken);
    const good = { lease, run: resultOf(check) };
    const refused = async (token: string, body: unknown) => {
      const answer = await probeCall('results', token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(answer.body.type).toBeDefined();
    };
    await refused(euToken, 'not json');
    await refused(euToken, {});
    await refused(euToken, { results: [] });
    await refused(euToken, { results: 'x' });
    await refused(euToken, { results: Array.from({ length: 501 }, () => good) });
    await refused(euToken, { results: [{ lease, run: { ...resultOf(check), attempts: 7 } }] });
    await refused(euToken, { results: [{ lease, run: { ...resultOf(check), extra: true } }] });
    const long: any = resultOf(check);
    long.result.warnings = ['x'.repeat(5000)];
    await refused(euToken, { results: [{ lease, run: long }] });
    // A forged lease, a lease of another probe, and a result naming another check or region than its lease.
    await refused(euToken, { results: [good, { ...good, lease: lease.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }] });
    await refused(otherEuToken, { results: [good] });
    await refused(asiaToken, { results: [good] });
    await refused(euToken, { results: [{ lease, run: { ...good.run, job: { ...check.job, region: 'asia' } } }] });
    await refused(euToken, { results: [{ lease, run: { ...good.run, job: { ...check.job, dueAt: check.job.dueAt + 1 } } }] });
    await refused(euToken, { results: [{ lease, run: { ...good.run, job: { ...check.job, monitorId: owner.teamId } } }] });
    await refused(euToken, { results: [{ lease, run: { ...good.run, startedAt: check.job.dueAt + 3 * 86_400_000 } }] });
    // Hostile takes too.
    expect((await probeCall('take', euToken, { max: 100_000, waitMs: 0 })).status).toBe(400);
    expect((await probeCall('take', euToken, { max: 1, waitMs: 3_600_000 })).status).toBe(400);
    expect((await probeCall('take', euToken, [])).status).toBe(400);
    expect(await runCount(monitorId)).toBe(0);
    // The good result alone is still taken.
    expect((await probeCall('results', euToken, { results: [good] })).status).toBe(200);
    expect(await runCount(monitorId)).toBe(1);
  });

  it('answers staleRegions on every monitor, and the regions with who serves them to Admins and Owners only', async () => {
    const monitors = await server.read('/api/v1/monitors', owner.token);
    for (const monitor of monitors.data) expect(monitor.staleRegions).toEqual([]);
    // The rate a region reports is written when it next asks for work (at most every 5 s).
    await new Promise((resolve) => setTimeout(resolve, 5100));
    expect((await probeCall('take', euToken, { max: 1, waitMs: 0 })).status).toBe(200);
    const regions = await server.read('/api/v1/regions', owner.token);
    const byName = Object.fromEntries(regions.data.map((r: any) => [r.name, r]));
    expect(byName['us-east'].servedBy).toBe('server');
    expect(byName['eu-west'].servedBy).toBe('probe');
    expect(byName['eu-west'].checksPerMinute).toBeGreaterThanOrEqual(1);
    expect(byName.asia).toMatchObject({ servedBy: null, checksPerMinute: 0 });
    const member = await server.addMember(owner.teamId, 'Member');
    expect((await server.request('GET', '/api/v1/regions', { token: member.token })).status).toBe(403);
  });
});
