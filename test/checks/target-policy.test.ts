import http from 'node:http';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import { runHttpCheck } from '../../src/monitor-types/http/checker.js';
import { runSslCheck } from '../../src/monitor-types/ssl/checker.js';
import { assertHostAllowed, createPolicyLookup, embeddedIPv4, isAddressAllowed, type TargetPolicy } from '../../src/net/target-policy.js';
import { closeServers, connectionsBeforeProbe, startServer } from './local-servers.js';

afterEach(closeServers);

// address, then whether it is allowed under: all, no-link-local, public-only
const ADDRESSES: [string, boolean, boolean, boolean][] = [
  ['8.8.8.8', true, true, true],
  ['2606:4700:4700::1111', true, true, true],
  ['0.0.0.0', true, false, false],
  ['::', true, false, false],
  ['::ffff:0.0.0.0', true, false, false],
  ['169.254.0.1', true, false, false],
  ['169.254.169.254', true, false, false],
  ['169.254.255.255', true, false, false],
  ['169.255.0.1', true, true, true],
  ['::ffff:169.254.169.254', true, false, false],
  ['::ffff:a9fe:a9fe', true, false, false],
  ['fe80::1', true, false, false],
  ['fe80::1%eth0', true, false, false],
  ['febf:ffff::1', true, false, false],
  ['fd00:ec2::254', true, false, false],
  ['100.100.100.200', true, false, false],
  ['127.0.0.1', true, true, false],
  ['127.255.255.254', true, true, false],
  ['::1', true, true, false],
  ['[::1]', true, true, false],
  ['::ffff:127.0.0.1', true, true, false],
  ['10.0.0.1', true, true, false],
  ['10.255.255.255', true, true, false],
  ['::ffff:10.1.2.3', true, true, false],
  ['172.15.255.255', true, true, true],
  ['172.16.0.1', true, true, false],
  ['172.31.255.255', true, true, false],
  ['172.32.0.1', true, true, true],
  ['192.168.1.1', true, true, false],
  ['::ffff:192.168.1.1', true, true, false],
  ['192.169.0.1', true, true, true],
  ['fc00::1', true, true, false],
  ['fd12:3456::1', true, true, false],
  ['::ffff:ac10:1', true, true, false],
  ['100.63.255.255', true, true, true],
  ['100.64.0.1', true, true, false],
  ['100.127.255.255', true, true, false],
  ['100.128.0.1', true, true, true],
  ['not-an-address', true, false, false],
  // Ranges that are not public unicast: blocked under public-only, allowed under no-link-local.
  ['0.255.255.255', true, false, false],
  ['192.0.0.1', true, true, false],
  ['192.0.0.255', true, true, false],
  ['192.0.1.1', true, true, true],
  ['192.0.2.1', true, true, false],
  ['192.0.2.255', true, true, false],
  ['198.17.255.255', true, true, true],
  ['198.18.0.1', true, true, false],
  ['198.19.255.255', true, true, false],
  ['198.20.0.1', true, true, true],
  ['198.51.100.7', true, true, false],
  ['198.51.101.1', true, true, true],
  ['203.0.113.9', true, true, false],
  ['203.0.114.1', true, true, true],
  ['223.255.255.255', true, true, true],
  ['224.0.0.1', true, true, false],
  ['239.255.255.255', true, true, false],
  ['240.0.0.1', true, true, false],
  ['255.255.255.255', true, true, false],
  ['fbff:ffff::1', true, true, true],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', true, true, false],
  ['fe00::1', true, true, true],
  ['2001:db8::1', true, true, false],
  ['ff02::1', true, true, false],
  // IPv4-compatible (::/96): the embedded IPv4 address is judged; :: and ::1 are themselves.
  ['::169.254.169.254', true, false, false],
  ['::a9fe:a9fe', true, false, false],
  ['::127.0.0.1', true, true, false],
  ['::7f00:1', true, true, false],
  ['::10.0.0.1', true, true, false],
  ['::192.168.1.1', true, true, false],
  ['::100.64.0.1', true, true, false],
  ['::224.0.0.1', true, true, false],
  ['::8.8.8.8', true, true, true],
  ['::0.0.0.2', true, false, false],
  // IPv4-mapped (::ffff:0:0/96), in both spellings.
  ['::ffff:100.100.100.200', true, false, false],
  ['::ffff:192.0.2.1', true, true, false],
  ['::ffff:c633:6407', true, true, false],
  ['::ffff:8.8.8.8', true, true, true],
  // NAT64 (64:ff9b::/96).
  ['64:ff9b::169.254.169.254', true, false, false],
  ['64:ff9b::a9fe:a9fe', true, false, false],
  ['64:ff9b::a83f:8110', true, false, false],
  ['64:ff9b::127.0.0.1', true, true, false],
  ['64:ff9b::a00:1', true, true, false],
  ['64:ff9b::c0a8:101', true, true, false],
  ['64:ff9b::203.0.113.1', true, true, false],
  ['64:ff9b::8.8.8.8', true, true, true],
  // IPv4-translated (::ffff:0:0:0/96) and local-use NAT64 (64:ff9b:1::/48, never public).
  ['::ffff:0:a9fe:a9fe', true, false, false],
  ['::ffff:0:7f00:1', true, true, false],
  ['::ffff:0:808:808', true, true, true],
  ['64:ff9b:1::808:808', true, true, false],
  // 6to4 (2002::/16): the IPv4 address is in the second and third words.
  ['2002:a9fe:a9fe::1', true, false, false],
  ['2002:a9fe:a9fe:1:2:3:4:5', true, false, false],
  ['2002:0:1::', true, false, false],
  ['2002:7f00:1::', true, true, false],
  ['2002:ac10:1::1', true, true, false],
  ['2002:c612:1::1', true, true, false],
  ['2002:e000:1::1', true, true, false],
  ['2002:808:808::1', true, true, true],
];

