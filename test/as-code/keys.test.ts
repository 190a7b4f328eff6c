/**
 * `key` on monitors, notification policies and maintenance windows, and the `secretsDigest` kept
 * with their secrets: what `lookout apply` relies on, judged by the API itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestMatches } from '../../src/domain/keys.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, httpBody, type Client } from '../monitors/fixtures.js';

const POLICIES = '/api/v1/notification-policies';
const WINDOWS = '/api/v1/maintenance-windows';
const DIGEST = 'a'.repeat(64);
const OTHER_DIGEST = 'b'.repeat(64);

let server: TestServer;
let owner: Client;
let other: Client;

beforeAll(async () => {
  server = await startServer();
  owner = await client(server);
  other = await client(server);
});
afterAll(async () => {
  await server?.close();
});

const policyBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'On-call',
  channels: [{ type: 'webhook', url: 'https://hooks.example.com/lookout', secret: 'a-webhook-secret-of-32-chars-xx' }],
  ...overrides,
});

describe('monitor keys', () => {
  it('are stored, answered in the record and the list, changed and cleared by PATCH', async () => {
    const created = await owner.request('POST', MONITORS, httpBody({ key: 'api.health_1' }));
    expect(created.status).toBe(201);
    expect(created.body.key).toBe('api.health_1');
    expect(created.body.secretsDigest).toBeNull();
    const listed = await owner.request('GET', MONITORS);
    expect(listed.body.data.find((m: { id: string }) => m.id === created.body.id).key).toBe('api.health_1');
    const renamed = await owner.request('PATCH', `${MONITORS}/${created.body.id}`, { key: 'api-health' });
    expect(renamed.body.key).toBe('api-health');
    const cleared = await owner.request('PATCH', `${MONITORS}/${created.body.id}`, { key: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.key).toBeNull();
  });

  it('filter the list: ?key= answers the monitor with that key, or none; a malformed one is 400 on key', async () => {
    const made = await owner.request('POST', MONITORS, httpBody({ key: 'listed-by-key' }));
    await owner.request('POST', MONITORS, httpBody({ key: 'another-key' }));
    const found = await owner.request('GET', `${MONITORS}?key=listed-by-key`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ data: [made.body] });
    expect((await owner.request('GET', `${MONITORS}?key=nobody-has-it`)).body).toEqual({ data: [] });
    expect((await other.request('GET', `${MONITORS}?key=listed-by-key`)).body).toEqual({ data: [] });
    const malformed = await owner.request('GET', `${MONITORS}?key=Not%20a%20key`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.map((e: { field: string }) => e.field)).toEqual(['key']);
  });

  it('refuse a malformed key with 400 on key', async () => {
    for (const key of ['', 'Upper', 'a b', 'x'.repeat(101), 'ü']) {
      const answer = await owner.request('POST', MONITORS, httpBody({ key }));
      expect(answer.status).toBe(400);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['key']);
    }
  });

  it('are unique among the live monitors of a team: taken is 400 on key; free again once deleted; another team may use it', async () => {
    const first = await owner.request('POST', MONITORS, httpBody({ key: 'unique-one' }));
    const again = await owner.request('POST', MONITORS, httpBody({ key: 'unique-one' }));
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ field: 'key', message: 'is already taken by another record of your team' }]);
    const second = await owner.request('POST', MONITORS, httpBody({ key: 'unique-two' }));
    const patched = await owner.request('PATCH', `${MONITORS}/${second.body.id}`, { key: 'unique-one' });
    expect(patched.status).toBe(400);
    expect(patched.body.errors[0].field).toBe('key');
    // Its own key again changes nothing.
    expect((await owner.request('PATCH', `${MONITORS}/${first.body.id}`, { key: 'unique-one' })).status).toBe(200);
    expect((await other.request('POST', MONITORS, httpBody({ key: 'unique-one' }))).status).toBe(201);
    expect((await owner.request('DELETE', `${MONITORS}/${first.body.id}`)).status).toBe(204);
    expect((await owner.request('POST', MONITORS, httpBody({ key: 'unique-one' }))).status).toBe(201);
  });

  it('hold when two creates race: one is made, the other is 400 on key (the unique index)', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => owner.request('POST', MONITORS, httpBody({ key: 'raced' }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((a) => a.status === 400)) expect(a.body.errors[0].field).toBe('key');
  });
});

describe('secretsDigest on monitors', () => {
  const auth = { type: 'bearer', secret: 'the-first-secret' };

  it('is stored and answered when sent with the secrets, and refused without them', async () => {
    const made = await owner.request('POST', MONITORS, httpBody({ auth, secretsDigest: DIGEST }));
    expect(made.status).toBe(201);
    // Answered sealed: a nonce and the HMAC of the digest under it, never the digest itself.
    expect(made.body.secretsDigest).toMatch(/^[0-9a-f]{32}\.[0-9a-f]{64}$/);
    expect(made.body.secretsDigest).not.toContain(DIGEST);
    expect(digestMatches(made.body.secretsDigest, DIGEST)).toBe(true);
    expect(digestMatches(made.body.secretsDigest, OTHER_DIGEST)).toBe(false);
    const alone = await owner.request('POST', MONITORS, httpBody({ secretsDigest: DIGEST }));
    expect(alone.status).toBe(400);
    expect(alone.body.errors.map((e: { field: string }) => e.field)).toEqual(['secretsDigest']);
    const patchAlone = await owner.request('PATCH', `${MONITORS}/${made.body.id}`, { secretsDigest: OTHER_DIGEST });
    expect(patchAlone.status).toBe(400);
    expect(patchAlone.body.errors[0].field).toBe('secretsDigest');
    expect((await owner.request('POST', MONITORS, httpBody({ auth, secretsDigest: 'ABC' }))).status).toBe(400);
  });

  it('is cleared when the secret changes without one, and kept when the same secret comes again with it', async () => {
    const made = await owner.request('POST', MONITORS, httpBody({ auth, secretsDigest: DIGEST }));
    const same = await owner.request('PATCH', `${MONITORS}/${made.body.id}`, { auth, secretsDigest: DIGEST });
    expect(same.body.secretsDigest).toBe(made.body.secretsDigest);
    expect(same.body.updatedAt).toBe(made.body.updatedAt);
    const renamed = await owner.request('PATCH', `${MONITORS}/${made.body.id}`, { name: 'Renamed' });
    expect(renamed.body.secretsDigest).toBe(made.body.secretsDigest);
    const changed = await owner.request('PATCH', `${MONITORS}/${made.body.id}`, { auth: { type: 'bearer', secret: 'another-secret' } });
    expect(changed.body.secretsDigest).toBeNull();
    const restamped = await owner.request('PATCH', `${MONITORS}/${made.body.id}`, {
      auth: { type: 'bearer', secret: 'another-secret' },
      secretsDigest: OTHER_DIGEST,
    });
    expect(digestMatches(restamped.body.secretsDigest, OTHER_DIGEST)).toBe(true);
    const removed = await owner.request('PATCH', `${MONITORS}/${made.body.id}`, { auth: null });
    expect(removed.body.secretsDigest).toBeNull();
  });
});

describe('policy keys and digests', () => {
  it('are stored, unique per team (400 on key), and the digest goes with the channels and is cleared by new secrets without one', async () => {
    const made = await owner.request('POST', POLICIES, policyBody({ key: 'on-call', secretsDigest: DIGEST }));
    expect(made.status).toBe(201);
    expect(made.body.key).toBe('on-call');
    expect(digestMatches(made.body.secretsDigest, DIGEST)).toBe(true);
    const taken = await owner.request('POST', POLICIES, policyBody({ key: 'on-call' }));
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([{ field: 'key', message: 'is already taken by another record of your team' }]);
    expect((await other.request('POST', POLICIES, policyBody({ key: 'on-call' }))).status).toBe(201);
    const alone = await owner.request('PATCH', `${POLICIES}/${made.body.id}`, { secretsDigest: OTHER_DIGEST });
    expect(alone.status).toBe(400);
    expect(alone.body.errors[0].field).toBe('secretsDigest');
    const renamed = await owner.request('PATCH', `${POLICIES}/${made.body.id}`, { name: 'Pager' });
    expect(renamed.body.secretsDigest).toBe(made.body.secretsDigest);
    const resent = await owner.request('PATCH', `${POLICIES}/${made.body.id}`, { channels: policyBody().channels });
    expect(resent.body.secretsDigest).toBeNull();
    const cleared = await owner.request('PATCH', `${POLICIES}/${made.body.id}`, { key: null });
    expect(cleared.body.key).toBeNull();
    expect((await owner.request('POST', POLICIES, policyBody({ key: 'on-call' }))).status).toBe(201);
  });
});

describe('maintenance window keys', () => {
  it('are stored, unique per team (400 on key), changed and cleared by PATCH', async () => {
    const monitor = await owner.request('POST', MONITORS, httpBody());
    const body = (key: string | null) => ({
      title: 'Upgrade',
      monitorIds: [monitor.body.id],
      startsAt: '2030-01-01T01:00:00Z',
      endsAt: '2030-01-01T02:00:00Z',
      key,
    });
    const made = await owner.request('POST', WINDOWS, body('nightly'));
    expect(made.status).toBe(201);
    expect(made.body.key).toBe('nightly');
    const taken = await owner.request('POST', WINDOWS, body('nightly'));
    expect(taken.status).toBe(400);
    expect(taken.body.errors[0]).toEqual({ field: 'key', message: 'is already taken by another record of your team' });
    const moved = await owner.request('PATCH', `${WINDOWS}/${made.body.id}`, { key: 'weekly' });
    expect(moved.body.key).toBe('weekly');
    expect((await owner.request('PATCH', `${WINDOWS}/${made.body.id}`, { title: 'Other' })).body.key).toBe('weekly');
    expect((await owner.request('PATCH', `${WINDOWS}/${made.body.id}`, { key: null })).body.key).toBeNull();
    expect((await owner.request('POST', WINDOWS, body('weekly'))).status).toBe(201);
  });
});
