import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, expectOk, httpBody, insertPolicy, sslBody, type Client } from './fixtures.js';

/**
 * The list is written as JSON by the database (src/domain/monitor-list-sql.ts); every other
 * answer maps rows in JavaScript (toRecord). Both must give the very same records — fields,
 * order of fields, values — for every kind of monitor, on SQLite and PostgreSQL alike.
 */

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startServer();
  owner = await client(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the list written by the database', () => {
  it('is an empty data array for a team without monitors', async () => {
    const fresh = await client(server);
    const answer = await fresh.request('GET', MONITORS);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({ data: [] });
  });

  it('shows each monitor exactly as GET by id does', async () => {
    const policy = await insertPolicy(server, owner.member.teamId);
    const bodies = [
      httpBody(),
      httpBody({ name: 'Quotes " and \\ backslash, <tags>, ünïcödé, emoji 🚀, tab\there', notificationPolicyId: policy }),
      httpBody({ auth: { type: 'bearer', secret: 'b' }, method: 'HEAD', expectedStatus: 204, regions: ['asia', 'us-east', 'eu-west'] }),
      httpBody({ auth: { type: 'basic', username: 'svc "user"', secret: 'p' }, url: 'https://example.com/a?b=1&c=%20#d' }),
      httpBody({ auth: { type: 'header', headerName: 'X-Api-Key', secret: 'k' }, intervalSeconds: 3600, timeoutSeconds: 120 }),
      sslBody(),
      sslBody({ warningDays: 30, port: 8443, host: '2001:db8::1' }),
      sslBody({ warningDays: null, notificationPolicyId: policy }),
      httpBody({
        method: 'POST',
        headers: [
          { name: 'Content-Type', value: 'application/json; charset="utf-8"' },
          { name: 'X-Quote', value: 'a "b" \\ c\td' },
        ],
        body: '{"q": "ünï \\u0000 \n"}\r\n',
        followRedirects: true,
        assertions: [
          { source: 'json', path: '$.a[0].b', op: 'eq', value: { x: [1.5, -2.5e-7, 1e21, 'é 🚀', null, false], '': {} } },
          { source: 'body', op: 'matches', value: '^\\s*\\{"ok"' },
          { source: 'header', name: 'X-Version', op: 'exists', severity: 'degraded' },
          { source: 'responseTime', op: 'lte', value: 120000 },
        ],
      }),
      httpBody({ method: 'DELETE', body: '', headers: [], assertions: [] }),
      { type: 'tcp', name: 'Database port', intervalSeconds: 60, timeoutSeconds: 5, regions: ['eu-west'], host: 'db.example.com', port: 5432 },
      {
        type: 'tcp',
        name: 'SMTPS',
        intervalSeconds: 300,
        timeoutSeconds: 10,
        regions: ['us-east', 'asia'],
        host: '192.0.2.7',
        port: 465,
        tls: true,
        assertions: [{ source: 'responseTime', op: 'lt', value: 800, severity: 'degraded' }],
      },
      { type: 'dns', name: 'Apex', intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'], hostname: 'example.com', recordType: 'A' },
      {
        type: 'dns',
        name: 'Mail',
        intervalSeconds: 600,
        timeoutSeconds: 3,
        regions: ['eu-west'],
        hostname: 'example.com.',
        recordType: 'MX',
        resolver: '[2620:fe::fe]:53',
        assertions: [{ source: 'responseTime', op: 'lte', value: 500 }],
      },
      { type: 'heartbeat', name: 'Nightly "backup"', periodSeconds: 86_400 },
      { type: 'heartbeat', name: 'Report', cron: '30 2 * * 1-5', timezone: 'Europe/Berlin', graceSeconds: 0, notificationPolicyId: policy },
    ];
    const ids: string[] = [];
    for (const body of bodies) ids.push(expectCreated(await owner.request('POST', MONITORS, body)).id);

    // States only the check engine or time produce: checked, certificates, paused, odd milliseconds.
    const db = server.app.store.db;
    await db
      .updateTable('monitors')
      .set({
        status: 'degraded',
        degraded_reasons: '["regions","assertions"]',
        last_checked_at: Date.parse('2026-11-21T10:00:00.007Z'),
        created_at: Date.parse('2026-01-02T03:04:05.000Z'),
      })
      .where('id', '=', ids[0]!)
      .execute();
    // Reasons are shown only while degraded: not for an up monitor, nor a paused one.
    await db.updateTable('monitors').set({ status: 'up', degraded_reasons: '["regions"]' }).where('id', '=', ids[8]!).execute();
    await db.updateTable('monitors').set({ status: 'degraded', degraded_reasons: '["assertions"]' }).where('id', '=', ids[2]!).execute();
    await db
      .updateTable('monitors')
      .set({
        status: 'up',
        last_checked_at: Date.parse('2026-11-21T23:59:59.999Z'),
        certificate: JSON.stringify({
          subject: 'CN=example.com, O="Acme, Inc."',
          issuer: 'CN=Test CA',
          validFrom: '2026-01-01T00:00:00.000Z',
          validTo: '2027-01-01T00:00:00.000Z',
          daysRemaining: -3,
          fingerprint256: 'AA:BB',
        }),
      })
      .where('id', '=', ids[5]!)
      .execute();
    await db
      .updateTable('monitors')
      .set({ status: 'up', heartbeat_deadline: Date.parse('2031-01-02T03:04:05.678Z'), last_checked_at: Date.parse('2031-01-01T03:04:05.001Z') })
      .where('id', '=', ids[15]!)
      .execute();
    expectOk(await owner.request('POST', `${MONITORS}/${ids[2]!}/pause`));
    expectOk(await owner.request('POST', `${MONITORS}/${ids[6]!}/pause`));

    const listed = await owner.request('GET', MONITORS);
    expect(listed.status).toBe(200);
    const data = listed.body.data as any[];
    expect(data.map((m) => m.id)).toEqual(ids);
    for (const [i, id] of ids.entries()) {
      const one = expectOk(await owner.request('GET', `${MONITORS}/${id}`));
      // Same values and the same order of fields.
      expect(JSON.stringify(data[i])).toBe(JSON.stringify(one));
    }
    expect(data[0]).toMatchObject({ status: 'degraded', lastCheckedAt: '2026-11-21T10:00:00.007Z', createdAt: '2026-01-02T03:04:05.000Z' });
    expect(data[5].certificate).toEqual({
      subject: 'CN=example.com, O="Acme, Inc."',
      issuer: 'CN=Test CA',
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2027-01-01T00:00:00.000Z',
      daysRemaining: -3,
    });
    expect(data[2]).toMatchObject({ status: 'paused', paused: true, degradedReasons: [] });
    expect(data[0].degradedReasons).toEqual(['regions', 'assertions']);
    expect(data[8]).toMatchObject({ status: 'up', degradedReasons: [], followRedirects: true, body: '{"q": "ünï \\u0000 \n"}\r\n' });
    expect(data[8].assertions[0].value).toEqual({ x: [1.5, -2.5e-7, 1e21, 'é 🚀', null, false], '': {} });
    expect(data[9]).toMatchObject({ body: '', headers: [], assertions: [] });
    expect(data[11]).toMatchObject({ type: 'tcp', tls: true, port: 465 });
    expect(data[13]).toMatchObject({ type: 'dns', hostname: 'example.com.', recordType: 'MX', resolver: '[2620:fe::fe]:53' });
    expect(data[14]).toMatchObject({ type: 'heartbeat', periodSeconds: 86_400, cron: null, timezone: 'UTC', graceSeconds: 300, deadlineAt: null });
    expect(data[14]).not.toHaveProperty('regions');
    expect(data[14].pingUrl).toMatch(/^http:\/\/[^/]+\/ping\/[A-Za-z0-9_-]{32}$/);
    expect(data[15]).toMatchObject({ cron: '30 2 * * 1-5', timezone: 'Europe/Berlin', graceSeconds: 0, status: 'up', deadlineAt: '2031-01-02T03:04:05.678Z' });

    // The service's list (MCP, dashboard) is the same list.
    const actor = { tokenId: owner.member.tokenId, userId: owner.member.userId, teamId: owner.member.teamId, role: 'Owner' as const };
    expect(await server.app.services.monitors.list(actor)).toEqual(data);
  });
});
