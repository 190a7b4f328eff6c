import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, startServer, type Answer, type Member, type TestServer } from '../helpers/server.js';
import { POLICIES, call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus, expectValidSignature } from './fixtures.js';
import { settle, startHttpReceiver, startSmtpReceiver, waitUntil, type HttpReceiver, type SmtpReceiver } from './receivers.js';

const NOBODY = '01900000-0000-7000-8000-000000000000';
const SECRET = 'a-webhook-secret-of-some-length';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
let smtp: SmtpReceiver;
let owner: Member;
let admin: Member;
let member: Member;
let stranger: Member;
const receivers: HttpReceiver[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url }, { alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } });
  owner = await server.newTeam('Owner');
  admin = await server.addMember(owner.teamId, 'Admin');
  member = await server.addMember(owner.teamId, 'Member');
  stranger = await server.newTeam('Owner');
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function receiver(): Promise<HttpReceiver> {
  const r = await startHttpReceiver();
  receivers.push(r);
  return r;
}

const req = (who: Member, method: string, path: string, body?: unknown) => call(server, who, method, path, body);

function invalid(answer: Answer, field: string, path: string): void {
  expectProblem(answer, 400, 'validation', path);
  expect(answer.body.errors[0].field).toBe(field);
  expect(answer.body.detail).toBe(`${field}: ${answer.body.errors[0].message}`);
}

const webhook = (overrides: Record<string, unknown> = {}) => ({ type: 'webhook', url: 'https://hooks.acme.test/lookout', ...overrides });

