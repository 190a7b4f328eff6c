import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startServer, type Member, type TestServer } from '../helpers/server.js';
import {
  POLICIES,
  call,
  createHttpMonitor,
  createPolicy,
  engineCertificateExpiring,
  engineStatusChange,
  expectStatus,
  expectValidSignature,
  regionsFor,
} from './fixtures.js';
import { settle, startHttpReceiver, startSmtpReceiver, waitUntil, type HttpReceiver, type SmtpReceiver } from './receivers.js';

/**
 * From a monitor status change (as the check engine records it) to real receivers: a webhook
 * with a signature, a Slack-shaped endpoint and an SMTP server, all started here.
 */

const SECRET = 'whsec-0123456789abcdef';
const FAST = { backoffBaseMs: 50, pollIntervalMs: 50 };

let smtp: SmtpReceiver;
let server: TestServer;
let owner: Member;
const receivers: HttpReceiver[] = [];

async function receiver(): Promise<HttpReceiver> {
  const r = await startHttpReceiver();
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: `${smtp.url}?from=alerts@lookout.test` }, { alerting: FAST });
  owner = await server.newTeam('Owner');
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const get = (path: string, who = owner) => call(server, who, 'GET', path).then((a) => expectStatus(a, 200));

describe('a monitor going down and recovering', () => {
  it('opens an incident and tells the webhook (signed), Slack and email; recovery resolves it and sends monitor.up', async () => {
    const webhook = await receiver();
    const slack = await receiver();
    const policy = await createPolicy(server, owner, {
      name: 'On-call',
      channels: [
        { type: 'webhook', url: webhook.url, secret: SECRET },
        { type: 'slack', webhookUrl: slack.url },
        { type: 'email', to: ['ops@acme.test', 'cto@acme.test'] },
      ],
    });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    const mailsBefore = smtp.messages.length;

    const downId = await engineStatusChange(server, monitor, 'up', 'down');

    // Webhook: the contract's body, the event id as idempotency key, a valid signature.
    const [hook] = await webhook.waitFor(1);
    expect(hook!.method).toBe('POST');
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['lookout-event-id']).toBe(downId);
    expect(hook!.headers['user-agent']).toMatch(/^Lookout\//);
    expectValidSignature(hook!.headers['lookout-signature'], hook!.body, SECRET);
    const body = hook!.json;
    expect(Object.keys(body)).toEqual(['id', 'event', 'occurredAt', 'monitor', 'previousStatus', 'status', 'incidentId', 'regions']);
    const monitorNow = await get(`/api/v1/monitors/${monitor.id}`);
    expect(body).toEqual({
      id: downId,
      event: 'monitor.down',
      occurredAt: expect.stringMatching(/Z$/),
      monitor: { ...monitorNow, status: 'down' },
      previousStatus: 'up',
      status: 'down',
      incidentId: expect.any(String),
      regions: regionsFor('down').map((r) => ({ ...r, warnings: [] })),
    });
    expect(JSON.stringify(body)).not.toContain(SECRET);

    // The automatic incident.
    const incident = await get(`/api/v1/incidents/${body.incidentId}`);
    expect(incident).toMatchObject({
      title: 'Checkout API is down',
      status: 'investigating',
      severity: 'major',
      source: 'monitor',
      monitorId: monitor.id,
      resolvedAt: null,
    });
    expect(incident.updates).toHaveLength(1);
    expect(incident.updates[0]).toMatchObject({ status: 'investigating', postedToStatusPage: true });
    expect(incident.updates[0].message).toContain('us-east: status-mismatch');

    // Slack: a readable message with the monitor, old → new status, region errors and a link.
    const [slackMessage] = await slack.waitFor(1);
    const slackText = JSON.stringify(slackMessage!.json);
    expect(slackMessage!.json.text).toBe('Checkout API is down');
    expect(slackText).toContain('up → down');
    expect(slackText).toContain('us-east: failed: status-mismatch (expected 200, got 503)');
    expect(slackText).toContain('eu-west: failed: timeout');
    expect(slackText).toContain(`${PUBLIC_URL}/monitors/${monitor.id}`);
    expect(slackMessage!.headers['lookout-signature']).toBeUndefined();

    // Email: both recipients, plain text and HTML.
    const mails = await smtp.waitFor(mailsBefore + 1);
    const mail = mails[mailsBefore]!;
    expect(mail.from).toBe('alerts@lookout.test');
    expect(mail.to.sort()).toEqual(['cto@acme.test', 'ops@acme.test']);
    expect(mail.raw).toMatch(/^Subject: \[Lookout\] Checkout API is down\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^Lookout-Event-Id: ${downId}\\r?$`, 'mi'));
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    // Recovery.
    const upId = await engineStatusChange(server, monitor, 'down', 'up');
    const [, upHook] = await webhook.waitFor(2);
    expect(upHook!.headers['lookout-event-id']).toBe(upId);
    expectValidSignature(upHook!.headers['lookout-signature'], upHook!.body, SECRET);
    expect(upHook!.json).toMatchObject({ id: upId, event: 'monitor.up', previousStatus: 'down', status: 'up', incidentId: body.incidentId });
    expect(upHook!.json.monitor.status).toBe('up');
    const resolved = await get(`/api/v1/incidents/${body.incidentId}`);
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.updates.at(-1)).toMatchObject({ message: 'Monitor recovered', status: 'resolved' });
    await slack.waitFor(2);
    expect(slack.received[1]!.json.text).toBe('Checkout API is up again');
    await smtp.waitFor(mailsBefore + 2);

    // Every attempt is in the deliveries log, newest first, each delivered.
    await waitUntil(async () => ((await get(`${POLICIES}/${policy.id}/deliveries`)).data.length >= 6 ? true : undefined), 5000, 'six attempts');
    const log = (await get(`${POLICIES}/${policy.id}/deliveries`)).data;
    expect(log).toHaveLength(6);
    expect(log.every((a: any) => a.outcome === 'delivered' && a.attempt === 1 && a.error === null)).toBe(true);
    expect(
      log
        .filter((a: any) => a.eventId === upId)
        .map((a: any) => a.channel.type)
        .sort(),
    ).toEqual(['email', 'slack', 'webhook']);
    expect(log.find((a: any) => a.channel.type === 'webhook')).toMatchObject({ statusCode: 200, monitorId: monitor.id, channel: { url: webhook.url } });
  });

  it('sends nothing for pending → up, and monitor.up only after down or degraded', async () => {
    const webhook = await receiver();
    const policy = await createPolicy(server, owner, { name: 'All', channels: [{ type: 'webhook', url: webhook.url }] });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });

    await engineStatusChange(server, monitor, 'pending', 'up');
    await server.app.services.alerts.processPending();
    await settle(200);
    expect(webhook.received).toHaveLength(0);

    await engineStatusChange(server, monitor, 'up', 'degraded');
    await engineStatusChange(server, monitor, 'degraded', 'up');
    await engineStatusChange(server, monitor, 'up', 'pending'); // e.g. resumed
    await engineStatusChange(server, monitor, 'pending', 'up');
    await webhook.waitFor(2);
    await settle(300);
    webhook.received.sort((a, b) => a.json.occurredAt.localeCompare(b.json.occurredAt));
    expect(webhook.received.map((r) => [r.json.event, r.json.previousStatus, r.json.status])).toEqual([
      ['monitor.degraded', 'up', 'degraded'],
      ['monitor.up', 'degraded', 'up'],
    ]);
    // Unsigned without a secret.
    expect(webhook.received[0]!.headers['lookout-signature']).toBeUndefined();
    // Degraded alone opens no incident.
    const incidents = (await get('/api/v1/incidents')).data.filter((i: any) => i.monitorId === monitor.id);
    expect(incidents).toEqual([]);
  });

  it('a flapping monitor: one down alert per 5 minutes, its incident reopened, each event once', async () => {
    const webhook = await receiver();
    const policy = await createPolicy(server, owner, { name: 'Flaps', channels: [{ type: 'webhook', url: webhook.url }] });
    const monitor = await createHttpMonitor(server, owner, { name: 'Flaky', notificationPolicyId: policy.id });

    const ids: string[] = [];
    ids.push(await engineStatusChange(server, monitor, 'up', 'down'));
    ids.push(await engineStatusChange(server, monitor, 'down', 'up'));
    ids.push(await engineStatusChange(server, monitor, 'up', 'down'));
    ids.push(await engineStatusChange(server, monitor, 'down', 'degraded'));
    ids.push(await engineStatusChange(server, monitor, 'degraded', 'up'));
    // Processing again, even concurrently, does not repeat anything.
    await Promise.all([server.app.services.alerts.processPending(), server.app.services.alerts.processPending()]);

    await webhook.waitFor(3);
    await settle(300);
    // The second down is held for the summed alert (test/alerts/alert-storms.test.ts), and so is the
    // recovery that follows it; the degraded alert is no down alert and goes out.
    expect(webhook.received).toHaveLength(3);
    // Deliveries may arrive in any order (they are sent concurrently and retried); occurredAt orders them.
    const received = [...webhook.received].sort((a, b) => a.json.occurredAt.localeCompare(b.json.occurredAt));
    expect(received.map((r) => r.json.id)).toEqual([ids[0], ids[1], ids[3]]);
    expect(received.map((r) => r.headers['lookout-event-id'])).toEqual([ids[0], ids[1], ids[3]]);
    expect(received.map((r) => r.json.event)).toEqual(['monitor.down', 'monitor.up', 'monitor.degraded']);

    // Down again within 5 minutes of recovering: the same incident, reopened.
    const incidents = (await get('/api/v1/incidents')).data.filter((i: any) => i.monitorId === monitor.id);
    expect(incidents).toHaveLength(1);
    const [incident] = incidents;
    expect(incident).toMatchObject({ status: 'resolved', source: 'monitor' });
    expect(received.map((r) => r.json.incidentId)).toEqual([incident.id, incident.id, incident.id]);
    expect(incident.updates.map((u: any) => [u.status, u.kind])).toEqual([
      ['investigating', null],
      ['resolved', null],
      ['investigating', 'reopened'],
      [null, null],
      ['resolved', null],
    ]);
    expect(incident.updates[2].message).toMatch(/^Reopened: the monitor went down again/);
    expect(incident.updates[3].message).toMatch(/^Partly recovered: 1 of 2 regions still failing/);
  });

  it('notifies only of what notifyOn selects, and nothing for a monitor without a policy', async () => {
    const webhook = await receiver();
    const policy = await createPolicy(server, owner, { name: 'Down only', notifyOn: ['down'], channels: [{ type: 'webhook', url: webhook.url }] });
    const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
    const silent = await createHttpMonitor(server, owner, { name: 'Silent' });

    await engineStatusChange(server, monitor, 'up', 'degraded');
    await engineStatusChange(server, monitor, 'degraded', 'down');
    await engineStatusChange(server, monitor, 'down', 'up');
    await engineStatusChange(server, silent, 'up', 'down');
    await webhook.waitFor(1);
    await server.app.services.alerts.processPending();
    await settle(300);
    expect(webhook.received.map((r) => r.json.event)).toEqual(['monitor.down']);
    // The silent monitor still gets its incident.
    const incidents = (await get('/api/v1/incidents')).data;
    expect(incidents.find((i: any) => i.monitorId === silent.id)).toMatchObject({ title: 'Silent is down', status: 'investigating' });
  });

  it('does not open a second incident while one is open for the monitor, and leaves a manual one to people', async () => {
    const monitor = await createHttpMonitor(server, owner, { name: 'Manual' });
    const manual = expectStatus(await call(server, owner, 'POST', '/api/v1/incidents', { title: 'Known problem', monitorId: monitor.id }), 201);
    await engineStatusChange(server, monitor, 'up', 'down');
    await engineStatusChange(server, monitor, 'down', 'up');
    await server.app.services.alerts.processPending();
    const incidents = (await get('/api/v1/incidents')).data.filter((i: any) => i.monitorId === monitor.id);
    expect(incidents.map((i: any) => i.id)).toEqual([manual.id]);
    expect(incidents[0]).toMatchObject({ status: 'investigating', updates: [] });
  });

  // The check engine announces each certificate once (test/domain/apply-runs.test.ts,
  // test/engine/ssl-and-status.test.ts); each announcement is delivered once per channel.
  it('sends each certificate.expiring the engine announces, once', async () => {
    const webhook = await receiver();
    const policy = await createPolicy(server, owner, { name: 'Certs', channels: [{ type: 'webhook', url: webhook.url }] });
    const answer = await call(server, owner, 'POST', '/api/v1/monitors', {
      type: 'ssl',
      name: 'Shop certificate',
      intervalSeconds: 300,
      timeoutSeconds: 10,
      regions: ['eu-west'],
      host: 'shop.example.test',
      warningDays: 14,
      notificationPolicyId: policy.id,
    });
    const monitor = expectStatus(answer, 201);

    const first = await engineCertificateExpiring(server, monitor, 'AA:BB');
    const renewed = await engineCertificateExpiring(server, monitor, 'CC:DD', 13);
    await webhook.waitFor(2);
    await server.app.services.alerts.processPending();
    await settle(300);
    expect(webhook.received.map((r) => r.json.id).sort()).toEqual([first, renewed].sort());
    for (const r of webhook.received) {
      expect(r.json).toMatchObject({ event: 'certificate.expiring', incidentId: null, monitor: { id: monitor.id, type: 'ssl' } });
      expect(r.headers['lookout-event']).toBe('certificate.expiring');
    }
  });
});

describe('delivery failures', () => {
  it('records a clear error for email without SMTP_URL, and for targets the target policy blocks', async () => {
    const other = await startServer({ LOOKOUT_TARGET_POLICY: 'public-only' }, { alerting: { ...FAST, retryWindowMs: 0 } });
    try {
      const webhook = await receiver();
      const who = await other.newTeam('Owner');
      const policy = await createPolicy(other, who, {
        name: 'Blocked',
        channels: [
          { type: 'webhook', url: webhook.url },
          { type: 'email', to: ['ops@acme.test'] },
        ],
      });
      const monitor = await createHttpMonitor(other, who, { notificationPolicyId: policy.id });
      await engineStatusChange(other, monitor, 'up', 'down');
      const log = await waitUntil(
        async () => {
          const data = expectStatus(await call(other, who, 'GET', `${POLICIES}/${policy.id}/deliveries`), 200).data;
          return data.length >= 2 ? data : undefined;
        },
        5000,
        'two attempts',
      );
      const byType = Object.fromEntries(log.map((a: any) => [a.channel.type, a]));
      expect(byType.webhook).toMatchObject({ outcome: 'failed', statusCode: null, nextAttemptAt: null });
      expect(byType.webhook.error).toMatch(/^target-blocked: /);
      expect(byType.email.outcome).toBe('failed');
      expect(byType.email.error).toMatch(/SMTP_URL/);
      expect(webhook.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('gives up after the retry window: the last attempt is `failed` and nothing follows', async () => {
    const other = await startServer({}, { alerting: { backoffBaseMs: 40, pollIntervalMs: 20, retryWindowMs: 1000 } });
    try {
      const webhook = await receiver();
      webhook.script([], 503);
      const who = await other.newTeam('Owner');
      const policy = await createPolicy(other, who, { name: 'Dead end', channels: [{ type: 'webhook', url: webhook.url }] });
      const monitor = await createHttpMonitor(other, who, { notificationPolicyId: policy.id });
      await engineStatusChange(other, monitor, 'up', 'down');
      const log = await waitUntil(
        async () => {
          const data = expectStatus(await call(other, who, 'GET', `${POLICIES}/${policy.id}/deliveries`), 200).data;
          return data[0]?.outcome === 'failed' ? data : undefined;
        },
        8000,
        'the delivery to give up',
      );
      const count = webhook.received.length;
      await settle(400);
      expect(webhook.received).toHaveLength(count);
      expect(log.length).toBe(count);
      expect(log.slice(1).every((a: any) => a.outcome === 'retrying' && a.nextAttemptAt !== null)).toBe(true);
      expect(log[0]).toMatchObject({ outcome: 'failed', statusCode: 503, nextAttemptAt: null, attempt: count });
      expect(log[0].error).toMatch(/^HTTP 503/);
      expect(count).toBeGreaterThanOrEqual(3);
      expect(new Set(webhook.received.map((r) => r.headers['lookout-event-id'])).size).toBe(1);
    } finally {
      await other.close();
    }
  });
});
