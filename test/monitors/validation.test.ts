import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, expectInvalid, expectOk, httpBody, insertPolicy, sslBody, storedRow, type Client } from './fixtures.js';

/**
 * Table-driven boundaries of every monitor field, on create and on PATCH: both sides of each
 * limit, wrong JSON types, missing fields, fields of the other type. A rejected request names
 * the field first in `detail` and changes nothing.
 */

const OMIT = Symbol('omit');
/** Any value, or OMIT to leave the field out. */
type Value = unknown;
/** [value, accepted?, field named by the 400 (default: the field itself)] */
type Row = [value: Value, ok: boolean, errorField?: string];

const UUID_OF_NOBODY = '01900000-0000-7000-8000-000000000000';
const long = (n: number) => 'x'.repeat(n);
const urlOfLength = (n: number) => {
  const prefix = 'https://example.com/';
  return prefix + 'a'.repeat(n - prefix.length);
};
/** A valid host name of exactly n characters (labels of at most 63). */
const hostOfLength = (n: number) => {
  const labels: string[] = [];
  let left = n;
  while (left > 0) {
    const size = Math.min(63, left);
    labels.push('a'.repeat(size));
    left -= size + 1;
  }
  const host = labels.join('.');
  return host.length === n ? host : host.slice(0, n - 1) + 'b';
};

let policyOfTeam = '';
let policyOfOtherTeam = '';

const common = (): Record<string, Row[]> => ({
  name: [
    ['a', true],
    [long(200), true],
    ['Ünïcödé ✓', true],
    [' padded ', true],
    ['', false],
    [' ', false],
    ['\t\n ', false],
    ['nul\u0000inside', false],
    [long(201), false],
    [5, false],
    [true, false],
    [null, false],
    [['a'], false],
    [{}, false],
  ],
  intervalSeconds: [
    [60, true],
    [3600, true],
    [59, false],
    [3601, false],
    [0, false],
    [-60, false],
    [60.5, false],
    ['60', false],
    [null, false],
    [true, false],
    [[60], false],
    [1e300, false],
  ],
  timeoutSeconds: [
    [1, true],
    [120, true],
    [0, false],
    [121, false],
    [1.5, false],
    ['10', false],
    [null, false],
    [false, false],
  ],
  failureThreshold: [
    [1, true],
    [10, true],
    [0, false],
    [11, false],
    [2.5, false],
    ['3', false],
    [null, false],
  ],
  recoveryThreshold: [
    [1, true],
    [10, true],
    [0, false],
    [11, false],
    [1.5, false],
    ['2', false],
    [null, false],
  ],
  regions: [
    [['us-east'], true],
    [['eu-west'], true],
    [['asia', 'us-east', 'eu-west'], true],
    [[], false],
    [['us-east', 'us-east'], false],
    [['asia', 'eu-west', 'asia'], false],
    [['mars'], false, 'regions.0'],
    [['US-EAST'], false, 'regions.0'],
    [['us-east', 7], false, 'regions.1'],
    ['us-east', false],
    [null, false],
    [{ 0: 'us-east' }, false],
  ],
  notificationPolicyId: [
    [null, true],
    [() => policyOfTeam, true],
    [() => policyOfTeam.toUpperCase(), true],
    [UUID_OF_NOBODY, false],
    [() => policyOfOtherTeam, false],
    ['not-a-uuid', false],
    ['', false],
    [5, false],
    [{}, false],
  ],
});

