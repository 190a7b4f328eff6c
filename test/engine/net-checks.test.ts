import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../checks/local-servers.js';
import { startDnsZone, type DnsZone } from '../helpers/dns-zone.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/target.js';

let server: TestServer;
let owner: Member;
let zone: DnsZone;
let listener: net.Server;
let openPort: number;
const accepted = new Set<net.Socket>();

beforeAll(async () => {
  listener = net.createServer((socket) => {
    accepted.add(socket);
    socket.resume();
    socket.once('close', () => accepted.delete(socket));
  });
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  openPort = (listener.address() as net.AddressInfo).port;
  zone = await startDnsZone({ records: { 'up.example.test': { A: ['192.0.2.10'] } } });
  server = await startServer({ LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { checks: { retryDelayMs: 100 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server?.close();
  await zone?.close();
  for (const socket of accepted) socket.destroy();
  listener?.close();
});

async function create(body: Record<string, unknown>) {
  const answer = await server.request('POST', '/api/v1/monitors', {
    token: owner.token,
    body: { name: `${String(body.type)} monitor`, intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'], ...body },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string };
}

const runsOf = async (id: string) => (await server.read(`/api/v1/monitors/${id}/runs`, owner.token)).data as any[];
const monitorOf = async (id: string) => server.read(`/api/v1/monitors/${id}`, owner.token);

/** The monitor's first run, once its status follows from it. */
async function firstRun(id: string, status: 'up' | 'down') {
  await eventually(async () => (await monitorOf(id)).status === status);
  const runs = await runsOf(id);
  expect(runs).toHaveLength(1);
  return runs[0];
}

describe('tcp monitors', () => {
  it('are up when the port accepts a connection', async () => {
    const monitor = await create({ type: 'tcp', host: '127.0.0.1', port: openPort, assertions: [{ source: 'responseTime', op: 'lt', value: 5000 }] });

    const run = await firstRun(monitor.id, 'up');

    expect(run).toMatchObject({
      region: 'us-east',
      ok: true,
      attempts: 1,
      error: null,
      statusCode: null,
      certificate: null,
      dns: null,
      timings: { dnsMs: 0, connectMs: expect.any(Number), tlsMs: null, ttfbMs: null },
      assertions: [{ index: 0, ok: true, actual: expect.stringMatching(/^\d+ ms$/) }],
    });
  });

  it('are down, after the confirming retry, when the connection is refused', async () => {
    const monitor = await create({ type: 'tcp', host: '127.0.0.1', port: await closedPort() });

    const run = await firstRun(monitor.id, 'down');

    expect(run).toMatchObject({ ok: false, attempts: 2, error: { code: 'connection-refused' }, timings: { connectMs: null } });
  });

  it('refuse assertions on anything but the response time', async () => {
    const answer = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: {
        type: 'tcp',
        name: 'tcp',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        host: '127.0.0.1',
        port: openPort,
        assertions: [{ source: 'body', op: 'contains', value: 'x' }],
      },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'assertions.0.source', message: 'must be responseTime for tcp monitors' }]);
  });
});

describe('dns monitors', () => {
  it('are up on an answer with records, which the run carries and the assertions judge', async () => {
    const monitor = await create({
      type: 'dns',
      hostname: 'up.example.test',
      recordType: 'A',
      resolver: zone.address,
      assertions: [{ source: 'answer', op: 'eq', value: ['192.0.2.10'] }],
    });
    expect(monitor).toMatchObject({ assertions: [{ source: 'answer', op: 'eq', value: ['192.0.2.10'], severity: 'fail' }] });

    const run = await firstRun(monitor.id, 'up');

    expect(run).toMatchObject({
      ok: true,
      attempts: 1,
      error: null,
      timings: null,
      dns: { rcode: 'NOERROR', records: ['192.0.2.10'] },
      assertions: [{ index: 0, ok: true, actual: '192.0.2.10' }],
    });
    expect(zone.queries).toContainEqual({ name: 'up.example.test', type: 'A' });
  });

  it('are down on NXDOMAIN, the run saying so in its error and its answer', async () => {
    const monitor = await create({ type: 'dns', hostname: 'missing.example.test', recordType: 'A', resolver: zone.address });

    const run = await firstRun(monitor.id, 'down');

    expect(run).toMatchObject({
      ok: false,
      attempts: 2,
      error: { code: 'dns-nxdomain', message: 'missing.example.test does not exist (NXDOMAIN)' },
      dns: { rcode: 'NXDOMAIN', records: [] },
    });
  });

  it('refuse assertions on what a DNS answer does not have, and malformed answer values', async () => {
    const answer = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: {
        type: 'dns',
        name: 'dns',
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
        hostname: 'up.example.test',
        recordType: 'A',
        assertions: [
          { source: 'header', name: 'X', op: 'exists' },
          { source: 'answer', op: 'eq', value: '192.0.2.10' },
        ],
      },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { field: 'assertions.0.source', message: 'must be answer or responseTime for dns monitors' },
      { field: 'assertions.0.name', message: 'is not allowed' },
      { field: 'assertions.1.value', message: 'must be an array of strings with op eq' },
    ]);
  });
});

describe('a failed run', () => {
  // Rule 23: localhost is 127.0.0.1 and ::1; a connection refused on both ends in an AggregateError
  // whose own message is empty. The run names the last address tried.
  it('says why when every address of the name refused: SSL and TCP monitors of localhost on a closed port', async () => {
    const port = await closedPort();
    for (const type of ['ssl', 'tcp']) {
      const monitor = await create({ type, host: 'localhost', port });

      const run = await firstRun(monitor.id, 'down');

      expect(run.error, type).toEqual({
        code: 'connection-refused',
        message: `connect ECONNREFUSED ::1:${port} (the last of 2 addresses tried; none connected)`,
      });
    }
  });
});
