/**
 * `lookout secrets rotate` re-seals the stored secrets and nothing else: data that merely looks
 * like a sealed value (an email address, a monitor name) neither stops the rotation nor changes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { POLICIES, createPolicy, expectStatus, expectValidSignature } from '../alerts/fixtures.js';
import { startHttpReceiver, startSmtpReceiver } from '../alerts/receivers.js';
import { runCli, startServer, type TestServer } from '../helpers/server.js';
import { eventually, startTarget } from '../helpers/target.js';
import { MONITORS, httpBody, storedRow } from './fixtures.js';

const keyB64 = () => randomBytes(32).toString('base64');
const keyIdOf = (b64: string) => createHash('sha256').update(Buffer.from(b64, 'base64')).digest('hex').slice(0, 8);
const CREDENTIAL = 'rotated-bearer-credential';
const WEBHOOK_SECRET = 'rotated-webhook-secret-0123456789';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Every stored value that is data, not a secret, where a look-alike can be put. */
async function storedData(server: TestServer, ids: { userId: string; monitorId: string; policyId: string }) {
  const db = server.app.store.db;
  return {
    email: (await db.selectFrom('users').select('email').where('id', '=', ids.userId).executeTakeFirstOrThrow()).email,
    monitorName: (await storedRow(server, ids.monitorId))!.name,
    channels: JSON.parse((await db.selectFrom('notification_policies').select('channels').where('id', '=', ids.policyId).executeTakeFirstOrThrow()).channels),
    deliveryChannels: (await db.selectFrom('deliveries').select('channel').where('policy_id', '=', ids.policyId).orderBy('channel_index').execute()).map(
      (r) => r.channel,
    ),
  };
}

