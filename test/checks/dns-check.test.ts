import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDnsCheck, type DnsCheckOptions, type DnsCheckTarget } from '../../src/monitor-types/dns/checker.js';
import { parseResolver } from '../../src/monitor-types/dns/definition.js';
import { DnsAssertionInput, normalAssertion, type Assertion } from '../../src/domain/assertions/assertion-schema.js';
import { startDnsZone, type DnsZone } from '../helpers/dns-zone.js';

let zone: DnsZone;

const manyAddresses = Array.from({ length: 60 }, (_, i) => `10.0.0.${i}`);
const longText = Array.from({ length: 5 }, (_, i) => String(i).repeat(220));

beforeAll(async () => {
  zone = await startDnsZone({
    records: {
      'example.test': {
        A: ['192.0.2.1', '192.0.2.2'],
        AAAA: ['2001:db8::1'],
        MX: [
          { priority: 10, exchange: 'mail.example.test' },
          { priority: 20, exchange: 'backup.example.test' },
        ],
        TXT: ['v=spf1 -all', ['part one, ', 'part two']],
        NS: ['ns1.example.test', 'ns2.example.test'],
      },
      'www.example.test': { CNAME: 'example.test' },
      'slow.test': { A: ['192.0.2.7'] },
      'many.test': { A: manyAddresses, TXT: [longText] },
    },
    behaviours: {
      'broken.test': 'servfail',
      'refused.test': 'refused',
      'empty.test': 'empty',
      'slow.test': { delayMs: 150 },
      'never.test': 'silent',
    },
  });
});
afterAll(() => zone.close());

const options: DnsCheckOptions = { targetPolicy: 'no-link-local' };

function target(hostname: string, recordType: DnsCheckTarget['recordType'], overrides: Partial<DnsCheckTarget> = {}): DnsCheckTarget {
  return { hostname, recordType, resolver: zone.address, timeoutMs: 5000, assertions: [], ...overrides };
}

const assertion = (input: Record<string, unknown>): Assertion => normalAssertion(DnsAssertionInput.parse(input));

