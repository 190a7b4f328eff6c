import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpCheckTarget } from '../../src/checks/check-result.js';
import { runHttpCheck, type HttpCheckOptions } from '../../src/monitor-types/http/checker.js';
import { AssertionInput, normalAssertion, type Assertion } from '../../src/domain/assertions/assertion-schema.js';
import { HostResolver } from '../../src/net/resolver.js';
import { createPolicyLookup } from '../../src/net/target-policy.js';
import { startDnsServer } from '../helpers/dns.js';
import { closeServers, startServer } from './local-servers.js';

/* What an HTTP check sends (headers, body) and how it follows redirects, against local servers. */

afterEach(closeServers);

const options: HttpCheckOptions = { targetPolicy: 'no-link-local', userAgent: 'Lookout/test' };

function target(url: string, overrides: Partial<HttpCheckTarget> = {}): HttpCheckTarget {
  return { url, method: 'GET', expectedStatus: 200, timeoutMs: 5000, auth: null, ...overrides };
}

const assertion = (input: Record<string, unknown>): Assertion => normalAssertion(AssertionInput.parse(input));

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A server on 127.0.0.1 that keeps every request it received, body included. */
async function recording(handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  const local = await startServer(
    http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        handler(req, res, body);
      });
    }),
  );
  return { url: `http://127.0.0.1:${local.port}`, origin: `http://127.0.0.1:${local.port}`, seen };
}

const redirect = (res: http.ServerResponse, status: number, location: string) => {
  res.writeHead(status, { Location: location });
  res.end();
};

describe('the request', () => {
  it('sends the monitor headers, letting one replace the User-Agent, and the body with its length', async () => {
    const server = await recording((_req, res) => res.end('ok'));
    const body = '{"ping":"é"}';

    const result = await runHttpCheck(
      target(server.url, {
        method: 'POST',
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'X-Trace', value: 'abc 123' },
          { name: 'user-agent', value: 'Custom/1' },
        ],
        body,
      }),
      options,
    );

    expect(result.ok).toBe(true);
    const [request] = server.seen;
    expect(request).toMatchObject({ method: 'POST', body });
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-trace': 'abc 123',
      'user-agent': 'Custom/1',
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(request!.headers['transfer-encoding']).toBeUndefined();
  });

  it('asks for no compression of its own, and sends the Accept-Encoding a monitor sets', async () => {
    const server = await recording((_req, res) => res.end('ok'));

    await runHttpCheck(target(server.url, { assertions: [assertion({ source: 'header', name: 'X', op: 'notExists' })] }), options);
    await runHttpCheck(target(server.url, { assertions: [assertion({ source: 'body', op: 'contains', value: 'ok' })] }), options);
    await runHttpCheck(
      target(server.url, { headers: [{ name: 'accept-encoding', value: 'gzip' }], assertions: [assertion({ source: 'body', op: 'contains', value: 'ok' })] }),
      options,
    );

    expect(server.seen.map((s) => s.headers['accept-encoding'])).toEqual([undefined, undefined, 'gzip']);
  });

  it('reads no more of the body than before when no assertion needs it', async () => {
    // 100 KiB, then the body stalls: a check that waited for more would time out.
    const local = await startServer(
      http.createServer((_req, res) => {
        res.writeHead(200, { 'X-Version': '2' });
        res.write(Buffer.alloc(100 * 1024, 'x'));
      }),
    );

    const result = await runHttpCheck(
      target(`http://127.0.0.1:${local.port}/`, {
        timeoutMs: 1000,
        assertions: [assertion({ source: 'header', name: 'X-Version', op: 'eq', value: '2' }), assertion({ source: 'responseTime', op: 'lt', value: 1000 })],
      }),
      options,
    );

    expect(result).toMatchObject({
      ok: true,
      assertions: [
        { index: 0, ok: true, actual: '2' },
        { index: 1, ok: true },
      ],
    });
  });

  it('judges assertions on an answer of the wrong status too, the status deciding the error', async () => {
    const server = await recording((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('maintenance');
    });

    const result = await runHttpCheck(target(server.url, { assertions: [assertion({ source: 'body', op: 'contains', value: 'ok' })] }), options);

    expect(result).toMatchObject({
      ok: false,
      error: { code: 'status-mismatch', message: 'expected 200, got 503' },
      assertions: [{ index: 0, ok: false, actual: 'maintenance' }],
    });
  });

  it('fails with assertion-failed naming the assertion, and carries degraded ones as warnings on a run that passes', async () => {
    const server = await recording((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"degraded","version":3}');
    });
    const degraded = assertion({ source: 'json', path: '$.status', op: 'eq', value: 'ok', severity: 'degraded' });

    const failing = await runHttpCheck(
      target(server.url, { assertions: [degraded, assertion({ source: 'json', path: '$.version', op: 'gte', value: 4 })] }),
      options,
    );
    const warned = await runHttpCheck(target(server.url, { assertions: [degraded] }), options);

    expect(failing).toMatchObject({
      ok: false,
      statusCode: 200,
      error: { code: 'assertion-failed', message: 'assertion 2: json $.version gte 4: got 3' },
      warnings: ['assertion 1: json $.status eq "ok": got "degraded"'],
    });
    expect(warned).toMatchObject({ ok: true, error: null, assertions: [{ index: 0, ok: false, actual: '"degraded"' }], warnings: [expect.any(String)] });
  });

  it('keeps credentials the target echoes out of the run', async () => {
    const server = await recording((req, res) => res.end(`you sent ${req.headers.authorization ?? ''}`));

    const result = await runHttpCheck(
      target(server.url, { auth: { type: 'bearer', secret: 'tok-s3cret' }, assertions: [assertion({ source: 'body', op: 'contains', value: 'nothing' })] }),
      options,
    );

    expect(result.error?.code).toBe('assertion-failed');
    expect(result.assertions[0]!.actual).toBe('you sent [secret]');
    expect(JSON.stringify(result)).not.toContain('tok-s3cret');
  });
});

