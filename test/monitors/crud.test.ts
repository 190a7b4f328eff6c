import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitorRecord } from '../../src/domain/monitor-schemas.js';
import type { MonitorChange } from '../../src/domain/monitors.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, expectOk, httpBody, sslBody, storedRow, type Client } from './fixtures.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startServer();
  owner = await client(server);
});

afterAll(async () => {
  await server?.close();
});

describe('monitor records', () => {
  it('creates an HTTP monitor: 201, Location, the full monitor record with status pending', async () => {
    const answer = await owner.request(
      'POST',
      MONITORS,
      httpBody({ auth: { type: 'basic', username: 'svc', secret: 's3cr3t-value' }, regions: ['us-east', 'eu-west'] }),
    );
    const record = expectCreated(answer);
    expect(answer.headers.get('location')).toBe(`${MONITORS}/${record.id}`);
    expect(Object.keys(record)).toEqual([
      'id',
      'type',
      'name',
      'intervalSeconds',
      'timeoutSeconds',
      'regions',
      'key',
      'secretsDigest',
      'notificationPolicyId',
      'failureThreshold',
      'recoveryThreshold',
      'tags',
      'dependsOn',
      'status',
      'degradedReasons',
      'suppressedBy',
      'staleRegions',
      'paused',
      'lastCheckedAt',
      'createdAt',
      'updatedAt',
      'url',
      'method',
      'expectedStatus',
      'auth',
      'headers',
      'body',
      'followRedirects',
      'assertions',
      'tlsVerify',
      'clientCertificate',
      'proxy',
      'proxySet',
      'ipFamily',
    ]);
    expect(record).toMatchObject({
      type: 'http',
      name: 'API health',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      regions: ['us-east', 'eu-west'],
      notificationPolicyId: null,
      status: 'pending',
      paused: false,
      lastCheckedAt: null,
      url: 'https://example.com/health',
      method: 'GET',
      expectedStatus: 200,
      auth: { type: 'basic', username: 'svc', headerName: null, secretSet: true },
      degradedReasons: [],
      headers: [],
      body: null,
      followRedirects: false,
      assertions: [],
      tags: [],
      dependsOn: null,
      suppressedBy: null,
      tlsVerify: true,
      clientCertificate: null,
      proxy: null,
      proxySet: false,
      ipFamily: 'auto',
    });
    expect(record.id).toMatch(UUID_V7);
    expect(record.createdAt).toMatch(ISO);
    expect(record.updatedAt).toBe(record.createdAt);
    expect(MonitorRecord.safeParse(record).success).toBe(true);
  });

  it('creates an SSL monitor with port 443 by default and no certificate yet', async () => {
    const answer = await owner.request('POST', MONITORS, sslBody({ warningDays: 21 }));
    const record = expectCreated(answer);
    expect(Object.keys(record)).toEqual([
      'id',
      'type',
      'name',
      'intervalSeconds',
      'timeoutSeconds',
      'regions',
      'key',
      'secretsDigest',
      'notificationPolicyId',
      'failureThreshold',
      'recoveryThreshold',
      'tags',
      'dependsOn',
      'status',
      'degradedReasons',
      'suppressedBy',
      'staleRegions',
      'paused',
      'lastCheckedAt',
      'createdAt',
      'updatedAt',
      'host',
      'port',
      'warningDays',
      'certificate',
    ]);
    expect(record).toMatchObject({ type: 'ssl', host: 'example.com', port: 443, warningDays: 21, certificate: null, status: 'pending' });
    expect(MonitorRecord.safeParse(record).success).toBe(true);
  });

  it('shows the certificate of the newest run with the five fields of the contract', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, sslBody()));
    const certificate = {
      subject: 'CN=example.com',
      issuer: 'CN=Test CA',
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2027-01-01T00:00:00.000Z',
      daysRemaining: 41,
      fingerprint256: 'AA:BB',
    };
    await server.app.store.db
      .updateTable('monitors')
      .set({ certificate: JSON.stringify(certificate), status: 'up', last_checked_at: Date.parse('2026-11-21T10:00:00.000Z') })
      .where('id', '=', id)
      .execute();
    const record = expectOk(await owner.request('GET', `${MONITORS}/${id}`));
    const { fingerprint256: _hidden, ...shown } = certificate;
    expect(record.certificate).toEqual(shown);
    expect(record.status).toBe('up');
    expect(record.lastCheckedAt).toBe('2026-11-21T10:00:00.000Z');
  });

  it('GET by id answers the same record as create, and ids are case-insensitive', async () => {
    const created = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    expect(expectOk(await owner.request('GET', `${MONITORS}/${created.id}`))).toEqual(created);
    expect(expectOk(await owner.request('GET', `${MONITORS}/${created.id.toUpperCase()}`))).toEqual(created);
  });
});

