/** GET /api/v1/config-schema.json: the JSON Schema of the document `lookout apply` reads, from the API's own schemas. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configDocumentJsonSchema } from '../../src/domain/as-code/document.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const EXAMPLE = {
  notificationPolicies: [{ key: 'on-call', name: 'On-call', channels: [{ type: 'pagerduty', routingKey: '${PAGERDUTY_KEY}' }] }],
  monitors: [
    {
      key: 'api',
      type: 'http',
      name: 'API',
      intervalSeconds: 60,
      timeoutSeconds: 10,
      regions: ['eu-west'],
      url: 'https://api.example.com/health',
      method: 'GET',
      expectedStatus: 200,
      auth: { type: 'bearer', secret: '${API_TOKEN}' },
      notificationPolicy: 'on-call',
    },
    { key: 'nightly-backup', type: 'heartbeat', name: 'Backup', periodSeconds: 86400 },
  ],
  maintenanceWindows: [{ key: 'sunday', title: 'Upgrade', monitors: ['api'], startsAt: '2030-01-06T01:00:00Z', endsAt: '2030-01-06T02:00:00Z' }],
  statusPage: { slug: 'acme', title: 'Acme', monitors: ['api'] },
};

describe('the configuration schema', () => {
  it('is answered without a token, with an ETag that answers 304 when it is sent back', async () => {
    const answer = await server.request('GET', '/api/v1/config-schema.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/schema\+json/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const etag = answer.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(configDocumentJsonSchema())));
    const again = await fetch(`${server.baseUrl}/api/v1/config-schema.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('accepts a document the API would accept (placeholders too) and refuses what the API refuses', async () => {
    const schema = (await server.request('GET', '/api/v1/config-schema.json')).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // The package's CommonJS export, however the loader hands it over.
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(EXAMPLE), JSON.stringify(validate.errors)).toBe(true);
    const wrongs = [
      { ...EXAMPLE, monitors: [{ ...EXAMPLE.monitors[0], intervalSeconds: 5 }] },
      { ...EXAMPLE, monitors: [{ ...EXAMPLE.monitors[0], key: 'Not A Key' }] },
      { ...EXAMPLE, monitors: [{ ...EXAMPLE.monitors[0], notificationPolicyId: '0190a0a0-0000-7000-8000-000000000000' }] },
      { ...EXAMPLE, unknown: true },
      { ...EXAMPLE, maintenanceWindows: [{ ...EXAMPLE.maintenanceWindows[0], monitorIds: [] }] },
    ];
    for (const wrong of wrongs) expect(validate(wrong)).toBe(false);
  });

  it('follows the API: a field the monitors API describes is described the same way', async () => {
    const schema = (await server.request('GET', '/api/v1/config-schema.json')).body;
    const openapi = (await server.request('GET', '/api/v1/openapi.json')).body;
    const text = JSON.stringify(schema);
    // The interval's description and limits come from the one field both are written from.
    expect(text).toContain('Seconds between two checks: an integer from 60 to 3600.');
    expect(JSON.stringify(openapi)).toContain('Seconds between two checks: an integer from 60 to 3600.');
  });
});