const http = (): Record<string, Row[]> => ({
  url: [
    ['https://example.com', true],
    ['http://example.com:8080/health?full=1#top', true],
    ['HTTPS://EXAMPLE.COM/', true],
    ['http://127.0.0.1/', true],
    ['http://[::1]:3000/', true],
    [urlOfLength(2048), true],
    [urlOfLength(2049), false],
    ['', false],
    ['ftp://example.com/', false],
    ['example.com/health', false],
    ['/health', false],
    ['https://', false],
    ['https:///example.com', false],
    ['https://exa mple.com/', false],
    [' https://example.com/', false],
    ['https://example.com/\n', false],
    ['https://user:password@example.com/', false],
    ['javascript:alert(1)', false],
    [5, false],
    [null, false],
    [['https://example.com'], false],
  ],
  method: [
    ['GET', true],
    ['POST', true],
    ['PUT', true],
    ['DELETE', true],
    ['HEAD', true],
    ['get', false],
    ['PATCH', false],
    ['OPTIONS', false],
    ['', false],
    [1, false],
    [null, false],
  ],
  expectedStatus: [
    [100, true],
    [599, true],
    [204, true],
    [99, false],
    [600, false],
    [200.5, false],
    ['200', false],
    [null, false],
    [true, false],
  ],
  auth: [
    [null, true],
    [{ type: 'bearer', secret: 't' }, true],
    [{ type: 'bearer', secret: long(4096) }, true],
    [{ type: 'basic', username: 'svc', secret: 'pw' }, true],
    [{ type: 'header', headerName: 'X-Api-Key', secret: 'k' }, true],
    [{ type: 'header', headerName: "x!#$%&'*+-.^_`|~9", secret: 'k' }, true],
    [{ type: 'header', headerName: 'Authorization', secret: 'Token abc' }, true],
    [{ type: 'bearer', secret: long(4097) }, false, 'auth.secret'],
    [{ type: 'bearer', secret: '' }, false, 'auth.secret'],
    [{ type: 'bearer' }, false, 'auth.secret'],
    [{ type: 'bearer', secret: 5 }, false, 'auth.secret'],
    [{ type: 'bearer', secret: null }, false, 'auth.secret'],
    [{ type: 'bearer', secret: 'line\nbreak' }, false, 'auth.secret'],
    [{ type: 'digest', secret: 's' }, false, 'auth.type'],
    [{ secret: 's' }, false, 'auth.type'],
    [{}, false, 'auth.type'],
    [{ type: 5, secret: 's' }, false, 'auth.type'],
    ['token', false, 'auth'],
    [[], false, 'auth'],
    [true, false, 'auth'],
    [{ type: 'basic', secret: 'pw' }, false, 'auth.username'],
    [{ type: 'basic', username: '', secret: 'pw' }, false, 'auth.username'],
    [{ type: 'basic', username: 'a:b', secret: 'pw' }, false, 'auth.username'],
    [{ type: 'basic', username: long(201), secret: 'pw' }, false, 'auth.username'],
    [{ type: 'basic', username: 'svc', headerName: 'X-Key', secret: 'pw' }, false, 'auth.headerName'],
    [{ type: 'bearer', username: 'svc', secret: 't' }, false, 'auth.username'],
    [{ type: 'header', secret: 'k' }, false, 'auth.headerName'],
    [{ type: 'header', headerName: '', secret: 'k' }, false, 'auth.headerName'],
    [{ type: 'header', headerName: 'X Api Key', secret: 'k' }, false, 'auth.headerName'],
    [{ type: 'header', headerName: 'X-Key:', secret: 'k' }, false, 'auth.headerName'],
    [{ type: 'header', headerName: 'Host', secret: 'k' }, false, 'auth.headerName'],
    [{ type: 'header', headerName: 'content-length', secret: 'k' }, false, 'auth.headerName'],
    [{ type: 'header', headerName: 'Transfer-Encoding', secret: 'k' }, false, 'auth.headerName'],
    [{ type: 'header', headerName: 'CONNECTION', secret: 'k' }, false, 'auth.headerName'],
    [{ type: 'header', headerName: 'X-Key', username: 'svc', secret: 'k' }, false, 'auth.username'],
    [{ type: 'bearer', headerName: 'X-Key', secret: 't' }, false, 'auth.headerName'],
    [{ type: 'bearer', secret: 't', extra: 1 }, false, 'auth.extra'],
  ],
});

