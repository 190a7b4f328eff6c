import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member;
beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
});
afterAll(() => server.close());

describe('HTTP conventions', () => {
  it('answers an unknown path with 404 not-found', async () => {
    const answer = await server.request('GET', '/api/v1/nothing-here?x=1', { token: owner.token });
    expect(answer.status).toBe(404);
    expect(answer.body.type).toBe('http://lookout.test/errors/not-found');
    expect(answer.body.instance).toBe('/api/v1/nothing-here');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const answer = await server.request('DELETE', '/api/v1/teams/current', { token: owner.token });
    expect(answer.status).toBe(405);
    expect(answer.body.type).toBe('http://lookout.test/errors/method-not-allowed');
    expect(answer.headers.get('allow')).toBe('GET, HEAD, PATCH');
  });

  it('puts a fresh X-Request-Id on every answer', async () => {
    const a = await server.request('GET', '/healthz');
    const b = await server.request('GET', '/healthz');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('reports health and readiness', async () => {
    expect((await server.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.request('GET', '/readyz')).body).toEqual({ status: 'ready' });
  });

  it('hides the cause of a server failure and logs it with the request id', async () => {
    const broken = await startServer();
    const member = await broken.newTeam('Owner');
    // Pull the database away under the running server.
    await broken.app.store.db.destroy();
    const answer = await broken.request('GET', '/api/v1/teams/current', { token: member.token });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      type: 'http://lookout.test/errors/internal',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred.',
      instance: '/api/v1/teams/current',
    });
    const requestId = answer.headers.get('x-request-id')!;
    const line = broken
      .logs()
      .split('\n')
      .find((l) => l.includes('request failed'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 50, reqId: requestId, err: { message: expect.any(String) } });
    const ready = await broken.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    await broken.close();
  });
});
