import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Member, type TestServer } from '../helpers/server.js';
import { POLICIES, call, createHttpMonitor, createPolicy, engineStatusChange, expectStatus } from './fixtures.js';
import { settle, startHttpReceiver, startSmtpReceiver, waitUntil, type HttpReceiver, type SmtpReceiver } from './receivers.js';

/**
 * Alert deliveries go only where checks may go: the request of every HTTP channel and the SMTP connection
 * are judged by LOOKOUT_TARGET_POLICY on the address they connect to. A refused delivery is a
 * failed attempt in the deliveries log with the reason, and the receiver never sees a connection.
 * Every receiver here listens on 127.0.0.1, which public-only refuses and `all` allows.
 */

let webhook: HttpReceiver;
let slack: HttpReceiver;
let smtp: SmtpReceiver;
/** Stands for PagerDuty's API address (LOOKOUT_PAGERDUTY_API_URL). */
let pagerduty: HttpReceiver;

beforeAll(async () => {
  [webhook, slack, smtp, pagerduty] = await Promise.all([startHttpReceiver('/hook'), startHttpReceiver('/slack'), startSmtpReceiver(), startHttpReceiver('')]);
});
afterAll(async () => {
  await Promise.all([webhook?.close(), slack?.close(), smtp?.close(), pagerduty?.close()]);
});

const portOf = (url: string) => new URL(url).port;

/** A policy with the three channels, a monitor going down, and the deliveries log once every channel has an attempt. */
async function alertOnce(server: TestServer, who: Member, channels: unknown[]) {
  const policy = await createPolicy(server, who, { name: 'Everything', notifyOn: ['down'], channels });
  const monitor = await createHttpMonitor(server, who, { notificationPolicyId: policy.id });
  await engineStatusChange(server, monitor, 'up', 'down');
  const log = await waitUntil(
    async () => {
      const data = expectStatus(await call(server, who, 'GET', `${POLICIES}/${policy.id}/deliveries`), 200).data as any[];
      return data.length >= channels.length ? data : undefined;
    },
    10_000,
    `${channels.length} attempts`,
  );
  return Object.fromEntries(log.map((attempt) => [attempt.channel.type, attempt]));
}

describe('under LOOKOUT_TARGET_POLICY=public-only', () => {
  let server: TestServer;
  let owner: Member;
  beforeAll(async () => {
    // The SMTP server is named by host name: its resolved address is what is judged.
    server = await startServer(
      { LOOKOUT_TARGET_POLICY: 'public-only', SMTP_URL: `smtp://localhost:${portOf(smtp.url)}`, LOOKOUT_PAGERDUTY_API_URL: pagerduty.url },
      { alerting: { backoffBaseMs: 50, pollIntervalMs: 50, retryWindowMs: 0 } },
    );
    owner = await server.newTeam('Owner');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses webhook, Slack and email deliveries to 127.0.0.1 and records each as a failed attempt with the reason', async () => {
    const before = { webhook: webhook.received.length, slack: slack.received.length, mail: smtp.messages.length };
    const attempts = await alertOnce(server, owner, [
      { type: 'webhook', url: webhook.url },
      { type: 'slack', webhookUrl: `http://localhost:${portOf(slack.url)}/slack` },
      { type: 'email', to: ['ops@acme.test'] },
    ]);

    for (const type of ['webhook', 'slack', 'email']) {
      expect(attempts[type], type).toMatchObject({ outcome: 'failed', statusCode: null, nextAttemptAt: null });
    }
    expect(attempts.webhook.error).toBe('target-blocked: 127.0.0.1 is blocked by the target policy public-only');
    expect(attempts.slack.error).toMatch(/^target-blocked: localhost resolves to (127\.0\.0\.1|::1), blocked by the target policy public-only$/);
    expect(attempts.email.error).toMatch(/^target-blocked: localhost resolves to (127\.0\.0\.1|::1), blocked by the target policy public-only$/);

    await settle(300);
    expect(webhook.received.length).toBe(before.webhook);
    expect(slack.received.length).toBe(before.slack);
    expect(smtp.messages.length).toBe(before.mail);
  });

  it('refuses the provider channels too, at a provider’s configured API address as at a URL the channel names', async () => {
    const attempts = await alertOnce(server, owner, [
      { type: 'pagerduty', routingKey: 'R0ut1ngKeyR0ut1ngKeyR0ut1ngKey32' },
      { type: 'custom', url: webhook.url, method: 'PUT', body: '{"m": "{{monitor.name}}"}' },
    ]);
    expect(attempts.pagerduty).toMatchObject({ outcome: 'failed', error: 'target-blocked: 127.0.0.1 is blocked by the target policy public-only' });
    expect(attempts.custom).toMatchObject({ outcome: 'failed', error: 'target-blocked: 127.0.0.1 is blocked by the target policy public-only' });
    await settle(200);
    expect(pagerduty.received).toHaveLength(0);
  });

  it('refuses a blocked IPv4 address written in its NAT64 form', async () => {
    const attempts = await alertOnce(server, owner, [{ type: 'webhook', url: 'http://[64:ff9b::7f00:1]/hook' }]);
    expect(attempts.webhook).toMatchObject({ outcome: 'failed', error: 'target-blocked: [64:ff9b::7f00:1] is blocked by the target policy public-only' });
  });
});

describe('under LOOKOUT_TARGET_POLICY=all', () => {
  let server: TestServer;
  let owner: Member;
  beforeAll(async () => {
    server = await startServer({ LOOKOUT_TARGET_POLICY: 'all', SMTP_URL: smtp.url }, { alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } });
    owner = await server.newTeam('Owner');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('delivers to the same receivers', async () => {
    const before = { webhook: webhook.received.length, slack: slack.received.length, mail: smtp.messages.length };
    const attempts = await alertOnce(server, owner, [
      { type: 'webhook', url: webhook.url },
      { type: 'slack', webhookUrl: slack.url },
      { type: 'email', to: ['ops@acme.test'] },
    ]);

    for (const type of ['webhook', 'slack', 'email']) {
      expect(attempts[type], type).toMatchObject({ outcome: 'delivered', error: null });
    }
    expect(webhook.received.length).toBe(before.webhook + 1);
    expect(slack.received.length).toBe(before.slack + 1);
    expect(smtp.messages.length).toBe(before.mail + 1);
    expect(smtp.messages.at(-1)!.to).toEqual(['ops@acme.test']);
  });
});
