import { X509Certificate } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import type { SslCheckTarget } from '../../src/checks/check-result.js';
import { runSslCheck, type SslCheckOptions } from '../../src/monitor-types/ssl/checker.js';
import { createTrustContext } from '../../src/net/trust-store.js';
import { createTestCa, daysFromNow, type KeyAndCertificate } from '../helpers/certificates.js';
import { closedPort, closeServers, startServer } from './local-servers.js';

afterEach(closeServers);

const ca = createTestCa();
const options: SslCheckOptions = { targetPolicy: 'no-link-local', secureContext: createTrustContext([ca.cert]) };

/** A TLS server with `cert` that records the SNI name of each handshake. */
async function tlsServer(cert: KeyAndCertificate) {
  const serverNames: string[] = [];
  const local = await startServer(
    tls.createServer(
      {
        ...cert,
        SNICallback: (name, done) => {
          serverNames.push(name);
          done(null); // keep the server's own certificate
        },
      },
      (socket) => socket.end(),
    ),
  );
  return { port: local.port, serverNames };
}

function target(port: number, overrides: Partial<SslCheckTarget> = {}): SslCheckTarget {
  return { host: 'localhost', port, timeoutMs: 5000, warningDays: null, ...overrides };
}

describe('runSslCheck', () => {
  it('succeeds for a valid certificate and describes it', async () => {
    const cert = ca.issue({ validTo: daysFromNow(90) });
    const server = await tlsServer(cert);

    const result = await runSslCheck(target(server.port), options);

    const x509 = new X509Certificate(cert.cert);
    expect(result).toEqual({
      ok: true,
      durationMs: expect.any(Number),
      error: null,
      statusCode: null,
      timings: null,
      certificate: {
        subject: 'localhost',
        issuer: 'Lookout Test CA',
        validFrom: new Date(x509.validFrom).toISOString(),
        validTo: new Date(x509.validTo).toISOString(),
        daysRemaining: 89, // 90 days less the moments since issuing, rounded down
        fingerprint256: x509.fingerprint256,
      },
      assertions: [],
      warnings: [],
      expiringSoon: false,
    });
    expect(result.certificate?.validTo).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('sends the host as SNI, and no SNI for an IP literal', async () => {
    const server = await tlsServer(ca.issue());

    const byName = await runSslCheck(target(server.port), options);
    const byAddress = await runSslCheck(target(server.port, { host: '127.0.0.1' }), options);

    expect(byName.ok).toBe(true);
    expect(byAddress.ok).toBe(true); // matched against the certificate's IP SAN
    expect(server.serverNames).toEqual(['localhost']);
  });

  it.each([
    ['expired', { validFrom: daysFromNow(-30), validTo: daysFromNow(-1) }, 'certificate-expired'],
    ['not yet valid', { validFrom: daysFromNow(1), validTo: daysFromNow(30) }, 'certificate-not-yet-valid'],
    ['self-signed', { selfSigned: true }, 'certificate-untrusted'],
    ['for another host', { names: ['other.example'] }, 'hostname-mismatch'],
  ] as const)('fails for a certificate %s, still describing it', async (_label, leaf, code) => {
    const server = await tlsServer(ca.issue(leaf));

    const result = await runSslCheck(target(server.port, { warningDays: 30 }), options);

    expect(result).toMatchObject({ ok: false, error: { code }, expiringSoon: false });
    expect(result.certificate?.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('reports a negative daysRemaining for an expired certificate', async () => {
    const server = await tlsServer(ca.issue({ validFrom: daysFromNow(-30), validTo: daysFromNow(-2.5) }));

    const result = await runSslCheck(target(server.port), options);

    expect(result.certificate?.daysRemaining).toBe(-3);
  });

  it('trusts only what the trust store holds', async () => {
    const server = await tlsServer(ca.issue());

    const result = await runSslCheck(target(server.port), { targetPolicy: 'no-link-local' });

    expect(result).toMatchObject({ ok: false, error: { code: 'certificate-untrusted' } });
  });

  it('flags an expiry within warningDays as a success that is expiring soon', async () => {
    const server = await tlsServer(ca.issue({ validTo: daysFromNow(90) }));

    const within = await runSslCheck(target(server.port, { warningDays: 89 }), options);
    const outside = await runSslCheck(target(server.port, { warningDays: 88 }), options);

    expect(within).toMatchObject({ ok: true, error: null, expiringSoon: true });
    expect(outside).toMatchObject({ ok: true, error: null, expiringSoon: false });
  });

  it('counts the days remaining from the run’s start time when given one', async () => {
    const cert = ca.issue({ validTo: daysFromNow(90) });
    const server = await tlsServer(cert);
    const validTo = Date.parse(new X509Certificate(cert.cert).validTo);
    const day = 86_400_000;
    const at = (now: number) => runSslCheck(target(server.port, { warningDays: 10 }), { ...options, now });

    expect(await at(validTo - 11 * day)).toMatchObject({ ok: true, certificate: { daysRemaining: 11 }, expiringSoon: false });
    expect(await at(validTo - 10 * day)).toMatchObject({ ok: true, certificate: { daysRemaining: 10 }, expiringSoon: true });
    expect(await at(validTo - 10 * day + 1)).toMatchObject({ ok: true, certificate: { daysRemaining: 9 }, expiringSoon: true });
  });

  describe('certificates Lookout cannot read', () => {
    it.each([
      ['a notAfter in month 13', { rawNotAfter: '271301000000Z' }],
      ['a notBefore in month 13', { rawNotBefore: '251332000000Z' }],
      ['a notAfter of February 30', { rawNotAfter: '270230000000Z' }],
      ['a notAfter that is not a date at all', { rawNotAfter: 'not a time!!Z' }],
    ])('gives a tls-error run for %s, never an exception', async (_label, leaf) => {
      const server = await tlsServer(ca.issue(leaf));

      const result = await runSslCheck(target(server.port, { warningDays: 30 }), options);

      expect(result).toMatchObject({ ok: false, error: { code: 'tls-error' }, certificate: null, expiringSoon: false });
      expect(result.error?.message).toMatch(/certificate/);
    });

    it('describes a certificate with an empty subject by its issuer and names', async () => {
      const server = await tlsServer(ca.issue({ subject: [] }));

      const result = await runSslCheck(target(server.port), options);

      expect(result).toMatchObject({ ok: true, certificate: { subject: '', issuer: 'Lookout Test CA' } });
    });

    it('cuts an enormous subject', async () => {
      const server = await tlsServer(ca.issue({ subject: [{ name: 'commonName', value: 'x'.repeat(10_000) }] }));

      const result = await runSslCheck(target(server.port), options);

      expect(result.certificate?.subject.length).toBeLessThanOrEqual(256);
    });

    it('judges odd alternative names as names, without throwing', async () => {
      const odd = [
        { type: 2, value: 'a", DNS:localhost' },
        { type: 2, value: 'back\\slash, "quoted"' },
        { type: 6, value: 'http://x,y/"z' },
        { type: 1, value: 'a@b", IP Address:127.0.0.1' },
        { type: 2, value: 'ünïcödé.example' },
      ];
      const server = await tlsServer(ca.issue({ altNames: odd }));

      const result = await runSslCheck(target(server.port), options);

      expect(result).toMatchObject({ ok: false, error: { code: 'hostname-mismatch' } });
      expect(result.certificate?.fingerprint256).toMatch(/^([0-9A-F]{2}:)+[0-9A-F]{2}$/);
    });

    it('gives a run for a chain too long to accept', async () => {
      const leaf = ca.issue();
      const server = await tlsServer({ key: leaf.key, cert: leaf.cert + ca.cert.repeat(150) });

      const result = await runSslCheck(target(server.port), options);

      expect(result).toMatchObject({ ok: false, error: { code: 'tls-error' }, certificate: null });
    });
  });

  it('reports connection-refused on a closed port', async () => {
    const result = await runSslCheck(target(await closedPort(), { host: '127.0.0.1' }), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'connection-refused' }, certificate: null });
  });

  it('says why when every address of localhost refused, naming the last one tried', async () => {
    const port = await closedPort();

    const result = await runSslCheck(target(port), options);

    // localhost is 127.0.0.1 and ::1: Node tries both and fails with an AggregateError of no message.
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'connection-refused', message: `connect ECONNREFUSED ::1:${port} (the last of 2 addresses tried; none connected)` },
      certificate: null,
    });
  });

  it('reports tls-error when the server does not speak TLS', async () => {
    const local = await startServer(net.createServer((socket) => socket.write('SSH-2.0-OpenSSH_9.6\r\n')));

    const result = await runSslCheck(target(local.port), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'tls-error' }, certificate: null });
  });

  it('times out a server that never answers the handshake, within the timeout', async () => {
    const local = await startServer(net.createServer(() => {}));
    const started = performance.now();

    const result = await runSslCheck(target(local.port, { timeoutMs: 500 }), options);

    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(elapsed).toBeGreaterThanOrEqual(495);
    expect(elapsed).toBeLessThan(800);
  });
});
