import { once } from 'node:events';
import net, { type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { HostResolver } from '../../src/net/resolver.js';
import { runTcpCheck, type TcpCheckOptions, type TcpCheckTarget } from '../../src/monitor-types/tcp/checker.js';
import { createPolicyLookup } from '../../src/net/target-policy.js';
import { createTrustContext } from '../../src/net/trust-store.js';
import { AssertionInput, normalAssertion, type Assertion } from '../../src/domain/assertions/assertion-schema.js';
import { createTestCa, daysFromNow, type KeyAndCertificate } from '../helpers/certificates.js';
import { startDnsZone, type DnsZone } from '../helpers/dns-zone.js';
import { closedPort, closeServers, startServer } from './local-servers.js';

const ca = createTestCa();
const options: TcpCheckOptions = { targetPolicy: 'no-link-local', secureContext: createTrustContext([ca.cert]) };

let zone: DnsZone | undefined;
let resolver: HostResolver | undefined;
afterEach(async () => {
  resolver?.cancel();
  resolver = undefined;
  await zone?.close();
  zone = undefined;
  await closeServers();
});

function target(port: number, overrides: Partial<TcpCheckTarget> = {}): TcpCheckTarget {
  return { host: '127.0.0.1', port, tls: false, timeoutMs: 5000, assertions: [], ...overrides };
}

const assertion = (input: Record<string, unknown>): Assertion => normalAssertion(AssertionInput.parse(input));

/**
 * A TCP server that accepts and then says nothing; `closed` has each accepted socket's close. What
 * the client sends is read (and dropped): a socket with unread bytes never sees the client hang up.
 */
async function silentServer() {
  const closed: Promise<unknown>[] = [];
  const local = await startServer(
    net.createServer((socket) => {
      socket.resume();
      closed.push(once(socket, 'close'));
    }),
  );
  return { ...local, closed };
}

async function tlsServer(cert: KeyAndCertificate) {
  const closed: Promise<unknown>[] = [];
  const local = await startServer(tls.createServer(cert, (socket) => closed.push(once(socket, 'close'))));
  return { ...local, closed };
}

/** The policy lookup, answering `delayMs` later: a check that takes at least that long. */
function slowLookup(delayMs: number): LookupFunction {
  const lookup = createPolicyLookup('no-link-local');
  return (hostname, lookupOptions, callback) => void setTimeout(() => lookup(hostname, lookupOptions, callback), delayMs);
}

describe('runTcpCheck', () => {
  it('succeeds when the port accepts, times the phases, and closes the connection', async () => {
    const server = await silentServer();

    const result = await runTcpCheck(target(server.port), options);

    expect(result).toEqual({
      ok: true,
      durationMs: expect.any(Number),
      error: null,
      statusCode: null,
      timings: { dnsMs: 0, connectMs: expect.any(Number), tlsMs: null, ttfbMs: null, totalMs: result.durationMs },
      certificate: null,
      assertions: [],
      warnings: [],
    });
    expect(server.accepted).toHaveLength(1);
    await Promise.all(server.closed); // the check hung up without being asked
  });

  it('resolves a host name with the policy lookup and times the lookup', async () => {
    const server = await silentServer();

    const result = await runTcpCheck(target(server.port, { host: 'localhost' }), options);

    expect(result.ok).toBe(true);
    expect(result.timings).toEqual({ dnsMs: expect.any(Number), connectMs: expect.any(Number), tlsMs: null, ttfbMs: null, totalMs: expect.any(Number) });
  });

  it('reports connection-refused on a closed port', async () => {
    const port = await closedPort();

    const result = await runTcpCheck(target(port), options);

    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe('connection-refused');
    expect(result.timings).toMatchObject({ dnsMs: 0, connectMs: null, tlsMs: null });
  });

  it('reports connection-refused for a host name whose every address refuses', async () => {
    const port = await closedPort();

    const result = await runTcpCheck(target(port, { host: 'localhost' }), options);

    expect(result.error?.code).toBe('connection-refused');
    // localhost is 127.0.0.1 and ::1: Node tries both and fails with an AggregateError of no message.
    expect(result.error?.message).toBe(`connect ECONNREFUSED ::1:${port} (the last of 2 addresses tried; none connected)`);
  });

  /*
   * A plain connection to 127.0.0.1 is accepted or refused at once, and a full backlog does not
   * reliably hold a connection attempt on every kernel, so the timeout of a plain check is shown
   * where it can be made to happen honestly: a name whose DNS server never answers. It is the
   * same single timer that covers connecting and the handshake (see the TLS case below).
   */
  it('times out, within the timeout, when the name never resolves', async () => {
    zone = await startDnsZone({ behaviours: { 'never.test': 'silent' } });
    resolver = new HostResolver({ servers: [zone.address], queryTimeoutMs: 10_000, hostsFile: '/dev/null' });
    const server = await silentServer();

    const started = performance.now();
    const result = await runTcpCheck(target(server.port, { host: 'never.test', timeoutMs: 300 }), {
      ...options,
      lookup: createPolicyLookup('no-link-local', resolver),
    });
    const elapsed = performance.now() - started;

    expect(result.ok).toBe(false);
    expect(result.error).toEqual({ code: 'timeout', message: 'no connection within 300 ms' });
    expect(result.timings).toMatchObject({ dnsMs: null, connectMs: null, tlsMs: null });
    expect(elapsed).toBeGreaterThanOrEqual(295);
    expect(elapsed).toBeLessThan(1500);
    expect(zone.queries.map((q) => q.name)).toContain('never.test');
    expect(server.accepted).toEqual([]);
  });

  it('reports dns-failure for a name that does not exist', async () => {
    zone = await startDnsZone({});
    resolver = new HostResolver({ servers: [zone.address], queryTimeoutMs: 1000, hostsFile: '/dev/null' });

    const result = await runTcpCheck(target(443, { host: 'nowhere.test' }), { ...options, lookup: createPolicyLookup('no-link-local', resolver) });

    expect(result.error?.code).toBe('dns-failure');
    expect(result.timings).toMatchObject({ dnsMs: null, connectMs: null });
  });

  describe('under the target policy public-only', () => {
    it.each(['127.0.0.1', 'localhost'])('refuses %s before connecting (target-blocked)', async (host) => {
      const server = await silentServer();

      const result = await runTcpCheck(target(server.port, { host }), { ...options, targetPolicy: 'public-only' });

      expect(result.ok).toBe(false);
      expect(result.error?.code).toBe('target-blocked');
      expect(result.timings).toMatchObject({ dnsMs: null, connectMs: null });
      expect(server.accepted).toEqual([]);
    });
  });

  describe('with tls', () => {
    it('succeeds after a handshake with a trusted certificate, which it reports', async () => {
      const server = await tlsServer(ca.issue({ validTo: daysFromNow(90) }));

      const result = await runTcpCheck(target(server.port, { host: 'localhost', tls: true }), options);

      expect(result).toMatchObject({ ok: true, error: null, certificate: { subject: 'localhost', issuer: 'Lookout Test CA', daysRemaining: 89 } });
      expect(result.timings).toEqual({
        dnsMs: expect.any(Number),
        connectMs: expect.any(Number),
        tlsMs: expect.any(Number),
        ttfbMs: null,
        totalMs: result.durationMs,
      });
      await Promise.all(server.closed);
    });

    it('judges an IP literal against the certificate’s IP names', async () => {
      const server = await tlsServer(ca.issue());

      const result = await runTcpCheck(target(server.port, { tls: true }), options);

      expect(result.ok).toBe(true);
    });

    it.each([
      ['untrusted (self-signed)', { selfSigned: true }, 'certificate-untrusted'],
      ['expired', { validFrom: daysFromNow(-30), validTo: daysFromNow(-1) }, 'certificate-expired'],
      ['for another name', { names: ['other.example'] }, 'hostname-mismatch'],
    ] as const)('fails for a certificate %s, still reporting it', async (_, leaf, code) => {
      const server = await tlsServer(ca.issue(leaf));

      const result = await runTcpCheck(target(server.port, { host: 'localhost', tls: true }), options);

      expect(result.ok).toBe(false);
      expect(result.error?.code).toBe(code);
      expect(result.certificate).not.toBeNull();
      expect(result.timings?.tlsMs).toEqual(expect.any(Number));
    });

    it('has no expiry warning: a certificate two days from expiry is a success like any', async () => {
      const server = await tlsServer(ca.issue({ validTo: daysFromNow(2) }));

      const result = await runTcpCheck(target(server.port, { host: 'localhost', tls: true }), options);

      // Two days left is a success with nothing more to say: a TCP check has no expiry warning.
      expect(result).toMatchObject({ ok: true, warnings: [] });
      expect(result).not.toHaveProperty('expiringSoon');
    });

    it('times out, within the timeout, when the server never answers the handshake', async () => {
      const server = await silentServer();

      const started = performance.now();
      const result = await runTcpCheck(target(server.port, { tls: true, timeoutMs: 300 }), options);
      const elapsed = performance.now() - started;

      expect(result.error).toEqual({ code: 'timeout', message: 'connected, but no TLS handshake within 300 ms' });
      expect(result.timings).toMatchObject({ dnsMs: 0, connectMs: expect.any(Number), tlsMs: null });
      expect(result.certificate).toBeNull();
      expect(elapsed).toBeGreaterThanOrEqual(295);
      expect(elapsed).toBeLessThan(1500);
      await Promise.all(server.closed);
    });

    it('reports tls-error when the server answers the handshake with something else', async () => {
      const local = await startServer(net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n')));

      const result = await runTcpCheck(target(local.port, { tls: true }), options);

      expect(result.error?.code).toBe('tls-error');
    });
  });

  describe('responseTime assertions', () => {
    // A lookup answering 60 ms late makes the check take at least that long, whatever the machine.
    const slow = { ...options, lookup: slowLookup(60) };

    it('judge the time the connection took', async () => {
      const server = await silentServer();
      const assertions = [assertion({ source: 'responseTime', op: 'lt', value: 10_000 })];

      const result = await runTcpCheck(target(server.port, { host: 'localhost', assertions }), slow);

      expect(result).toMatchObject({ ok: true, error: null, warnings: [] });
      expect(result.assertions).toEqual([{ index: 0, ok: true, actual: `${result.durationMs} ms` }]);
    });

    it('fail the run with assertion-failed when a failing one has severity fail', async () => {
      const server = await silentServer();
      const assertions = [assertion({ source: 'responseTime', op: 'lte', value: 20 })];

      const result = await runTcpCheck(target(server.port, { host: 'localhost', assertions }), slow);

      expect(result.ok).toBe(false);
      expect(result.error).toEqual({ code: 'assertion-failed', message: `assertion 1: responseTime ${result.durationMs} ms > 20` });
      expect(result.assertions).toEqual([{ index: 0, ok: false, actual: `${result.durationMs} ms` }]);
      expect(result.durationMs).toBeGreaterThanOrEqual(59);
    });

    it('leave the run ok with a warning when a failing one has severity degraded', async () => {
      const server = await silentServer();
      const assertions = [assertion({ source: 'responseTime', op: 'lt', value: 20, severity: 'degraded' })];

      const result = await runTcpCheck(target(server.port, { host: 'localhost', assertions }), slow);

      expect(result).toMatchObject({ ok: true, error: null });
      expect(result.warnings).toEqual([`assertion 1: responseTime ${result.durationMs} ms ≥ 20`]);
    });

    it('are not judged when no connection was made', async () => {
      const port = await closedPort();
      const assertions = [assertion({ source: 'responseTime', op: 'lt', value: 10_000 })];

      const result = await runTcpCheck(target(port, { assertions }), options);

      expect(result).toMatchObject({ ok: false, error: { code: 'connection-refused' }, assertions: [], warnings: [] });
    });
  });
});
