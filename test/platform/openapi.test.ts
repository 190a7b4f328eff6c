import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiAnswers } from '../helpers/openapi-answers.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and lists every /api/v1 endpoint the server routes', async () => {
    const answer = await server.request('GET', '/api/v1/openapi.json');
    expect(answer.status).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(answer.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const routed = server.app.http.printRoutes({ commonPrefix: false });
    for (const path of Object.keys(answer.body.paths)) {
      expect(routed).toContain(
        path
          .replace(/\{(\w+)\}/g, ':$1')
          .split('/')
          .pop(),
      );
    }
    expect(answer.body.paths['/api/v1/teams/current'].get.responses['401'].$ref).toBe('#/components/responses/unauthorized');
  });

  it('renders a readable reference at /docs', async () => {
    const page = await server.request('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('/api/v1/teams/current/members');
    expect(page.text).toContain('Lookout API');
  });

  it('documents every operation answer with a schema or as bodiless, and the answer checker holds the server to it', async () => {
    const document = (await server.request('GET', '/api/v1/openapi.json')).body;
    for (const [path, methods] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        const [status, success] = Object.entries<any>(operation.responses).find(([code]) => code.startsWith('2'))!;
        if (status === '204') expect(success.content, `${method} ${path}`).toBeUndefined();
        else expect(Object.values<any>(success.content)[0].schema, `${method} ${path}`).toBeDefined();
        expect(operation.description, `${method} ${path}`).toMatch(/^(Any role\.|Roles [A-Za-z, ]+\.|No token needed\.)/);
      }
    }

    const owner = await server.newTeam('Owner');
    const created = await server.request('POST', '/api/v1/monitors', {
      token: owner.token,
      body: {
        type: 'http',
        name: 'A',
        url: 'https://example.com',
        method: 'GET',
        expectedStatus: 200,
        intervalSeconds: 60,
        timeoutSeconds: 10,
        regions: ['us-east'],
      },
    });
    const answers = new OpenApiAnswers(document);
    const json = 'application/json; charset=utf-8';
    const path = `/api/v1/monitors/${created.body.id}`;
    answers.check('GET', path, 200, json, created.body);
    // A field dropped, a field retyped, an undocumented status, a body where none is documented: each fails.
    const { status: _status, ...withoutStatus } = created.body;
    expect(() => answers.check('GET', path, 200, json, withoutStatus)).toThrow(/schema refuses/);
    expect(() => answers.check('GET', path, 200, json, { ...created.body, intervalSeconds: '60' })).toThrow(/schema refuses/);
    expect(() => answers.check('GET', path, 409, json, {})).toThrow(/does not document/);
    expect(() => answers.check('DELETE', path, 204, json, { deleted: true })).toThrow(/documented as none/);
    expect(() => answers.check('GET', path, 404, 'application/problem+json', { type: 'x' })).toThrow(/schema refuses/);
    // Paths of no operation are not judged.
    answers.check('GET', '/healthz', 200, json, { status: 'ok' });
  });
});
