import AjvModule from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem, type ProblemCode } from '../../src/domain/problem.js';
import type { Role } from '../../src/shared/vocabulary.js';
import { contentTypes, hostileIds, junkAuthorizations, junkValue, rawBodies } from '../helpers/fuzz-values.js';
import { schemaArbitrary } from '../helpers/schema-arbitrary.js';
import { PUBLIC_URL, startServer, type Member, type TestServer } from '../helpers/server.js';

/**
 * Requests generated from the OpenAPI document the server serves: every operation, with valid and
 * mutated bodies, hostile path ids and hostile headers. Whatever is sent, the server must answer
 * without a 5xx, every error as a problem whose status is the HTTP status, every status one the
 * document lists for the operation (or one of the refusals it documents for any request), and every
 * success body valid against the document's schema.
 *
 * FUZZ_SEED and FUZZ_RUNS (requests) override the fixed defaults; a failure prints the seed.
 *
 * Budgets: each token may make 300 requests a minute, so the requests are spread over many members'
 * tokens (each used for at most TOKEN_SHARE requests, whatever the run length). Failed authentication
 * is throttled per client address at 100 a minute and every request here comes from 127.0.0.1, so
 * requests that authenticate nobody (junk or missing tokens) are counted and capped at JUNK_AUTH_CAP
 * for the whole run; past the cap a generated junk credential is replaced by a valid one.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261123;
const REQUESTS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 5200;
const BATCH = 16;
const TOKEN_SHARE = 200;
const JUNK_AUTH_CAP = 80;
/**
 * Refusals the document describes for any request: a body over 1 MiB, a body that is not JSON, and
 * headers over Node's 16 KiB limit (refused by its HTTP parser, before the request line is known to
 * Lookout, so that problem may come without `instance`).
 */
const GENERIC_STATUSES = [413, 415, 431];
/** A check or notification must never leave the machine: every URL a body names is a closed local port. */
const LOCAL_URL = fc.constantFrom('http://127.0.0.1:9/', 'https://127.0.0.1:9/health', 'http://localhost:9/hook', 'http://[::1]:9/');

type Operation = {
  method: string;
  path: string;
  operationId: string;
  statuses: Set<number>;
  bodySchema?: Record<string, unknown>;
  successSchemas: Map<number, Record<string, unknown>>;
  auth: boolean;
};

type AuthKind = 'own' | 'other' | 'junk';
type Spec = {
  operation: Operation;
  role: number;
  auth: AuthKind;
  junkAuth: string | undefined;
  ids: Array<{ kind: 'own' | 'other' | 'random' | 'hostile'; pick: number; hostile: string; random: string }>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'huge' };
  contentType: string | undefined;
  useContentType: boolean;
  encoding: string | undefined;
  headers: Record<string, string>;
  query: string;
};

const ROLES: Role[] = ['Owner', 'Admin', 'Member'];

let server: TestServer;
let pool: Pool;
let document: any;
let operations: Operation[] = [];
const ajv = new ((AjvModule as any).default ?? AjvModule)({ strict: false, allErrors: true });
((addFormatsModule as any).default ?? addFormatsModule)(ajv);
const validators = new Map<Record<string, unknown>, any>();

/** Tokens that act in our team, by role, and in the other team; each is used at most TOKEN_SHARE times. */
const actors: Record<'Owner' | 'Admin' | 'Member' | 'Viewer' | 'other', Array<{ token: string; used: number }>> = {
  Owner: [],
  Admin: [],
  Member: [],
  Viewer: [],
  other: [],
};
let junkAuthUsed = 0;

/** Ids the path parameters take: ours (the acting team's), the other team's, by kind of resource. */
type Kind = 'monitor' | 'incident' | 'policy' | 'member' | 'token';
const own: Record<Kind, string[]> = { monitor: [], incident: [], policy: [], member: [], token: [] };
const other: Record<Kind, string[]> = { monitor: [], incident: [], policy: [], member: [], token: [] };

function kindOf(path: string): Kind {
  if (path.includes('/monitors/')) return 'monitor';
  if (path.includes('/incidents/')) return 'incident';
  if (path.includes('/notification-policies/')) return 'policy';
  if (path.includes('/members/')) return 'member';
  return 'token';
}