describe('embeddedIPv4', () => {
  it.each([
    ['::127.0.0.1', '127.0.0.1'],
    ['::7f00:1', '127.0.0.1'],
    ['::ffff:a9fe:a9fe', '169.254.169.254'],
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['64:FF9B:0:0:0:0:a9fe:a9fe', '169.254.169.254'],
    ['2002:a9fe:a9fe::1', '169.254.169.254'],
    ['::', null],
    ['::1', null],
    ['fe80::1%eth0', null],
    ['2606:4700:4700::1111', null],
    ['64:ff9b:1::a9fe:a9fe', null],
    ['127.0.0.1', null],
  ])('%s carries %s', (address, ipv4) => {
    expect(embeddedIPv4(address)).toBe(ipv4);
  });
});

describe('isAddressAllowed', () => {
  it.each(ADDRESSES)('%s → all %s, no-link-local %s, public-only %s', (address, all, noLinkLocal, publicOnly) => {
    expect(isAddressAllowed(address, 'all')).toBe(all);
    expect(isAddressAllowed(address, 'no-link-local')).toBe(noLinkLocal);
    expect(isAddressAllowed(address, 'public-only')).toBe(publicOnly);
  });
});

describe('assertHostAllowed', () => {
  it.each(['metadata.google.internal', 'METADATA.google.internal.', 'metadata', 'instance-data.ec2.internal'])(
    'refuses the metadata host %s by name unless the policy is all',
    (host) => {
      expect(() => assertHostAllowed(host, 'no-link-local')).toThrow(/metadata/);
      expect(() => assertHostAllowed(host, 'public-only')).toThrow(/metadata/);
      expect(() => assertHostAllowed(host, 'all')).not.toThrow();
    },
  );

  it('judges IP literals by address and leaves other names to the lookup', () => {
    expect(() => assertHostAllowed('169.254.169.254', 'no-link-local')).toThrow(/blocked/);
    expect(() => assertHostAllowed('[fe80::1]', 'no-link-local')).toThrow(/blocked/);
    expect(() => assertHostAllowed('10.0.0.1', 'public-only')).toThrow(/blocked/);
    expect(() => assertHostAllowed('10.0.0.1', 'no-link-local')).not.toThrow();
    expect(() => assertHostAllowed('localhost', 'public-only')).not.toThrow();
  });
});

