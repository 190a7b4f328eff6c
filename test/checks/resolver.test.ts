import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHttpCheck } from '../../src/monitor-types/http/checker.js';
import { HostResolver, parseHosts } from '../../src/net/resolver.js';
import { createPolicyLookup } from '../../src/net/target-policy.js';
import { startDnsServer, type DnsServer } from '../helpers/dns.js';

let dns: DnsServer;
let resolver: HostResolver;
const dir = mkdtempSync(join(tmpdir(), 'lookout-hosts-'));
const hostsFile = join(dir, 'hosts');

beforeAll(async () => {
  dns = await startDnsServer({
    answers: { 'fast.test': '127.0.0.1', 'metadata.test': '169.254.169.254', 'late.test': '127.0.0.1' },
    slow: (name) => (name.startsWith('slow') ? null : name === 'late.test' ? 150 : undefined),
  });
  writeFileSync(hostsFile, '# comment\n127.0.0.1 listed.test Alias.Test # trailing\n::1 listed.test six.test\n');
  resolver = new HostResolver({ servers: [dns.address], queryTimeoutMs: 300, hostsFile });
  await resolver.ready();
});
afterAll(async () => {
  resolver.cancel();
  await dns.close();
  rmSync(dir, { recursive: true, force: true });
});

const resolve = (name: string, family = 0) =>
  new Promise<{ error: NodeJS.ErrnoException | null; addresses: { address: string; family: number }[]; ms: number }>((done) => {
    const started = performance.now();
    resolver.resolve(name, family, (error, addresses) => done({ error, addresses, ms: performance.now() - started }));
  });

describe('HostResolver', () => {
  it('answers names through the DNS server it is given', async () => {
    expect(await resolve('fast.test')).toMatchObject({ error: null, addresses: [{ address: '127.0.0.1', family: 4 }] });
    expect(await resolve('FAST.test.', 4)).toMatchObject({ error: null, addresses: [{ address: '127.0.0.1', family: 4 }] });
    expect(dns.queries.some((q) => q.name === 'fast.test' && q.type === 1)).toBe(true);
  });

  it('answers localhost and hosts-file names without asking DNS', async () => {
    const asked = dns.queries.length;
    expect((await resolve('localhost')).addresses).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect((await resolve('api.localhost', 4)).addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect((await resolve('listed.test')).addresses).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect((await resolve('alias.test', 4)).addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect((await resolve('six.test', 6)).addresses).toEqual([{ address: '::1', family: 6 }]);
    expect((await resolve('127.0.0.1')).addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(dns.queries.length).toBe(asked);
  });

  it('parses a hosts file, ignoring comments and junk', () => {
    const table = parseHosts('not-an-ip name\n10.0.0.1 a b\n\n#10.0.0.2 c\n10.0.0.3 a\n');
    expect(table.get('a')).toEqual([
      { address: '10.0.0.1', family: 4 },
      { address: '10.0.0.3', family: 4 },
    ]);
    expect(table.has('c')).toBe(false);
    expect(table.has('name')).toBe(false);
  });

  it('reports an unknown name as not found and a silent server as a DNS failure, within its timeout', async () => {
    expect((await resolve('nowhere.test')).error).toMatchObject({ code: 'ENOTFOUND' });
    const silent = await resolve('slow-0.test');
    expect(silent.error).toMatchObject({ code: 'EAI_AGAIN' });
    // Two tries of 300 ms (c-ares doubles the second): well under the seconds a check allows.
    expect(silent.ms).toBeLessThan(3000);
  });

  it('keeps answering while many lookups wait on a server that never answers: the thread pool is not involved', async () => {
    const slow = Array.from({ length: 16 }, (_, i) => resolve(`slow-many-${i}.test`));
    await new Promise((r) => setTimeout(r, 50));
    const fast = await resolve('fast.test', 4);
    expect(fast.error).toBeNull();
    expect(fast.ms).toBeLessThan(250);
    // A late answer still arrives while the silent ones wait.
    const late = await resolve('late.test', 4);
    expect(late.addresses).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect((await Promise.all(slow)).every((r) => r.error?.code === 'EAI_AGAIN')).toBe(true);
  });
});

describe('checks with the resolver', () => {
  let target: ReturnType<typeof createServer>;
  let port: number;
  beforeAll(async () => {
    target = createServer((_req, res) => res.end('ok'));
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    port = (target.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => target.close(() => r())));

  const check = (url: string, policy: 'all' | 'no-link-local' | 'public-only') =>
    runHttpCheck(
      { url, method: 'GET', expectedStatus: 200, timeoutMs: 3000, auth: null },
      { targetPolicy: policy, userAgent: 'test', lookup: createPolicyLookup(policy, resolver) },
    );

  it('connects to the address DNS gives, timing the lookup', async () => {
    const result = await check(`http://fast.test:${port}/`, 'no-link-local');
    expect(result).toMatchObject({ ok: true, statusCode: 200 });
  });

  it('judges the target policy on the resolved address', async () => {
    const toMetadata = await check(`http://metadata.test:${port}/`, 'no-link-local');
    expect(toMetadata.error?.message).toMatch(/metadata\.test resolves to 169\.254\.169\.254, blocked/);
    const toLoopback = await check(`http://fast.test:${port}/`, 'public-only');
    expect(toLoopback.error?.message).toMatch(/fast\.test resolves to 127\.0\.0\.1, blocked/);
  });

  it('classifies a name that does not resolve as dns-failure, and a silent server too', async () => {
    expect((await check(`http://nowhere.test:${port}/`, 'all')).error?.code).toBe('dns-failure');
    expect((await check(`http://slow-check.test:${port}/`, 'all')).error?.code).toBe('dns-failure');
  });
});
