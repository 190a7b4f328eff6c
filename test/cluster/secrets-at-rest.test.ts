/**
 * Beyond test/monitors/secrets.test.ts (monitor secrets, both stores): in cluster mode no monitor
 * secret, webhook secret (policy and outbox) or token is stored in plain text in any column of any
 * table, nor in Redis, and the key comes from LOOKOUT_SECRET_KEY, never a file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorSecretAt } from '../../src/domain/secrets/places.js';
import { POLICIES } from '../alerts/fixtures.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, expectOk, httpBody, storedRow, type Client } from '../monitors/fixtures.js';

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startServer();
  if (server.store !== 'postgres') throw new Error('test/cluster runs in cluster mode only (LOOKOUT_TEST_STORE=postgres)');
  owner = await client(server);
});
afterAll(() => server?.close());

describe('secrets at rest in cluster mode', () => {
  it('seals with LOOKOUT_SECRET_KEY and writes no key file', async () => {
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: 'cluster-secret-1' } })));
    expect((await storedRow(server, id))!.auth_secret).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(existsSync(join(server.dataDir, 'secret.key'))).toBe(false);
    expect(server.app.services.secrets.box.open((await storedRow(server, id))!.auth_secret!, monitorSecretAt(id, 'auth_secret'))).toBe('cluster-secret-1');
  });

  it('never stores a monitor secret, a webhook secret or a token in plain text: every column of every table', async () => {
    const SECRETS = [
      'Pg-Bearer-Secret-7f3a9c2e',
      'Pg-Basic-Password-51d0be88',
      'Pg-Header-Value-c4e19a07',
      'Pg-Patched-Secret-9a8b7c6d',
      'Pg-Webhook-Secret-0123456789',
    ];
    const bearer = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: SECRETS[0] } })));
    expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'basic', username: 'svc', secret: SECRETS[1] } })));
    expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'header', headerName: 'X-Api-Key', secret: SECRETS[2] } })));
    expectOk(await owner.request('PATCH', `${MONITORS}/${bearer.id}`, { auth: { type: 'bearer', secret: SECRETS[3] } }));
    const policy = expectCreated(
      await owner.request('POST', POLICIES, { name: 'Hooks', channels: [{ type: 'webhook', url: 'http://127.0.0.1:9/hook', secret: SECRETS[4] }] }),
    );
    // A test send puts the channel (with its sealed secret) into the outbox too.
    await owner.request('POST', `${POLICIES}/${policy.id}/test`);
    const outbox = await server.app.store.db.selectFrom('deliveries').select('channel').execute();
    expect(outbox.length).toBeGreaterThan(0);

    const stored = await server.storedBytes();
    // The read works: what is stored in plain text is found, in every table it lives in.
    expect(stored.includes(Buffer.from('https://example.com/health'))).toBe(true);
    expect(stored.includes(Buffer.from('http://127.0.0.1:9/hook'))).toBe(true);
    expect(stored.includes(Buffer.from(owner.member.email))).toBe(true);
    for (const secret of [...SECRETS, owner.member.token]) {
      expect(stored.includes(Buffer.from(secret, 'utf8')), `${secret} found in the database`).toBe(false);
    }
    // Tokens: only their SHA-256.
    expect(stored.includes(Buffer.from(owner.member.token.slice(4)))).toBe(false);

    // Nor in Redis, which holds only counters and locks.
    const redis = new Redis(server.env.REDIS_URL!);
    try {
      const keys = await redis.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key.startsWith('lookout:')).toBe(true);
        const value = (await redis.type(key)) === 'string' ? await redis.get(key) : '';
        for (const secret of [...SECRETS, owner.member.token]) expect(`${key} ${String(value)}`).not.toContain(secret);
      }
    } finally {
      await redis.quit();
    }
  });
});
