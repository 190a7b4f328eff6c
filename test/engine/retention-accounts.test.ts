import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/domain/rollup-buckets.js';
import { newId } from '../../src/domain/ids.js';
import { SESSION_IDLE_MS } from '../../src/domain/sessions.js';
import { startServer, type Member, type TestServer } from '../helpers/server.js';

let server: TestServer;
let owner: Member;
let policyId: string;

beforeAll(async () => {
  server = await startServer();
  owner = await server.newTeam('Owner');
  const policy = await server.request('POST', '/api/v1/notification-policies', {
    token: owner.token,
    body: { name: 'Ops', channels: [{ type: 'webhook', url: 'https://hooks.example.test/lookout' }] },
  });
  expect(policy.status).toBe(201);
  policyId = policy.body.id;
});
afterAll(() => server.close());

const db = () => server.app.store.db;

/** A delivery made at `at` with two attempts; returns its id. */
async function insertDelivery(at: number, status = 'delivered'): Promise<string> {
  const id = newId(at);
  await db()
    .insertInto('deliveries')
    .values({
      id,
      team_id: owner.teamId,
      policy_id: policyId,
      event_id: newId(at),
      event: 'monitor.down',
      monitor_id: null,
      channel_index: 0,
      channel: '{}',
      payload: '{}',
      status,
      attempts: 2,
      // A pending one is not due yet: the dispatcher leaves it alone during the test.
      next_attempt_at: status === 'pending' ? Date.now() + DAY_MS : at,
      lease_until: null,
      lease_token: null,
      last_error: null,
      created_at: at,
      updated_at: at,
      delivered_at: status === 'delivered' ? at : null,
    })
    .execute();
  for (const attempt of [1, 2]) {
    await db()
      .insertInto('delivery_attempts')
      .values({
        id: newId(at),
        delivery_id: id,
        policy_id: policyId,
        attempt,
        started_at: at + attempt,
        duration_ms: 5,
        outcome: 'retrying',
        status_code: 503,
        error: null,
        next_attempt_at: null,
      })
      .execute();
  }
  return id;
}

async function insertSession(times: { createdAt: number; lastSeenAt: number; expiresAt: number; revokedAt?: number }): Promise<string> {
  const id = newId(times.createdAt);
  await db()
    .insertInto('sessions')
    .values({
      id,
      token_hash: `hash-${id}`,
      user_id: owner.userId,
      team_id: owner.teamId,
      created_at: times.createdAt,
      last_seen_at: times.lastSeenAt,
      expires_at: times.expiresAt,
      revoked_at: times.revokedAt ?? null,
      ip: '127.0.0.1',
      user_agent: null,
    })
    .execute();
  return id;
}

async function insertLink(times: { createdAt: number; expiresAt: number; usedAt?: number }): Promise<string> {
  const id = newId(times.createdAt);
  await db()
    .insertInto('password_setups')
    .values({
      id,
      token_hash: `hash-${id}`,
      user_id: owner.userId,
      created_by: null,
      created_at: times.createdAt,
      expires_at: times.expiresAt,
      used_at: times.usedAt ?? null,
    })
    .execute();
  return id;
}

const ids = async (table: 'deliveries' | 'sessions' | 'password_setups') => (await db().selectFrom(table).select('id').execute()).map((r) => r.id).sort();
const attemptsOf = async (deliveryIds: string[]) =>
  deliveryIds.length === 0
    ? []
    : (await db().selectFrom('delivery_attempts').select('delivery_id').where('delivery_id', 'in', deliveryIds).execute()).map((r) => r.delivery_id);

describe('retention of deliveries, sessions and set-password links', () => {
  it('prunes deliveries older than 30 days with their attempts, ended sessions and spent links; fresh rows stay', async () => {
    const now = Date.now();
    const oldDeliveries = [
      await insertDelivery(now - 31 * DAY_MS),
      await insertDelivery(now - 45 * DAY_MS, 'failed'),
      await insertDelivery(now - 90 * DAY_MS, 'pending'),
    ];
    const freshDeliveries = [await insertDelivery(now - 29 * DAY_MS), await insertDelivery(now - HOUR_MS, 'pending')];

    // Ended sessions:
    await insertSession({ createdAt: now - 31 * DAY_MS, lastSeenAt: now - HOUR_MS, expiresAt: now - DAY_MS }); // past its 30 days
    await insertSession({ createdAt: now - 10 * DAY_MS, lastSeenAt: now - SESSION_IDLE_MS - HOUR_MS, expiresAt: now + 20 * DAY_MS }); // idle too long
    await insertSession({ createdAt: now - DAY_MS, lastSeenAt: now - HOUR_MS, expiresAt: now + 29 * DAY_MS, revokedAt: now - HOUR_MS }); // signed out
    const liveSessions = [await insertSession({ createdAt: now - DAY_MS, lastSeenAt: now - HOUR_MS, expiresAt: now + 29 * DAY_MS })];

    // Spent links:
    await insertLink({ createdAt: now - 8 * DAY_MS, expiresAt: now - DAY_MS }); // expired unused
    await insertLink({ createdAt: now - 2 * DAY_MS, expiresAt: now + 5 * DAY_MS, usedAt: now - DAY_MS }); // used
    const openLinks = [await insertLink({ createdAt: now - DAY_MS, expiresAt: now + 6 * DAY_MS })];

    const report = await server.app.engine.pruner.pruneOnce();
    expect(report).toMatchObject({ deliveries: 3, sessions: 3, passwordSetups: 2, interrupted: false });

    expect(await ids('deliveries')).toEqual([...freshDeliveries].sort());
    expect(await attemptsOf(oldDeliveries)).toEqual([]);
    expect(await attemptsOf(freshDeliveries)).toHaveLength(4);
    expect(await ids('sessions')).toEqual(liveSessions);
    expect(await ids('password_setups')).toEqual(openLinks);
    // Nothing left to prune: a second pass deletes nothing.
    expect(await server.app.engine.pruner.pruneOnce()).toMatchObject({ deliveries: 0, sessions: 0, passwordSetups: 0 });
  });

  it('prunes them only in the process holding the retention lock', async () => {
    const now = Date.now();
    const old = [];
    for (let i = 0; i < 5; i++) old.push(await insertDelivery(now - (40 + i) * DAY_MS));
    const held = await server.app.coordination.locks.tryAcquire('retention', 60_000);
    expect(held.acquired).toBe(true);
    // Another pruner (the scheduled tick) must not take it while it is held.
    expect(await server.app.engine.pruner.tick()).toBeNull();
    expect(await attemptsOf(old)).toHaveLength(10);
    // The holder's pass removes them.
    expect((await server.app.engine.pruner.pruneOnce()).deliveries).toBe(5);
    expect(await attemptsOf(old)).toEqual([]);
  });
});