const ssl = (): Record<string, Row[]> => ({
  host: [
    ['example.com', true],
    ['localhost', true],
    ['EXAMPLE.com', true],
    ['xn--bcher-kva.example', true],
    ['192.0.2.1', true],
    ['::1', true],
    ['2001:db8::1', true],
    [hostOfLength(253), true],
    [hostOfLength(254), false],
    ['', false],
    ['https://example.com', false],
    ['http://example.com', false],
    ['example.com/path', false],
    ['example.com:443', false],
    ['192.0.2.1:443', false],
    ['[::1]', false],
    ['exa mple.com', false],
    [' example.com', false],
    ['bücher.example', false],
    ['-example.com', false],
    ['example..com', false],
    ['1.2.3.999', false],
    [5, false],
    [null, false],
    [['example.com'], false],
  ],
  port: [
    [1, true],
    [443, true],
    [65535, true],
    [0, false],
    [65536, false],
    [-1, false],
    [443.5, false],
    ['443', false],
    [null, false],
  ],
  warningDays: [
    [1, true],
    [30, true],
    [3650, true],
    [null, true],
    [0, false],
    [3651, false],
    [-1, false],
    [7.5, false],
    ['7', false],
    [true, false],
  ],
});

const resolve = (value: Value) => (typeof value === 'function' ? (value as () => unknown)() : value);

function bodyWith(base: Record<string, unknown>, field: string, value: Value): Record<string, unknown> {
  if (value === OMIT) {
    const { [field]: _omitted, ...rest } = base;
    return rest;
  }
  return { ...base, [field]: resolve(value) };
}