describe('runDnsCheck', () => {
  it.each([
    ['A', 'example.test', ['192.0.2.1', '192.0.2.2']],
    ['AAAA', 'example.test', ['2001:db8::1']],
    ['CNAME', 'www.example.test', ['example.test']],
    ['MX', 'example.test', ['10 mail.example.test', '20 backup.example.test']],
    ['TXT', 'example.test', ['v=spf1 -all', 'part one, part two']],
    ['NS', 'example.test', ['ns1.example.test', 'ns2.example.test']],
  ] as const)('succeeds for %s records, each as text', async (type, name, records) => {
    const result = await runDnsCheck(target(name, type), options);

    expect(result).toEqual({
      ok: true,
      durationMs: expect.any(Number),
      error: null,
      statusCode: null,
      timings: null,
      certificate: null,
      assertions: [],
      warnings: [],
      dns: { rcode: 'NOERROR', records: expect.arrayContaining([...records]) },
    });
    expect(result.dns?.records).toHaveLength(records.length);
    expect(zone.queries.at(-1)).toEqual({ name, type });
  });

  it('fails with dns-nxdomain for a name that does not exist', async () => {
    const result = await runDnsCheck(target('missing.test', 'A'), options);

    expect(result).toMatchObject({
      ok: false,
      error: { code: 'dns-nxdomain', message: 'missing.test does not exist (NXDOMAIN)' },
      dns: { rcode: 'NXDOMAIN', records: [] },
    });
  });

  it('fails with dns-servfail when the server fails', async () => {
    const result = await runDnsCheck(target('broken.test', 'A'), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'dns-servfail' }, dns: { rcode: 'SERVFAIL', records: [] } });
  });

  it('fails with dns-failure when the server refuses', async () => {
    const result = await runDnsCheck(target('refused.test', 'A'), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'dns-failure' }, dns: { rcode: 'REFUSED', records: [] } });
  });

  it.each([
    ['an empty answer', 'empty.test', 'A'],
    ['a name with records of other types only', 'www.example.test', 'MX'],
  ] as const)('fails with dns-failure on NOERROR with no record (%s)', async (_, name, type) => {
    const result = await runDnsCheck(target(name, type), options);

    expect(result).toMatchObject({
      ok: false,
      error: { code: 'dns-failure', message: `${name} has no ${type} record` },
      dns: { rcode: 'NOERROR', records: [] },
    });
  });

  it('times out, within the timeout, when the server never answers', async () => {
    const started = performance.now();
    const result = await runDnsCheck(target('never.test', 'A', { timeoutMs: 300 }), options);
    const elapsed = performance.now() - started;

    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' }, dns: { rcode: null, records: [] } });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
  });

  it('waits for a late answer within the timeout', async () => {
    const result = await runDnsCheck(target('slow.test', 'A'), options);

    expect(result).toMatchObject({ ok: true, dns: { rcode: 'NOERROR', records: ['192.0.2.7'] } });
    expect(result.durationMs).toBeGreaterThanOrEqual(145);
  });

  it('asks the default servers when the monitor names no resolver, whatever the target policy', async () => {
    const before = zone.queries.length;

    const result = await runDnsCheck(target('example.test', 'A', { resolver: null }), { targetPolicy: 'public-only', defaultServers: [zone.address] });

    expect(result).toMatchObject({ ok: true, dns: { rcode: 'NOERROR' } });
    expect(zone.queries.length).toBe(before + 1);
  });

  it.each([
    ['public-only', 'the test zone on 127.0.0.1', (): string => zone.address],
    ['no-link-local', '169.254.169.254', (): string => '169.254.169.254'],
    ['no-link-local', '[fe80::1]:53', (): string => '[fe80::1]:53'],
  ] as const)('under %s, refuses the resolver %s without asking it (target-blocked)', async (policy, _, resolverOf) => {
    const before = zone.queries.length;
    const resolver = resolverOf();

    const result = await runDnsCheck(target('example.test', 'A', { resolver }), { targetPolicy: policy });

    expect(result).toMatchObject({
      ok: false,
      error: { code: 'target-blocked', message: `the resolver ${resolver} is blocked by the target policy ${policy}` },
      dns: null,
    });
    expect(zone.queries.length).toBe(before);
  });

  it('refuses a resolver that is not an IP address with an optional port', async () => {
    const result = await runDnsCheck(target('example.test', 'A', { resolver: 'dns.example.test' }), options);

    expect(result).toMatchObject({ ok: false, error: { code: 'dns-failure' }, dns: null });
  });

  it('keeps 50 records of at most 1024 characters in the run, and judges them all, whole', async () => {
    const addresses = await runDnsCheck(
      target('many.test', 'A', { assertions: [assertion({ source: 'answer', op: 'contains', value: '10.0.0.59' })] }),
      options,
    );
    const text = await runDnsCheck(target('many.test', 'TXT'), options);

    expect(addresses.ok).toBe(true);
    expect(addresses.dns?.records).toHaveLength(50);
    expect(addresses.assertions).toEqual([{ index: 0, ok: true, actual: expect.any(String) }]);
    expect(text.dns?.records[0]).toHaveLength(1024);
    expect(text.dns?.records[0]?.endsWith('…')).toBe(true);
  });

  describe('assertions', () => {
    it.each([
      ['contains a record', { op: 'contains', value: '192.0.2.2' }, true],
      ['contains a missing record', { op: 'contains', value: '192.0.2.9' }, false],
      ['notContains a missing record', { op: 'notContains', value: '192.0.2.9' }, true],
      ['notContains a present record', { op: 'notContains', value: '192.0.2.1' }, false],
      ['eq the set of records', { op: 'eq', value: ['192.0.2.2', '192.0.2.1'] }, true],
      ['eq another set', { op: 'eq', value: ['192.0.2.1'] }, false],
    ] as const)('on the answer: %s', async (_, input, ok) => {
      const result = await runDnsCheck(target('example.test', 'A', { assertions: [assertion({ source: 'answer', ...input })] }), options);

      expect(result.assertions).toEqual([{ index: 0, ok, actual: expect.stringMatching(/^192\.0\.2\.\d, 192\.0\.2\.\d$/) }]);
      expect(result.ok).toBe(ok);
      expect(result.error).toEqual(ok ? null : { code: 'assertion-failed', message: expect.stringMatching(/^assertion 1: answer /) });
    });

    it('compare names in any case and without the trailing dot', async () => {
      const assertions = [
        assertion({ source: 'answer', op: 'contains', value: '10 Mail.Example.TEST.' }),
        assertion({ source: 'answer', op: 'eq', value: ['20 backup.example.test', '10 mail.example.test'] }),
      ];

      const result = await runDnsCheck(target('example.test', 'MX', { assertions }), options);

      expect(result.ok).toBe(true);
    });

    it('leave the run ok with a warning when a failing one has severity degraded', async () => {
      const assertions = [assertion({ source: 'answer', op: 'contains', value: '192.0.2.9', severity: 'degraded' })];

      const result = await runDnsCheck(target('example.test', 'A', { assertions }), options);

      expect(result).toMatchObject({ ok: true, error: null });
      expect(result.warnings).toEqual([expect.stringMatching(/^assertion 1: answer does not contain "192\.0\.2\.9"/)]);
    });

    it('judge the time the answer took', async () => {
      const assertions = [assertion({ source: 'responseTime', op: 'lt', value: 100 }), assertion({ source: 'responseTime', op: 'lt', value: 10_000 })];

      const result = await runDnsCheck(target('slow.test', 'A', { assertions }), options);

      expect(result.ok).toBe(false);
      expect(result.error).toEqual({ code: 'assertion-failed', message: `assertion 1: responseTime ${result.durationMs} ms ≥ 100` });
      expect(result.assertions.map((a) => a.ok)).toEqual([false, true]);
    });

    it('judge an NXDOMAIN answer as having no record, keeping the DNS error', async () => {
      const assertions = [
        assertion({ source: 'answer', op: 'notContains', value: '192.0.2.1' }),
        assertion({ source: 'answer', op: 'contains', value: '192.0.2.1' }),
      ];

      const result = await runDnsCheck(target('missing.test', 'A', { assertions }), options);

      expect(result.error?.code).toBe('dns-nxdomain');
      expect(result.assertions).toEqual([
        { index: 0, ok: true, actual: null },
        { index: 1, ok: false, actual: null },
      ]);
    });

    it('are not judged when no answer came', async () => {
      const assertions = [assertion({ source: 'answer', op: 'notContains', value: '192.0.2.1' })];

      const result = await runDnsCheck(target('never.test', 'A', { timeoutMs: 200, assertions }), options);

      expect(result).toMatchObject({ error: { code: 'timeout' }, assertions: [], warnings: [] });
    });
  });
});

describe('parseResolver', () => {
  it.each([
    ['192.0.2.53', { address: '192.0.2.53', port: 53 }],
    ['192.0.2.53:5353', { address: '192.0.2.53', port: 5353 }],
    ['2001:db8::53', { address: '2001:db8::53', port: 53 }],
    ['[2001:db8::53]', { address: '2001:db8::53', port: 53 }],
    ['[2001:db8::53]:5353', { address: '2001:db8::53', port: 5353 }],
  ])('reads %s', (text, expected) => {
    expect(parseResolver(text)).toEqual(expected);
  });

  it.each(['dns.example.com', '192.0.2.53:0', '192.0.2.53:65536', '999.0.2.53', '[192.0.2.53]', '2001:db8::53:5353:1:2:3:4', '', '192.0.2.53:'])(
    'refuses %s',
    (text) => {
      expect(parseResolver(text)).toBeNull();
    },
  );
});
