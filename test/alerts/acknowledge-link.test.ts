/**
 * The one-click acknowledge link in alerts: a down alert's Slack message and email carry a signed
 * link to `/ack/<incident>`; opening it changes nothing, its button acknowledges; an altered,
 * foreign or expired link acknowledges nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../helpers/clock.js';
import { PUBLIC_URL, startServer, type Member, type TestServer } from '../helpers/server.js';
import { call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus } from './fixtures.js';
import { settle, startHttpReceiver, startSmtpReceiver, type HttpReceiver, type SmtpReceiver } from './receivers.js';

let server: TestServer;
let owner: Member;
let clock: ManualClock;
let slack: HttpReceiver;
let webhook: HttpReceiver;
let smtp: SmtpReceiver;

beforeAll(async () => {
  slack = await startHttpReceiver('/slack');
  webhook = await startHttpReceiver('/hook');
  smtp = await startSmtpReceiver();
  clock = new ManualClock(Date.now());
  server = await startServer({ SMTP_URL: smtp.url }, { clock, alerting: { pollIntervalMs: 50, backoffBaseMs: 50 } });
  owner = await server.newTeam('Owner');
});
afterAll(async () => {
  await server.close();
  await Promise.all([slack.close(), webhook.close(), smtp.close()]);
});

async function drained(): Promise<void> {
  await server.app.services.alerts.processPending();
  await server.app.services.deliveries.runDue();
  await settle(50);
}

/** The monitor goes down: its incident opens and its channels get the alert. Answers the incident. */
async function down(): Promise<{ id: string; monitorId: string }> {
  const policy = await createPolicy(server, owner, {
    name: 'Page me',
    channels: [
      { type: 'slack', webhookUrl: slack.url },
      { type: 'webhook', url: webhook.url },
      { type: 'email', to: ['oncall@acme.test'] },
    ],
  });
  const monitor = await createHttpMonitor(server, owner, { notificationPolicyId: policy.id });
  clock.advance(1);
  await engineStatusChange(server, monitor, 'up', 'down', clock.now());
  await drained();
  const incident = expectStatus(await call(server, owner, 'GET', '/api/v1/incidents'), 200).data.find((i: any) => i.monitorId === monitor.id);
  return { id: incident.id, monitorId: monitor.id };
}

/** The link as the Slack message has it, pointed at the test server instead of the public address. */
function slackLink(incidentId: string): string {
  const message = slack.received.find((r) => JSON.stringify(r.json).includes(incidentId))!.json;
  const context = JSON.stringify(message.blocks);
  const url = /<(http[^|>]+\/ack\/[^|>]+)\|Acknowledge>/.exec(context)![1]!;
  return url.replace(PUBLIC_URL, server.baseUrl);
}

const open = (url: string) => fetch(url);
const press = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
const incidentOf = async (id: string) => expectStatus(await call(server, owner, 'GET', `/api/v1/incidents/${id}`), 200);

describe('the acknowledge link in alerts', () => {
  it('is in the Slack message and the email of a down alert; opening it changes nothing, its button acknowledges', async () => {
    const incident = await down();
    const link = slackLink(incident.id);
    expect(link).toMatch(new RegExp(`/ack/${incident.id}\\?e=\\d+&s=`));
    const mail = (await smtp.waitFor(1)).find((m) => m.raw.includes(incident.id))!;
    const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain(link.replace(server.baseUrl, PUBLIC_URL));

    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page.headers.get('set-cookie')).toBeNull();
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain('is down');
    expect((await incidentOf(incident.id)).acknowledgedAt).toBeNull();

    const pressed = await press(link);
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('Acknowledged at');
    expect(await incidentOf(incident.id)).toMatchObject({ acknowledgedAt: expect.any(String), acknowledgedBy: null });
    await drained();
    expect(webhook.received.filter((r) => r.json.incidentId === incident.id).map((r) => r.json.event)).toEqual(['monitor.down', 'incident.acknowledged']);

    // Again: nothing more to do, no second event.
    const again = await open(link);
    expect(await again.text()).not.toContain('<form');
    expect((await press(link)).status).toBe(200);
    await drained();
    expect(webhook.received.filter((r) => r.json.incidentId === incident.id)).toHaveLength(2);
  });

  it('refuses an altered link, the link of another incident and an expired one', async () => {
    const first = await down();
    const second = await down();
    const link = slackLink(first.id);
    const altered = link.replace(/s=([^&]+)$/, (_, s: string) => `s=${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`);
    const foreign = link.replace(first.id, second.id);
    for (const bad of [altered, foreign, link.replace(/e=\d+/, (e) => `e=${Number(e.slice(2)) + 1}`), link.replace(/&s=.*$/, '')]) {
      expect((await open(bad)).status, bad).toBe(403);
      expect((await press(bad)).status, bad).toBe(403);
    }
    expect((await incidentOf(first.id)).acknowledgedAt).toBeNull();
    expect((await incidentOf(second.id)).acknowledgedAt).toBeNull();

    clock.advance(7 * 24 * 3_600_000 + 1_000);
    expect((await press(link)).status).toBe(403);
    expect((await incidentOf(first.id)).acknowledgedAt).toBeNull();
  });
});
