import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeStatus } from '../../src/domain/status/apply-runs.js';
import { createTestCa, daysFromNow, type KeyAndCertificate } from '../helpers/certificates.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

const ca = createTestCa();
let server: TestServer;
let owner: Member;
let target: Target;
const tlsServers: tls.Server[] = [];

async function tlsServer(cert: KeyAndCertificate): Promise<number> {
  const s = tls.createServer(cert, (socket) => socket.end());
  tlsServers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

beforeAll(async () => {
  target = await startTarget();
  server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { checks: { retryDelayMs: 50, extraCaPem: [ca.cert] } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await target.close();
  for (const s of tlsServers) s.close();
});

const monitorOf = async (id: string) => server.read(`/api/v1/monitors/${id}`, owner.token);
const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];

async function sslMonitor(port: number, warningDays: number | null = null) {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: { type: 'ssl', name: `TLS ${port}`, intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'], host: 'localhost', port, warningDays },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

async function checkAgain(id: string) {
  const before = (await runsOf(id)).length;
  await server.app.services.dispatcher.enqueue({ monitorId: id, region: 'us-east', trigger: 'scheduled', dueAt: Date.now(), nextDueAt: null });
  await eventually(async () => (await runsOf(id)).length > before);
}

describe('SSL monitors', () => {
  it('is up with the certificate on the monitor and the run when the certificate is valid', async () => {
    const id = await sslMonitor(await tlsServer(ca.issue({ validTo: daysFromNow(200) })));
    await eventually(async () => (await monitorOf(id)).status === 'up');
    const monitor = await monitorOf(id);
    expect(monitor.certificate).toEqual({
      subject: 'localhost',
      issuer: expect.stringContaining('Lookout Test CA'),
      validFrom: expect.stringMatching(/Z$/),
      validTo: expect.stringMatching(/Z$/),
      daysRemaining: expect.any(Number),
    });
    expect(monitor.certificate.daysRemaining).toBeGreaterThanOrEqual(198);
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ ok: true, attempts: 1, statusCode: null, timings: null, certificate: monitor.certificate });
  });

  it.each([
    ['expired', { validFrom: daysFromNow(-30), validTo: daysFromNow(-1) }, 'certificate-expired'],
    ['not yet valid', { validFrom: daysFromNow(2), validTo: daysFromNow(30) }, 'certificate-not-yet-valid'],
    ['self-signed', { selfSigned: true }, 'certificate-untrusted'],
    ['for another name', { names: ['example.org'] }, 'hostname-mismatch'],
  ])('is down with the right code when the certificate is %s', async (_name, leaf, code) => {
    const id = await sslMonitor(await tlsServer(ca.issue(leaf)));
    await eventually(async () => (await monitorOf(id)).status === 'down');
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ ok: false, attempts: 2, error: { code } });
  });

  it('raises certificate.expiring once per certificate, not once per check', async () => {
    const id = await sslMonitor(await tlsServer(ca.issue({ validTo: daysFromNow(10) })), 30);
    await eventually(async () => (await monitorOf(id)).status === 'up');
    await checkAgain(id);
    await checkAgain(id);
    const events = await server.app.store.db
      .selectFrom('events')
      .select('payload')
      .where('monitor_id', '=', id)
      .where('type', '=', 'certificate.expiring')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.payload)).toMatchObject({
      type: 'certificate.expiring',
      monitorId: id,
      warningDays: 30,
      certificate: { subject: 'localhost' },
    });
    expect((await monitorOf(id)).status).toBe('up');
  });

  it('raises certificate.expiring for a new certificate, and not again when an earlier one comes back', async () => {
    const first = await tlsServer(ca.issue({ validTo: daysFromNow(10) }));
    const second = await tlsServer(ca.issue({ validTo: daysFromNow(12) }));
    const id = await sslMonitor(first, 30);
    await eventually(async () => (await monitorOf(id)).status === 'up');
    const moveTo = async (port: number) => {
      const answer = await server.request('PATCH', `/api/v1/monitors/${id}`, { token: owner.token, body: { port } });
      expect(answer.status).toBe(200);
      await checkAgain(id);
    };
    await moveTo(second);
    await moveTo(first); // the first certificate again: it was announced already
    await moveTo(second);
    const events = await server.app.store.db
      .selectFrom('events')
      .select('payload')
      .where('monitor_id', '=', id)
      .where('type', '=', 'certificate.expiring')
      .orderBy('id')
      .execute();
    const fingerprints = events.map((e) => JSON.parse(e.payload).certificate.fingerprint256 as string);
    expect(fingerprints).toHaveLength(2);
    expect(new Set(fingerprints).size).toBe(2);
    const runs = await runsOf(id);
    expect(new Set(runs.map((r) => r.certificate.validTo)).size).toBe(2); // both certificates were really seen
  });
});

