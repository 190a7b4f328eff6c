import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult, HttpCheckTarget, HttpTimings } from '../../src/checks/check-result.js';
import { runHttpCheck, type HttpCheckOptions } from '../../src/monitor-types/http/checker.js';
import { createTrustContext } from '../../src/net/trust-store.js';
import { createTestCa, daysFromNow } from '../helpers/certificates.js';
import { closedPort, closeServers, startServer } from './local-servers.js';

afterEach(closeServers);

const options: HttpCheckOptions = { targetPolicy: 'no-link-local', userAgent: 'Lookout/test' };

function target(url: string, overrides: Partial<HttpCheckTarget> = {}): HttpCheckTarget {
  return { url, method: 'GET', expectedStatus: 200, timeoutMs: 5000, auth: null, ...overrides };
}

/** An HTTP server on 127.0.0.1 that keeps every request it received. */
async function httpServer(handler: http.RequestListener) {
  const requests: http.IncomingMessage[] = [];
  const local = await startServer(
    http.createServer((req, res) => {
      requests.push(req);
      handler(req, res);
    }),
  );
  return { url: `http://127.0.0.1:${local.port}`, requests };
}

/** Writes `chunk` for as long as the client keeps reading. */
function stream(res: http.ServerResponse, chunk: Buffer): void {
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

describe('runHttpCheck', () => {
  it('succeeds when the status is the expected one', async () => {
    const server = await httpServer((_req, res) => res.end('ok'));

    const result = await runHttpCheck(target(`${server.url}/health`), options);

    expect(result).toMatchObject({ ok: true, error: null, statusCode: 200, certificate: null });
    expect(server.requests.map((r) => r.url)).toEqual(['/health']);
  });

  it('fails with status-mismatch on another status', async () => {
    const server = await httpServer((_req, res) => {
      res.statusCode = 503;
      res.end('down');
    });

    const result = await runHttpCheck(target(server.url), options);

    expect(result).toMatchObject({
      ok: false,
      statusCode: 503,
      error: { code: 'status-mismatch', message: 'expected 200, got 503' },
    });
  });

  it('does not follow a redirect', async () => {
    const server = await httpServer((req, res) => {
      res.writeHead(req.url === '/old' ? 301 : 200, { Location: '/new' });
      res.end();
    });

    const result = await runHttpCheck(target(`${server.url}/old`, { expectedStatus: 301 }), options);

    expect(result).toMatchObject({ ok: true, statusCode: 301 });
    expect(server.requests.map((r) => r.url)).toEqual(['/old']);
  });

  it.each(['POST', 'PUT', 'DELETE', 'HEAD'] as const)('sends the method %s', async (method) => {
    const server = await httpServer((_req, res) => res.end('ok'));

    const result = await runHttpCheck(target(server.url, { method }), options);

    expect(result.ok).toBe(true);
    expect(server.requests.map((r) => r.method)).toEqual([method]);
  });

  it('times out a server that never answers, within the timeout', async () => {
    const server = await httpServer(() => {});
    const started = performance.now();

    const result = await runHttpCheck(target(server.url, { timeoutMs: 500 }), options);

    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' }, statusCode: null });
    expect(result.timings).toMatchObject({ dnsMs: 0, connectMs: expect.any(Number), tlsMs: null, ttfbMs: null, totalMs: result.durationMs });
    expect(elapsed).toBeGreaterThanOrEqual(495);
    expect(elapsed).toBeLessThan(800);
  });

  it('counts the body in the timeout', async () => {
    const server = await httpServer((_req, res) => {
      res.writeHead(200);
      res.write('partial'); // and never ends
    });

    const result = await runHttpCheck(target(server.url, { timeoutMs: 500 }), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' }, statusCode: 200 });
  });

  it('reports connection-refused on a closed port', async () => {
    const result = await runHttpCheck(target(`http://127.0.0.1:${await closedPort()}/`), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'connection-refused' }, statusCode: null });
  });

  it('says why when every address of localhost refused, naming the last one tried', async () => {
    const port = await closedPort();

    const result = await runHttpCheck(target(`http://localhost:${port}/`), options);

    // localhost is 127.0.0.1 and ::1: Node tries both and fails with an AggregateError of no message.
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'connection-refused', message: `connect ECONNREFUSED ::1:${port} (the last of 2 addresses tried; none connected)` },
      statusCode: null,
    });
  });

  it('reports connection-reset when the server resets the connection', async () => {
    const local = await startServer(net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy())));

    const result = await runHttpCheck(target(`http://127.0.0.1:${local.port}/`), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'connection-reset' }, statusCode: null });
  });

  it('reports dns-failure for a name that does not resolve', async () => {
    const result = await runHttpCheck(target('http://nothing.invalid/'), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'dns-failure' }, statusCode: null });
  });

  describe('credentials', () => {
    it.each([
      [{ type: 'bearer', secret: 's3cret' }, 'authorization', 'Bearer s3cret'],
      [{ type: 'basic', username: 'svc', secret: 's3cret' }, 'authorization', 'Basic c3ZjOnMzY3JldA=='],
      [{ type: 'header', headerName: 'X-Api-Key', secret: 's3cret' }, 'x-api-key', 's3cret'],
    ] as const)('sends %o as %s: %s, with the User-Agent', async (auth, header, value) => {
      const server = await httpServer((_req, res) => res.end('ok'));

      await runHttpCheck(target(server.url, { auth }), options);

      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.headers[header]).toBe(value);
      expect(server.requests[0]?.headers['user-agent']).toBe('Lookout/test');
    });

    it('keeps the secret out of a failed result', async () => {
      const server = await httpServer((_req, res) => {
        res.statusCode = 401;
        res.end('bad token');
      });

      const result = await runHttpCheck(target(server.url, { auth: { type: 'bearer', secret: 's3cret' } }), options);

      expect(result.error?.code).toBe('status-mismatch');
      expect(JSON.stringify(result)).not.toContain('s3cret');
    });
  });

  describe('body cap', () => {
    it('stops reading an endless body and succeeds promptly', async () => {
      const server = await httpServer((_req, res) => {
        res.writeHead(200);
        stream(res, Buffer.alloc(16 * 1024, 'x'));
      });

      const result = await runHttpCheck(target(server.url, { timeoutMs: 5000 }), options);

      expect(result).toMatchObject({ ok: true, statusCode: 200 });
      expect(result.durationMs).toBeLessThan(1000);
    });

    it('stops at 64 KiB by default and at bodyCapBytes when given', async () => {
      // 100 KiB, then the body stalls: only a check that stops reading before the stall finishes.
      const server = await httpServer((_req, res) => {
        res.writeHead(200);
        res.write(Buffer.alloc(100 * 1024, 'x'));
      });

      const byDefault = await runHttpCheck(target(server.url, { timeoutMs: 1000 }), options);
      const pastTheBody = await runHttpCheck(target(server.url, { timeoutMs: 500 }), {
        ...options,
        bodyCapBytes: 200 * 1024,
      });

      expect(byDefault).toMatchObject({ ok: true, statusCode: 200 });
      expect(pastTheBody).toMatchObject({ ok: false, error: { code: 'timeout' } });
    });
  });

  describe('timings', () => {
    it('are whole, non-negative milliseconds that add up, with ttfb covering the server wait', async () => {
      const server = await httpServer((_req, res) => setTimeout(() => res.end('late'), 50));

      const { timings, durationMs } = await runHttpCheck(target(server.url), options);

      expect(timings).not.toBeNull();
      const { dnsMs, connectMs, tlsMs, ttfbMs, totalMs } = timings! as { [K in keyof HttpTimings]: number };
      for (const ms of [dnsMs, connectMs, ttfbMs, totalMs]) {
        expect(Number.isInteger(ms)).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(0);
      }
      expect(tlsMs).toBeNull();
      expect(ttfbMs).toBeGreaterThanOrEqual(45);
      expect(totalMs).toBeGreaterThanOrEqual(ttfbMs);
      expect(totalMs).toBeGreaterThanOrEqual(dnsMs + connectMs + ttfbMs - 2); // each phase rounded
      expect(totalMs).toBe(durationMs);
    });
  });

  describe('timings on failure', () => {
    const ca = createTestCa();
    const trust = createTrustContext([ca.cert]);

    /** Every phase named is a whole number of milliseconds, every other one null, and totalMs the run's duration. */
    function expectPhases(result: CheckResult, reached: Array<keyof HttpTimings>): void {
      expect(result.ok).toBe(false);
      expect(result.timings).not.toBeNull();
      const timings = result.timings!;
      for (const phase of ['dnsMs', 'connectMs', 'tlsMs', 'ttfbMs'] as const) {
        if (reached.includes(phase)) {
          expect(Number.isInteger(timings[phase]), phase).toBe(true);
          expect(timings[phase], phase).toBeGreaterThanOrEqual(0);
        } else {
          expect(timings[phase], phase).toBeNull();
        }
      }
      expect(timings.totalMs).toBe(result.durationMs);
    }

    it('on a refused connection: resolution only', async () => {
      const result = await runHttpCheck(target(`http://127.0.0.1:${await closedPort()}/`), options);

      expect(result.error?.code).toBe('connection-refused');
      expectPhases(result, ['dnsMs']);
      expect(result.timings?.dnsMs).toBe(0); // an IP literal: nothing to resolve
    });

    it('on a name that does not resolve: totalMs only', async () => {
      const result = await runHttpCheck(target('http://nothing.invalid/'), options);

      expect(result.error?.code).toBe('dns-failure');
      expectPhases(result, []);
    });

    it('on a blocked target: totalMs only', async () => {
      const result = await runHttpCheck(target('http://127.0.0.1:9/'), { ...options, targetPolicy: 'public-only' });

      expect(result.error?.code).toBe('target-blocked');
      expectPhases(result, []);
    });

    it('on a timeout before any answer: up to the connection, the wait in totalMs', async () => {
      const server = await httpServer(() => {});

      const result = await runHttpCheck(target(server.url.replace('127.0.0.1', 'localhost'), { timeoutMs: 300 }), options);

      expect(result.error?.code).toBe('timeout');
      expectPhases(result, ['dnsMs', 'connectMs']);
      expect(result.timings!.totalMs).toBeGreaterThanOrEqual(295);
    });

    it('on a connection reset after the request: up to the connection', async () => {
      const local = await startServer(net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy())));

      const result = await runHttpCheck(target(`http://127.0.0.1:${local.port}/`), options);

      expect(result.error?.code).toBe('connection-reset');
      expectPhases(result, ['dnsMs', 'connectMs']);
    });

    it('on a response whose headers are too large: up to the first byte', async () => {
      const local = await startServer(
        net.createServer((socket) => socket.once('data', () => socket.write(`HTTP/1.1 200 OK\r\nX-Big: ${'x'.repeat(64 * 1024)}\r\n\r\n`))),
      );

      const result = await runHttpCheck(target(`http://127.0.0.1:${local.port}/`), options);

      expect(result).toMatchObject({ ok: false, statusCode: null });
      expectPhases(result, ['dnsMs', 'connectMs', 'ttfbMs']);
    });

    it('on an endless body with the wrong status: every phase', async () => {
      const server = await httpServer((_req, res) => {
        res.writeHead(500);
        stream(res, Buffer.alloc(16 * 1024, 'x'));
      });

      const result = await runHttpCheck(target(server.url), options);

      expect(result).toMatchObject({ error: { code: 'status-mismatch' }, statusCode: 500 });
      expectPhases(result, ['dnsMs', 'connectMs', 'ttfbMs']);
    });

    it('on a server that does not speak TLS: up to the connection', async () => {
      const server = await httpServer((_req, res) => res.end('plain'));

      const result = await runHttpCheck(target(server.url.replace('http:', 'https:')), options);

      expect(result.error?.code).toBe('tls-error');
      expectPhases(result, ['dnsMs', 'connectMs']);
    });

    it.each([
      ['untrusted', ca.issue({ selfSigned: true }), 'certificate-untrusted'],
      ['whose notAfter is not a time', ca.issue({ rawNotAfter: '271301000000Z' }), 'tls-error'],
    ])('on a certificate %s: up to the connection', async (_label, cert, code) => {
      const local = await startServer(https.createServer(cert, (_req, res) => res.end('ok')));

      const result = await runHttpCheck(target(`https://localhost:${local.port}/`), { ...options, secureContext: trust });

      expect(result.error?.code).toBe(code);
      expectPhases(result, ['dnsMs', 'connectMs']);
    });

    it('on an https status mismatch: every phase, the handshake included', async () => {
      const local = await startServer(
        https.createServer(ca.issue(), (_req, res) => {
          res.statusCode = 503;
          res.end('down');
        }),
      );

      const result = await runHttpCheck(target(`https://localhost:${local.port}/`), { ...options, secureContext: trust });

      expect(result.error?.code).toBe('status-mismatch');
      expectPhases(result, ['dnsMs', 'connectMs', 'tlsMs', 'ttfbMs']);
    });
  });

  describe('https', () => {
    const ca = createTestCa();
    const trust = createTrustContext([ca.cert]);

    async function httpsServer(cert = ca.issue()) {
      let requests = 0;
      const local = await startServer(
        https.createServer(cert, (_req, res) => {
          requests++;
          res.end('ok');
        }),
      );
      return { url: `https://localhost:${local.port}/`, requests: () => requests };
    }

    it('succeeds against a certificate the trust context trusts, timing the handshake', async () => {
      const server = await httpsServer();

      const result = await runHttpCheck(target(server.url), { ...options, secureContext: trust });

      expect(result).toMatchObject({ ok: true, statusCode: 200, error: null });
      expect(result.timings?.tlsMs).toBeGreaterThanOrEqual(0);
      expect(server.requests()).toBe(1);
    });

    it.each([
      ['untrusted', ca.issue({ selfSigned: true }), 'certificate-untrusted'],
      ['expired', ca.issue({ validFrom: daysFromNow(-30), validTo: daysFromNow(-1) }), 'certificate-expired'],
      ['for another host', ca.issue({ names: ['other.example'] }), 'hostname-mismatch'],
    ])('refuses a certificate %s without sending the request', async (_label, cert, code) => {
      const server = await httpsServer(cert);

      const result = await runHttpCheck(target(server.url, { auth: { type: 'bearer', secret: 's3cret' } }), { ...options, secureContext: trust });

      expect(result).toMatchObject({ ok: false, error: { code }, statusCode: null });
      expect(server.requests()).toBe(0);
    });

    it.each([
      ['notAfter', { rawNotAfter: '271301000000Z' }],
      ['notBefore', { rawNotBefore: '251332000000Z' }],
    ])('reports tls-error for a certificate whose %s is not a time, without sending the request', async (_label, leaf) => {
      const server = await httpsServer(ca.issue(leaf));

      const result = await runHttpCheck(target(server.url), { ...options, secureContext: trust });

      expect(result).toMatchObject({ ok: false, error: { code: 'tls-error' }, statusCode: null });
      expect(server.requests()).toBe(0);
    });

    it('reports tls-error when the server does not speak TLS', async () => {
      const server = await httpServer((_req, res) => res.end('plain'));

      const result = await runHttpCheck(target(server.url.replace('http:', 'https:')), options);

      expect(result).toMatchObject({ ok: false, error: { code: 'tls-error' } });
    });
  });
});