describe('list', () => {
  it('answers {"data": [...]} with every monitor of the team, oldest first, and nothing of other teams', async () => {
    const team = await client(server);
    const other = await client(server);
    expectCreated(await other.request('POST', MONITORS, httpBody({ name: 'theirs' })));
    expect(expectOk(await team.request('GET', MONITORS))).toEqual({ data: [] });
    const first = expectCreated(await team.request('POST', MONITORS, httpBody({ name: 'one' })));
    const second = expectCreated(await team.request('POST', MONITORS, sslBody({ name: 'two' })));
    const third = expectCreated(await team.request('POST', MONITORS, httpBody({ name: 'three' })));
    const list = expectOk(await team.request('GET', MONITORS));
    expect(Object.keys(list)).toEqual(['data']);
    expect(list.data).toEqual([first, second, third]);
  });

  it('any role may read', async () => {
    const member = await client(server, 'Member', owner.member.teamId);
    const mine = expectOk(await owner.request('GET', MONITORS));
    expect(expectOk(await member.request('GET', MONITORS))).toEqual(mine);
  });
});

describe('PATCH', () => {
  it('changes only the fields sent and bumps updatedAt', async () => {
    const created = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: 'tok' } })));
    await new Promise((r) => setTimeout(r, 5));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${created.id}`, { name: 'Renamed', expectedStatus: 204, regions: ['asia'] }));
    // Nothing serves a region in this server (no check engine runs), so each region listed is stale.
    expect(patched).toEqual({ ...created, name: 'Renamed', expectedStatus: 204, regions: ['asia'], staleRegions: ['asia'], updatedAt: patched.updatedAt });
    expect(Date.parse(patched.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(expectOk(await owner.request('GET', `${MONITORS}/${created.id}`))).toEqual(patched);
  });

  it('changes every field of an SSL monitor at once', async () => {
    const created = expectCreated(await owner.request('POST', MONITORS, sslBody()));
    const changes = {
      name: 'All',
      intervalSeconds: 3600,
      timeoutSeconds: 120,
      regions: ['eu-west', 'asia'],
      host: '2001:db8::1',
      port: 8443,
      warningDays: 3650,
    };
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${created.id}`, changes));
    expect(patched).toMatchObject(changes);
  });

  it('a paused monitor can be changed and stays paused', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    expectOk(await owner.request('POST', `${MONITORS}/${id}/pause`));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { name: 'still paused' }));
    expect(patched).toMatchObject({ name: 'still paused', paused: true, status: 'paused' });
  });
});

describe('pause and resume', () => {
  it('pause stops, resume makes it pending again; both are idempotent', async () => {
    const created = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    const path = `${MONITORS}/${created.id}`;
    await server.app.store.db.updateTable('monitors').set({ status: 'down' }).where('id', '=', created.id).execute();

    const paused = expectOk(await owner.request('POST', `${path}/pause`));
    expect(paused).toMatchObject({ status: 'paused', paused: true });
    const pausedAgain = expectOk(await owner.request('POST', `${path}/pause`));
    expect(pausedAgain).toEqual(paused);
    expect(await server.app.services.monitors.findActiveForCheck(created.id)).toBeUndefined();

    const resumed = expectOk(await owner.request('POST', `${path}/resume`));
    expect(resumed).toMatchObject({ status: 'pending', paused: false });
    expect(expectOk(await owner.request('GET', path))).toEqual(resumed);
    expect(await server.app.services.monitors.findActiveForCheck(created.id)).toMatchObject({ id: created.id, status: 'pending' });

    // Resuming a monitor that runs keeps its status.
    await server.app.store.db.updateTable('monitors').set({ status: 'up' }).where('id', '=', created.id).execute();
    const resumedAgain = expectOk(await owner.request('POST', `${path}/resume`));
    expect(resumedAgain).toMatchObject({ status: 'up', paused: false, updatedAt: resumed.updatedAt });
  });
});

describe('delete', () => {
  it('soft-deletes: 204 without body, then never found, listed, patched or checked; the row and its secret are gone', async () => {
    const created = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: 'to-be-erased' } })));
    const path = `${MONITORS}/${created.id}`;
    const answer = await owner.request('DELETE', path);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect((await owner.request('GET', path)).status).toBe(404);
    expect((await owner.request('DELETE', path)).status).toBe(404);
    expect((await owner.request('PATCH', path, { name: 'x' })).status).toBe(404);
    expect((await owner.request('POST', `${path}/pause`)).status).toBe(404);
    expect((await owner.request('POST', `${path}/resume`)).status).toBe(404);
    const list = expectOk(await owner.request('GET', MONITORS));
    expect(list.data.map((m: any) => m.id)).not.toContain(created.id);
    expect(await server.app.services.monitors.findActiveForCheck(created.id)).toBeUndefined();
    expect((await server.app.services.monitors.listActiveForCheck()).map((m) => m.id)).not.toContain(created.id);
    const row = await storedRow(server, created.id);
    expect(row?.deleted_at).toEqual(expect.any(Number));
    expect(row?.auth_secret).toBeNull();
  });
});