function leastUsed(list: Array<{ token: string; used: number }>): { token: string; used: number } {
  let best = list[0]!;
  for (const entry of list) if (entry.used < best.used) best = entry;
  best.used++;
  if (best.used > TOKEN_SHARE) throw new Error('fuzz: a token would exceed its share of the rate budget; add members');
  return best;
}

beforeAll(async () => {
  server = await startServer();
  pool = new Pool(server.baseUrl, { connections: BATCH, pipelining: 1 });
  document = (await server.request('GET', '/api/v1/openapi.json')).body;
  for (const [path, methods] of Object.entries<any>(document.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const successSchemas = new Map<number, Record<string, unknown>>();
      for (const [status, response] of Object.entries<any>(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) successSchemas.set(Number(status), schema);
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        statuses: new Set(Object.keys(op.responses).map(Number)),
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
        successSchemas,
        auth: !(Array.isArray(op.security) && op.security.length === 0),
      });
    }
  }
  operations = operations.sort((a, b) => a.operationId.localeCompare(b.operationId));

  // Our team: members of every role whose tokens do the fuzzing, and members that only serve as targets.
  const setup = await server.newTeam('Owner');
  const perRole = Math.ceil(REQUESTS / TOKEN_SHARE) + 1;
  for (const role of ROLES) {
    for (let i = 0; i < perRole; i++) actors[role].push({ token: (await server.addMember(setup.teamId, role)).token, used: 0 });
  }
  for (let i = 0; i < 4; i++) {
    const target = await server.addMember(setup.teamId, 'Member');
    own.member.push(target.userId);
    own.token.push(target.tokenId);
  }
  await seedResources(setup, own);

  // Another team with real resources: its ids must never work for us, nor ours for its tokens.
  const rival = await server.newTeam('Owner');
  other.member.push(rival.userId);
  other.token.push(rival.tokenId);
  for (let i = 0; i < Math.ceil(REQUESTS / 10 / TOKEN_SHARE) + 1; i++)
    actors.other.push({ token: (await server.addMember(rival.teamId, 'Owner')).token, used: 0 });
  await seedResources(rival, other);
  const page = await server.request('PUT', '/api/v1/status-pages/current', {
    token: rival.token,
    body: { slug: `rival-${rival.teamId.slice(-8)}`, title: 'Rival', monitorIds: other.monitor },
  });
  expect(page.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await server?.close();
});

async function seedResources(member: Member, into: Record<Kind, string[]>): Promise<void> {
  for (let i = 0; i < 8; i++) {
    const monitor = await server.request('POST', '/api/v1/monitors', {
      token: member.token,
      body: {
        type: 'http',
        name: `M${i}`,
        url: 'http://127.0.0.1:9/',
        method: 'GET',
        expectedStatus: 200,
        intervalSeconds: 60,
        timeoutSeconds: 5,
        regions: ['us-east'],
      },
    });
    expect(monitor.status, monitor.text).toBe(201);
    into.monitor.push(monitor.body.id);
  }
  for (let i = 0; i < 5; i++) {
    const incident = await server.request('POST', '/api/v1/incidents', {
      token: member.token,
      body: { title: `I${i}`, monitorId: into.monitor[i], message: 'Looking' },
    });
    expect(incident.status, incident.text).toBe(201);
    into.incident.push(incident.body.id);
  }
  for (let i = 0; i < 3; i++) {
    const policy = await server.request('POST', '/api/v1/notification-policies', {
      token: member.token,
      body: { name: `P${i}`, channels: [{ type: 'webhook', url: 'http://127.0.0.1:9/hook', secret: 's'.repeat(20) }] },
    });
    expect(policy.status, policy.text).toBe(201);
    into.policy.push(policy.body.id);
  }
}

