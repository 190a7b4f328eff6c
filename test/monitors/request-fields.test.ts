import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { connect, record } from '../mcp/support.js';
import { MONITORS, client, expectCreated, expectOk, httpBody, sslBody, storedRow, type Client } from './fixtures.js';

/*
 * An HTTP monitor's request and assertions as the API takes and answers them: headers, body,
 * followRedirects, assertions; PATCH replacing each whole; every malformed field named.
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

const ASSERTIONS = [
  { source: 'body', op: 'contains', value: '"status":"ok"' },
  { source: 'body', op: 'notMatches', value: '(?i)error|fail', severity: 'degraded' },
  { source: 'json', path: '$.data.items[0].id', op: 'eq', value: { nested: [1, 2.5, 'é', null, true] } },
  { source: 'json', path: '$.count', op: 'gte', value: 3 },
  { source: 'json', path: '$.maintenance', op: 'notExists' },
  { source: 'header', name: 'Content-Type', op: 'contains', value: 'json' },
  { source: 'header', name: 'X-Served-By', op: 'exists', severity: 'fail' },
  { source: 'responseTime', op: 'lt', value: 800, severity: 'degraded' },
];

/** As the record answers them: severity filled in, fields in a fixed order. */
const STORED = [
  { source: 'body', op: 'contains', value: '"status":"ok"', severity: 'fail' },
  { source: 'body', op: 'notMatches', value: '(?i)error|fail', severity: 'degraded' },
  { source: 'json', path: '$.data.items[0].id', op: 'eq', value: { nested: [1, 2.5, 'é', null, true] }, severity: 'fail' },
  { source: 'json', path: '$.count', op: 'gte', value: 3, severity: 'fail' },
  { source: 'json', path: '$.maintenance', op: 'notExists', severity: 'fail' },
  { source: 'header', name: 'Content-Type', op: 'contains', value: 'json', severity: 'fail' },
  { source: 'header', name: 'X-Served-By', op: 'exists', severity: 'fail' },
  { source: 'responseTime', op: 'lt', value: 800, severity: 'degraded' },
];

const HEADERS = [
  { name: 'Accept', value: 'application/json' },
  { name: 'X-Tenant', value: 'acme\tblue' },
];

describe('request fields', () => {
  it('are taken on create and answered as sent, assertions with their severity, in GET and the list alike', async () => {
    const created = expectCreated(
      await owner.request('POST', MONITORS, httpBody({ method: 'POST', headers: HEADERS, body: '{"q":1}', followRedirects: true, assertions: ASSERTIONS })),
    );

    expect(created).toMatchObject({ headers: HEADERS, body: '{"q":1}', followRedirects: true, assertions: STORED, degradedReasons: [] });
    expect(expectOk(await owner.request('GET', `${MONITORS}/${created.id}`))).toEqual(created);
    const listed = expectOk(await owner.request('GET', MONITORS)).data.find((m: { id: string }) => m.id === created.id);
    expect(JSON.stringify(listed)).toBe(JSON.stringify(created));
  });

  it('default to no headers, no body, no redirects and no assertions; [] and null mean none', async () => {
    const plain = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    const empty = expectCreated(await owner.request('POST', MONITORS, httpBody({ headers: [], assertions: [], body: null })));
    const nulls = expectCreated(await owner.request('POST', MONITORS, httpBody({ headers: null, assertions: null })));

    for (const monitor of [plain, empty, nulls]) expect(monitor).toMatchObject({ headers: [], body: null, followRedirects: false, assertions: [] });
  });

  it('are replaced whole by PATCH, kept when omitted and cleared by null', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ method: 'PUT', headers: HEADERS, body: 'x', assertions: ASSERTIONS })));
    const path = `${MONITORS}/${id}`;

    const renamed = expectOk(await owner.request('PATCH', path, { name: 'Renamed' }));
    expect(renamed).toMatchObject({ headers: HEADERS, body: 'x', assertions: STORED });

    const replaced = expectOk(
      await owner.request('PATCH', path, {
        headers: [{ name: 'X-Only', value: '1' }],
        assertions: [{ source: 'responseTime', op: 'lte', value: 5 }],
        followRedirects: true,
      }),
    );
    expect(replaced).toMatchObject({
      headers: [{ name: 'X-Only', value: '1' }],
      assertions: [{ source: 'responseTime', op: 'lte', value: 5, severity: 'fail' }],
      followRedirects: true,
    });

    const cleared = expectOk(await owner.request('PATCH', path, { headers: null, body: null, assertions: null, followRedirects: false }));
    expect(cleared).toMatchObject({ headers: [], body: null, assertions: [], followRedirects: false });
    const row = await storedRow(server, id);
    expect(row).toMatchObject({ request_headers: null, request_body: null, assertions: null, follow_redirects: 0 });

    // The same values again change nothing, not even updatedAt.
    const again = expectOk(await owner.request('PATCH', path, { headers: [], assertions: null, followRedirects: false }));
    expect(again.updatedAt).toBe(cleared.updatedAt);
  });

  it('are refused on an SSL monitor', async () => {
    const created = await owner.request('POST', MONITORS, sslBody({ assertions: [], followRedirects: true }));
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([
      { field: 'followRedirects', message: 'is not allowed' },
      { field: 'assertions', message: 'is not allowed' },
    ]);
    const { id } = expectCreated(await owner.request('POST', MONITORS, sslBody()));
    const patched = await owner.request('PATCH', `${MONITORS}/${id}`, { headers: [] });
    expect(patched.body.errors).toEqual([{ field: 'headers', message: 'is not allowed' }]);
  });
});

