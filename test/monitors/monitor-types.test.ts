import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, expectInvalid, expectOk, httpBody, type Client } from './fixtures.js';

/**
 * TCP, DNS and heartbeat monitors over REST: what each accepts and answers, and the field each
 * mistake is reported on, on create and on PATCH (where the stored type decides which fields exist).
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

const tcp = (overrides: Record<string, unknown> = {}) => ({
  type: 'tcp',
  name: 'Database',
  intervalSeconds: 60,
  timeoutSeconds: 5,
  regions: ['eu-west'],
  host: 'db.example.com',
  port: 5432,
  ...overrides,
});
const dns = (overrides: Record<string, unknown> = {}) => ({
  type: 'dns',
  name: 'Apex',
  intervalSeconds: 300,
  timeoutSeconds: 5,
  regions: ['us-east'],
  hostname: 'example.com',
  recordType: 'A',
  ...overrides,
});
const heartbeat = (overrides: Record<string, unknown> = {}) => ({ type: 'heartbeat', name: 'Nightly backup', periodSeconds: 86_400, ...overrides });

/** The field and message of every error of a 400, in order. */
async function errorsOf(method: string, path: string, body: unknown): Promise<string[]> {
  const answer = await owner.request(method, path, body);
  expect(answer.status, answer.text).toBe(400);
  return answer.body.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
}

describe('creating', () => {
  it('answers each type with its own fields and defaults', async () => {
    expect(expectCreated(await owner.request('POST', MONITORS, tcp()))).toMatchObject({
      type: 'tcp',
      host: 'db.example.com',
      port: 5432,
      tls: false,
      assertions: [],
    });
    expect(expectCreated(await owner.request('POST', MONITORS, dns({ resolver: '9.9.9.9:53' })))).toMatchObject({
      type: 'dns',
      hostname: 'example.com',
      recordType: 'A',
      resolver: '9.9.9.9:53',
    });
    const pinged = expectCreated(await owner.request('POST', MONITORS, heartbeat()));
    expect(pinged).toMatchObject({ type: 'heartbeat', status: 'pending', periodSeconds: 86_400, cron: null, timezone: 'UTC', graceSeconds: 300 });
    for (const field of ['intervalSeconds', 'timeoutSeconds', 'regions']) expect(pinged).not.toHaveProperty(field);
    const cron = expectCreated(
      await owner.request('POST', MONITORS, heartbeat({ periodSeconds: undefined, cron: '0 3 * * 1-5', timezone: 'America/New_York' })),
    );
    expect(cron).toMatchObject({ periodSeconds: null, cron: '0 3 * * 1-5', timezone: 'America/New_York' });
    // Two heartbeats never share a key.
    expect(cron.pingUrl).not.toBe(pinged.pingUrl);
  });

  it('names the field of each heartbeat mistake', async () => {
    expect(await errorsOf('POST', MONITORS, heartbeat({ periodSeconds: undefined }))).toEqual([
      'periodSeconds: is required: a heartbeat needs periodSeconds or cron',
    ]);
    expect(await errorsOf('POST', MONITORS, heartbeat({ cron: '0 3 * * *' }))).toEqual([
      'cron: must not be set with periodSeconds: a heartbeat has one or the other (send periodSeconds: null to use cron)',
    ]);
    expect(await errorsOf('POST', MONITORS, heartbeat({ periodSeconds: undefined, cron: '0 3 * *' }))).toEqual([
      'cron: must have exactly 5 fields (minute hour day-of-month month day-of-week), such as "0 3 * * *"',
    ]);
    const [badMinute] = await errorsOf('POST', MONITORS, heartbeat({ periodSeconds: undefined, cron: '61 3 * * *' }));
    expect(badMinute).toMatch(/^cron: is not a valid cron expression: .*minute/);
    expect(await errorsOf('POST', MONITORS, heartbeat({ periodSeconds: undefined, cron: '0 0 30 2 *' }))).toEqual(['cron: never occurs']);
    expect(await errorsOf('POST', MONITORS, heartbeat({ periodSeconds: undefined, cron: '@daily' }))).toHaveLength(1);
    expect(await errorsOf('POST', MONITORS, heartbeat({ periodSeconds: undefined, cron: '0 3 * * *', timezone: 'Mars/Olympus' }))).toEqual([
      'timezone: must be an IANA time zone name, such as Europe/Berlin or UTC',
    ]);
    expect(await errorsOf('POST', MONITORS, heartbeat({ timezone: 'UTC' }))).toEqual(['timezone: is only used with cron']);
    expect(await errorsOf('POST', MONITORS, heartbeat({ periodSeconds: 59, graceSeconds: 86_401 }))).toEqual([
      'periodSeconds: must be at least 60',
      'graceSeconds: must be at most 86400',
    ]);
    // A heartbeat is not checked: interval, timeout and regions are another type's fields.
    expect(await errorsOf('POST', MONITORS, heartbeat({ intervalSeconds: 60, timeoutSeconds: 5, regions: ['us-east'], url: 'https://x.test' }))).toEqual([
      'intervalSeconds: is not allowed',
      'timeoutSeconds: is not allowed',
      'regions: is not allowed',
      'url: is not allowed',
    ]);
  });

  it('names the field of each TCP and DNS mistake, and refuses the other types’ fields', async () => {
    expect(await errorsOf('POST', MONITORS, tcp({ port: undefined, host: 'https://db.example.com', url: 'https://x.test', tls: 'yes' }))).toEqual([
      'url: is not allowed',
      'host: must not include a scheme such as https://; give the host name only',
      'port: is required',
      'tls: must be a boolean',
    ]);
    const [tcpAssertion] = await errorsOf('POST', MONITORS, tcp({ assertions: [{ source: 'body', op: 'contains', value: 'x' }] }));
    expect(tcpAssertion).toMatch(/^assertions\.0\.source: must be responseTime for tcp monitors/);
    expect(await errorsOf('POST', MONITORS, dns({ hostname: '192.0.2.1', recordType: 'SRV', resolver: 'dns.google', periodSeconds: 60 }))).toEqual([
      'hostname: must be a name, not an address',
      'recordType: must be one of A, AAAA, CNAME, MX, TXT, NS',
      'resolver: must be an IP address, optionally with a port (such as 9.9.9.9, 9.9.9.9:53 or [2620:fe::fe]:53)',
      'periodSeconds: is not allowed',
    ]);
    expect(await errorsOf('POST', MONITORS, dns({ resolver: '9.9.9.9:70000' }))).toEqual(['resolver: must have a port from 1 to 65535']);
    const answers = await errorsOf(
      'POST',
      MONITORS,
      dns({
        assertions: [
          { source: 'answer', op: 'eq', value: 'x' },
          { source: 'json', path: '$', op: 'exists' },
        ],
      }),
    );
    expect(answers[0]).toMatch(/^assertions\.0\.value: /);
    expect(answers[1]).toMatch(/^assertions\.1\.source: must be answer or responseTime for dns monitors/);
  });
});

