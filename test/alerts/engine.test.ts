import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { eventually, startTarget, type Target } from '../helpers/target.js';
import { POLICIES, call, createHttpMonitor, createPolicy, expectStatus, expectValidSignature } from './fixtures.js';
import { settle, startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from './receivers.js';

/**
 * The whole path with the real check engine: a local target starts failing, the engine records
 * `down`, and the alerting side opens the incident and reaches a webhook, a Slack-shaped
 * endpoint and an SMTP server; the target recovers and `monitor.up` follows.
 */

const SECRET = 'engine-test-secret-0123';
const REGIONS = ['us-east', 'eu-west'] as const;

let server: TestServer;
let owner: Member;
let target: Target;
let smtp: SmtpReceiver;
let webhook: HttpReceiver;
let slack: HttpReceiver;

beforeAll(async () => {
  target = await startTarget();
  smtp = await startSmtpReceiver();
  webhook = await startHttpReceiver();
  slack = await startHttpReceiver('/slack');
  server = await startServer(
    { LOOKOUT_REGIONS: REGIONS.join(','), SMTP_URL: smtp.url },
    { checks: { retryDelayMs: 100 }, alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } },
  );
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await Promise.all([target.close(), smtp.close(), webhook.close(), slack.close()]);
});

const monitorOf = async (id: string) => expectStatus(await call(server, owner, 'GET', `/api/v1/monitors/${id}`), 200);

async function eventOf(type: string) {
  await eventually(async () => webhook.received.some((r) => r.json.event === type), 15_000);
  return webhook.received.find((r) => r.json.event === type)!;
}

/** Every event processed and every delivery made (none pending). */
async function outboxDrained(): Promise<void> {
  await server.app.services.alerts.processPending();
  const db = server.app.store.db;
  await eventually(async () => !(await db.selectFrom('deliveries').select('id').where('status', '=', 'pending').executeTakeFirst()));
}

/** One check in each region now, as the scheduler would enqueue it. */
async function checkNow(monitorId: string): Promise<void> {
  for (const region of REGIONS) {
    await server.app.services.dispatcher.enqueue({ monitorId, region, trigger: 'scheduled', dueAt: Date.now(), nextDueAt: Date.now() + 60_000 });
  }
}

describe('alerts from real checks', () => {
  it('a failing target opens an incident and alerts every channel; its recovery resolves it and sends monitor.up', async () => {
    const policy = await createPolicy(server, owner, {
      name: 'Engine',
      channels: [
        { type: 'webhook', url: webhook.url, secret: SECRET },
        { type: 'slack', webhookUrl: slack.url },
        { type: 'email', to: ['oncall@acme.test'] },
      ],
    });
    const monitor = await createHttpMonitor(server, owner, { name: 'Local target', url: `${target.url}/health`, notificationPolicyId: policy.id });

    // First checks: pending → up, which alerts nobody.
    await eventually(async () => (await monitorOf(monitor.id)).status === 'up');
    await server.app.services.alerts.processPending();
    await settle(200);
    expect(webhook.received).toHaveLength(0);

    // The target fails: each region fails twice (the confirming retry). Regions report one by
    // one, so the monitor is degraded first, then down: one alert per change.
    target.status = 503;
    await checkNow(monitor.id);
    const down = await eventOf('monitor.down');
    await outboxDrained();
    // The order of changes is in each alert's previous status: two regions' runs can start in the
    // same millisecond, so their alerts' times can be equal, and the two deliveries race.
    expect(webhook.received.map((r) => r.json.event).sort()).toEqual(['monitor.degraded', 'monitor.down']);
    expect((await eventOf('monitor.degraded')).json).toMatchObject({ previousStatus: 'up', status: 'degraded' });
    expect(down.json).toMatchObject({ previousStatus: 'degraded', status: 'down', monitor: { id: monitor.id, status: 'down' } });
    for (const r of webhook.received) {
      expectValidSignature(r.headers['lookout-signature'], r.body, SECRET);
      expect(r.headers['lookout-event-id']).toBe(r.json.id);
    }
    const incident = expectStatus(await call(server, owner, 'GET', `/api/v1/incidents/${down.json.incidentId}`), 200);
    expect(incident).toMatchObject({ title: 'Local target is down', source: 'monitor', status: 'investigating', monitorId: monitor.id });
    expect(incident.updates[0].message).toContain('status-mismatch');

    await slack.waitFor(2);
    const slackDown = slack.received.find((r) => r.json.text === 'Local target is down');
    expect(JSON.stringify(slackDown!.json)).toContain('expected 200, got 503');
    const mails = await smtp.waitFor(2);
    expect(mails.every((m) => m.to.join() === 'oncall@acme.test')).toBe(true);
    expect(mails.some((m) => /^Subject: \[Lookout\] Local target is down\r?$/m.test(m.raw))).toBe(true);

    // It recovers: up again (through degraded if one region reports first).
    target.status = 200;
    await checkNow(monitor.id);
    const up = await eventOf('monitor.up');
    expectValidSignature(up.headers['lookout-signature'], up.body, SECRET);
    expect(up.json).toMatchObject({ status: 'up', incidentId: incident.id });
    expect(['down', 'degraded']).toContain(up.json.previousStatus);
    const resolved = expectStatus(await call(server, owner, 'GET', `/api/v1/incidents/${incident.id}`), 200);
    expect(resolved.status).toBe('resolved');
    expect(resolved.updates.at(-1).message).toBe('Monitor recovered');
    await outboxDrained();
    const sent = webhook.received.length;
    await slack.waitFor(sent);
    await smtp.waitFor(sent);

    const log = expectStatus(await call(server, owner, 'GET', `${POLICIES}/${policy.id}/deliveries`), 200).data;
    expect(log).toHaveLength(sent * 3);
    expect(log.every((a: any) => a.outcome === 'delivered')).toBe(true);
  });
});