describe('validation', () => {
  async function errorsOf(body: Record<string, unknown>, method = 'POST', path = MONITORS) {
    const answer = await owner.request(method, path, body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.detail).toBe(`${answer.body.errors[0].field}: ${answer.body.errors[0].message}`);
    return answer.body.errors as { field: string; message: string }[];
  }

  it('names every malformed assertion by its index and field, all at once', async () => {
    const errors = await errorsOf(
      httpBody({
        assertions: [
          { source: 'responseTime', op: 'lt', value: 500 },
          { source: 'body', op: 'matches', value: '(unclosed' },
          { source: 'json', path: 'status', op: 'eq', value: 'ok' },
          { source: 'json', path: '$.a', op: 'exists', value: true },
          { source: 'header', name: 'X-Version', op: 'gt', value: '2' },
          { source: 'responseTime', op: 'lt', value: 120_001, severity: 'warning' },
          { source: 'cookie', op: 'eq', value: 'x' },
          { source: 'json', path: '$.n', op: 'lt' },
          { source: 'body', op: 'matches', value: '(a)\\1' },
        ],
      }),
    );

    expect(errors).toEqual([
      { field: 'assertions.1.value', message: expect.stringMatching(/^is not a pattern the RE2 engine can run \(.*missing closing \)/) },
      { field: 'assertions.2.path', message: 'must start with $ (such as $.data.items[0].status)' },
      { field: 'assertions.3.value', message: 'is not allowed with op exists' },
      { field: 'assertions.4.op', message: 'must be one of eq, contains, matches, exists, notExists' },
      { field: 'assertions.5.value', message: 'must be at most 120000' },
      { field: 'assertions.5.severity', message: 'must be one of fail, degraded' },
      { field: 'assertions.6.source', message: 'must be one of body, json, header, responseTime' },
      { field: 'assertions.7.value', message: 'is required with op lt' },
      { field: 'assertions.8.value', message: expect.stringContaining('backreferences and lookaround are not supported') },
    ]);
  });

  it('names bad request fields', async () => {
    const errors = await errorsOf(
      httpBody({
        headers: [
          { name: 'Host', value: 'evil.example' },
          { name: 'X-Ok', value: 'line\r\nbreak' },
          { name: 'bad name', value: 'x' },
          { name: 'X-Ok', value: 'again' },
          { name: 'X-Big', value: 'x'.repeat(4097) },
          { name: 'X-Extra', value: 'x', secret: true },
        ],
        body: 'x'.repeat(65_537),
        followRedirects: 'yes',
      }),
    );

    expect(errors).toEqual([
      { field: 'headers.0.name', message: 'must not be Host, Content-Length, Transfer-Encoding or Connection' },
      { field: 'headers.1.value', message: 'must be printable ASCII characters (tab allowed, no other control characters)' },
      { field: 'headers.2.name', message: expect.stringContaining('must be an HTTP header name') },
      { field: 'headers.3.name', message: 'must not repeat a header name (X-Ok)' },
      { field: 'headers.4.value', message: 'must be at most 4096 characters' },
      { field: 'headers.5.secret', message: 'is not allowed' },
      { field: 'body', message: 'must be at most 65536 characters' },
      { field: 'followRedirects', message: 'must be a boolean' },
    ]);
  });

  it('limits headers and assertions to 20 each', async () => {
    const errors = await errorsOf(
      httpBody({
        headers: Array.from({ length: 21 }, (_, i) => ({ name: `X-${i}`, value: 'v' })),
        assertions: Array.from({ length: 21 }, () => ({ source: 'responseTime', op: 'lt', value: 100 })),
      }),
    );
    expect(errors).toEqual([
      { field: 'headers', message: 'must have at most 20 items' },
      { field: 'assertions', message: 'must have at most 20 items' },
    ]);
  });

  it('takes a body only with POST, PUT or DELETE, and no header that auth already sends', async () => {
    expect(await errorsOf(httpBody({ body: 'x' }))).toEqual([{ field: 'body', message: 'is only allowed with method POST, PUT, DELETE (method is GET)' }]);
    expect(
      await errorsOf(
        httpBody({
          auth: { type: 'bearer', secret: 's' },
          headers: [
            { name: 'Accept', value: '*/*' },
            { name: 'authorization', value: 'Basic x' },
          ],
        }),
      ),
    ).toEqual([{ field: 'headers.1.name', message: 'must not be authorization while auth is set: auth sends that header' }]);
    expect(await errorsOf(httpBody({ auth: { type: 'header', headerName: 'X-Api-Key', secret: 's' }, headers: [{ name: 'x-api-key', value: 'k' }] }))).toEqual([
      { field: 'headers.0.name', message: 'must not be x-api-key while auth is set: auth sends that header' },
    ]);
    // Without auth, an Authorization header is the monitor's own business.
    expectCreated(await owner.request('POST', MONITORS, httpBody({ headers: [{ name: 'Authorization', value: 'Token public' }] })));
  });

  it('judges those rules on what a PATCH leaves, naming the field it sent', async () => {
    const { id } = expectCreated(
      await owner.request('POST', MONITORS, httpBody({ method: 'POST', body: 'x', headers: [{ name: 'Authorization', value: 'Token t' }] })),
    );
    const path = `${MONITORS}/${id}`;
    const before = await storedRow(server, id);

    expect(await errorsOf({ method: 'GET' }, 'PATCH', path)).toEqual([
      { field: 'method', message: 'must be POST, PUT, DELETE while the monitor has a body (send body: null to remove it)' },
    ]);
    expect(await errorsOf({ auth: { type: 'basic', username: 'u', secret: 'p' } }, 'PATCH', path)).toEqual([
      { field: 'auth', message: "must not send Authorization: the monitor's headers already set it (remove that header first)" },
    ]);
    expect(await storedRow(server, id)).toEqual(before);

    const patched = expectOk(await owner.request('PATCH', path, { method: 'GET', body: null, headers: null, auth: { type: 'bearer', secret: 'b' } }));
    expect(patched).toMatchObject({ method: 'GET', body: null, headers: [], auth: { type: 'bearer' } });
  });
});

