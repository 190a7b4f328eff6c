import { createHmac, timingSafeEqual } from 'node:crypto';
import { expect } from 'vitest';
import { appendEvent, type RegionOutcome } from '../../src/domain/events.js';
import type { CheckedStatus } from '../../src/shared/vocabulary.js';
import type { Answer, Member, TestServer } from '../helpers/server.js';

export const POLICIES = '/api/v1/notification-policies';

export const call = (server: TestServer, who: Member, method: string, path: string, body?: unknown) => server.request(method, path, { token: who.token, body });

export function expectStatus(answer: Answer, status: number): any {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`);
  return answer.body;
}

export async function createPolicy(server: TestServer, who: Member, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await call(server, who, 'POST', POLICIES, body), 201);
}

export async function createHttpMonitor(server: TestServer, who: Member, overrides: Record<string, unknown> = {}): Promise<any> {
  const answer = await call(server, who, 'POST', '/api/v1/monitors', {
    type: 'http',
    name: 'Checkout API',
    intervalSeconds: 60,
    timeoutSeconds: 5,
    regions: ['us-east', 'eu-west'],
    url: 'https://shop.example.test/health',
    method: 'GET',
    expectedStatus: 200,
    ...overrides,
  });
  return expectStatus(answer, 201);
}

const FAILED: RegionOutcome['error'] = { code: 'status-mismatch', message: 'expected 200, got 503' };

export function regionsFor(status: CheckedStatus): RegionOutcome[] {
  if (status === 'down') {
    return [
      { region: 'us-east', ok: false, error: FAILED },
      { region: 'eu-west', ok: false, error: { code: 'timeout', message: 'no complete response within 5000 ms' } },
    ];
  }
  if (status === 'degraded')
    return [
      { region: 'us-east', ok: false, error: FAILED },
      { region: 'eu-west', ok: true, error: null },
    ];
  return [
    { region: 'us-east', ok: true, error: null },
    { region: 'eu-west', ok: true, error: null },
  ];
}

let lastEventAt = 0;
/**
 * A real monitor changes status seconds apart at the least (a failure is confirmed by a retry);
 * events made here are a millisecond apart, so that their times differ as real ones would (they
 * are processed in the order they were committed either way: test/alerts/event-order.test.ts).
 */
async function nextMillisecond(): Promise<string> {
  while (Date.now() <= lastEventAt) await new Promise((resolve) => setTimeout(resolve, 1));
  lastEventAt = Date.now();
  return new Date(lastEventAt).toISOString();
}

/**
 * What the check engine does when a monitor's status changes: sets `monitors.status` and
 * appends `monitor.status_changed` in the same transaction, then nudges the alert processor.
 */
export async function engineStatusChange(
  server: TestServer,
  monitor: { id: string },
  previousStatus: CheckedStatus,
  status: CheckedStatus,
  /** When it happened (epoch ms): the server's clock, for a test that moves it; the next real millisecond otherwise. */
  at?: number,
): Promise<string> {
  const db = server.app.store.db;
  const occurredAt = at === undefined ? await nextMillisecond() : new Date(at).toISOString();
  const eventId = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('monitors').select(['team_id']).where('id', '=', monitor.id).executeTakeFirstOrThrow();
    await trx.updateTable('monitors').set({ status, last_checked_at: Date.now() }).where('id', '=', monitor.id).execute();
    return appendEvent(trx, {
      type: 'monitor.status_changed',
      monitorId: monitor.id,
      teamId: row.team_id,
      previousStatus,
      status,
      regions: regionsFor(status),
      occurredAt,
    });
  });
  server.app.services.alerts.notify();
  return eventId;
}

export async function engineCertificateExpiring(server: TestServer, monitor: { id: string }, fingerprint256: string, daysRemaining = 5): Promise<string> {
  const db = server.app.store.db;
  const row = await db.selectFrom('monitors').select(['team_id']).where('id', '=', monitor.id).executeTakeFirstOrThrow();
  const occurredAt = await nextMillisecond();
  const validTo = new Date(Date.now() + daysRemaining * 86_400_000).toISOString();
  const eventId = await appendEvent(db, {
    type: 'certificate.expiring',
    monitorId: monitor.id,
    teamId: row.team_id,
    certificate: { subject: 'CN=shop.example.test', issuer: 'CN=Test CA', validFrom: '2026-01-01T00:00:00.000Z', validTo, daysRemaining, fingerprint256 },
    warningDays: 14,
    occurredAt,
  });
  server.app.services.alerts.notify();
  return eventId;
}

/** Checks `Lookout-Signature` the way the contract documents it, independently of the server's code. */
export function expectValidSignature(header: string | string[] | undefined, rawBody: string, secret: string): void {
  expect(typeof header).toBe('string');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header as string);
  expect(match, `signature header "${String(header)}"`).not.toBeNull();
  const [, t, v1] = match!;
  expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
  const expected = createHmac('sha256', secret).update(`${t!}.${rawBody}`).digest();
  expect(timingSafeEqual(expected, Buffer.from(v1!, 'hex'))).toBe(true);
}
