import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, PUBLIC_URL, startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member;
beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
});
afterAll(() => server.close());

const monitor = {
  type: 'http',
  name: 'Edge',
  url: 'https://example.com/',
  method: 'GET',
  expectedStatus: 200,
  intervalSeconds: 60,
  timeoutSeconds: 10,
  regions: ['us-east'],
};

/** Sends bytes as they are (no client library that would fix or refuse them) and reads until the server closes. */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
    socket.on('close', () => resolve(received));
    socket.write(bytes);
  });
}

function parseRaw(text: string): { status: number; headers: Record<string, string>; body: any } {
  const [head, body = ''] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head!.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('request bodies that are not JSON', () => {
  it('answers a text/plain body with 415, also when it holds valid JSON', async () => {
    for (const path of ['/api/v1/monitors', '/api/v1/incidents']) {
      const answer = await server.request('POST', path, {
        token: owner.token,
        body: JSON.stringify(monitor),
        headers: { 'content-type': 'text/plain' },
      });
      expectProblem(answer, 415, 'unsupported-media-type', path);
    }
    // The sign-in route reads its body without a token: the same rule.
    const signIn = await server.request('POST', '/api/v1/session', {
      body: '{"email":"a@b.test","password":"x"}',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expectProblem(signIn, 415, 'unsupported-media-type', '/api/v1/session');
  });

  it('answers a body without Content-Type, a form, multipart and a non-UTF-8 charset with 415', async () => {
    const noType = await fetch(`${server.baseUrl}/api/v1/monitors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: new TextEncoder().encode(JSON.stringify(monitor)),
    });
    expect(noType.status).toBe(415);
    expect(noType.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/jsonx',
      'text/json',
    ]) {
      const answer = await server.request('POST', '/api/v1/monitors', { token: owner.token, body: monitor, headers: { 'content-type': type } });
      expectProblem(answer, 415, 'unsupported-media-type', '/api/v1/monitors');
    }
  });

  it('still reads application/json with a UTF-8 charset and +json media types', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/merge-patch+json']) {
      const answer = await server.request('POST', '/api/v1/monitors', {
        token: owner.token,
        body: { ...monitor, name: type },
        headers: { 'content-type': type },
      });
      expect(answer.status, answer.text).toBe(201);
    }
  });

  it('answers a compressed body with 415 instead of reading it as JSON', async () => {
    const body = JSON.stringify(monitor);
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(body)],
      ['br', Buffer.from(body)],
      ['deflate, identity', Buffer.from(body)],
    ] as const) {
      const answer = await fetch(`${server.baseUrl}/api/v1/monitors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', 'content-encoding': encoding },
        body: bytes,
      });
      expect(answer.status, encoding).toBe(415);
      const problem = await answer.json();
      expect(problem).toMatchObject({ type: `${PUBLIC_URL}/errors/unsupported-media-type`, status: 415, instance: '/api/v1/monitors' });
    }
    const identity = await server.request('POST', '/api/v1/monitors', { token: owner.token, body: monitor, headers: { 'content-encoding': 'identity' } });
    expect(identity.status).toBe(201);
  });

  it('answers a non-JSON body to MCP with a 415 problem, and a refusal of its transport as a problem too', async () => {
    const headers = { authorization: `Bearer ${owner.token}`, accept: 'application/json, text/event-stream' };
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const plain = await server.request('POST', '/mcp', { body: ping, headers: { ...headers, 'content-type': 'text/plain' } });
    expectProblem(plain, 415, 'unsupported-media-type', '/mcp');
    const gzip = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(ping),
    });
    expect(gzip.status).toBe(415);
    expect(gzip.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // Without `Accept: text/event-stream` the MCP transport refuses with 406; it was a bare JSON-RPC error.
    const unacceptable = await server.request('POST', '/mcp', { body: ping, headers: { authorization: headers.authorization, accept: 'application/json' } });
    expectProblem(unacceptable, 406, 'not-acceptable', '/mcp');
    const notRpc = await server.request('POST', '/mcp', { body: { hello: 'world' }, headers });
    expectProblem(notRpc, 400, 'validation', '/mcp');
  });
});

describe('refusals the router makes before any route runs', () => {
  it('answers bad percent-encoding in the path with a 400 problem', async () => {
    for (const path of ['/api/v1/monitors/%E0%A4%A', '/api/v1/monitors/%zz', '/status/%E0%A4%A', '/mcp/%C0']) {
      const answer = await server.request('GET', path, { token: owner.token });
      expectProblem(answer, 400, 'validation', path);
      expect(answer.body.errors).toEqual([{ field: 'path', message: 'is not valid percent-encoding' }]);
      expect(answer.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('answers a path parameter longer than the router takes with 404 not-found, never a 405 naming the method used', async () => {
    const long = 'a'.repeat(101);
    const cases: Array<[string, string]> = [
      ['GET', `/api/v1/monitors/${long}`],
      ['HEAD', `/api/v1/monitors/${long}`],
      ['PATCH', `/api/v1/monitors/${long}`],
      ['DELETE', `/api/v1/monitors/${long}`],
      ['POST', `/api/v1/monitors/${long}/pause`],
      ['GET', `/api/v1/incidents/${'%C3%A9'.repeat(60)}`],
      ['GET', `/status/${long}`],
      ['GET', `/status/${long}/feed.atom`],
    ];
    for (const [method, path] of cases) {
      const answer = await fetch(server.baseUrl + path, { method, headers: { authorization: `Bearer ${owner.token}`, accept: 'application/json' } });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers.get('allow'), `${method} ${path}`).toBeNull();
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      if (method !== 'HEAD') expect(await answer.json()).toMatchObject({ type: `${PUBLIC_URL}/errors/not-found`, status: 404, instance: path });
    }
    // A parameter of exactly the limit still reaches the route (which judges the id).
    const atLimit = await server.request('DELETE', `/api/v1/monitors/${'a'.repeat(100)}`, { token: owner.token });
    expectProblem(atLimit, 404, 'not-found', `/api/v1/monitors/${'a'.repeat(100)}`);
    const wrongMethod = await server.request('PUT', `/api/v1/monitors/${'a'.repeat(100)}`, { token: owner.token });
    expectProblem(wrongMethod, 405, 'method-not-allowed', `/api/v1/monitors/${'a'.repeat(100)}`);
  });
});

describe("requests Node's HTTP parser refuses", () => {
  it('answers a malformed header line with a 400 problem and closes the connection', async () => {
    const answer = parseRaw(await rawExchange('GET /api/v1/monitors HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['x-request-id']).toBeTruthy();
    expect(answer.body).toMatchObject({ type: `${PUBLIC_URL}/errors/validation`, status: 400, instance: '/api/v1/monitors', title: 'Validation Error' });
    expect(typeof answer.body.detail).toBe('string');
  });

  it('answers bytes that are no HTTP at all with a 400 problem', async () => {
    const answer = parseRaw(await rawExchange('HELLO THERE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ type: `${PUBLIC_URL}/errors/validation`, status: 400 });
  });

  it('answers headers over the size limit with a 431 problem', async () => {
    const answer = parseRaw(await rawExchange(`GET /api/v1/teams/current HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ type: `${PUBLIC_URL}/errors/headers-too-large`, status: 431, title: 'Request Header Fields Too Large' });
  });

  it('keeps serving after refusing broken requests', async () => {
    await rawExchange('GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n');
    const answer = await server.request('GET', '/api/v1/teams/current', { token: owner.token });
    expect(answer.status).toBe(200);
  });
});