describe('notification policies as a resource', () => {
  it('creates with defaults, answers with the secret hidden, and names itself in Location', async () => {
    const answer = await req(admin, 'POST', POLICIES, {
      name: 'On-call',
      channels: [
        webhook({ secret: SECRET }),
        { type: 'slack', webhookUrl: 'https://hooks.slack.com/services/T/B/X' },
        { type: 'email', to: ['ops@acme.test'] },
      ],
    });
    const policy = expectStatus(answer, 201);
    expect(answer.headers.get('location')).toBe(`/api/v1/notification-policies/${policy.id}`);
    expect(policy).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'On-call',
      key: null,
      notifyOn: ['down', 'degraded', 'up', 'certificate-expiring'],
      channels: [
        { type: 'webhook', url: 'https://hooks.acme.test/lookout', secretSet: true },
        { type: 'slack', webhookUrl: 'https://hooks.slack.com/services/T/B/X' },
        { type: 'email', to: ['ops@acme.test'] },
      ],
      repeatEverySeconds: null,
      repeatMax: 12,
      escalateAfterSeconds: null,
      escalationPolicyId: null,
      secretsDigest: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(answer.text).not.toContain(SECRET);
    // A Member sees where each channel goes, not the address itself (rule 21); the owner sees it whole.
    expect(expectStatus(await req(member, 'GET', `${POLICIES}/${policy.id}`), 200)).toEqual({
      ...policy,
      channels: [
        { type: 'webhook', url: 'https://hooks.acme.test/…', secretSet: true },
        { type: 'slack', webhookUrl: 'https://hooks.slack.com/…' },
        { type: 'email', to: ['ops@acme.test'] },
      ],
    });
    const list = expectStatus(await req(member, 'GET', POLICIES), 200);
    expect(list.data.map((p: any) => p.id)).toContain(policy.id);
    expect(JSON.stringify(list)).not.toContain(SECRET);

    // Stored sealed, never as plain text.
    const row = await server.app.store.db.selectFrom('notification_policies').select('channels').where('id', '=', policy.id).executeTakeFirstOrThrow();
    expect(row.channels).not.toContain(SECRET);
    expect(JSON.parse(row.channels)[0].secret).toMatch(/^v2\./);
    expect(server.logs()).not.toContain(SECRET);
  });

  it('validates every field, naming the first failing one', async () => {
    const ok = { name: 'P', channels: [webhook()] };
    const cases: [unknown, string][] = [
      [{ channels: [webhook()] }, 'name'],
      [{ ...ok, name: '' }, 'name'],
      [{ ...ok, name: '  ' }, 'name'],
      [{ ...ok, name: 'n'.repeat(201) }, 'name'],
      [{ ...ok, notifyOn: [] }, 'notifyOn'],
      [{ ...ok, notifyOn: ['down', 'down'] }, 'notifyOn'],
      [{ ...ok, notifyOn: ['sideways'] }, 'notifyOn.0'],
      [{ ...ok, notifyOn: 'down' }, 'notifyOn'],
      [{ name: 'P' }, 'channels'],
      [{ ...ok, channels: [] }, 'channels'],
      [{ ...ok, channels: Array.from({ length: 11 }, () => webhook()) }, 'channels'],
      [{ ...ok, channels: [{}] }, 'channels.0.type'],
      [{ ...ok, channels: [{ type: 'sms', to: '+1' }] }, 'channels.0.type'],
      [{ ...ok, channels: [webhook({ url: 'ftp://x.test' })] }, 'channels.0.url'],
      [{ ...ok, channels: [webhook({ url: 'not a url' })] }, 'channels.0.url'],
      [{ ...ok, channels: [webhook({ url: `https://x.test/${'a'.repeat(2048)}` })] }, 'channels.0.url'],
      [{ ...ok, channels: [webhook({ secret: 'short' })] }, 'channels.0.secret'],
      [{ ...ok, channels: [webhook({ secret: 's'.repeat(257) })] }, 'channels.0.secret'],
      [{ ...ok, channels: [webhook({ webhookUrl: 'https://x.test' })] }, 'channels.0.webhookUrl'],
      [{ ...ok, channels: [{ type: 'slack' }] }, 'channels.0.webhookUrl'],
      [{ ...ok, channels: [{ type: 'email', to: [] }] }, 'channels.0.to'],
      [{ ...ok, channels: [{ type: 'email', to: ['not-an-address'] }] }, 'channels.0.to.0'],
      [{ ...ok, channels: [{ type: 'email', to: Array.from({ length: 21 }, (_, i) => `u${i}@acme.test`) }] }, 'channels.0.to'],
      [{ ...ok, extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) invalid(await req(owner, 'POST', POLICIES, body), field, POLICIES);
    const before = expectStatus(await req(owner, 'GET', POLICIES), 200).data.length;
    // Limits themselves are fine.
    await createPolicy(server, owner, {
      name: 'n'.repeat(200),
      notifyOn: ['certificate-expiring'],
      channels: [
        webhook({ secret: 's'.repeat(16) }),
        webhook({ secret: 's'.repeat(256) }),
        { type: 'email', to: Array.from({ length: 20 }, (_, i) => `u${i}@acme.test`) },
        ...Array.from({ length: 7 }, () => webhook({ secret: null })),
      ],
    });
    expect(expectStatus(await req(owner, 'GET', POLICIES), 200).data.length).toBe(before + 1);
  });

  it("lists every failing field: a bad or missing channel type does not hide the channel's other mistakes", async () => {
    const fieldsOf = (answer: Answer) => {
      expect(answer.status, answer.text).toBe(400);
      return answer.body.errors.map((e: any) => e.field);
    };
    const created = await req(owner, 'POST', POLICIES, {
      name: '',
      notifyOn: ['sideways'],
      channels: [
        { type: 'sms', to: '+1', url: 'ftp://x.test', secret: 'short' },
        { url: 'not a url', colour: 'red' },
        { type: 'webhook', url: 'ftp://x.test', secret: 'short' },
        { type: 'slack' },
        { type: 5, webhookUrl: 'gopher://x' },
      ],
    });
    expect(fieldsOf(created)).toEqual([
      'name',
      'notifyOn.0',
      'channels.0.type',
      'channels.0.url',
      'channels.0.secret',
      'channels.0.to',
      'channels.1.type',
      'channels.1.url',
      'channels.1.colour',
      'channels.2.url',
      'channels.2.secret',
      'channels.3.webhookUrl',
      'channels.4.type',
      'channels.4.webhookUrl',
    ]);
    expect(created.body.errors.find((e: any) => e.field === 'channels.1.colour').message).toBe('is not allowed');

    const policy = await createPolicy(server, owner, { name: 'Every error', channels: [webhook()] });
    const patched = await req(owner, 'PATCH', `${POLICIES}/${policy.id}`, {
      name: ' ',
      channels: [
        { type: 'pager', url: 'x' },
        { type: 'email', to: ['nope'] },
      ],
    });
    expect(fieldsOf(patched)).toEqual(['name', 'channels.0.type', 'channels.0.url', 'channels.1.to.0']);
  });

  it('writes are for Admin and Owner; a Member reads, and gets 403 before any lookup', async () => {
    const policy = await createPolicy(server, owner, { name: 'Roles', channels: [webhook()] });
    const byId = `${POLICIES}/${policy.id}`;
    for (const [method, path, body] of [
      ['POST', POLICIES, { name: 'x', channels: [webhook()] }],
      ['PATCH', byId, { name: 'y' }],
      ['DELETE', byId, undefined],
      ['POST', `${byId}/test`, undefined],
      ['PATCH', `${POLICIES}/${NOBODY}`, { name: 'y' }],
      ['DELETE', `${POLICIES}/not-a-uuid`, undefined],
    ] as const) {
      expectProblem(await req(member, method, path, body), 403, 'forbidden', path);
    }
    expect(expectStatus(await req(member, 'GET', byId), 200).name).toBe('Roles');
    expect(expectStatus(await req(member, 'GET', `${byId}/deliveries`), 200).data).toEqual([]);
    expect(expectStatus(await req(admin, 'PATCH', byId, { name: 'Renamed' }), 200).name).toBe('Renamed');
  });

  it('hides other teams’ policies: 404 everywhere, not listed', async () => {
    const theirs = await createPolicy(server, stranger, { name: 'Theirs', channels: [webhook()] });
    const unknown = await req(owner, 'GET', `${POLICIES}/${NOBODY}`);
    expectProblem(unknown, 404, 'not-found', `${POLICIES}/${NOBODY}`);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'mine now' }],
      ['DELETE', '', undefined],
      ['POST', '/test', undefined],
      ['GET', '/deliveries', undefined],
    ] as const) {
      const path = `${POLICIES}/${theirs.id}${suffix}`;
      const answer = await req(owner, method, path, body);
      expectProblem(answer, 404, 'not-found', path);
      expect(answer.body.detail).toBe(unknown.body.detail);
    }
    expect(expectStatus(await req(owner, 'GET', POLICIES), 200).data.map((p: any) => p.id)).not.toContain(theirs.id);
    expect(expectStatus(await req(stranger, 'GET', `${POLICIES}/${theirs.id}`), 200).name).toBe('Theirs');
    // 404 before 400.
    expectProblem(await req(owner, 'PATCH', `${POLICIES}/${theirs.id}`, { name: '' }), 404, 'not-found', `${POLICIES}/${theirs.id}`);
    expectProblem(await req(owner, 'PATCH', `${POLICIES}/x`, { name: '' }), 404, 'not-found', `${POLICIES}/x`);
  });

  it('PATCH changes only what is sent; a webhook keeps its secret unless it is replaced or removed', async () => {
    const policy = await createPolicy(server, owner, { name: 'Patch', notifyOn: ['down'], channels: [webhook({ secret: SECRET })] });
    const byId = `${POLICIES}/${policy.id}`;
    const unchanged = expectStatus(await req(owner, 'PATCH', byId, {}), 200);
    expect(unchanged).toEqual(policy);

    const renamed = expectStatus(await req(owner, 'PATCH', byId, { name: 'Patched', notifyOn: ['down', 'up'] }), 200);
    expect(renamed).toMatchObject({ name: 'Patched', notifyOn: ['down', 'up'], channels: [{ type: 'webhook', secretSet: true }] });
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(policy.updatedAt));

    // Same url, no `secret`: kept; an email channel added.
    const kept = expectStatus(await req(owner, 'PATCH', byId, { channels: [webhook(), { type: 'email', to: ['a@acme.test'] }] }), 200);
    expect(kept.channels).toEqual([
      { type: 'webhook', url: 'https://hooks.acme.test/lookout', secretSet: true },
      { type: 'email', to: ['a@acme.test'] },
    ]);
    // Another url starts without one; null removes it.
    const moved = expectStatus(await req(owner, 'PATCH', byId, { channels: [webhook({ url: 'https://other.acme.test/' })] }), 200);
    expect(moved.channels[0].secretSet).toBe(false);
    expectStatus(await req(owner, 'PATCH', byId, { channels: [webhook({ secret: SECRET })] }), 200);
    const removed = expectStatus(await req(owner, 'PATCH', byId, { channels: [webhook({ secret: null })] }), 200);
    expect(removed.channels[0].secretSet).toBe(false);

    invalid(await req(owner, 'PATCH', byId, { name: '' }), 'name', byId);
    invalid(await req(owner, 'PATCH', byId, { channels: [] }), 'channels', byId);
    invalid(await req(owner, 'PATCH', byId, { notifyOn: [] }), 'notifyOn', byId);
    invalid(await req(owner, 'PATCH', byId, { id: NOBODY }), 'id', byId);
    expect(expectStatus(await req(owner, 'GET', byId), 200).name).toBe('Patched');
  });

  it('DELETE answers 204, and the policy’s monitors keep running without one', async () => {
    const policy = await createPolicy(server, owner, { name: 'Doomed', channels: [webhook()] });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    const byId = `${POLICIES}/${policy.id}`;
    invalid(await req(owner, 'DELETE', byId, { force: true }), 'force', byId);
    const answer = await req(owner, 'DELETE', byId);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expectProblem(await req(owner, 'GET', byId), 404, 'not-found', byId);
    expectProblem(await req(owner, 'DELETE', byId), 404, 'not-found', byId);
    const after = expectStatus(await req(owner, 'GET', `/api/v1/monitors/${monitor.id}`), 200);
    expect(after.notificationPolicyId).toBeNull();
  });
});

