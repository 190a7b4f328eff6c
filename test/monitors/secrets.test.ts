import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRing, SecretKeyError, envKeySource, parseKey, type KeySource } from '../../src/domain/secrets/key-ring.js';
import { SecretBox, SecretBoxError } from '../../src/domain/secrets/secret-box.js';
import { monitorSecretAt } from '../../src/domain/secrets/places.js';
import { createKeySource } from '../../src/domain/secrets/secrets.js';
import { TEST_STORE } from '../helpers/cluster.js';
import { runCli, startServer, type Answer, type TestServer } from '../helpers/server.js';
import { MONITORS, client, expectCreated, expectInvalid, expectOk, httpBody, sealV1, storedRow, type Client } from './fixtures.js';

const keyB64 = () => randomBytes(32).toString('base64');
const keyIdOf = (b64: string) => createHash('sha256').update(Buffer.from(b64, 'base64')).digest('hex').slice(0, 8);
const fixedSource = (...keys: string[]): KeySource => envKeySource(keys.join(','));

const HERE = { table: 'monitors', id: '0190a0b2-0000-7000-8000-000000000001', field: 'auth_secret' };

describe('secret box', () => {
  it('seals to v2.<keyId>.<iv>.<tag>.<ciphertext> and opens again at the same place', () => {
    const key = keyB64();
    const box = new SecretBox(fixedSource(key));
    const sealed = box.seal('pässwörd ✓', HERE);
    expect(sealed).toMatch(new RegExp(`^v2\\.${keyIdOf(key)}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]+$`));
    expect(box.open(sealed, { ...HERE })).toBe('pässwörd ✓');
    expect(box.seal('pässwörd ✓', HERE)).not.toBe(sealed);
    expect(box.keyIdOf(sealed)).toBe(keyIdOf(key));
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('detects any change to version, key id, iv, tag or ciphertext', () => {
    const box = new SecretBox(fixedSource(keyB64()));
    const sealed = box.seal('secret value', HERE);
    const parts = sealed.split('.');
    for (let i = 1; i < parts.length; i++) {
      const changed = [...parts];
      const s = changed[i]!;
      changed[i] = (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      expect(() => box.open(changed.join('.'), HERE)).toThrow(SecretBoxError);
    }
    // Claiming the first form (bound to the key id only) does not shed the place either.
    expect(() => box.open(sealed.replace(/^v2\./, 'v1.'), HERE)).toThrow(SecretBoxError);
    expect(() => box.open('plain text', HERE)).toThrow(SecretBoxError);
  });

  it('opens a value only at the place it was sealed for: another row, field or table refuses it', () => {
    const box = new SecretBox(fixedSource(keyB64()));
    const sealed = box.seal('secret value', HERE);
    for (const elsewhere of [
      { ...HERE, id: '0190a0b2-0000-7000-8000-000000000002' },
      { ...HERE, field: 'ping_key' },
      { ...HERE, table: 'notification_policies' },
      // The parts are length-prefixed: moving a character from one to the next is another place.
      { table: 'monitors.', id: HERE.id, field: 'auth_secret' },
    ]) {
      expect(() => box.open(sealed, elsewhere), JSON.stringify(elsewhere)).toThrow(/failed authentication .*sealed for another place/);
    }
  });

  it('still opens values of the first form (bound to the key id only) anywhere, and counts them as due for re-sealing', () => {
    const key = keyB64();
    const box = new SecretBox(fixedSource(key));
    const old = sealV1(key, 'from an older version');
    expect(box.open(old, HERE)).toBe('from an older version');
    expect(box.keyIdOf(old)).toBe(keyIdOf(key));
    expect(box.isCurrent(old)).toBe(false);
  });

  it('opens with older keys of the ring but seals with the first; a missing key is named', () => {
    const [oldKey, newKey] = [keyB64(), keyB64()];
    const sealedOld = new SecretBox(fixedSource(oldKey)).seal('s', HERE);
    const ring = new SecretBox(fixedSource(newKey, oldKey));
    expect(ring.open(sealedOld, HERE)).toBe('s');
    expect(ring.isCurrent(sealedOld)).toBe(false);
    expect(ring.keyIdOf(ring.seal('s', HERE))).toBe(keyIdOf(newKey));
    expect(() => new SecretBox(fixedSource(newKey)).open(sealedOld, HERE)).toThrow(`sealed with key ${keyIdOf(oldKey)}`);
  });

  it('accepts exactly 32 bytes of base64 and says so otherwise', () => {
    expect(parseKey(keyB64(), 'K').key.length).toBe(32);
    expect(parseKey(randomBytes(32).toString('base64url'), 'K').key.length).toBe(32);
    expect(() => parseKey(randomBytes(16).toString('base64'), 'LOOKOUT_SECRET_KEY')).toThrow(
      /LOOKOUT_SECRET_KEY must be base64 of exactly 32 bytes \(got 16 bytes\)/,
    );
    expect(() => parseKey(randomBytes(33).toString('base64'), 'K')).toThrow(/got 33 bytes/);
    expect(() => parseKey('not base64!', 'K')).toThrow(SecretKeyError);
    expect(() => new KeyRing([])).toThrow(SecretKeyError);
  });

  it('PostgreSQL needs LOOKOUT_SECRET_KEY', () => {
    expect(() => createKeySource({ secretKey: null, dialect: 'postgres', file: null })).toThrow(/LOOKOUT_SECRET_KEY is required with PostgreSQL/);
    expect(createKeySource({ secretKey: keyB64(), dialect: 'postgres', file: null }).description).toBe('LOOKOUT_SECRET_KEY');
  });
});

// Both stores: `server.storedBytes()` is the SQLite file and WAL, or every PostgreSQL row as JSON
// (test/helpers/cluster.ts); test/cluster/secrets-at-rest.test.ts adds webhook secrets, tokens and Redis.
describe('monitor secrets', () => {
  let server: TestServer;
  let owner: Client;
  const answers: Answer[] = [];
  const SECRETS = ['Bearer-Secret-7f3a9c2e', 'Basic-Password-51d0be88', 'Header-Value-c4e19a07', 'Patched-Secret-9a8b7c6d', 'Rejected-Secret-0e1f2a3b'];

  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await owner.request(method, path, body);
    answers.push(answer);
    return answer;
  };

  beforeAll(async () => {
    server = await startServer();
    owner = await client(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('keeps the key in secret.key (mode 0600) next to the SQLite file, or takes it from LOOKOUT_SECRET_KEY with PostgreSQL', async () => {
    const file = join(server.dataDir, 'secret.key');
    let key: string;
    if (server.store === 'sqlite') {
      expect(server.env.LOOKOUT_SECRET_KEY).toBeUndefined();
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const keys = readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'));
      expect(keys).toHaveLength(1);
      expect(Buffer.from(keys[0]!, 'base64')).toHaveLength(32);
      key = keys[0]!;
    } else {
      expect(existsSync(file)).toBe(false);
      key = server.env.LOOKOUT_SECRET_KEY!;
    }
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: 'where-is-the-key' } })));
    expect((await storedRow(server, id))!.auth_secret!.split('.')[1]).toBe(keyIdOf(key));
  });

  it('never shows a secret in an answer, the log or the store at rest (SQLite file and WAL, or every PostgreSQL row)', async () => {
    const bearer = expectCreated(await call('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: SECRETS[0] } })));
    const basic = expectCreated(await call('POST', MONITORS, httpBody({ auth: { type: 'basic', username: 'svc', secret: SECRETS[1] } })));
    const header = expectCreated(await call('POST', MONITORS, httpBody({ auth: { type: 'header', headerName: 'X-Api-Key', secret: SECRETS[2] } })));
    expectOk(await call('PATCH', `${MONITORS}/${bearer.id}`, { auth: { type: 'bearer', secret: SECRETS[3] } }));
    // Rejected requests that carry a secret: invalid elsewhere, or the secret itself invalid.
    expectInvalid(await call('POST', MONITORS, httpBody({ url: 'nope', auth: { type: 'bearer', secret: SECRETS[4] } })), 'url', MONITORS);
    expectInvalid(
      await call('PATCH', `${MONITORS}/${basic.id}`, { auth: { type: 'basic', username: 'a:b', secret: SECRETS[4] } }),
      'auth.username',
      `${MONITORS}/${basic.id}`,
    );
    expectInvalid(await call('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: `${SECRETS[4]!}\n` } })), 'auth.secret', MONITORS);
    for (const id of [bearer.id, basic.id, header.id]) {
      expectOk(await call('GET', `${MONITORS}/${id}`));
      expectOk(await call('POST', `${MONITORS}/${id}/pause`));
      expectOk(await call('POST', `${MONITORS}/${id}/resume`));
    }
    expectOk(await call('GET', MONITORS));
    expect((await call('DELETE', `${MONITORS}/${header.id}`)).status).toBe(204);
    expectOk(await call('GET', '/api/v1/openapi.json'));

    // The check engine gets them back.
    const check = await server.app.services.monitors.findActiveForCheck(basic.id);
    expect(check?.type === 'http' && check.auth?.secret).toBe(SECRETS[1]);

    for (const answer of answers) {
      const headers = JSON.stringify([...answer.headers]);
      for (const secret of SECRETS) {
        expect(answer.text).not.toContain(secret);
        expect(headers).not.toContain(secret);
      }
    }
    const logs = server.logs();
    expect(logs).toContain('"path":"/api/v1/monitors"'); // the log is being written
    for (const secret of SECRETS) expect(logs).not.toContain(secret);

    if (server.store === 'sqlite') expect(existsSync(join(server.dataDir, 'lookout.db-wal'))).toBe(true);
    const bytes = await server.storedBytes();
    // The grep works: data that is stored in plain text is found.
    expect(bytes.includes(Buffer.from('https://example.com/health'))).toBe(true);
    for (const secret of SECRETS) {
      expect(bytes.includes(Buffer.from(secret, 'utf8')), `${secret} found in the database files`).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'utf16le'))).toBe(false);
    }
    const row = await storedRow(server, basic.id);
    expect(row?.auth_secret).toMatch(/^v2\.[0-9a-f]{8}\./);
  });

  // The key file exists with SQLite only; LOOKOUT_SECRET_KEY rotation (below) runs on both stores.
  const keyFileIt = TEST_STORE === 'sqlite' ? it : null;
  keyFileIt?.('lookout secrets rotate re-seals every secret under a new key file entry while the server runs; --prune drops the old key', async () => {
    const file = join(server.dataDir, 'secret.key');
    const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: 'before-rotation' } })));
    const oldKeyId = (await storedRow(server, id))!.auth_secret!.split('.')[1];

    const rotated = await runCli(['secrets', 'rotate', '--json'], server.env);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.json).toMatchObject({ generated: true, removedKeyIds: [], unusedKeyIds: [oldKeyId] });
    expect(rotated.json.keyIds).toEqual([rotated.json.keyId, oldKeyId]);
    expect(rotated.json.resealed.monitors).toBeGreaterThanOrEqual(3);
    expect(rotated.stdout).not.toContain('before-rotation');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const newKeyId = rotated.json.keyId as string;
    const sealed = await server.app.store.db.selectFrom('monitors').select('auth_secret').where('auth_secret', 'is not', null).execute();
    expect(sealed.length).toBeGreaterThanOrEqual(3);
    for (const row of sealed) expect(row.auth_secret!.split('.')[1]).toBe(newKeyId);

    // The running server reads values sealed with the new key, and seals new ones with it.
    const check = await server.app.services.monitors.findActiveForCheck(id);
    expect(check?.type === 'http' && check.auth?.secret).toBe('before-rotation');
    const after = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: 'after-rotation' } })));
    expect((await storedRow(server, after.id))!.auth_secret!.split('.')[1]).toBe(newKeyId);

    const pruned = await runCli(['secrets', 'rotate', '--prune', '--json'], server.env);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(pruned.json.removedKeyIds).toEqual(expect.arrayContaining([oldKeyId, newKeyId]));
    expect(pruned.json.keyIds).toEqual([pruned.json.keyId]);
    const keys = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(keys).toHaveLength(1);
    const again = await server.app.services.monitors.findActiveForCheck(after.id);
    expect(again?.type === 'http' && again.auth?.secret).toBe('after-rotation');
  });
});

