import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa, daysFromNow } from '../helpers/certificates.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';

/*
 * GET /api/v1/metrics: the team's monitors in Prometheus's text format, on each store. Parsed
 * here line by line as a scraper would, so that an unescaped label or a missing family fails.
 */

const ca = createTestCa();
let server: TestServer;
let owner: Member;
let other: Member;
let target: Target;
let tlsServer: tls.Server;
let tlsPort: number;

beforeAll(async () => {
  target = await startTarget();
  tlsServer = tls.createServer(ca.issue({ validTo: daysFromNow(90) }), (socket) => socket.end());
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  tlsPort = (tlsServer.address() as AddressInfo).port;
  server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { checks: { retryDelayMs: 50, extraCaPem: [ca.cert] } });
  owner = await server.newTeam();
  other = await server.newTeam('Member');
});
afterAll(async () => {
  await server?.close();
  await target?.close();
  tlsServer?.close();
});

async function create(member: Member, body: Record<string, unknown>): Promise<string> {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: member.token,
    body: { intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'], ...body },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text format's sample lines, labels unescaped; a line it cannot read fails the test. */
function parse(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const match = /^([a-z_]+)\{((?:[a-z_]+="(?:[^"\\\n]|\\[\\"n])*",?)*)\} (\S+)$/.exec(line);
    expect(match, `a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, key, value] of match![2]!.matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match![1]!, labels, value: Number(match![3]) });
  }
  return { samples, types };
}

describe('GET /api/v1/metrics', () => {
  it("answers the team's monitors only, every family a gauge, labels escaped, status one-hot", async () => {
    const tricky = 'Shop "EU"\\checkout\nline two';
    const upId = await create(owner, { type: 'http', name: tricky, url: `${target.url}/health`, method: 'GET', expectedStatus: 200 });
    const certId = await create(owner, { type: 'ssl', name: 'Certificate', host: 'localhost', port: tlsPort });
    const pausedId = await create(owner, { type: 'http', name: 'Paused', url: `${target.url}/paused`, method: 'GET', expectedStatus: 200 });
    await server.request('POST', `/api/v1/monitors/${pausedId}/pause`, { token: owner.token });
    const foreignId = await create(other, { type: 'http', name: 'Other team', url: `${target.url}/other`, method: 'GET', expectedStatus: 200 });
    await eventually(async () => (await server.read(`/api/v1/monitors/${upId}`, owner.token)).status === 'up');
    await eventually(async () => (await server.read(`/api/v1/monitors/${certId}`, owner.token)).status === 'up');

    const answer = await server.request('GET', '/api/v1/metrics', { token: owner.token });

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { samples, types } = parse(answer.text);
    expect([...types.entries()]).toEqual([
      ['lookout_monitor_up', 'gauge'],
      ['lookout_monitor_status', 'gauge'],
      ['lookout_monitor_response_time_seconds', 'gauge'],
      ['lookout_monitor_certificate_expiry_timestamp_seconds', 'gauge'],
      ['lookout_monitor_uptime_ratio', 'gauge'],
    ]);
    expect(samples.some((s) => s.labels.monitor_id === foreignId)).toBe(false);
    const of = (id: string, name: string) => samples.filter((s) => s.labels.monitor_id === id && s.name === name);

    expect(of(upId, 'lookout_monitor_up')).toEqual([{ name: 'lookout_monitor_up', labels: { monitor_id: upId, name: tricky, type: 'http' }, value: 1 }]);
    const statuses = of(upId, 'lookout_monitor_status');
    expect(statuses.map((s) => [s.labels.status, s.value])).toEqual([
      ['pending', 0],
      ['up', 1],
      ['degraded', 0],
      ['down', 0],
      ['paused', 0],
      ['maintenance', 0],
    ]);
    const [rt] = of(upId, 'lookout_monitor_response_time_seconds');
    expect(rt).toMatchObject({ labels: { region: 'us-east', type: 'http' } });
    expect(rt!.value).toBeGreaterThanOrEqual(0);
    expect(rt!.value).toBeLessThan(5);
    expect(of(upId, 'lookout_monitor_uptime_ratio').map((s) => [s.labels.window, s.value])).toEqual([
      ['1d', 1],
      ['30d', 1],
    ]);

    // Paused: no `up`, its status one-hot on paused.
    expect(of(pausedId, 'lookout_monitor_up')).toEqual([]);
    expect(
      of(pausedId, 'lookout_monitor_status')
        .filter((s) => s.value === 1)
        .map((s) => s.labels.status),
    ).toEqual(['paused']);

    // The certificate the SSL check saw, in Unix seconds.
    const [expiry] = of(certId, 'lookout_monitor_certificate_expiry_timestamp_seconds');
    const validTo = (await server.read(`/api/v1/monitors/${certId}`, owner.token)).certificate.validTo as string;
    expect(expiry!.value).toBe(Math.floor(Date.parse(validTo) / 1000));
    expect(of(upId, 'lookout_monitor_certificate_expiry_timestamp_seconds')).toEqual([]);

    // The other team sees its own monitor and none of these.
    const theirs = parse((await server.request('GET', '/api/v1/metrics', { token: other.token })).text).samples;
    expect(new Set(theirs.map((s) => s.labels.monitor_id))).toEqual(new Set([foreignId]));
  });

  it('is refused without a token, and counts against the token budget', async () => {
    expect((await server.request('GET', '/api/v1/metrics')).status).toBe(401);
    const answer = await server.request('GET', '/api/v1/metrics', { token: owner.token });
    expect(Number(answer.headers.get('ratelimit-remaining'))).toBeLessThan(300);
    expect(answer.headers.get('ratelimit-limit')).toBe('300');
  });
});
