import { createHash } from 'node:crypto';
/**
 * The one-click acknowledge link in alerts: a down alert's Slack message and email carry a signed
 * link to `/ack/<incident>` of its own (naming its delivery); opening it changes nothing, its button
 * acknowledges and records which alert it came through (`acknowledgedVia`, on the incident and in
 * its timeline); an altered or foreign link acknowledges nothing, nor one older than 24 hours.
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
    expect(link).toMatch(new RegExp(`/ack/${incident.id}\\?d=[0-9a-f-]{36}&e=\\d+&s=`));
    const slackDelivery = /d=([0-9a-f-]{36})/.exec(link)![1]!;
    // Each alert carries a link of its own: the email's names its own delivery.
    const mail = (await smtp.waitFor(1)).find((m) => m.raw.includes(incident.id))!;
    const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const mailLink = new RegExp(`${PUBLIC_URL}/ack/${incident.id}\\?d=([0-9a-f-]{36})&e=\\d+&s=[^\\s"<]+`).exec(unfolded)!;
    expect(mailLink[1]).not.toBe(slackDelivery);

    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page.headers.get('set-cookie')).toBeNull();
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain('is down');
    // Styled like the dashboard in both schemes, with the incident's context and a way into the dashboard.
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    expect(html).toContain('Open · not acknowledged');
    expect(html).toContain(`<a href="/incidents/${incident.id}">Open the incident in Lookout</a>`);
    expect(html).toMatch(/<dt>Since<\/dt><dd><time datetime="[^"]+">\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC<\/time>/);
    expect(html).toMatch(/<dt>Open for<\/dt><dd>\d+ min<\/dd>/);
    // No raw ISO time is shown: only in the `datetime` attribute the viewer's zone is computed from.
    expect(html.replace(/datetime="[^"]*"/g, '')).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // The one script that runs (times in the viewer's zone) is the one the policy names by its hash.
    const csp = page.headers.get('content-security-policy')!;
    const script = /<script>(.*)<\/script>/.exec(html)![1]!;
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect((await incidentOf(incident.id)).acknowledgedAt).toBeNull();

    const pressed = await press(link);
    expect(pressed.status).toBe(200);
    const pressedHtml = await pressed.text();
    expect(pressedHtml).toContain('Open · acknowledged');
    expect(pressedHtml).toMatch(/<dt>Acknowledged<\/dt><dd><time /);
    const acknowledged = await incidentOf(incident.id);
    const via = { channel: 'slack', deliveryId: slackDelivery };
    expect(acknowledged).toMatchObject({ acknowledgedAt: expect.any(String), acknowledgedBy: null, acknowledgedVia: via });
    expect(acknowledged.updates.filter((u: any) => u.kind === 'acknowledged')).toEqual([
      expect.objectContaining({ acknowledgedVia: via, postedToStatusPage: false, message: 'Acknowledged through the link in a slack alert' }),
    ]);
    // The delivery it names is the Slack alert's.
    const delivery = await server.app.store.db.selectFrom('deliveries').select(['channel', 'event']).where('id', '=', slackDelivery).executeTakeFirstOrThrow();
    expect(JSON.parse(delivery.channel).type).toBe('slack');
    expect(delivery.event).toBe('monitor.down');
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
    const otherDelivery = link.replace(/d=[0-9a-f-]{36}/, 'd=01a21b70-0000-7000-8000-000000000000');
    for (const bad of [altered, foreign, otherDelivery, link.replace(/e=\d+/, (e) => `e=${Number(e.slice(2)) + 1}`), link.replace(/&s=.*$/, '')]) {
      expect((await open(bad)).status, bad).toBe(403);
      expect((await press(bad)).status, bad).toBe(403);
    }
    expect((await incidentOf(first.id)).acknowledgedAt).toBeNull();
    expect((await incidentOf(second.id)).acknowledgedAt).toBeNull();

    // A day later the link has expired: a page that says so, not an error.
    clock.advance(24 * 3_600_000 - 60_000);
    expect((await open(link)).status).toBe(200);
    clock.advance(61_000);
    for (const answer of [await open(link), await press(link)]) {
      expect(answer.status).toBe(410);
      expect(answer.headers.get('content-type')).toContain('text/html');
      const html = await answer.text();
      expect(html).toContain('This link has expired');
      expect(html).toContain('24 hours');
      expect(html).not.toContain('<form');
    }
    expect((await incidentOf(first.id)).acknowledgedAt).toBeNull();
  });
});