describe('monitor status', () => {
  it('is computed from the newest result of each region', () => {
    const ok = { ok: true, error: null, at: 1 };
    const failed = { ok: false, error: { code: 'timeout' as const, message: 'timed out' }, at: 1 };
    expect(computeStatus(['us-east', 'eu-west'], {})).toBe('pending');
    expect(computeStatus(['us-east', 'eu-west'], { 'us-east': ok, 'eu-west': ok })).toBe('up');
    expect(computeStatus(['us-east', 'eu-west'], { 'us-east': ok, 'eu-west': failed })).toBe('degraded');
    expect(computeStatus(['us-east', 'eu-west'], { 'us-east': failed, 'eu-west': failed })).toBe('down');
    // A region the monitor no longer uses does not count.
    expect(computeStatus(['us-east'], { 'us-east': ok, asia: failed })).toBe('up');
  });

  it('is degraded when one of two regions fails, and records both runs with the change in one transaction', async () => {
    const created = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: {
        type: 'http',
        name: 'Two regions',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east', 'asia'],
        url: `${target.url}/two`,
        method: 'GET',
        expectedStatus: 200,
      },
    });
    const id = created.body.id as string;
    // This process checks us-east only; asia's result arrives as a regional checker would record it.
    await eventually(async () => (await runsOf(id)).length === 1);
    expect((await monitorOf(id)).status).toBe('up');
    const now = Date.now();
    await server.app.engine.recorder.record({
      job: { monitorId: id, region: 'asia', trigger: 'scheduled', dueAt: now, nextDueAt: now + 60_000 },
      startedAt: now,
      attempts: 2,
      result: {
        ok: false,
        durationMs: 5000,
        error: { code: 'timeout', message: 'timed out after 5000 ms' },
        statusCode: null,
        timings: null,
        certificate: null,
        assertions: [],
        warnings: [],
      },
    });
    expect((await monitorOf(id)).status).toBe('degraded');
    const { due_times } = await server.app.store.db.selectFrom('monitors').select('due_times').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(due_times!)).toMatchObject({ asia: now + 60_000 });
    const [hour] = await server.app.store.db
      .selectFrom('rollups')
      .selectAll()
      .where('monitor_id', '=', id)
      .where('region', '=', 'asia')
      .where('period', '=', 'hour')
      .execute();
    expect(hour).toMatchObject({ checks: 1, failures: 1, duration_sum: 5000, h11: 0, h10: 1 });
  });

  it('sends the monitor credentials to the target, and nowhere else', async () => {
    const created = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: {
        type: 'http',
        name: 'Private',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        url: `${target.url}/private`,
        method: 'POST',
        expectedStatus: 200,
        auth: { type: 'header', headerName: 'X-Api-Key', secret: 'very-secret-value-123' },
      },
    });
    const id = created.body.id as string;
    await eventually(async () => (await runsOf(id)).length === 1);
    const hit = target.hits.find((h) => h.path === '/private')!;
    expect(hit.method).toBe('POST');
    expect(hit.headers['x-api-key']).toBe('very-secret-value-123');
    expect(JSON.stringify(await runsOf(id))).not.toContain('very-secret-value-123');
    expect(server.logs()).not.toContain('very-secret-value-123');
  });
});
