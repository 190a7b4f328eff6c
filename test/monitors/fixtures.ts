import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import type { Role } from '../../src/shared/vocabulary.js';
import type { Answer, Member, TestServer } from '../helpers/server.js';

export const MONITORS = '/api/v1/monitors';

export function httpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'http',
    name: 'API health',
    intervalSeconds: 60,
    timeoutSeconds: 10,
    regions: ['us-east', 'eu-west'],
    url: 'https://example.com/health',
    method: 'GET',
    expectedStatus: 200,
    ...overrides,
  };
}

export function sslBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'ssl',
    name: 'Certificate',
    intervalSeconds: 300,
    timeoutSeconds: 15,
    regions: ['asia'],
    host: 'example.com',
    ...overrides,
  };
}

/**
 * A member whose requests rotate to a fresh token of the same member before the 300/minute
 * budget runs out, so that long tables of requests test validation and not the rate limit.
 */
export interface Client {
  member: Member;
  request<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
}

export async function client(server: TestServer, role: Role = 'Owner', teamId?: string): Promise<Client> {
  const member = teamId ? await server.addMember(teamId, role) : await server.newTeam(role);
  let token = member.token;
  let used = 0;
  return {
    member,
    async request(method, path, body) {
      if (++used > 250) {
        token = (await server.app.services.tokens.create({ teamId: member.teamId, userId: member.userId })).token;
        used = 1;
      }
      return server.request(method, path, { token, body });
    },
  };
}

/** A notification policy row for a team: its REST API comes with alerting, monitors only refer to it. */
export async function insertPolicy(server: TestServer, teamId: string): Promise<string> {
  const id = newId();
  await server.app.store.db
    .insertInto('notification_policies')
    .values({
      id,
      team_id: teamId,
      name: 'On-call',
      notify_on: JSON.stringify(['down', 'up']),
      channels: JSON.stringify([{ type: 'email', to: ['ops@example.test'] }]),
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .execute();
  return id;
}

/** The stored row, secret column included: for "nothing changed" checks. */
export async function storedRow(server: TestServer, id: string) {
  return server.app.store.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst();
}

export function expectCreated(answer: Answer): any {
  if (answer.status !== 201) throw new Error(`expected 201, got ${answer.status}: ${answer.text}`);
  return answer.body;
}

export function expectOk(answer: Answer): any {
  if (answer.status !== 200) throw new Error(`expected 200, got ${answer.status}: ${answer.text}`);
  return answer.body;
}

/** A 400 validation problem whose `detail` names `field` first and whose `errors` list it first. */
export function expectInvalid(answer: Answer, field: string, path: string): void {
  if (answer.status !== 400) throw new Error(`expected 400 naming ${field}, got ${answer.status}: ${answer.text}`);
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(answer.body.type).toBe('http://lookout.test/errors/validation');
  expect(answer.body.instance).toBe(path);
  expect(answer.body.detail.startsWith(`${field}: `), `detail "${answer.body.detail}" should name ${field}`).toBe(true);
  expect(answer.body.errors[0].field).toBe(field);
  expect(answer.body.detail).toBe(`${answer.body.errors[0].field}: ${answer.body.errors[0].message}`);
}

/**
 * `plain` sealed as Lookout sealed secrets before they were bound to their place: `v1`, with only
 * `v1.<keyId>` as additional data. For tests of values an older version stored.
 */
export function sealV1(keyB64: string, plain: string): string {
  const key = Buffer.from(keyB64, 'base64');
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(`v1.${keyId}`));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}