describe('redirects', () => {
  it('are not followed unless asked: the redirect itself is judged', async () => {
    const server = await recording((req, res) => (req.url === '/old' ? redirect(res, 301, '/new') : res.end('ok')));

    const result = await runHttpCheck(target(`${server.url}/old`), options);

    expect(result).toMatchObject({ ok: false, statusCode: 301, error: { code: 'status-mismatch', message: 'expected 200, got 301' } });
    expect(server.seen.map((s) => s.url)).toEqual(['/old']);
  });

  it('are followed up to the final answer, which is judged, timed as a whole', async () => {
    const server = await recording((req, res) => {
      if (req.url === '/a') {
        redirect(res, 301, '/b');
        return;
      }
      if (req.url === '/b') {
        redirect(res, 302, `${server.origin}/c?x=1#frag`);
        return;
      }
      if (req.url === '/c?x=1') {
        redirect(res, 307, 'd');
        return;
      }
      res.writeHead(200, { 'X-Final': 'yes' });
      res.end('final');
    });

    const result = await runHttpCheck(
      target(`${server.url}/a`, { followRedirects: true, assertions: [assertion({ source: 'header', name: 'X-Final', op: 'exists' })] }),
      options,
    );

    expect(result).toMatchObject({ ok: true, statusCode: 200, assertions: [{ ok: true }] });
    expect(server.seen.map((s) => s.url)).toEqual(['/a', '/b', '/c?x=1', '/d']);
    expect(result.timings!.totalMs).toBe(result.durationMs);
  });

  it('follow at most 5: the sixth redirect is the answer judged', async () => {
    const server = await recording((req, res) => redirect(res, 302, `/hop${Number(req.url!.slice(4) || 0) + 1}`));

    const result = await runHttpCheck(target(`${server.url}/hop0`, { followRedirects: true }), options);

    expect(server.seen.map((s) => s.url)).toEqual(['/hop0', '/hop1', '/hop2', '/hop3', '/hop4', '/hop5']);
    expect(result).toMatchObject({
      ok: false,
      statusCode: 302,
      error: { code: 'status-mismatch', message: 'expected 200, got 302 after 5 redirects, the most followed' },
    });
  });

  it('turn a POST into a GET without body on 303 (and 301/302), and repeat method and body on 307 and 308', async () => {
    const server = await recording((req, res) => {
      const to = { '/303': '/get', '/302': '/get', '/307': '/same', '/308': '/same' }[req.url!];
      if (to) {
        redirect(res, Number(req.url!.slice(1)), to);
        return;
      }
      res.end('ok');
    });

    for (const status of ['303', '302', '307', '308']) {
      const result = await runHttpCheck(target(`${server.url}/${status}`, { method: 'POST', body: 'payload', followRedirects: true }), options);
      expect(result.ok).toBe(true);
    }

    expect(server.seen.map((s) => [s.url, s.method, s.body, s.headers['content-length']])).toEqual([
      ['/303', 'POST', 'payload', '7'],
      ['/get', 'GET', '', undefined],
      ['/302', 'POST', 'payload', '7'],
      ['/get', 'GET', '', undefined],
      ['/307', 'POST', 'payload', '7'],
      ['/same', 'POST', 'payload', '7'],
      ['/308', 'POST', 'payload', '7'],
      ['/same', 'POST', 'payload', '7'],
    ]);
  });

  it('never carry credentials or the monitor headers to another origin, and carry them back home', async () => {
    const elsewhere = await recording((req, res) => (req.url === '/back' ? redirect(res, 302, `${home.origin}/end`) : redirect(res, 302, '/back')));
    const home = await recording((req, res) => (req.url === '/start' ? redirect(res, 302, `${elsewhere.origin}/away`) : res.end('home')));

    for (const auth of [
      { type: 'bearer' as const, secret: 'b-secret' },
      { type: 'basic' as const, username: 'svc', secret: 'p-secret' },
      { type: 'header' as const, headerName: 'X-Api-Key', secret: 'k-secret' },
    ]) {
      home.seen.length = 0;
      elsewhere.seen.length = 0;
      const result = await runHttpCheck(target(`${home.url}/start`, { auth, followRedirects: true, headers: [{ name: 'X-Tenant', value: 'acme' }] }), options);

      expect(result.ok).toBe(true);
      expect(home.seen.map((s) => s.url)).toEqual(['/start', '/end']);
      expect(elsewhere.seen.map((s) => s.url)).toEqual(['/away', '/back']);
      for (const request of elsewhere.seen) {
        expect(request.headers.authorization).toBeUndefined();
        expect(request.headers['x-api-key']).toBeUndefined();
        expect(request.headers['x-tenant']).toBeUndefined();
        expect(request.headers['user-agent']).toBe('Lookout/test');
        expect(JSON.stringify(request.headers)).not.toMatch(/secret/);
      }
      for (const request of home.seen) {
        expect(request.headers.authorization ?? request.headers['x-api-key']).toBeDefined();
        expect(request.headers['x-tenant']).toBe('acme');
      }
    }
  });

  it('treat another port or scheme of the same host as another origin', async () => {
    const other = await recording((_req, res) => res.end('ok'));
    const home = await recording((_req, res) => redirect(res, 301, `${other.url.replace('127.0.0.1', 'localhost')}/x`));

    await runHttpCheck(target(home.url, { auth: { type: 'bearer', secret: 'b' }, followRedirects: true }), options);

    expect(other.seen).toHaveLength(1);
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
  });

  it.each([
    ['a link-local address', 'http://169.254.169.254/latest/meta-data/'],
    ['a metadata host name', 'http://metadata.google.internal/computeMetadata/v1/'],
    ['an IPv4-mapped link-local address', 'http://[::ffff:169.254.169.254]/'],
  ])('refuse a hop to %s by the target policy', async (_label, location) => {
    const server = await recording((_req, res) => redirect(res, 302, location));

    const result = await runHttpCheck(target(server.url, { followRedirects: true, auth: { type: 'bearer', secret: 'b' } }), options);

    expect(result).toMatchObject({ ok: false, statusCode: 302, error: { code: 'target-blocked' } });
  });

  it('refuse a hop to a name that resolves to a blocked address, judged on the address resolved', async () => {
    const dns = await startDnsServer({ answers: { 'rebound.test': '169.254.169.254', 'fine.test': '127.0.0.1' } });
    const resolver = new HostResolver({ servers: [dns.address], queryTimeoutMs: 300, hostsFile: '/dev/null' });
    try {
      const server = await recording((req, res) => {
        if (req.url === '/to-blocked') {
          redirect(res, 302, `http://rebound.test:${new URL(server.url).port}/`);
          return;
        }
        if (req.url === '/to-fine') {
          redirect(res, 302, `http://fine.test:${new URL(server.url).port}/ok`);
          return;
        }
        res.end('ok');
      });
      const lookup = createPolicyLookup('no-link-local', resolver);

      const blocked = await runHttpCheck(target(`${server.url}/to-blocked`, { followRedirects: true }), { ...options, lookup });
      const fine = await runHttpCheck(target(`${server.url}/to-fine`, { followRedirects: true }), { ...options, lookup });

      expect(blocked).toMatchObject({
        ok: false,
        statusCode: 302,
        error: { code: 'target-blocked', message: expect.stringContaining('rebound.test resolves to 169.254.169.254') },
      });
      expect(fine).toMatchObject({ ok: true, statusCode: 200 });
      expect(server.seen.map((s) => s.url)).toEqual(['/to-blocked', '/to-fine', '/ok']);
    } finally {
      resolver.cancel();
      await dns.close();
    }
  });

  it('judge a redirect that cannot be followed as the final answer', async () => {
    const server = await recording((req, res) => (req.url === '/ftp' ? redirect(res, 302, 'ftp://example.com/file') : redirect(res, 302, '')));

    const ftp = await runHttpCheck(target(`${server.url}/ftp`, { followRedirects: true }), options);
    const empty = await runHttpCheck(target(`${server.url}/none`, { followRedirects: true }), options);

    expect(ftp.error?.message).toBe('expected 200, got 302 (a redirect that cannot be followed: its Location is not an http(s) URL (ftp:))');
    expect(empty.error?.message).toBe('expected 200, got 302 (a redirect that cannot be followed: it has no Location)');
  });

  it('count toward the timeout as a whole', async () => {
    const server = await recording((req, res) => setTimeout(() => redirect(res, 302, `/next${req.url!}`), 150));

    const result = await runHttpCheck(target(server.url, { followRedirects: true, timeoutMs: 400 }), options);

    expect(result.error?.code).toBe('timeout');
    expect(result.durationMs).toBeLessThan(700);
  });
});