describe('for the check engine', () => {
  it('findActiveForCheck gives the decrypted credentials; listActiveForCheck leaves out paused and deleted monitors', async () => {
    const team = await client(server);
    const basic = expectCreated(await team.request('POST', MONITORS, httpBody({ auth: { type: 'header', headerName: 'X-Api-Key', secret: 'k-123' } })));
    const tls = expectCreated(await team.request('POST', MONITORS, sslBody({ port: 8443 })));
    const paused = expectCreated(await team.request('POST', MONITORS, httpBody()));
    expectOk(await team.request('POST', `${MONITORS}/${paused.id}/pause`));

    expect(await server.app.services.monitors.findActiveForCheck(basic.id)).toEqual({
      id: basic.id,
      teamId: team.member.teamId,
      type: 'http',
      name: 'API health',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      regions: ['us-east', 'eu-west'],
      notificationPolicyId: null,
      status: 'pending',
      lastCheckedAt: null,
      url: 'https://example.com/health',
      method: 'GET',
      expectedStatus: 200,
      auth: { type: 'header', secret: 'k-123', username: null, headerName: 'X-Api-Key' },
      headers: [],
      body: null,
      followRedirects: false,
      assertions: [],
      tlsVerify: true,
      clientCertificate: null,
      proxy: null,
      ipFamily: 'auto',
    });
    expect(await server.app.services.monitors.findActiveForCheck(tls.id)).toMatchObject({ type: 'ssl', host: 'example.com', port: 8443, warningDays: null });
    expect(await server.app.services.monitors.findActiveForCheck('not-a-uuid')).toBeUndefined();

    const ids = (await server.app.services.monitors.listActiveForCheck()).map((m) => m.id);
    expect(ids).toContain(basic.id);
    expect(ids).toContain(tls.id);
    expect(ids).not.toContain(paused.id);
  });

  it('tells listeners about every change', async () => {
    const changes: MonitorChange[] = [];
    const stop = server.app.services.monitors.onChange((c) => changes.push(c));
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { name: 'n2' }));
    expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { name: 'n2' }));
    expectOk(await owner.request('POST', `${MONITORS}/${id}/pause`));
    expectOk(await owner.request('POST', `${MONITORS}/${id}/pause`));
    expectOk(await owner.request('POST', `${MONITORS}/${id}/resume`));
    expect((await owner.request('DELETE', `${MONITORS}/${id}`)).status).toBe(204);
    stop();
    expect(changes.map((c) => c.kind)).toEqual(['created', 'updated', 'paused', 'resumed', 'deleted']);
    expect(changes.every((c) => c.monitorId === id && c.teamId === owner.member.teamId)).toBe(true);
  });
});

describe('OpenAPI document', () => {
  it('documents the monitor endpoints with the request and record schemas', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([MONITORS, `${MONITORS}/{id}`, `${MONITORS}/{id}/pause`, `${MONITORS}/{id}/resume`]));
    const create = doc.paths[MONITORS].post;
    expect(create.operationId).toBe('createMonitor');
    const body = create.requestBody.content['application/json'].schema;
    const [httpSchema, sslSchema] = body.oneOf;
    expect(Object.keys(httpSchema.properties)).toEqual([
      'type',
      'name',
      'intervalSeconds',
      'timeoutSeconds',
      'regions',
      'notificationPolicyId',
      'failureThreshold',
      'recoveryThreshold',
      'key',
      'secretsDigest',
      'tags',
      'dependsOn',
      'url',
      'method',
      'expectedStatus',
      'auth',
      'headers',
      'body',
      'followRedirects',
      'assertions',
      'tlsVerify',
      'clientCertificate',
      'proxy',
      'ipFamily',
    ]);
    expect(httpSchema.additionalProperties).toBe(false);
    expect(httpSchema.properties.intervalSeconds).toMatchObject({ type: 'integer', minimum: 60, maximum: 3600 });
    expect(sslSchema.properties.port).toMatchObject({ type: 'integer', minimum: 1, maximum: 65535, default: 443 });
    expect(httpSchema.properties.name.description).toMatch(/1-200/);
    expect(Object.keys(doc.paths[`${MONITORS}/{id}`].delete.responses)).toEqual(expect.arrayContaining(['204', '403', '404']));
    expect(JSON.stringify(doc.paths[MONITORS].get.responses['200'])).not.toContain('"secret"');
  });
});