describe('lookout secrets rotate', () => {
  it('re-seals only the secret fields: look-alike emails and names stay as they are, and the secrets still work under the new key', async () => {
    const oldKey = keyB64();
    const newKey = keyB64();
    // Values shaped like `v1.<keyId>.…`, naming the very key being rotated away from.
    const lookAlikeEmail = `v1.${keyIdOf(oldKey)}.look@alike.test`;
    const lookAlikeName = `v1.${keyIdOf(oldKey)}.AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB.CCCC`;

    const target = await startTarget();
    const hook = await startHttpReceiver();
    const smtp = await startSmtpReceiver();
    cleanup.push(
      () => target.close(),
      () => hook.close(),
      () => smtp.close(),
    );

    // First server: sealing with the old key; it runs no checks.
    const first = await startServer({ LOOKOUT_SECRET_KEY: oldKey, SMTP_URL: smtp.url });
    cleanup.push(() => first.close());
    const owner = await first.newTeam('Owner');
    const user = await first.app.services.users.create({ email: lookAlikeEmail });
    const monitor = expectStatus(
      await first.request('POST', MONITORS, {
        token: owner.token,
        body: httpBody({ name: lookAlikeName, url: `${target.url}/private`, regions: ['us-east'], auth: { type: 'bearer', secret: CREDENTIAL } }),
      }),
      201,
    );
    const policy = await createPolicy(first, owner, {
      name: 'Look-alikes',
      channels: [
        { type: 'email', to: [lookAlikeEmail, 'ops@acme.test'] },
        { type: 'webhook', url: hook.url, secret: WEBHOOK_SECRET },
      ],
    });
    // A test send puts the channels (with the look-alike address) into the outbox too.
    expectStatus(await first.request('POST', `${POLICIES}/${policy.id}/test`, { token: owner.token }), 200);
    const heartbeat = expectStatus(
      await first.request('POST', MONITORS, { token: owner.token, body: { type: 'heartbeat', name: 'Nightly', periodSeconds: 86_400 } }),
      201,
    );
    const pingKey = heartbeat.pingUrl.split('/').pop();
    const ids = { userId: user.id, monitorId: monitor.id, policyId: policy.id };
    const before = await storedData(first, ids);
    expect(before.email).toBe(lookAlikeEmail);
    expect(before.monitorName).toBe(lookAlikeName);
    expect(before.channels[0].to[0]).toBe(lookAlikeEmail);
    expect(before.deliveryChannels[0]).toContain(lookAlikeEmail);
    expect(before.channels[1].secret.split('.')[1]).toBe(keyIdOf(oldKey));

    const rotated = await runCli(['secrets', 'rotate', '--json'], { ...first.env, LOOKOUT_SECRET_KEY: `${newKey},${oldKey}` });
    expect(rotated.code, rotated.stderr).toBe(0);
    // The monitor's credential and the heartbeat's ping key.
    expect(rotated.json).toMatchObject({ keyId: keyIdOf(newKey), resealed: { monitors: 2, notification_policies: 1 }, unusedKeyIds: [keyIdOf(oldKey)] });

    // The look-alikes are untouched, byte for byte; the real secrets are under the new key.
    const after = await storedData(first, ids);
    expect(after.email).toBe(before.email);
    expect(after.monitorName).toBe(before.monitorName);
    expect(after.deliveryChannels).toEqual(before.deliveryChannels);
    expect(after.channels[0]).toEqual(before.channels[0]);
    expect(after.channels[1].secret.split('.')[1]).toBe(keyIdOf(newKey));
    expect((await storedRow(first, monitor.id))!.auth_secret!.split('.')[1]).toBe(keyIdOf(newKey));
    expect((await storedRow(first, heartbeat.id))!.ping_key!.split('.')[1]).toBe(keyIdOf(newKey));

    // A second run finds nothing left to re-seal, and the look-alikes still do not trouble it.
    const again = await runCli(['secrets', 'rotate', '--json'], { ...first.env, LOOKOUT_SECRET_KEY: `${newKey},${oldKey}` });
    expect(again.code, again.stderr).toBe(0);
    expect(again.json.resealed).toEqual({ monitors: 0, notification_policies: 0, status_page_subscribers: 0, two_factor: 0 });

    // A server holding only the new key: the check sends the credential, the webhook is signed.
    await first.app.close();
    const second = await startServer({
      DATABASE_URL: first.env.DATABASE_URL!,
      LOOKOUT_SECRET_KEY: newKey,
      LOOKOUT_REGIONS: 'us-east',
      LOOKOUT_TARGET_POLICY: 'all',
      SMTP_URL: smtp.url,
    });
    cleanup.push(() => second.close());
    // Runs one check now, as the scheduler would.
    await second.app.services.dispatcher.enqueue({ monitorId: monitor.id, region: 'us-east', trigger: 'scheduled', dueAt: Date.now(), nextDueAt: null });
    const hit = await eventually(async () => target.hits.find((h) => h.path === '/private'), 20_000);
    expect(hit.headers.authorization).toBe(`Bearer ${CREDENTIAL}`);
    const runs = await eventually(async () => {
      const list = (await second.read(`${MONITORS}/${monitor.id}/runs`, owner.token)).data as any[];
      return list.length > 0 && list;
    }, 20_000);
    expect(runs[0]).toMatchObject({ ok: true, statusCode: 200 });
    // The ping URL is the one the job was given, and it still reports.
    expect((await second.read(`${MONITORS}/${heartbeat.id}`, owner.token)).pingUrl).toBe(heartbeat.pingUrl);
    expect((await fetch(`${second.baseUrl}/ping/${pingKey}`)).status).toBe(200);

    const sent = hook.received.length;
    const result = expectStatus(await second.request('POST', `${POLICIES}/${policy.id}/test`, { token: owner.token }), 200);
    expect(result.results.map((r: any) => r.outcome)).toEqual(['delivered', 'delivered']);
    const delivery = hook.received[sent]!;
    expectValidSignature(delivery.headers['lookout-signature'], delivery.body, WEBHOOK_SECRET);
    expect(smtp.messages.at(-1)!.raw).toContain(lookAlikeEmail);
  }, 120_000); // two servers and two CLI processes: slow on a loaded machine
});
