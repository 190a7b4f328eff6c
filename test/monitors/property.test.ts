import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitorRecord } from '../../src/domain/monitor-schemas.js';
import { startServer, type Answer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, httpBody, sslBody, storedRow, type Client } from './fixtures.js';

/**
 * Arbitrary JSON thrown at POST and PATCH: the answer is always either a valid monitor or a
 * validation problem — never a 500, never anything else — and a rejected PATCH changes nothing.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
/** Each run is one or two requests; allow for a slow machine when PROPERTY_RUNS is raised. */
const TIMEOUT_MS = Math.max(30_000, RUNS * 100);

const COMMON_KEYS = [
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
];
const KEYS = {
  http: [
    'id',
    ...COMMON_KEYS,
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
  ].sort(),
  ssl: ['id', ...COMMON_KEYS, 'host', 'port', 'warningDays', 'certificate'].sort(),
};

const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' });

/** Per field: mostly plausible values, sometimes anything at all. */
const fieldValues: Record<string, fc.Arbitrary<unknown>> = {
  type: fc.constantFrom('http', 'ssl', 'smtp', ''),
  name: fc.oneof(fc.string({ maxLength: 210 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom(' ', '', 'a\u0000')),
  intervalSeconds: fc.oneof(fc.integer({ min: 0, max: 4000 }), fc.double()),
  timeoutSeconds: fc.oneof(fc.integer({ min: -1, max: 130 }), fc.double()),
  regions: fc.array(fc.constantFrom('us-east', 'eu-west', 'asia', 'mars'), { maxLength: 4 }),
  notificationPolicyId: fc.oneof(fc.constant(null), fc.uuid(), fc.string()),
  failureThreshold: fc.oneof(fc.integer({ min: 0, max: 11 }), fc.double()),
  recoveryThreshold: fc.oneof(fc.integer({ min: 0, max: 11 }), fc.double()),
  url: fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom('https://example.com', 'ftp://x', 'https://u:p@example.com')),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'get', 'PATCH'),
  expectedStatus: fc.integer({ min: 90, max: 610 }),
  auth: fc.oneof(
    fc.constant(null),
    fc.record(
      {
        type: fc.constantFrom('bearer', 'basic', 'header', 'digest'),
        secret: fc.string({ unit: 'binary', maxLength: 30 }),
        username: fc.string({ maxLength: 10 }),
        headerName: fc.oneof(fc.constantFrom('X-Api-Key', 'Host', 'bad header'), fc.string({ maxLength: 10 })),
      },
      { requiredKeys: ['type'] },
    ),
  ),
  headers: fc.oneof(
    fc.constant(null),
    fc.array(
      fc.record(
        {
          name: fc.oneof(fc.constantFrom('Accept', 'X-Trace', 'authorization', 'Host', 'bad name', ''), fc.string({ maxLength: 10 })),
          value: fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 10 })),
        },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
  ),
  body: fc.oneof(fc.constant(null), fc.string({ unit: 'binary', maxLength: 30 })),
  followRedirects: fc.boolean(),
  assertions: fc.oneof(
    fc.constant(null),
    fc.array(
      fc.record(
        {
          source: fc.constantFrom('body', 'json', 'header', 'responseTime', 'status'),
          op: fc.constantFrom('contains', 'notContains', 'matches', 'notMatches', 'eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'exists', 'notExists', 'is'),
          path: fc.oneof(fc.constantFrom('$.a', '$.items[0].id', '$', 'a', '$..a', '$[-1]'), fc.string({ maxLength: 10 })),
          name: fc.constantFrom('Content-Type', 'X-Version', 'bad name'),
          value: fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 130_000 }), fc.constantFrom('(a', '(?<=x)y', '(a+)+$'), anyJson),
          severity: fc.constantFrom('fail', 'degraded', 'warn'),
        },
        { requiredKeys: ['source'] },
      ),
      { maxLength: 3 },
    ),
  ),
  host: fc.oneof(fc.domain(), fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 20 }), fc.constantFrom('https://example.com', 'example.com:443')),
  port: fc.integer({ min: -1, max: 70000 }),
  warningDays: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 4000 })),
};

const monitorLike = fc
  .tuple(
    fc.record(Object.fromEntries(Object.entries(fieldValues).map(([k, v]) => [k, fc.oneof({ weight: 4, arbitrary: v }, { weight: 1, arbitrary: anyJson })])), {
      requiredKeys: [],
    }),
    fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 2 }),
    fc.boolean(),
  )
  .map(([fields, extra, withExtra]) => (withExtra ? { ...extra, ...fields } : fields));