describe('testing a policy', () => {
  it('sends a test event to every channel now and answers each outcome, without retrying a failure', async () => {
    const hook = await receiver();
    const slack = await receiver();
    slack.script([], 500);
    const policy = await createPolicy(server, owner, {
      name: 'Try me',
      channels: [webhook({ url: hook.url, secret: SECRET }), { type: 'slack', webhookUrl: slack.url }, { type: 'email', to: ['ops@acme.test'] }],
    });
    const mails = smtp.messages.length;
    const result = expectStatus(await req(admin, 'POST', `${POLICIES}/${policy.id}/test`), 200);
    expect(result).toEqual({
      eventId: expect.any(String),
      results: [
        { channel: { type: 'webhook', url: hook.url }, outcome: 'delivered', statusCode: 200, error: null, durationMs: expect.any(Number) },
        {
          channel: { type: 'slack', webhookUrl: slack.url },
          outcome: 'failed',
          statusCode: 500,
          error: expect.stringMatching(/^HTTP 500/),
          durationMs: expect.any(Number),
        },
        { channel: { type: 'email', to: ['ops@acme.test'] }, outcome: 'delivered', statusCode: null, error: null, durationMs: expect.any(Number) },
      ],
    });
    expect(hook.received).toHaveLength(1);
    const body = hook.received[0]!.json;
    expect(body).toEqual({
      id: result.eventId,
      event: 'test',
      occurredAt: expect.stringMatching(ISO),
      monitor: null,
      previousStatus: null,
      status: null,
      incidentId: null,
      regions: [],
    });
    expect(hook.received[0]!.headers['lookout-event-id']).toBe(result.eventId);
    expectValidSignature(hook.received[0]!.headers['lookout-signature'], hook.received[0]!.body, SECRET);
    expect(slack.received[0]!.json.text).toBe('Test notification from Lookout');
    await smtp.waitFor(mails + 1);
    expect(smtp.messages[mails]!.raw).toContain('Test notification from Lookout');

    await settle(300);
    expect(slack.received).toHaveLength(1);
    const log = expectStatus(await req(member, 'GET', `${POLICIES}/${policy.id}/deliveries`), 200).data;
    expect(log).toHaveLength(3);
    expect(log.every((a: any) => a.event === 'test' && a.eventId === result.eventId && a.monitorId === null)).toBe(true);
    expect(log.find((a: any) => a.channel.type === 'slack')).toMatchObject({ outcome: 'failed', nextAttemptAt: null });
  });

  it('takes no body fields', async () => {
    const policy = await createPolicy(server, owner, { name: 'Body', channels: [webhook()] });
    const path = `${POLICIES}/${policy.id}/test`;
    invalid(await req(owner, 'POST', path, { channel: 0 }), 'channel', path);
  });

  it('sends at most 5 tests per policy per minute: the 6th is 429 with Retry-After, and other policies are not affected', async () => {
    const hook = await receiver();
    const other = await receiver();
    const policy = await createPolicy(server, owner, { name: 'Flood', channels: [webhook({ url: hook.url })] });
    const spare = await createPolicy(server, owner, { name: 'Spare', channels: [webhook({ url: other.url })] });
    const path = `${POLICIES}/${policy.id}/test`;

    // Requests refused for another reason spend nothing of the limit.
    expectProblem(await req(member, 'POST', path), 403, 'forbidden', path);
    invalid(await req(owner, 'POST', path, { channel: 0 }), 'channel', path);

    for (let i = 0; i < 5; i++) {
      const result = expectStatus(await req(i % 2 === 0 ? owner : admin, 'POST', path), 200);
      expect(result.results[0].outcome).toBe('delivered');
    }
    expect(hook.received).toHaveLength(5);

    const limited = await req(admin, 'POST', path);
    expectProblem(limited, 429, 'rate-limited', path);
    expect(limited.body.detail).toMatch(/tested 5 times in the last minute/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Nothing was sent for the refused test, and none was logged.
    await settle(200);
    expect(hook.received).toHaveLength(5);
    expect(expectStatus(await req(member, 'GET', `${POLICIES}/${policy.id}/deliveries`), 200).data).toHaveLength(5);

    // The limit comes after role, policy and body: those answers stay what they were.
    expectProblem(await req(member, 'POST', path), 403, 'forbidden', path);
    invalid(await req(owner, 'POST', path, { channel: 0 }), 'channel', path);
    expectProblem(await req(stranger, 'POST', path), 404, 'not-found', path);
    expectProblem(await req(owner, 'POST', path), 429, 'rate-limited', path);

    // Another policy of the same team has its own five.
    for (let i = 0; i < 5; i++) expectStatus(await req(owner, 'POST', `${POLICIES}/${spare.id}/test`), 200);
    expect(other.received).toHaveLength(5);
    expectProblem(await req(owner, 'POST', `${POLICIES}/${spare.id}/test`), 429, 'rate-limited', `${POLICIES}/${spare.id}/test`);
  });
});

describe('the deliveries log', () => {
  it('lists the 100 newest attempts, newest first', async () => {
    const hook = await receiver();
    const policy = await createPolicy(server, owner, { name: 'Busy', channels: [webhook({ url: hook.url })] });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    // Degraded and back (down alerts would be summed: one per 5 minutes).
    for (let i = 0; i < 51; i++) {
      await engineStatusChange(server, monitor, 'up', 'degraded');
      await engineStatusChange(server, monitor, 'degraded', 'up');
    }
    await hook.waitFor(102, 20_000);
    // An attempt is recorded once its answer is in: the receiver may have the last request first.
    const attempts = () => server.app.store.db.selectFrom('delivery_attempts').select('id').where('policy_id', '=', policy.id).execute();
    await waitUntil(async () => ((await attempts()).length === 102 ? true : undefined), 5000, '102 attempts recorded');
    const log = await waitUntil(
      async () => {
        const data = expectStatus(await req(owner, 'GET', `${POLICIES}/${policy.id}/deliveries`), 200).data;
        return data.length === 100 ? data : undefined;
      },
      5000,
      '100 attempts',
    );
    const times = log.map((a: any) => Date.parse(a.attemptedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await attempts()).toHaveLength(102);
  });

  it('a delivery held by a process that died is taken over when its lease runs out', async () => {
    const hook = await receiver();
    const policy = await createPolicy(server, owner, { name: 'Lease', channels: [webhook({ url: hook.url })] });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    const dispatcher = server.app.services.deliveries;
    await dispatcher.stop();
    try {
      const eventId = await engineStatusChange(server, monitor, 'up', 'down');
      await server.app.services.alerts.processPending();
      // Another process claimed it and vanished.
      const leaseUntil = Date.now() + 700;
      await server.app.store.db
        .updateTable('deliveries')
        .set({ lease_token: 'a-dead-process', lease_until: leaseUntil })
        .where('event_id', '=', eventId)
        .execute();
      dispatcher.start();
      const [got] = await hook.waitFor(1, 5000);
      expect(got!.at).toBeGreaterThanOrEqual(leaseUntil);
      expect(got!.json.id).toBe(eventId);
    } finally {
      dispatcher.start();
    }
  });
});