function specArbitrary(): fc.Arbitrary<Spec> {
  const allIds = () => [...Object.values(own).flat(), ...Object.values(other).flat()];
  const uuid = fc.oneof(fc.constantFrom(...allIds()), fc.uuid());
  const byName = { url: LOCAL_URL, webhookUrl: LOCAL_URL, host: fc.constantFrom('127.0.0.1', 'localhost', '::1', 'example.invalid') };
  const bodyFor = new Map<Operation, fc.Arbitrary<unknown>>();
  for (const operation of operations) {
    if (operation.bodySchema) bodyFor.set(operation, schemaArbitrary(operation.bodySchema, { uuid, byName }));
  }
  // One change somewhere in a valid body, at the top or inside nested objects and arrays (a channel's
  // url, an auth object's type): drop a field, give it a junk value, add an unknown field, or replace it.
  const mutate = (valid: fc.Arbitrary<unknown>) =>
    fc
      .tuple(
        valid,
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 3 }),
        junkValue,
        fc.constantFrom('extra', 'id', 'teamId', 'createdAt', 'secretSet', 'role', 'toString'),
      )
      .map(([value, path, how, junk, key]) => mutateAt(value, path, how, junk, key));

  return fc.constantFrom(...operations).chain((operation) => {
    const schemaBody = bodyFor.get(operation);
    const body: fc.Arbitrary<Spec['body']> = schemaBody
      ? fc.oneof(
          { weight: 10, arbitrary: schemaBody.map((value) => ({ kind: 'json' as const, value })) },
          { weight: 6, arbitrary: mutate(schemaBody).map((value) => ({ kind: 'json' as const, value })) },
          { weight: 2, arbitrary: fc.constantFrom(...rawBodies).map((text) => ({ kind: 'raw' as const, text })) },
          { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
          { weight: 1, arbitrary: fc.nat(60).map((n) => (n === 0 ? { kind: 'huge' as const } : { kind: 'none' as const })) },
        )
      : fc.oneof(
          { weight: 12, arbitrary: fc.constant({ kind: 'none' as const }) },
          { weight: 1, arbitrary: junkValue.map((value) => ({ kind: 'json' as const, value })) },
          { weight: 1, arbitrary: fc.constantFrom(...rawBodies).map((text) => ({ kind: 'raw' as const, text })) },
        );
    const params = [...operation.path.matchAll(/\{(\w+)\}/g)].length;
    const id = fc.record({
      kind: fc.constantFrom<'own' | 'other' | 'random' | 'hostile'>('own', 'own', 'own', 'own', 'other', 'random', 'hostile', 'hostile'),
      pick: fc.nat(),
      hostile: fc.constantFrom(...hostileIds),
      random: fc.uuid(),
    });
    return fc.record({
      operation: fc.constant(operation),
      role: fc.nat(2),
      auth: fc.constantFrom<AuthKind>(...Array<AuthKind>(40).fill('own'), 'other', 'other', 'other', 'other', 'junk'),
      junkAuth: fc.constantFrom(...junkAuthorizations),
      ids: fc.array(id, { minLength: params, maxLength: params }),
      body,
      contentType: fc.constantFrom(...contentTypes),
      useContentType: fc.nat(9).map((n) => n < 8),
      encoding: fc.oneof(
        { weight: 20, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('gzip', 'br', 'x-junk', 'identity', 'gzip, identity') },
      ),
      headers: fc.oneof(
        { weight: 10, arbitrary: fc.constant({}) },
        {
          weight: 3,
          arbitrary: fc.dictionary(
            fc.constantFrom('accept', 'x-forwarded-for', 'x-csrf-token', 'cookie', 'x-junk', 'if-none-match', 'range', 'accept-encoding', 'x-request-id'),
            fc.oneof(
              fc.string({ maxLength: 30, unit: 'grapheme-ascii' }),
              fc.constantFrom('lookout_session=junk', 'a'.repeat(8000), '*/*;q=x', '1.2.3.4, 10.0.0.1', 'text/event-stream'),
            ),
            { maxKeys: 3 },
          ),
        },
      ),
      query: fc.constantFrom(
        '',
        '',
        '',
        '?limit=-1',
        '?limit=99999999999999999999',
        '?cursor=%ZZ&x[]=1',
        '?__proto__[a]=1',
        '?%E0%A4%A=1',
        '?status=up&status=down',
        `?q=${'a'.repeat(3000)}`,
      ),
    });
  });
}

function mutateAt(value: unknown, path: number[], how: number, junk: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return junk;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const [step = 0, ...rest] = path;
  const chosen = keys[step % Math.max(keys.length, 1)];
  if (chosen !== undefined && rest.length > 0 && typeof copy[chosen] === 'object' && copy[chosen] !== null) {
    copy[chosen] = mutateAt(copy[chosen], rest, how, junk, key);
    return copy;
  }
  if (how === 0 && chosen !== undefined) {
    if (Array.isArray(copy)) copy.splice(Number(chosen), 1);
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- leaving a field out of a JSON body is the mutation
    else delete copy[chosen];
  } else if (how === 1 && chosen !== undefined) copy[chosen] = junk;
  else if (how === 2) {
    if (Array.isArray(copy)) copy.push(junk);
    else copy[key] = junk;
  } else return junk;
  return copy;
}

