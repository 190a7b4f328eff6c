import { randomBytes } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult, HttpCheckTarget } from '../../src/checks/check-result.js';
import { runHttpCheck, type HttpCheckOptions } from '../../src/monitor-types/http/checker.js';
import { JUDGING_TIME_LIMIT_MS } from '../../src/monitor-types/http/judge-answer.js';
import { AssertionInput, normalAssertion, type Assertion } from '../../src/domain/assertions/assertion-schema.js';
import { closeServers, startServer } from './local-servers.js';

/*
 * Reading the body for assertions, against hostile local servers: compression bombs, endless
 * bodies, corrupt and binary bodies, and patterns that would take a backtracking engine forever.
 */

afterEach(closeServers);

const options: HttpCheckOptions = { targetPolicy: 'no-link-local', userAgent: 'Lookout/test' };
const MiB = 1024 * 1024;

const assertion = (input: Record<string, unknown>): Assertion => normalAssertion(AssertionInput.parse(input));
const contains = (value: string) => assertion({ source: 'body', op: 'contains', value });

function check(url: string, assertions: Assertion[], overrides: Partial<HttpCheckTarget> = {}): Promise<CheckResult> {
  return runHttpCheck({ url, method: 'GET', expectedStatus: 200, timeoutMs: 10_000, auth: null, assertions, ...overrides }, options);
}

/** A server answering every request with `handler`. */
async function serve(handler: http.RequestListener): Promise<string> {
  const local = await startServer(http.createServer(handler));
  return `http://127.0.0.1:${local.port}/`;
}

/** Answers `body` with these headers. */
const fixed = (body: Buffer | string, headers: http.OutgoingHttpHeaders) =>
  serve((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });

/** Writes `chunk` for as long as the client keeps reading. */
function stream(res: http.ServerResponse, chunk: Buffer): void {
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

/** How much the process grew (resident memory and buffers) while `work` ran, after a collection where the runtime allows one. */
async function growth(work: () => Promise<void>): Promise<{ rss: number; arrayBuffers: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakBuffers = before.arrayBuffers;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const after = process.memoryUsage();
  return { rss: Math.max(peakRss, after.rss) - before.rss, arrayBuffers: Math.max(peakBuffers, after.arrayBuffers) - before.arrayBuffers };
}

describe('content encodings', () => {
  const text = `{"status":"ok","note":"${'compressible '.repeat(200)}"}`;

  it.each([
    ['gzip', zlib.gzipSync(text)],
    ['x-gzip', zlib.gzipSync(text)],
    ['deflate', zlib.deflateSync(text)],
    ['deflate', zlib.deflateRawSync(text)], // the raw form some servers send
    ['br', zlib.brotliCompressSync(text)],
    ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(text))],
    ['identity', Buffer.from(text)],
  ])('decodes %s', async (coding, body) => {
    const url = await fixed(body, { 'Content-Encoding': coding, 'Content-Type': 'application/json' });

    const result = await check(url, [contains('compressible'), assertion({ source: 'json', path: '$.status', op: 'eq', value: 'ok' })]);

    expect(result).toMatchObject({ ok: true, assertions: [{ ok: true }, { ok: true, actual: '"ok"' }] });
  });

  // Past 64 KiB on the wire the body streams through the decoders instead of being decoded whole.
  const large = `{"status":"ok","noise":"${randomBytes(100_000).toString('hex')}","note":"compressible"}`;
  it.each([
    ['gzip', zlib.gzipSync(large)],
    ['deflate', zlib.deflateSync(large)],
    ['deflate', zlib.deflateRawSync(large)],
    ['br', zlib.brotliCompressSync(large)],
    ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(large))],
  ])('decodes %s as it streams in when large', async (coding, body) => {
    expect(body.length).toBeGreaterThan(64 * 1024);
    const url = await fixed(body, { 'Content-Encoding': coding, 'Content-Type': 'application/json' });

    const result = await check(url, [contains('compressible'), assertion({ source: 'json', path: '$.status', op: 'eq', value: 'ok' })]);

    expect(result).toMatchObject({ ok: true, assertions: [{ ok: true }, { ok: true, actual: '"ok"' }] });
  });

  it('reads JSON that starts with a byte order mark, plain or compressed', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"status":"ok"}')]);
    const plain = await fixed(withBom, { 'Content-Type': 'application/json; charset=utf-8' });
    const gzipped = await fixed(zlib.gzipSync(withBom), { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' });

    for (const url of [plain, gzipped]) {
      const result = await check(url, [assertion({ source: 'json', path: '$.status', op: 'eq', value: 'ok' })]);
      expect(result).toMatchObject({ ok: true, assertions: [{ ok: true, actual: '"ok"' }] });
    }
  });

  it('fails the body assertions, not the check, on a coding it does not decode or a corrupt stream', async () => {
    const zstd = await fixed('whatever', { 'Content-Encoding': 'zstd' });
    const corrupt = await fixed(Buffer.concat([zlib.gzipSync(text).subarray(0, 20), Buffer.from('garbage garbage garbage')]), { 'Content-Encoding': 'gzip' });

    const unknown = await check(zstd, [contains('x'), assertion({ source: 'responseTime', op: 'lt', value: 10_000 })]);
    const broken = await check(corrupt, [contains('x')]);

    expect(unknown).toMatchObject({
      ok: false,
      error: { code: 'assertion-failed', message: 'assertion 1: body could not be read: it has a Content-Encoding Lookout does not decode (zstd)' },
      assertions: [
        { index: 0, ok: false, actual: null },
        { index: 1, ok: true },
      ],
    });
    expect(broken).toMatchObject({ ok: false, error: { code: 'assertion-failed', message: expect.stringContaining('its gzip encoding is corrupt') } });
  });

  it('decodes what arrived of a stream the server cut short', async () => {
    const whole = zlib.gzipSync(`start ${randomBytes(30_000).toString('hex')} end`);
    const url = await fixed(whole.subarray(0, whole.length - 100), { 'Content-Encoding': 'gzip' });

    const result = await check(url, [contains('start'), contains('end')]);

    expect(result.assertions).toMatchObject([{ ok: true }, { ok: false }]);
  });
});

