import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, expectInvalid, expectOk, httpBody, insertPolicy, sslBody, storedRow, type Client } from './fixtures.js';

/** PATCH of nullable fields: omitted keeps, null clears, a value replaces — for auth, notificationPolicyId, warningDays. */

let server: TestServer;
let owner: Client;
let policyA = '';
let policyB = '';

beforeAll(async () => {
  server = await startServer();
  owner = await client(server);
  policyA = await insertPolicy(server, owner.member.teamId);
  policyB = await insertPolicy(server, owner.member.teamId);
});

afterAll(async () => {
  await server?.close();
});

const secretOf = async (id: string) => {
  const monitor = await server.app.services.monitors.findActiveForCheck(id);
  return monitor?.type === 'http' ? monitor.auth : undefined;
};

describe('auth', () => {
  const initial = { type: 'basic', username: 'svc', secret: 'first-password' };

  it('omitted keeps the credentials, the stored ciphertext included', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: initial })));
    const before = await storedRow(server, id);
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { name: 'no auth sent' }));
    expect(patched.auth).toEqual({ type: 'basic', username: 'svc', headerName: null, secretSet: true });
    const after = await storedRow(server, id);
    expect(after?.auth_secret).toBe(before?.auth_secret);
    expect(await secretOf(id)).toEqual({ type: 'basic', username: 'svc', headerName: null, secret: 'first-password' });
  });

  it('null removes the credentials and the stored secret', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: initial })));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { auth: null }));
    expect(patched.auth).toBeNull();
    const row = await storedRow(server, id);
    expect([row?.auth_type, row?.auth_username, row?.auth_header_name, row?.auth_secret]).toEqual([null, null, null, null]);
    expect(await secretOf(id)).toBeNull();
  });

  it('a value replaces the credentials, type included', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: initial })));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { auth: { type: 'header', headerName: 'X-Api-Key', secret: 'second-key' } }));
    expect(patched.auth).toEqual({ type: 'header', username: null, headerName: 'X-Api-Key', secretSet: true });
    expect(await secretOf(id)).toEqual({ type: 'header', username: null, headerName: 'X-Api-Key', secret: 'second-key' });
  });

  it('a value can be set on a monitor that had none', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody()));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { auth: { type: 'bearer', secret: 'tok' } }));
    expect(patched.auth).toEqual({ type: 'bearer', username: null, headerName: null, secretSet: true });
  });

  it('sending the same credentials again changes nothing; a new secret alone is a change', async () => {
    const created = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: initial })));
    const before = await storedRow(server, created.id);
    const same = expectOk(await owner.request('PATCH', `${MONITORS}/${created.id}`, { auth: initial }));
    expect(same.updatedAt).toBe(created.updatedAt);
    expect((await storedRow(server, created.id))?.auth_secret).toBe(before?.auth_secret);
    await new Promise((r) => setTimeout(r, 5));
    const changed = expectOk(await owner.request('PATCH', `${MONITORS}/${created.id}`, { auth: { ...initial, secret: 'rotated' } }));
    expect(changed.updatedAt).not.toBe(created.updatedAt);
    expect((await secretOf(created.id))?.secret).toBe('rotated');
  });

  it('a new auth object must carry its secret: an object without one is 400 and keeps the old credentials', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: initial })));
    const before = await storedRow(server, id);
    expectInvalid(await owner.request('PATCH', `${MONITORS}/${id}`, { auth: { type: 'basic', username: 'other' } }), 'auth.secret', `${MONITORS}/${id}`);
    expect(await storedRow(server, id)).toEqual(before);
  });
});

describe('notificationPolicyId', () => {
  it('omitted keeps the policy', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ notificationPolicyId: policyA })));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { timeoutSeconds: 5 }));
    expect(patched.notificationPolicyId).toBe(policyA);
  });

  it('null clears the policy', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, sslBody({ notificationPolicyId: policyA })));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { notificationPolicyId: null }));
    expect(patched.notificationPolicyId).toBeNull();
    expect((await storedRow(server, id))?.notification_policy_id).toBeNull();
  });

  it('a value replaces the policy', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ notificationPolicyId: policyA })));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { notificationPolicyId: policyB }));
    expect(patched.notificationPolicyId).toBe(policyB);
  });

  it('a policy of another team, or none, is 400 and keeps the current one', async () => {
    const other = await server.newTeam();
    const foreign = await insertPolicy(server, other.teamId);
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ notificationPolicyId: policyA })));
    for (const value of [foreign, '01900000-0000-7000-8000-000000000000']) {
      const answer = await owner.request('PATCH', `${MONITORS}/${id}`, { notificationPolicyId: value });
      expectInvalid(answer, 'notificationPolicyId', `${MONITORS}/${id}`);
      expect(answer.body.detail).toBe('notificationPolicyId: must name a notification policy of your team');
    }
    expect(expectOk(await owner.request('GET', `${MONITORS}/${id}`)).notificationPolicyId).toBe(policyA);
  });

  it('deleting the policy row leaves the monitor without one', async () => {
    const policy = await insertPolicy(server, owner.member.teamId);
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ notificationPolicyId: policy })));
    await server.app.store.db.deleteFrom('notification_policies').where('id', '=', policy).execute();
    expect(expectOk(await owner.request('GET', `${MONITORS}/${id}`)).notificationPolicyId).toBeNull();
  });
});

describe('warningDays', () => {
  it('omitted keeps the value', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, sslBody({ warningDays: 14 })));
    const patched = expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { host: 'example.org' }));
    expect(patched).toMatchObject({ host: 'example.org', warningDays: 14 });
  });

  it('null disables expiry warnings', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, sslBody({ warningDays: 14 })));
    expect(expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { warningDays: null })).warningDays).toBeNull();
    expect((await storedRow(server, id))?.warning_days).toBeNull();
  });

  it('a value replaces it', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, sslBody({ warningDays: 14 })));
    expect(expectOk(await owner.request('PATCH', `${MONITORS}/${id}`, { warningDays: 30 })).warningDays).toBe(30);
    const { id: none } = expectCreated(await owner.request('POST', MONITORS, sslBody()));
    expect(expectOk(await owner.request('PATCH', `${MONITORS}/${none}`, { warningDays: 7 })).warningDays).toBe(7);
  });
});