interface Sent {
  method: string;
  path: string;
  foreign: boolean;
  junkAuth: boolean;
  badEncoding: boolean;
  /** Whether the router finds the route (every parameter within its length limit): only then is the token judged. */
  routable: boolean;
  describe: string;
}

function build(spec: Spec): { sent: Sent; headers: Record<string, string>; body: string | Buffer | undefined } {
  const { operation } = spec;
  let auth: AuthKind = spec.auth;
  if (auth === 'junk' && junkAuthUsed >= JUNK_AUTH_CAP) auth = 'own';
  const actingTeam = auth === 'other' ? other : own;
  const foreignTeam = auth === 'other' ? own : other;
  let foreign = false;
  let badEncoding = false;
  let routable = true;
  let index = 0;
  const path = operation.path.replace(/\{(\w+)\}/g, () => {
    const id = spec.ids[index++]!;
    const kind = kindOf(operation.path);
    const pick = (list: string[]) => list[id.pick % list.length] ?? id.random;
    switch (id.kind) {
      case 'own':
        return pick(actingTeam[kind]);
      case 'other':
        foreign = true;
        return pick(foreignTeam[kind]);
      case 'random':
        return id.random;
      default:
        try {
          decodeURIComponent(id.hostile);
        } catch {
          badEncoding = true;
        }
        if (badEncoding || id.hostile.length > 100) routable = false;
        return id.hostile;
    }
  });
  const headers: Record<string, string> = { ...spec.headers };
  delete headers['content-type'];
  if (auth === 'own') headers.authorization = `Bearer ${leastUsed(actors[ROLES[spec.role]!]).token}`;
  else if (auth === 'other') headers.authorization = `Bearer ${leastUsed(actors.other).token}`;
  else {
    junkAuthUsed++;
    if (spec.junkAuth === undefined) delete headers.authorization;
    else headers.authorization = spec.junkAuth;
  }
  // A session cookie without a bearer token is one more failed authentication: keep it with a token only.
  if (headers.cookie && !headers.authorization) delete headers.cookie;

  let body: string | Buffer | undefined;
  if (spec.body.kind === 'json') body = JSON.stringify(spec.body.value) ?? 'null';
  else if (spec.body.kind === 'raw') body = spec.body.text;
  else if (spec.body.kind === 'huge') body = Buffer.alloc(1024 * 1024 + 10, 0x20);
  if (body !== undefined) {
    const type = spec.useContentType ? 'application/json' : spec.contentType;
    if (type !== undefined) headers['content-type'] = type;
    if (spec.encoding) headers['content-encoding'] = spec.encoding;
  }
  const url = path + spec.query;
  const shown = body === undefined ? '' : ` body=${String(body).slice(0, 300)}${String(body).length > 300 ? '…' : ''}`;
  const shownHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v]));
  return {
    sent: {
      method: operation.method,
      path,
      foreign,
      junkAuth: auth === 'junk',
      badEncoding,
      routable,
      describe: `${operation.method} ${url.slice(0, 200)} headers=${JSON.stringify(shownHeaders)}${shown}`,
    },
    headers,
    body,
  };
}

async function send(spec: Spec): Promise<void> {
  const { sent, headers, body } = build(spec);
  const response = await pool.request({ method: sent.method as any, path: sent.path + spec.query, headers, body });
  const type = String(response.headers['content-type'] ?? '');
  let text = '';
  if (type.startsWith('text/event-stream')) response.body.destroy();
  else text = await response.body.text();
  judge(spec.operation, sent, response.statusCode, response.headers, type, text);
}

/** The first broken answer, described compactly (fast-check's counterexample would print whole schemas). */
let firstFailure: string | undefined;

function fail(sent: Sent, status: number, text: string, why: string): never {
  const message = `${why}\n  request: ${sent.describe}\n  answer: ${status} ${text.slice(0, 400)}`;
  firstFailure ??= message;
  throw new Error(message);
}

function validate(schema: Record<string, unknown>, value: unknown): string | undefined {
  let validator = validators.get(schema);
  if (!validator) validators.set(schema, (validator = ajv.compile(schema)));
  return validator(value) ? undefined : ajv.errorsText(validator.errors);
}