describe('bounded reading', () => {
  it('stops a gzip bomb at 1 MiB without growing memory (10 MiB of zeros, and 1 GiB in 100 members)', async () => {
    const tenMiB = zlib.gzipSync(Buffer.alloc(10 * MiB), { level: 9 });
    const oneGiB = Buffer.concat(Array.from({ length: 100 }, () => tenMiB));
    expect(oneGiB.length).toBeLessThan(2 * MiB);
    const small = await fixed(tenMiB, { 'Content-Encoding': 'gzip' });
    const large = await fixed(oneGiB, { 'Content-Encoding': 'gzip' });

    const results: CheckResult[] = [];
    const grew = await growth(async () => {
      for (let i = 0; i < 3; i++) results.push(await check(small, [contains('x')]), await check(large, [contains('\u0000')]));
    });

    for (const result of results) expect(result.assertions[0]!.actual).toBe(`${'\u0000'.repeat(199)}…`);
    expect(results[0]!.error?.message).toBe('assertion 1: body (its first 1 MiB) does not contain "x"');
    expect(results[1]!.ok).toBe(true);
    expect(grew.rss).toBeLessThan(32 * MiB);
    expect(grew.arrayBuffers).toBeLessThan(32 * MiB);
  });

  it('stops nested and brotli bombs at 1 MiB too', async () => {
    const zeros = Buffer.alloc(64 * MiB);
    const br = zlib.brotliCompressSync(zeros, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    const nested = zlib.gzipSync(zlib.gzipSync(zeros, { level: 9 }), { level: 9 });
    const brUrl = await fixed(br, { 'Content-Encoding': 'br' });
    const nestedUrl = await fixed(nested, { 'Content-Encoding': 'gzip, gzip' });

    const results: CheckResult[] = [];
    const grew = await growth(async () => {
      results.push(await check(brUrl, [contains('x')]), await check(nestedUrl, [contains('x')]));
    });

    for (const result of results) expect(result.error?.message).toBe('assertion 1: body (its first 1 MiB) does not contain "x"');
    expect(grew.rss).toBeLessThan(32 * MiB);
    expect(grew.arrayBuffers).toBeLessThan(32 * MiB);
  });

  it('stops an endless chunked body at 1 MiB and judges it, plain or gzipped', async () => {
    const plain = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('HEALTHY ');
      stream(res, Buffer.alloc(64 * 1024, 'a'));
    });
    const gzipped = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Encoding': 'gzip' });
      const gzip = zlib.createGzip();
      gzip.pipe(res);
      const pump = (): void => {
        while (!res.destroyed && gzip.write(Buffer.alloc(64 * 1024, 'b')));
        if (!res.destroyed) gzip.once('drain', pump);
      };
      res.on('close', () => gzip.destroy());
      pump();
    });

    const results: CheckResult[] = [];
    const grew = await growth(async () => {
      for (let i = 0; i < 3; i++) results.push(await check(plain, [contains('HEALTHY')]), await check(gzipped, [contains('bbbb')]));
    });

    for (const result of results) {
      expect(result).toMatchObject({ ok: true, assertions: [{ ok: true }] });
      expect(result.durationMs).toBeLessThan(5000);
    }
    expect(grew.rss).toBeLessThan(32 * MiB);
    expect(grew.arrayBuffers).toBeLessThan(32 * MiB);
  });

  it('stops an endless stream that decodes to nothing after 2 MiB off the wire', async () => {
    // Raw deflate: empty stored blocks, five bytes each, forever.
    const emptyBlocks = Buffer.concat(Array.from({ length: 13_000 }, () => Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff])));
    const endless = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Encoding': 'deflate' });
      stream(res, emptyBlocks);
    });

    const result = await check(endless, [assertion({ source: 'body', op: 'notContains', value: 'x' })]);

    expect(result).toMatchObject({ ok: true, assertions: [{ ok: true, actual: '' }] });
    expect(result.durationMs).toBeLessThan(5000);
  });

  it('gives up on a body that trickles past the timeout', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });

    const result = await check(url, [contains('partial')], { timeoutMs: 500 });

    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' }, assertions: [] });
  });
});

