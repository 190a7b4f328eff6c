import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