/** Answers by status, printed at the end: a run that only ever reached 401 or 400 would test little. */
const tally = new Map<number, number>();

function judge(operation: Operation, sent: Sent, status: number, headers: Record<string, unknown>, type: string, text: string): void {
  tally.set(status, (tally.get(status) ?? 0) + 1);
  // A 503 the operation documents is an answer, not a failure: a mail server the install has not
  // configured (changing one's sign-in address without SMTP_URL). Any other 5xx is a server error.
  if (status >= 500 && !(status === 503 && operation.statuses.has(503))) fail(sent, status, text, `server error ${status}`);
  if (!headers['x-request-id']) fail(sent, status, text, 'answer without X-Request-Id');
  const allowed = operation.statuses.has(status) || GENERIC_STATUSES.includes(status) || (status === 400 && sent.badEncoding);
  if (!allowed) fail(sent, status, text, `status ${status} is not documented for ${operation.operationId}`);
  if (sent.foreign && status < 300) fail(sent, status, text, "another team's id was accepted");
  if (sent.junkAuth && sent.routable && operation.auth && status !== 401 && status !== 429 && status !== 431)
    fail(sent, status, text, 'a request without a valid token was not refused');
  if (status >= 400) {
    if (!type.startsWith('application/problem+json')) fail(sent, status, text, 'error answer is not application/problem+json');
    let problem: any;
    try {
      problem = JSON.parse(text);
    } catch {
      fail(sent, status, text, 'problem body is not JSON');
    }
    if (status === 431 && problem?.instance === undefined) problem.instance = sent.path;
    const schemaError = validate(document.components.schemas.Problem, problem);
    if (schemaError) fail(sent, status, text, `problem does not match the Problem schema: ${schemaError}`);
    const code = String(problem.type).slice(`${PUBLIC_URL}/errors/`.length);
    if (!String(problem.type).startsWith(`${PUBLIC_URL}/errors/`) || !/^[a-z-]+$/.test(code))
      fail(sent, status, text, 'problem type is not {base_url}/errors/<code>');
    if (problem.status !== status) fail(sent, status, text, 'problem status differs from the HTTP status');
    if (new Problem(code as ProblemCode, '').status !== status) fail(sent, status, text, `problem code ${code} belongs to another status`);
    if (problem.instance !== sent.path) fail(sent, status, text, 'problem instance is not the request path');
    if (code === 'validation' && !(Array.isArray(problem.errors) && problem.errors.length > 0)) fail(sent, status, text, 'validation problem without errors[]');
    return;
  }
  const schema = operation.successSchemas.get(status);
  if (schema) {
    if (!type.startsWith('application/json')) fail(sent, status, text, `success answer is ${type}, not JSON`);
    const error = validate(schema, JSON.parse(text));
    if (error) fail(sent, status, text, `success body does not match the document: ${error}`);
  } else if (status === 204 && text !== '') {
    fail(sent, status, text, '204 with a body');
  }
}

describe('fuzzing the API from its OpenAPI document', () => {
  it(`answers ${REQUESTS} generated requests within the contract (seed ${SEED})`, async () => {
    expect(operations.length).toBeGreaterThan(30);
    let sent = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(specArbitrary(), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
          await Promise.all(batch.map(send));
          sent += batch.length;
        }),
        { seed: SEED, numRuns: Math.ceil(REQUESTS / BATCH), endOnFailure: true },
      );
    } catch (error) {
      const logged = server
        .logs()
        .split('\n')
        .filter((line) => line.includes('"level":50'))
        .slice(0, 3)
        .map((line) => line.slice(0, 1500));
      const cause = [firstFailure ?? (error as Error).message.slice(0, 3000), ...logged].join('\n');
      throw new Error(`fuzz failed after ${sent} requests; rerun with FUZZ_SEED=${SEED} FUZZ_RUNS=${REQUESTS}\n${cause}`, { cause: error });
    }
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
    const byStatus = Object.fromEntries([...tally].sort(([a], [b]) => a - b));
    console.log(`fuzz: ${sent} requests on ${server.store}, seed ${SEED}, answers by status ${JSON.stringify(byStatus)}`);
    // Most requests must get past authentication and shape checks to test the rules behind them.
    const successes = [...tally].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
    expect(successes).toBeGreaterThan(sent / 10);
  }, 240_000);
});