describe('hostile bodies', () => {
  it('reads invalid UTF-8 and binary bodies as text with replacement characters', async () => {
    const invalid = await fixed(Buffer.from([0x6f, 0x6b, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x21]), { 'Content-Type': 'text/plain; charset=utf-8' });
    const random = Buffer.alloc(256 * 1024);
    for (let i = 0; i < random.length; i++) random[i] = (i * 7919 + (i >> 3)) & 0xff;
    const binary = await fixed(random, { 'Content-Type': 'application/octet-stream' });

    const a = await check(invalid, [
      contains('ok'),
      assertion({ source: 'body', op: 'matches', value: '\\x{FFFD}' }),
      assertion({ source: 'json', path: '$', op: 'exists' }),
    ]);
    const b = await check(binary, [
      assertion({ source: 'body', op: 'notContains', value: 'needle' }),
      assertion({ source: 'json', path: '$.a', op: 'notExists' }),
    ]);

    expect(a.assertions.map((o) => o.ok)).toEqual([true, true, false]);
    expect(a.error?.message).toBe('assertion 3: json $: the body is not JSON');
    expect(b.assertions.map((o) => o.ok)).toEqual([true, false]);
    expect(b.assertions[0]!.actual).toHaveLength(200);
  });

  it('reads the charset the answer names', async () => {
    const url = await fixed(Buffer.from('café crème', 'latin1'), { 'Content-Type': 'text/plain; charset=ISO-8859-1' });

    expect((await check(url, [contains('café crème')])).ok).toBe(true);
  });

  it('runs a catastrophic-backtracking pattern on a long body in linear time', async () => {
    const url = await fixed(`${'a'.repeat(MiB - 1)}!`, { 'Content-Type': 'text/plain' });

    const started = performance.now();
    const result = await check(url, [
      assertion({ source: 'body', op: 'matches', value: '(a+)+$' }),
      assertion({ source: 'body', op: 'notMatches', value: '(a|aa)+$' }),
    ]);

    expect(result.assertions.map((o) => o.ok)).toEqual([false, true]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('stops judging a pattern whose cost on this body is too high, and says so', async () => {
    const url = await fixed('a'.repeat(MiB), { 'Content-Type': 'text/plain' });

    const started = performance.now();
    const result = await check(url, [assertion({ source: 'body', op: 'matches', value: '(?i)(\\pL|\\pN|\\s){900}z' })]);

    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'assertion-timeout',
        message: `judging the 1 assertion took longer than ${JUDGING_TIME_LIMIT_MS} ms in total (a large body or costly patterns)`,
      },
      assertions: [{ index: 0, ok: false, actual: null }],
    });
    expect(performance.now() - started).toBeLessThan(JUDGING_TIME_LIMIT_MS + 1500);
    // The pattern, interrupted half-way, still works afterwards on a short text.
    const short = await fixed('a few words', {});
    expect((await check(short, [assertion({ source: 'body', op: 'notMatches', value: '(?i)(\\pL|\\pN|\\s){900}z' })])).ok).toBe(true);
  });

  it('judges a large JSON body within the limit', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, ok: i % 2 === 0 }));
    const url = await fixed(JSON.stringify({ items }), { 'Content-Type': 'application/json' });

    const result = await check(url, [assertion({ source: 'json', path: '$.items[19999].id', op: 'eq', value: 19_999 })]);

    expect(result).toMatchObject({ ok: true, assertions: [{ ok: true, actual: '19999' }] });
  });
});
