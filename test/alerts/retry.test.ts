import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DEFAULT_DISPATCHER_OPTIONS, DeliveryDispatcher } from '../../src/notify/dispatcher.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { POLICIES, createHttpMonitor, createPolicy, engineStatusChange, expectStatus, expectValidSignature } from './fixtures.js';
import { settle, startHttpReceiver, waitUntil, type HttpReceiver } from './receivers.js';

const SECRET = 'restart-secret-0123456789';
/** A dispatcher that is only asked for its backoff: it reaches no database and sends nothing. */
const SETTINGS = { targetPolicy: 'all', smtpUrl: null, publicUrl: 'http://x.test', providerUrls: loadConfig({}).providerUrls } as const;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function deliveriesOf(server: TestServer, token: string, policyId: string): Promise<any[]> {
  const answer = await server.request('GET', `${POLICIES}/${policyId}/deliveries`, { token });
  return expectStatus(answer, 200).data;
}

describe('at-least-once delivery with retries', () => {
  it('a receiver failing three times then answering 200 gets the event delivered once, across a server restart', async () => {
    const receiver: HttpReceiver = await startHttpReceiver();
    cleanup.push(() => receiver.close());
    receiver.script([500, 500, 500], 200);

    // First process: the first retry is due 1.5-3 s after the first attempt; it stops before that.
    const first = await startServer({}, { alerting: { backoffBaseMs: 3000, pollIntervalMs: 50 } });
    // Closed last: the second process runs on its database.
    cleanup.push(() => first.close());
    const owner = await first.newTeam('Owner');
    const policy = await createPolicy(first, owner, { name: 'Retry', channels: [{ type: 'webhook', url: receiver.url, secret: SECRET }] });
    const monitor = await createHttpMonitor(first, owner, { notificationPolicyId: policy.id });
    const eventId = await engineStatusChange(first, monitor, 'up', 'down');

    await receiver.waitFor(1);
    const afterFirst = await waitUntil(
      async () => {
        const log = await deliveriesOf(first, owner.token, policy.id);
        return log.length === 1 ? log : undefined;
      },
      5000,
      'the first attempt to be recorded',
    );
    expect(afterFirst[0]).toMatchObject({ attempt: 1, outcome: 'retrying', statusCode: 500, eventId });
    expect(afterFirst[0].error).toMatch(/^HTTP 500/);
    const wait = Date.parse(afterFirst[0].nextAttemptAt) - Date.parse(afterFirst[0].attemptedAt) - afterFirst[0].durationMs;
    expect(wait).toBeGreaterThanOrEqual(1500);
    expect(wait).toBeLessThanOrEqual(3000);

    // The process stops between retries.
    await first.app.close();
    expect(receiver.received).toHaveLength(1);

    // A new process over the same database (and key file) finishes the job when the retry is due.
    const second = await startServer({ DATABASE_URL: first.env.DATABASE_URL! }, { alerting: { backoffBaseMs: 50, pollIntervalMs: 50 } });
    cleanup.push(() => second.close());
    await receiver.waitFor(4, 15_000);
    expect(receiver.received[1]!.at).toBeGreaterThanOrEqual(Date.parse(afterFirst[0].nextAttemptAt));
    const log = await waitUntil(
      async () => {
        const rows = await deliveriesOf(second, owner.token, policy.id);
        return rows[0]?.outcome === 'delivered' ? rows : undefined;
      },
      5000,
      'the delivery to complete',
    );
    await settle(300);

    // Exactly one successful delivery; every attempt carried the same event id, body and a valid signature.
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 500, 500, 200]);
    expect(new Set(receiver.received.map((r) => r.headers['lookout-event-id']))).toEqual(new Set([eventId]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.received) expectValidSignature(r.headers['lookout-signature'], r.body, SECRET);
    expect(receiver.received[0]!.json).toMatchObject({ id: eventId, event: 'monitor.down' });

    // The retries are logged, newest first.
    expect(log.map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([
      [4, 'delivered', 200],
      [3, 'retrying', 500],
      [2, 'retrying', 500],
      [1, 'retrying', 500],
    ]);
    expect(log.every((a) => a.deliveryId === log[0].deliveryId)).toBe(true);
    expect(log[0].nextAttemptAt).toBeNull();
  });
});

describe('backoff', () => {
  it('doubles from the base with jitter in the upper half, capped at the maximum', () => {
    const at = (random: number) => new DeliveryDispatcher(null as never, null as never, SETTINGS, { random: () => random });
    const low = at(0);
    const high = at(0.999999);
    expect(DEFAULT_DISPATCHER_OPTIONS.backoffBaseMs).toBe(10_000);
    expect([1, 2, 3, 4].map((n) => low.backoff(n))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect([1, 2, 3, 4].map((n) => Math.round(high.backoff(n) / 1000))).toEqual([10, 20, 40, 80]);
    expect(high.backoff(20)).toBeLessThanOrEqual(3_600_000);
    expect(low.backoff(20)).toBe(1_800_000);
    expect(high.backoff(100)).toBeLessThanOrEqual(3_600_000);
  });

  it('keeps retrying for at least 24 hours by default', () => {
    const d = new DeliveryDispatcher(null as never, null as never, SETTINGS, { random: () => 0.5 });
    expect(DEFAULT_DISPATCHER_OPTIONS.retryWindowMs).toBe(24 * 3_600_000);
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < DEFAULT_DISPATCHER_OPTIONS.retryWindowMs) elapsed += d.backoff(++attempts);
    // Tens of attempts, not thousands, and the last ones an hour apart at most.
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(60);
  });
});