function lookup(policy: TargetPolicy, hostname: string, options: LookupOptions) {
  return new Promise<{ address: string | LookupAddress[]; family?: number }>((resolve, reject) => {
    createPolicyLookup(policy)(hostname, options, (err, address, family) => (err ? reject(err) : resolve({ address, family })));
  });
}

describe('createPolicyLookup', () => {
  it('answers like dns.lookup when the addresses are allowed', async () => {
    expect(await lookup('no-link-local', 'localhost', { family: 4 })).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await lookup('no-link-local', 'localhost', { family: 4, all: true })).toEqual({
      address: [{ address: '127.0.0.1', family: 4 }],
      family: undefined,
    });
  });

  it('refuses a name that resolves to a blocked address', async () => {
    await expect(lookup('public-only', 'localhost', { all: true })).rejects.toMatchObject({
      code: 'ERR_TARGET_BLOCKED',
      message: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), blocked/),
    });
  });
});

describe('checks under a target policy', () => {
  const httpTarget = { method: 'GET' as const, expectedStatus: 200, timeoutMs: 5000, auth: null };
  const userAgent = 'Lookout/test';

  async function okServer() {
    return startServer(http.createServer((_req, res) => res.end('ok')));
  }

  it('blocks an IP literal before connecting, so the server never sees a connection', async () => {
    const target = await okServer();
    const url = `http://127.0.0.1:${target.port}/`;

    const result = await runHttpCheck({ ...httpTarget, url }, { targetPolicy: 'public-only', userAgent });

    expect(result).toMatchObject({ ok: false, error: { code: 'target-blocked' }, statusCode: null });
    expect(result.timings).toEqual({ dnsMs: null, connectMs: null, tlsMs: null, ttfbMs: null, totalMs: result.durationMs });
    expect(await connectionsBeforeProbe(target)).toBe(0);
    // The same target is reachable under a looser policy: the block came from the policy.
    expect(await runHttpCheck({ ...httpTarget, url }, { targetPolicy: 'no-link-local', userAgent })).toMatchObject({
      ok: true,
    });
  });

  it('blocks a name after resolution, so the server never sees a connection', async () => {
    const target = await okServer();

    const result = await runHttpCheck({ ...httpTarget, url: `http://localhost:${target.port}/` }, { targetPolicy: 'public-only', userAgent });

    expect(result.error).toEqual({
      code: 'target-blocked',
      message: expect.stringMatching(/^localhost resolves to .*, blocked by the target policy public-only$/),
    });
    expect(await connectionsBeforeProbe(target)).toBe(0);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://metadata.google.internal/',
  ])('blocks %s under the default no-link-local policy without any network wait', async (url) => {
    const result = await runHttpCheck({ ...httpTarget, url }, { targetPolicy: 'no-link-local', userAgent });

    expect(result.error?.code).toBe('target-blocked');
    expect(result.durationMs).toBeLessThan(50);
  });

  it('applies to SSL checks, for IP literals and resolved names alike', async () => {
    const sslTarget = { port: 443, timeoutMs: 5000, warningDays: null };

    const metadata = await runSslCheck({ ...sslTarget, host: '169.254.169.254' }, { targetPolicy: 'no-link-local' });
    const loopback = await runSslCheck({ ...sslTarget, host: 'localhost' }, { targetPolicy: 'public-only' });

    expect(metadata).toMatchObject({ ok: false, error: { code: 'target-blocked' }, certificate: null });
    expect(metadata.durationMs).toBeLessThan(50);
    expect(loopback).toMatchObject({ ok: false, error: { code: 'target-blocked' }, certificate: null });
  });
});