describe('LOOKOUT_SECRET_KEY', () => {
  it('is used instead of a key file, and rotation takes "<new>,<old>"', async () => {
    const oldKey = keyB64();
    const server = await startServer({ LOOKOUT_SECRET_KEY: oldKey });
    try {
      const owner = await client(server);
      const { id } = expectCreated(await owner.request('POST', MONITORS, httpBody({ auth: { type: 'bearer', secret: 'env-secret' } })));
      expect(existsSync(join(server.dataDir, 'secret.key'))).toBe(false);
      const sealed = (await storedRow(server, id))!.auth_secret!;
      expect(sealed.split('.')[1]).toBe(keyIdOf(oldKey));

      const newKey = keyB64();
      const rotated = await runCli(['secrets', 'rotate', '--json'], { ...server.env, LOOKOUT_SECRET_KEY: `${newKey},${oldKey}` });
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(rotated.json).toMatchObject({ generated: false, keyId: keyIdOf(newKey), unusedKeyIds: [keyIdOf(oldKey)] });
      expect(rotated.json.resealed.monitors).toBe(1);
      const resealed = (await storedRow(server, id))!.auth_secret!;
      expect(new SecretBox(fixedSource(newKey)).open(resealed, monitorSecretAt(id, 'auth_secret'))).toBe('env-secret');
    } finally {
      await server.close();
    }
  });

  it('of the wrong length stops the CLI with a clear message', async () => {
    const server = await startServer();
    try {
      const result = await runCli(['team', 'create', '--name', 'x'], { ...server.env, LOOKOUT_SECRET_KEY: randomBytes(16).toString('base64') });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('LOOKOUT_SECRET_KEY must be base64 of exactly 32 bytes (got 16 bytes)');
    } finally {
      await server.close();
    }
  });
});
