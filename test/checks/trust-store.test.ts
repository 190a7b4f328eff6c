import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { runSslCheck } from '../../src/monitor-types/ssl/checker.js';
import { createTrustContext } from '../../src/net/trust-store.js';
import { createTestCa } from '../helpers/certificates.js';
import { closeServers, startServer } from './local-servers.js';

afterEach(closeServers);

const ca = createTestCa();

async function checkWith(secureContext: tls.SecureContext) {
  const local = await startServer(tls.createServer(ca.issue(), (socket) => socket.end()));
  const target = { host: 'localhost', port: local.port, timeoutMs: 5000, warningDays: null };
  return runSslCheck(target, { targetPolicy: 'no-link-local', secureContext });
}

describe('createTrustContext', () => {
  it('trusts the extra CAs it is given, and not without them', async () => {
    expect(await checkWith(createTrustContext([ca.cert]))).toMatchObject({ ok: true });
    expect(await checkWith(createTrustContext())).toMatchObject({ error: { code: 'certificate-untrusted' } });
  });

  it('keeps trusting the NODE_EXTRA_CA_CERTS file, as Node does by default', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lookout-ca-'));
    const saved = process.env.NODE_EXTRA_CA_CERTS;
    try {
      const file = path.join(dir, 'extra.pem');
      writeFileSync(file, ca.cert);
      process.env.NODE_EXTRA_CA_CERTS = file;

      expect(await checkWith(createTrustContext())).toMatchObject({ ok: true });
    } finally {
      if (saved === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = saved;
      rmSync(dir, { recursive: true });
    }
  });
});
