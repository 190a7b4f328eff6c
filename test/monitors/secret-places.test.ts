/**
 * A sealed secret is bound to where it is stored (table, row id, field): a ciphertext copied at SQL
 * level into another monitor's row, another policy or another field does not open there. Values
 * sealed before that binding (`v1`, bound to the key id only) still open, and `lookout secrets
 * rotate` re-seals them bound to their place. Both stores.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelSecretAt, monitorSecretAt } from '../../src/domain/secrets/places.js';
import { POLICIES, createPolicy, expectStatus, expectValidSignature } from '../alerts/fixtures.js';
import { startHttpReceiver, type HttpReceiver } from '../alerts/receivers.js';
import { checkErrorCount, enqueueCheck, errorLinesOf } from '../helpers/check-errors.js';
import { runCli, startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { MONITORS, httpBody, sealV1, storedRow } from './fixtures.js';

const KEY = randomBytes(32).toString('base64');
const CREDENTIAL = 'Placed-Credential-5b1e0c7d';
const WEBHOOK_SECRET = 'placed-webhook-secret-0123456789';

let server: TestServer;
let owner: Member;
let target: Target;
let hook: HttpReceiver;

beforeAll(async () => {
  target = await startTarget();
  hook = await startHttpReceiver();
  server = await startServer({ LOOKOUT_SECRET_KEY: KEY, LOOKOUT_REGIONS: 'us-east', LOOKOUT_TARGET_POLICY: 'all' }, { checks: { retryDelayMs: 50 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server?.close();
  await target?.close();
  await hook?.close();
});

const db = () => server.app.store.db;

async function createMonitor(path: string, secret: string): Promise<string> {
  const answer = await server.request('POST', MONITORS, {
    token: owner.token,
    body: httpBody({ url: `${target.url}${path}`, regions: ['us-east'], timeoutSeconds: 5, auth: { type: 'bearer', secret } }),
  });
  expect(answer.status).toBe(201);
  const id = answer.body.id as string;
  await eventually(async () => (await runsOf(id)).length > 0); // the check made at creation
  return id;
}

const runsOf = async (id: string) => (await server.read(`${MONITORS}/${id}/runs`, owner.token)).data as any[];

const checkNow = (id: string) => enqueueCheck(server, id);
const errorLines = (monitorId: string) => errorLinesOf(server, monitorId);
const errorCount = async (reason: string) => (await checkErrorCount(server, reason)) ?? 0;

const authSecretOf = async (id: string) => (await storedRow(server, id))!.auth_secret!;
const channelsOf = async (policyId: string) =>
  JSON.parse((await db().selectFrom('notification_policies').select('channels').where('id', '=', policyId).executeTakeFirstOrThrow()).channels);
const setChannels = (policyId: string, channels: unknown) =>
  db()
    .updateTable('notification_policies')
    .set({ channels: JSON.stringify(channels) })
    .where('id', '=', policyId)
    .execute();
const testSend = async (policyId: string) => expectStatus(await server.request('POST', `${POLICIES}/${policyId}/test`, { token: owner.token }), 200);

describe('a sealed secret moved to another place', () => {
  it("does not open in another monitor's row: that monitor's check is logged and counted, never run with it", async () => {
    const victim = await createMonitor('/victim', CREDENTIAL);
    const thief = await createMonitor('/thief', 'thief-own-credential');
    await db()
      .updateTable('monitors')
      .set({ auth_secret: await authSecretOf(victim) })
      .where('id', '=', thief)
      .execute();
    const runsBefore = (await runsOf(thief)).length;
    const before = await errorCount('secret');

    await checkNow(thief);
    await checkNow(victim);

    const [line] = await eventually(async () => {
      const lines = errorLines(thief);
      return lines.length > 0 && lines;
    });
    expect(line).toMatchObject({ monitorId: thief, reason: 'secret', msg: "check skipped: the monitor's stored secret cannot be opened" });
    expect(line.err.message).toContain('sealed for another place');
    expect(await errorCount('secret')).toBeGreaterThan(before);
    // The victim's own check still sends its credential; the thief's target never saw it.
    await eventually(async () => target.hits.filter((h) => h.path === '/victim').length >= 2);
    expect(target.hits.filter((h) => h.path === '/victim').every((h) => h.headers.authorization === `Bearer ${CREDENTIAL}`)).toBe(true);
    expect(target.hits.filter((h) => h.path === '/thief').some((h) => h.headers.authorization === `Bearer ${CREDENTIAL}`)).toBe(false);
    expect(await runsOf(thief)).toHaveLength(runsBefore);
    expect(server.logs()).not.toContain(CREDENTIAL);

    // The API still answers for the monitor, and a new credential replaces the one that does not open.
    expect((await server.request('GET', `${MONITORS}/${thief}`, { token: owner.token })).status).toBe(200);
    const repaired = await server.request('PATCH', `${MONITORS}/${thief}`, {
      token: owner.token,
      body: { auth: { type: 'bearer', secret: 'thief-new-credential' } },
    });
    expect(repaired.status).toBe(200);
    await checkNow(thief);
    await eventually(async () => target.hits.some((h) => h.path === '/thief' && h.headers.authorization === 'Bearer thief-new-credential'));
  });

  it('does not open in another policy or another field: the delivery fails with a reason and the others go out', async () => {
    const victim = await createPolicy(server, owner, { name: 'Victim', channels: [{ type: 'webhook', url: hook.url, secret: WEBHOOK_SECRET }] });
    const thief = await createPolicy(server, owner, {
      name: 'Thief',
      channels: [
        { type: 'webhook', url: `${hook.url}?thief`, secret: 'thief-own-webhook-secret-0123' },
        { type: 'ntfy', url: `${hook.url}?ntfy`, token: 'tk_thief-own-ntfy-token' },
      ],
    });
    const [sealed] = (await channelsOf(victim.id)) as Array<{ secret: string }>;
    const theirs = await channelsOf(thief.id);
    // Into another policy's webhook (same field), and into the ntfy token (another field).
    await setChannels(thief.id, [
      { ...theirs[0], secret: sealed!.secret },
      { ...theirs[1], token: sealed!.secret },
    ]);

    const result = await testSend(thief.id);
    expect(result.results.map((r: any) => r.outcome)).toEqual(['failed', 'failed']);
    for (const r of result.results) expect(r.error).toMatch(/failed authentication .*sealed for another place/);
    expect(hook.received.filter((r) => r.path.includes('thief') || r.path.includes('ntfy'))).toEqual([]);

    // Where it was sealed for, it opens: the victim's webhook is signed with its secret.
    const sent = hook.received.length;
    expect((await testSend(victim.id)).results.map((r: any) => r.outcome)).toEqual(['delivered']);
    const delivery = hook.received[sent]!;
    expectValidSignature(delivery.headers['lookout-signature'], delivery.body, WEBHOOK_SECRET);
  });
});

describe('a ping key moved to another heartbeat', () => {
  it('leaves that heartbeat without a URL, never a 500; its own pings still work, and a new key mends it', async () => {
    const create = async (name: string) =>
      expectStatus(await server.request('POST', MONITORS, { token: owner.token, body: { type: 'heartbeat', name, periodSeconds: 86_400 } }), 201);
    const victim = await create('Victim nightly');
    const thief = await create('Thief nightly');
    const victimKey = (await storedRow(server, victim.id))!.ping_key!;
    await db().updateTable('monitors').set({ ping_key: victimKey }).where('id', '=', thief.id).execute();

    const one = await server.request('GET', `${MONITORS}/${thief.id}`, { token: owner.token });
    expect(one.status).toBe(200);
    expect(one.body.pingUrl).toBeNull();
    const list = await server.request('GET', MONITORS, { token: owner.token });
    expect(list.status).toBe(200);
    const listed = (list.body.data as any[]).filter((m) => m.id === thief.id || m.id === victim.id);
    expect(Object.fromEntries(listed.map((m) => [m.id, m.pingUrl]))).toEqual({ [thief.id]: null, [victim.id]: victim.pingUrl });
    // Pings are matched by the key's digest, which the copy left alone.
    const thiefPing = await server.request('GET', new URL(thief.pingUrl as string).pathname, {});
    expect(thiefPing.status).toBe(200);

    const renewed = expectStatus(await server.request('POST', `${MONITORS}/${thief.id}/ping-key`, { token: owner.token }), 200);
    expect(renewed.pingUrl).toMatch(/\/ping\//);
    expect(renewed.pingUrl).not.toBe(thief.pingUrl);
  });
});

describe('values sealed before secrets were bound to their place (v1)', () => {
  it('still open, and lookout secrets rotate re-seals them bound to their place', async () => {
    const monitor = await createMonitor('/old-form', 'replaced-below');
    const policy = await createPolicy(server, owner, {
      name: 'Old form',
      channels: [{ type: 'webhook', url: `${hook.url}?old`, secret: 'replaced-below-0123456789' }],
    });
    const heartbeat = expectStatus(
      await server.request('POST', MONITORS, { token: owner.token, body: { type: 'heartbeat', name: 'Old nightly', periodSeconds: 86_400 } }),
      201,
    );
    const pingKey = (heartbeat.pingUrl as string).split('/').pop()!;
    // What an older version stored: the same key, bound to its id only.
    await db()
      .updateTable('monitors')
      .set({ auth_secret: sealV1(KEY, CREDENTIAL) })
      .where('id', '=', monitor)
      .execute();
    await db()
      .updateTable('monitors')
      .set({ ping_key: sealV1(KEY, pingKey) })
      .where('id', '=', heartbeat.id)
      .execute();
    const [channel] = await channelsOf(policy.id);
    await setChannels(policy.id, [{ ...channel, secret: sealV1(KEY, WEBHOOK_SECRET) }]);

    // They open where they are: the check sends the credential, the ping URL is shown, the webhook is signed.
    await checkNow(monitor);
    await eventually(async () => target.hits.some((h) => h.path === '/old-form' && h.headers.authorization === `Bearer ${CREDENTIAL}`));
    expect((await server.read(`${MONITORS}/${heartbeat.id}`, owner.token)).pingUrl).toBe(heartbeat.pingUrl);
    let sent = hook.received.length;
    expect((await testSend(policy.id)).results.map((r: any) => r.outcome)).toEqual(['delivered']);
    expectValidSignature(hook.received[sent]!.headers['lookout-signature'], hook.received[sent]!.body, WEBHOOK_SECRET);

    // A rotation, here under the same key, re-seals exactly the values of the first form.
    const rotated = await runCli(['secrets', 'rotate', '--json'], server.env);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.json.resealed).toEqual({ monitors: 2, notification_policies: 1, status_page_subscribers: 0, two_factor: 0 });
    const box = server.app.services.secrets.box;
    const resealedAuth = await authSecretOf(monitor);
    const resealedPing = (await storedRow(server, heartbeat.id))!.ping_key!;
    const resealedWebhook = ((await channelsOf(policy.id)) as Array<{ secret: string }>)[0]!.secret;
    for (const value of [resealedAuth, resealedPing, resealedWebhook]) expect(value).toMatch(/^v2\./);
    expect(box.open(resealedAuth, monitorSecretAt(monitor, 'auth_secret'))).toBe(CREDENTIAL);
    expect(box.open(resealedPing, monitorSecretAt(heartbeat.id, 'ping_key'))).toBe(pingKey);
    expect(box.open(resealedWebhook, channelSecretAt(policy.id, 'webhook', 'secret'))).toBe(WEBHOOK_SECRET);
    // Now bound: the re-sealed credential does not open in another row or field.
    expect(() => box.open(resealedAuth, monitorSecretAt(heartbeat.id, 'auth_secret'))).toThrow(/sealed for another place/);
    expect(() => box.open(resealedAuth, monitorSecretAt(monitor, 'ping_key'))).toThrow(/sealed for another place/);

    // And everything still works on the re-sealed values.
    const hits = target.hits.length;
    await checkNow(monitor);
    await eventually(async () => target.hits.slice(hits).some((h) => h.path === '/old-form' && h.headers.authorization === `Bearer ${CREDENTIAL}`));
    expect((await server.read(`${MONITORS}/${heartbeat.id}`, owner.token)).pingUrl).toBe(heartbeat.pingUrl);
    expect((await fetch(`${server.baseUrl}/ping/${pingKey}`)).status).toBe(200);
    sent = hook.received.length;
    expect((await testSend(policy.id)).results.map((r: any) => r.outcome)).toEqual(['delivered']);
    expectValidSignature(hook.received[sent]!.headers['lookout-signature'], hook.received[sent]!.body, WEBHOOK_SECRET);

    // A second rotation finds nothing left to re-seal.
    const again = await runCli(['secrets', 'rotate', '--json'], server.env);
    expect(again.json.resealed).toEqual({ monitors: 0, notification_policies: 0, status_page_subscribers: 0, two_factor: 0 });
  });
});