describe('changing', () => {
  it('refuses fields of another type and a new type, and keeps the type', async () => {
    const created = expectCreated(await owner.request('POST', MONITORS, tcp()));
    const path = `${MONITORS}/${created.id}`;
    expect(await errorsOf('PATCH', path, { url: 'https://x.test', hostname: 'example.com' })).toEqual(['url: is not allowed', 'hostname: is not allowed']);
    expect(await errorsOf('PATCH', path, { type: 'dns' })).toEqual(['type: is not allowed']);
    expect(expectOk(await owner.request('PATCH', path, { tls: true, port: 993 }))).toMatchObject({ type: 'tcp', tls: true, port: 993 });

    const beat = expectCreated(await owner.request('POST', MONITORS, heartbeat()));
    const beatPath = `${MONITORS}/${beat.id}`;
    expect(await errorsOf('PATCH', beatPath, { intervalSeconds: 60, host: 'x.test' })).toEqual(['intervalSeconds: is not allowed', 'host: is not allowed']);
    const invalid = await owner.request('PATCH', beatPath, { cron: '0 3 * * *' });
    expectInvalid(invalid, 'cron', beatPath);
    expect(await errorsOf('PATCH', beatPath, { periodSeconds: null })).toEqual(['periodSeconds: is required: a heartbeat needs periodSeconds or cron']);
    const moved = expectOk(await owner.request('PATCH', beatPath, { periodSeconds: null, cron: '15 4 * * *', timezone: 'Asia/Tokyo' }));
    expect(moved).toMatchObject({ periodSeconds: null, cron: '15 4 * * *', timezone: 'Asia/Tokyo' });
    // Back to a period: without cron the zone means nothing and is UTC again.
    expect(expectOk(await owner.request('PATCH', beatPath, { cron: null, periodSeconds: 3600 }))).toMatchObject({
      periodSeconds: 3600,
      cron: null,
      timezone: 'UTC',
    });
    expect(await errorsOf('PATCH', beatPath, { timezone: 'Europe/Paris' })).toEqual(['timezone: is only used with cron']);
  });

  it('keeps the ping key through changes, and a new key only on demand', async () => {
    const beat = expectCreated(await owner.request('POST', MONITORS, heartbeat()));
    const path = `${MONITORS}/${beat.id}`;
    expect(expectOk(await owner.request('PATCH', path, { name: 'Renamed', graceSeconds: 0 })).pingUrl).toBe(beat.pingUrl);
    const renewed = expectOk(await owner.request('POST', `${path}/ping-key`));
    expect(renewed.pingUrl).not.toBe(beat.pingUrl);
    expect((await owner.request('GET', path)).body.pingUrl).toBe(renewed.pingUrl);
    // Never stored as it is shown.
    expect((await server.storedBytes()).includes(renewed.pingUrl.split('/').pop())).toBe(false);
    const http = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    expectInvalid(await owner.request('POST', `${MONITORS}/${http.id}/ping-key`), 'monitor', `${MONITORS}/${http.id}/ping-key`);
  });
});