/** Mostly complete, valid-looking monitors with one field changed, so that success is reached too. */
const nearlyValid = fc
  .tuple(fc.constantFrom('http', 'ssl'), fc.constantFrom(...Object.keys(fieldValues)))
  .chain(([type, field]) => fieldValues[field]!.map((value) => ({ ...(type === 'http' ? httpBody() : sslBody()), [field]: value })));

const bodies = fc.oneof(
  { weight: 3, arbitrary: nearlyValid },
  { weight: 3, arbitrary: monitorLike },
  { weight: 2, arbitrary: anyJson },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((raw) => ({ raw })) },
);

/** PATCH bodies made of the monitor's own fields, each mostly plausible: reaches the accepting paths. */
const FIELDS_OF = {
  http: [
    'name',
    'intervalSeconds',
    'timeoutSeconds',
    'regions',
    'notificationPolicyId',
    'failureThreshold',
    'recoveryThreshold',
    'url',
    'method',
    'expectedStatus',
    'auth',
    'headers',
    'body',
    'followRedirects',
    'assertions',
  ],
  ssl: ['name', 'intervalSeconds', 'timeoutSeconds', 'regions', 'notificationPolicyId', 'failureThreshold', 'recoveryThreshold', 'host', 'port', 'warningDays'],
};
const patchLike = (type: 'http' | 'ssl') => fc.record(Object.fromEntries(FIELDS_OF[type].map((k) => [k, fieldValues[k]!])), { requiredKeys: [] });
/** One field of the monitor's own: accepted often enough that every run reaches the accepting path. */
const onePatchField = (type: 'http' | 'ssl') => fc.constantFrom(...FIELDS_OF[type]).chain((field) => fieldValues[field]!.map((value) => ({ [field]: value })));

function send(c: Client, method: string, path: string, body: unknown): Promise<Answer> {
  if (body !== null && typeof body === 'object' && 'raw' in body && Object.keys(body).length === 1) {
    return c.request(method, path, (body as { raw: string }).raw || ' ');
  }
  return c.request(method, path, JSON.stringify(body));
}

function expectMonitorOrProblem(answer: Answer, success: number, path: string): any {
  if (answer.status === success) {
    const record = answer.body;
    expect(MonitorRecord.safeParse(record).success, answer.text).toBe(true);
    expect(Object.keys(record).sort()).toEqual(KEYS[record.type as 'http' | 'ssl']);
    expect(answer.text).not.toMatch(/"secret"/);
    return record;
  }
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.type).toBe('http://lookout.test/errors/validation');
  expect(answer.body.instance).toBe(path);
  expect(answer.body.errors.length).toBeGreaterThan(0);
  expect(answer.body.detail).toBe(`${answer.body.errors[0].field}: ${answer.body.errors[0].message}`);
  return undefined;
}

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'warn' });
  owner = await client(server);
});

afterAll(async () => {
  await server?.close();
});

describe('arbitrary JSON', () => {
  it(
    'POST answers a valid monitor or a validation problem',
    async () => {
      let created = 0;
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const answer = await send(owner, 'POST', MONITORS, body);
          if (expectMonitorOrProblem(answer, 201, MONITORS)) created++;
        }),
        { numRuns: RUNS },
      );
      expect(created).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  for (const type of ['http', 'ssl'] as const) {
    it(
      `PATCH of an ${type} monitor answers the monitor or a validation problem, and a rejection changes nothing`,
      async () => {
        const base = type === 'http' ? httpBody({ auth: { type: 'bearer', secret: 'keep-me' } }) : sslBody({ warningDays: 5 });
        const { id } = expectCreated(await owner.request('POST', MONITORS, base));
        const path = `${MONITORS}/${id}`;
        let accepted = 0;
        await fc.assert(
          fc.asyncProperty(
            fc.oneof({ weight: 2, arbitrary: bodies }, { weight: 1, arbitrary: patchLike(type) }, { weight: 1, arbitrary: onePatchField(type) }),
            async (body) => {
              const before = await storedRow(server, id);
              const answer = await send(owner, 'PATCH', path, body);
              const record = expectMonitorOrProblem(answer, 200, path);
              if (record) {
                accepted++;
                expect(record).toMatchObject({ id, type });
              } else {
                expect(await storedRow(server, id)).toEqual(before);
              }
            },
          ),
          { numRuns: RUNS },
        );
        expect(accepted).toBeGreaterThan(0);
      },
      TIMEOUT_MS,
    );
  }

  it('the server logged no failure', () => {
    expect(server.logs()).not.toContain('request failed');
  });
});