describe('MCP', () => {
  it('advertises the fields on create_monitor and update_monitor, and validates them as REST does', async () => {
    const mcp = await connect(server, owner.member);
    try {
      const { tools } = await mcp.client.listTools();
      for (const name of ['create_monitor', 'update_monitor']) {
        const properties = (tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, any> }).properties;
        expect(Object.keys(properties)).toEqual(expect.arrayContaining(['headers', 'body', 'followRedirects', 'assertions']));
        expect(properties.assertions.description).toMatch(/^HTTP monitors only/);
        expect(JSON.stringify(properties.assertions)).toContain('responseTime');
      }

      const created = record(await mcp.call('create_monitor', httpBody({ assertions: ASSERTIONS.slice(0, 2), headers: HEADERS })));
      expect(created).toMatchObject({ assertions: STORED.slice(0, 2), headers: HEADERS });

      const refused = await mcp.call('update_monitor', { monitorId: created.id, assertions: [{ source: 'json', path: '$..x', op: 'exists' }] });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ detail: expect.stringMatching(/^assertions\.0\.path: /) });
    } finally {
      await mcp.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the assertions of each source, and the run outcomes', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    const http = doc.paths[MONITORS].post.requestBody.content['application/json'].schema.oneOf[0];
    const sources = http.properties.assertions.anyOf[0].items.oneOf.map((s: any) => s.properties.source.const);
    expect(sources).toEqual(['body', 'json', 'header', 'responseTime']);
    const run = JSON.stringify(doc.paths[`${MONITORS}/{id}/runs`].get.responses['200']);
    expect(run).toContain('"warnings"');
    expect(run).toContain('assertion-failed');
  });
});