function label(field: string, value: Value): string {
  if (value === OMIT) return `${field} omitted`;
  const text = JSON.stringify(typeof value === 'function' ? '<policy>' : value) ?? String(value);
  return `${field} = ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}

/** The record field that shows what was sent, for accepted values. */
function expectShown(record: any, field: string, value: unknown): void {
  if (field === 'auth') {
    if (value === null) expect(record.auth).toBeNull();
    else {
      const auth = value as Record<string, unknown>;
      expect(record.auth).toEqual({
        type: auth.type,
        username: auth.username ?? null,
        headerName: auth.headerName ?? null,
        secretSet: true,
      });
    }
  } else if (field === 'notificationPolicyId' && typeof value === 'string') {
    expect(record.notificationPolicyId).toBe(value.toLowerCase());
  } else {
    expect(record[field]).toEqual(value);
  }
}

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startServer();
  owner = await client(server);
  policyOfTeam = await insertPolicy(server, owner.member.teamId);
  const other = await server.newTeam();
  policyOfOtherTeam = await insertPolicy(server, other.teamId);
});

afterAll(async () => {
  await server?.close();
});

for (const [type, base, tables] of [
  ['http', httpBody, () => ({ ...common(), ...http() })],
  ['ssl', sslBody, () => ({ ...common(), ...ssl() })],
] as const) {
  describe(`create ${type} monitor`, () => {
    for (const [field, rows] of Object.entries(tables())) {
      for (const [value, ok, errorField] of rows) {
        it(`${ok ? 'accepts' : 'rejects'} ${label(field, value)}`, async () => {
          const before = (await owner.request('GET', MONITORS)).body.data.length;
          const answer = await owner.request('POST', MONITORS, bodyWith(base(), field, value));
          const after = (await owner.request('GET', MONITORS)).body.data.length;
          if (ok) {
            expectShown(expectCreated(answer), field, resolve(value));
            expect(after).toBe(before + 1);
          } else {
            expectInvalid(answer, errorField ?? field, MONITORS);
            expect(after).toBe(before);
          }
        });
      }
    }
  });

  describe(`PATCH ${type} monitor`, () => {
    let id = '';
    const initialAuth = { type: 'bearer', secret: 'initial-token' };
    beforeAll(async () => {
      const extra = type === 'http' ? { auth: initialAuth } : { warningDays: 10 };
      id = expectCreated(await owner.request('POST', MONITORS, base(extra))).id;
    });

    for (const [field, rows] of Object.entries(tables())) {
      for (const [value, ok, errorField] of rows) {
        it(`${ok ? 'accepts' : 'rejects'} ${label(field, value)}`, async () => {
          const before = await storedRow(server, id);
          // Stored credentials must be restated when the request they are sent with changes; the same ones change nothing.
          const bound = ['url', 'method', 'headers', 'body', 'followRedirects', 'assertions'].includes(field);
          const body = bound && type === 'http' ? { [field]: resolve(value), auth: initialAuth } : { [field]: resolve(value) };
          const answer = await owner.request('PATCH', `${MONITORS}/${id}`, body);
          if (ok) {
            expectShown(expectOk(answer), field, resolve(value));
          } else {
            expectInvalid(answer, errorField ?? field, `${MONITORS}/${id}`);
            expect(await storedRow(server, id)).toEqual(before);
          }
        });
      }
    }
  });
}

describe('required fields', () => {
  const required = {
    http: ['type', 'name', 'intervalSeconds', 'timeoutSeconds', 'regions', 'url', 'method', 'expectedStatus'],
    ssl: ['type', 'name', 'intervalSeconds', 'timeoutSeconds', 'regions', 'host'],
  };
  for (const [type, fields] of Object.entries(required)) {
    for (const field of fields) {
      it(`a ${type} monitor needs ${field}`, async () => {
        const body = bodyWith(type === 'http' ? httpBody() : sslBody(), field, OMIT);
        const answer = await owner.request('POST', MONITORS, body);
        expectInvalid(answer, field, MONITORS);
        expect(answer.body.detail).toBe(`${field}: is required`);
      });
    }
  }

  it('optional fields take their defaults', async () => {
    const h = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    expect(h).toMatchObject({ notificationPolicyId: null, auth: null });
    const s = expectCreated(await owner.request('POST', MONITORS, sslBody()));
    expect(s).toMatchObject({ notificationPolicyId: null, port: 443, warningDays: null, certificate: null });
  });
});

describe('type and the fields of each type', () => {
  it.each([
    ['missing', OMIT, 'type: is required'],
    ['unknown', 'smtp', 'type: must be one of http, ssl, tcp, dns, heartbeat, ping, domain'],
    ['not a string', 5, 'type: must be one of http, ssl, tcp, dns, heartbeat, ping, domain'],
    ['null', null, 'type: must be one of http, ssl, tcp, dns, heartbeat, ping, domain'],
  ])('a %s type is named first, then every common field that is wrong', async (_label, value, detail) => {
    const body = bodyWith({ name: ' ', intervalSeconds: 30, timeoutSeconds: 10, regions: ['us-east'], url: 'https://x.test' }, 'type', value);
    const answer = await owner.request('POST', MONITORS, body);
    expectInvalid(answer, 'type', MONITORS);
    expect(answer.body.detail).toBe(detail);
    expect(answer.body.errors.map((e: any) => e.field)).toEqual(['type', 'name', 'intervalSeconds']);
  });

  it.each([
    ['http', httpBody, { host: 'example.com' }, 'host'],
    ['http', httpBody, { port: 443 }, 'port'],
    ['http', httpBody, { warningDays: 3 }, 'warningDays'],
    ['ssl', sslBody, { url: 'https://example.com' }, 'url'],
    ['ssl', sslBody, { method: 'GET' }, 'method'],
    ['ssl', sslBody, { expectedStatus: 200 }, 'expectedStatus'],
    ['ssl', sslBody, { auth: null }, 'auth'],
  ])('creating a %s monitor with %o is 400 "not allowed"', async (_type, base, extra, field) => {
    const answer = await owner.request('POST', MONITORS, base(extra));
    expectInvalid(answer, field, MONITORS);
    expect(answer.body.detail).toBe(`${field}: is not allowed`);
  });

  it.each([
    ['http', httpBody, { type: 'http' }, 'type'],
    ['http', httpBody, { type: 'ssl' }, 'type'],
    ['http', httpBody, { host: 'example.com' }, 'host'],
    ['http', httpBody, { port: 443 }, 'port'],
    ['http', httpBody, { warningDays: null }, 'warningDays'],
    ['ssl', sslBody, { type: 'ssl' }, 'type'],
    ['ssl', sslBody, { url: 'https://example.com' }, 'url'],
    ['ssl', sslBody, { method: 'GET' }, 'method'],
    ['ssl', sslBody, { expectedStatus: 200 }, 'expectedStatus'],
    ['ssl', sslBody, { auth: null }, 'auth'],
  ])('PATCH of a %s monitor with %o is 400 "not allowed" and changes nothing', async (_type, base, patch, field) => {
    const id = expectCreated(await owner.request('POST', MONITORS, base())).id;
    const before = await storedRow(server, id);
    const answer = await owner.request('PATCH', `${MONITORS}/${id}`, { name: 'changed', ...patch });
    expectInvalid(answer, field, `${MONITORS}/${id}`);
    expect(answer.body.detail).toBe(`${field}: is not allowed`);
    expect(await storedRow(server, id)).toEqual(before);
  });

  it('unknown fields are rejected on create and PATCH', async () => {
    const created = await owner.request('POST', MONITORS, httpBody({ labels: ['a'] }));
    expectInvalid(created, 'labels', MONITORS);
    expect(created.body.detail).toBe('labels: is not allowed');
    const id = expectCreated(await owner.request('POST', MONITORS, sslBody())).id;
    const patched = await owner.request('PATCH', `${MONITORS}/${id}`, { paused: true });
    expectInvalid(patched, 'paused', `${MONITORS}/${id}`);
  });
});

describe('order of errors', () => {
  it('lists every failing field in field order (common, then HTTP, then SSL), the first in detail', async () => {
    const answer = await owner.request('POST', MONITORS, {
      zzz: 1,
      expectedStatus: 99,
      method: 'get',
      url: 'nope',
      regions: [],
      timeoutSeconds: 0,
      intervalSeconds: 1,
      name: '',
      type: 'http',
      auth: { type: 'basic', secret: '' },
      host: 'example.com',
    });
    expectInvalid(answer, 'name', MONITORS);
    const fields = [...new Set(answer.body.errors.map((e: any) => e.field))];
    expect(fields).toEqual([
      'name',
      'intervalSeconds',
      'timeoutSeconds',
      'regions',
      'url',
      'method',
      'expectedStatus',
      'auth.secret',
      'auth.username',
      'host',
      'zzz',
    ]);
  });

  it('an invalid or missing auth.type does not hide the other auth fields', async () => {
    const fields = async (method: string, path: string, body: unknown) => {
      const answer = await owner.request(method, path, body);
      expect(answer.status, answer.text).toBe(400);
      return answer.body.errors.map((e: any) => e.field);
    };
    expect(await fields('POST', MONITORS, httpBody({ auth: { type: 'digest' } }))).toEqual(['auth.type', 'auth.secret']);
    expect(await fields('POST', MONITORS, httpBody({ auth: {} }))).toEqual(['auth.type', 'auth.secret']);
    expect(await fields('POST', MONITORS, httpBody({ auth: { type: 7, secret: '', username: 'a:b', headerName: 'X Y', realm: 'r' } }))).toEqual([
      'auth.type',
      'auth.secret',
      'auth.username',
      'auth.headerName',
      'auth.realm',
    ]);
    expect(await fields('POST', MONITORS, httpBody({ name: '', auth: { type: 'digest', secret: 'line\nbreak' } }))).toEqual([
      'name',
      'auth.type',
      'auth.secret',
    ]);
    const id = expectCreated(await owner.request('POST', MONITORS, httpBody())).id;
    expect(await fields('PATCH', `${MONITORS}/${id}`, { expectedStatus: 99, auth: { type: 'ntlm' } })).toEqual(['expectedStatus', 'auth.type', 'auth.secret']);
  });

  it('a missing or unknown type does not hide mistakes in the other fields, of either monitor type', async () => {
    const answer = await owner.request('POST', MONITORS, {
      type: 'smtp',
      name: '',
      intervalSeconds: 60,
      timeoutSeconds: 5,
      regions: ['us-east'],
      url: 'ftp://x.test',
      expectedStatus: 99,
      auth: { type: 'digest' },
      host: 'https://x.test',
      port: 0,
      zzz: 1,
    });
    expectInvalid(answer, 'type', MONITORS);
    expect(answer.body.errors.map((e: any) => e.field)).toEqual(['type', 'name', 'url', 'expectedStatus', 'auth.type', 'auth.secret', 'host', 'port', 'zzz']);
    const untyped = await owner.request('POST', MONITORS, { name: 'x', intervalSeconds: 5, host: '' });
    expect(untyped.body.errors.map((e: any) => e.field)).toEqual(['type', 'intervalSeconds', 'timeoutSeconds', 'regions', 'host']);
  });

  it('a policy of another team is reported at its place among the other errors', async () => {
    const answer = await owner.request('POST', MONITORS, httpBody({ url: 'bad', notificationPolicyId: policyOfOtherTeam }));
    expectInvalid(answer, 'notificationPolicyId', MONITORS);
    expect(answer.body.errors.map((e: any) => e.field)).toEqual(['notificationPolicyId', 'url']);
  });

  it('PATCH reports type first, then fields in table order', async () => {
    const id = expectCreated(await owner.request('POST', MONITORS, httpBody())).id;
    const answer = await owner.request('PATCH', `${MONITORS}/${id}`, { host: 'x.test', url: 'bad', type: 'http' });
    expectInvalid(answer, 'type', `${MONITORS}/${id}`);
    expect(answer.body.errors.map((e: any) => e.field)).toEqual(['type', 'url', 'host']);
  });
});

describe('bodies that are not a monitor', () => {
  it.each([
    ['an array', [httpBody()]],
    ['a string', 'monitor'],
    ['a number', 42],
    ['null', null],
  ])('create with %s is 400 naming the body', async (_label, body) => {
    const answer = await owner.request('POST', MONITORS, JSON.stringify(body));
    expectInvalid(answer, 'body', MONITORS);
  });

  it('create without a body reports the missing fields', async () => {
    const answer = await owner.request('POST', MONITORS);
    expectInvalid(answer, 'type', MONITORS);
  });

  it('malformed JSON is 400 on create and PATCH, and changes nothing', async () => {
    expectInvalid(await owner.request('POST', MONITORS, '{"type": "http",'), 'body', MONITORS);
    const id = expectCreated(await owner.request('POST', MONITORS, httpBody())).id;
    const before = await storedRow(server, id);
    expectInvalid(await owner.request('PATCH', `${MONITORS}/${id}`, '{"name": '), 'body', `${MONITORS}/${id}`);
    expect(await storedRow(server, id)).toEqual(before);
  });

  it('PATCH with an empty object changes nothing, not even updatedAt', async () => {
    const created = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    await new Promise((r) => setTimeout(r, 5));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${created.id}`, {}));
    expect(patched).toEqual(created);
    const same = expectOk(await owner.request('PATCH', `${MONITORS}/${created.id}`, { name: created.name, regions: created.regions }));
    expect(same.updatedAt).toBe(created.updatedAt);
  });

  it('pause, resume and delete take no fields', async () => {
    const id = expectCreated(await owner.request('POST', MONITORS, httpBody())).id;
    for (const action of ['pause', 'resume']) {
      expectInvalid(await owner.request('POST', `${MONITORS}/${id}/${action}`, { reason: 'x' }), 'reason', `${MONITORS}/${id}/${action}`);
      expectOk(await owner.request('POST', `${MONITORS}/${id}/${action}`, {}));
    }
    expectInvalid(await owner.request('DELETE', `${MONITORS}/${id}`, { force: true }), 'force', `${MONITORS}/${id}`);
    expect((await owner.request('GET', `${MONITORS}/${id}`)).status).toBe(200);
  });
});
