import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AssertionInput, DnsAssertionInput, TcpAssertionInput, normalAssertion, type Assertion } from '../../src/domain/assertions/assertion-schema.js';
import { evaluateAssertions, recordKey, type CheckAnswer } from '../../src/domain/assertions/evaluate.js';
import { fieldErrors } from '../../src/domain/validation.js';

/** The errors of a monitor body's `assertions` list, named as the API names them. */
function errorsOf(schema: z.ZodType, assertions: unknown[]) {
  const body = { assertions };
  const result = z.object({ assertions: z.array(schema) }).safeParse(body);
  return result.success ? [] : fieldErrors(result.error.issues, body);
}

const dns = (input: Record<string, unknown>): Assertion => normalAssertion(DnsAssertionInput.parse(input));

function judged(input: Record<string, unknown>, seen: Partial<CheckAnswer>) {
  const verdict = evaluateAssertions([dns(input)], { responseTimeMs: 12, ...seen });
  return { ok: verdict.outcomes[0]!.ok, actual: verdict.outcomes[0]!.actual, line: verdict.failure ?? verdict.warnings[0] ?? null };
}

describe('answer assertion input (dns monitors)', () => {
  it('takes a record for contains and notContains, a list for eq, and fills in the severity', () => {
    expect(dns({ source: 'answer', op: 'contains', value: '10 mail.example.com' })).toEqual({
      source: 'answer',
      op: 'contains',
      value: '10 mail.example.com',
      severity: 'fail',
    });
    expect(dns({ source: 'answer', op: 'eq', value: ['192.0.2.1', '192.0.2.2'], severity: 'degraded' })).toEqual({
      source: 'answer',
      op: 'eq',
      value: ['192.0.2.1', '192.0.2.2'],
      severity: 'degraded',
    });
    expect(dns({ source: 'responseTime', op: 'lt', value: 200 })).toEqual({ source: 'responseTime', op: 'lt', value: 200, severity: 'fail' });
  });

  it.each([
    [{ source: 'answer', op: 'contains' }, [{ field: 'assertions.0.value', message: 'is required with op contains' }]],
    [{ source: 'answer', op: 'contains', value: '' }, [{ field: 'assertions.0.value', message: 'must not be empty' }]],
    [{ source: 'answer', op: 'notContains', value: 'x'.repeat(1025) }, [{ field: 'assertions.0.value', message: 'must be at most 1024 characters' }]],
    [{ source: 'answer', op: 'contains', value: ['a'] }, [{ field: 'assertions.0.value', message: 'must be a string with op contains' }]],
    [{ source: 'answer', op: 'eq', value: 'a' }, [{ field: 'assertions.0.value', message: 'must be an array of strings with op eq' }]],
    [{ source: 'answer', op: 'eq', value: [] }, [{ field: 'assertions.0.value', message: 'must have at least 1 item' }]],
    [
      { source: 'answer', op: 'eq', value: Array.from({ length: 51 }, (_, i) => `r${i}`) },
      [{ field: 'assertions.0.value', message: 'must have at most 50 items' }],
    ],
    [{ source: 'answer', op: 'eq', value: ['a', ''] }, [{ field: 'assertions.0.value.1', message: 'must not be empty' }]],
    [{ source: 'answer', op: 'eq', value: ['a', 'x'.repeat(1025)] }, [{ field: 'assertions.0.value.1', message: 'must be at most 1024 characters' }]],
    [{ source: 'answer', op: 'eq', value: 5 }, [{ field: 'assertions.0.value', message: 'must be a string, or an array of strings with op eq' }]],
    [{ source: 'answer', op: 'eq', value: [5] }, [{ field: 'assertions.0.value', message: 'must be a string, or an array of strings with op eq' }]],
    [{ source: 'answer', op: 'matches', value: 'a' }, [{ field: 'assertions.0.op', message: 'must be one of contains, notContains, eq' }]],
    [{ source: 'answer', op: 'eq', value: ['a'], name: 'x' }, [{ field: 'assertions.0.name', message: 'is not allowed' }]],
    [{ source: 'answer', op: 'eq', value: ['a'], severity: 'warn' }, [{ field: 'assertions.0.severity', message: 'must be one of fail, degraded' }]],
  ])('%o is refused: %o', (input, expected) => {
    expect(errorsOf(DnsAssertionInput, [input])).toEqual(expected);
  });

  it('names the source dns monitors take, and still judges the other fields', () => {
    expect(
      errorsOf(DnsAssertionInput, [
        { source: 'answer', op: 'contains', value: 'a' },
        { source: 'body', op: 'contains', value: 'a', extra: 1 },
      ]),
    ).toEqual([
      { field: 'assertions.1.source', message: 'must be answer or responseTime for dns monitors' },
      { field: 'assertions.1.extra', message: 'is not allowed' },
    ]);
    expect(errorsOf(DnsAssertionInput, [{ op: 'eq', value: ['a'] }])).toEqual([{ field: 'assertions.0.source', message: 'is required' }]);
    // A header assertion has no value: nothing more is said of it than its source.
    expect(errorsOf(DnsAssertionInput, [{ source: 'header', op: 'exists' }])).toEqual([
      { field: 'assertions.0.source', message: 'must be answer or responseTime for dns monitors' },
    ]);
  });
});

describe('tcp monitors’ assertion input', () => {
  it('takes responseTime only', () => {
    expect(errorsOf(TcpAssertionInput, [{ source: 'responseTime', op: 'lte', value: 300, severity: 'degraded' }])).toEqual([]);
    expect(TcpAssertionInput.parse({ source: 'responseTime', op: 'lt', value: 300 })).toEqual({ source: 'responseTime', op: 'lt', value: 300 });
  });

  it.each(['answer', 'body', 'header', 'json'])('refuses source %s, saying which it takes', (source) => {
    expect(errorsOf(TcpAssertionInput, [{ source, op: 'contains', value: 'a' }])).toEqual([
      { field: 'assertions.0.source', message: 'must be responseTime for tcp monitors' },
    ]);
  });

  it('judges a responseTime assertion’s own fields', () => {
    expect(errorsOf(TcpAssertionInput, [{ source: 'responseTime', op: 'lt', value: 0 }])).toEqual([
      { field: 'assertions.0.value', message: 'must be at least 1' },
    ]);
  });
});

describe('http monitors’ assertion input', () => {
  it('refuses answer assertions, which an HTTP check has nothing to judge with', () => {
    expect(errorsOf(AssertionInput, [{ source: 'answer', op: 'contains', value: 'a' }])).toEqual([
      { field: 'assertions.0.source', message: 'must be one of body, json, header, responseTime' },
    ]);
  });
});

describe('judging the answer', () => {
  const a = { records: ['192.0.2.1', '192.0.2.2'], recordType: 'A' as const };

  it.each([
    ['contains a record', { op: 'contains', value: '192.0.2.2' }, a, true],
    ['contains a record it lacks', { op: 'contains', value: '192.0.2.9' }, a, false],
    ['notContains a record it lacks', { op: 'notContains', value: '192.0.2.9' }, a, true],
    ['notContains a record it has', { op: 'notContains', value: '192.0.2.1' }, a, false],
    ['eq the same set in another order, repeated', { op: 'eq', value: ['192.0.2.2', '192.0.2.1', '192.0.2.2'] }, a, true],
    ['eq a subset', { op: 'eq', value: ['192.0.2.1'] }, a, false],
    ['eq a superset', { op: 'eq', value: ['192.0.2.1', '192.0.2.2', '192.0.2.3'] }, a, false],
    ['contains, on no record at all', { op: 'contains', value: '192.0.2.1' }, { records: [], recordType: 'A' as const }, false],
    ['notContains, on no record at all', { op: 'notContains', value: '192.0.2.1' }, { records: [], recordType: 'A' as const }, true],
  ] as const)('%s', (_, assertion, seen, ok) => {
    expect(judged({ source: 'answer', ...assertion }, seen).ok).toBe(ok);
  });

  it('compares names in any case, with or without the trailing dot; TXT exactly', () => {
    expect(judged({ source: 'answer', op: 'contains', value: 'Target.Example.COM.' }, { records: ['target.example.com'], recordType: 'CNAME' }).ok).toBe(true);
    expect(
      judged(
        { source: 'answer', op: 'eq', value: ['NS1.example.net.', 'ns2.EXAMPLE.net'] },
        { records: ['ns1.example.net', 'ns2.example.net'], recordType: 'NS' },
      ).ok,
    ).toBe(true);
    expect(judged({ source: 'answer', op: 'contains', value: '10  Mail.Example.com.' }, { records: ['10 mail.example.com'], recordType: 'MX' }).ok).toBe(true);
    expect(judged({ source: 'answer', op: 'contains', value: '20 mail.example.com' }, { records: ['10 mail.example.com'], recordType: 'MX' }).ok).toBe(false);
    expect(judged({ source: 'answer', op: 'contains', value: 'V=SPF1 -all' }, { records: ['v=spf1 -all'], recordType: 'TXT' }).ok).toBe(false);
    expect(judged({ source: 'answer', op: 'contains', value: '2001:DB8:0:0::1' }, { records: ['2001:db8::1'], recordType: 'AAAA' }).ok).toBe(true);
  });

  it('reads IPv6 addresses in their canonical form, and leaves what is not one as it is', () => {
    expect(recordKey('2001:0DB8:0000:0000:0000:0000:0000:0001', 'AAAA')).toBe('2001:db8::1');
    expect(recordKey('::ffff:192.0.2.1', 'AAAA')).toBe('::ffff:c000:201');
    expect(recordKey('not an address', 'AAAA')).toBe('not an address');
    expect(recordKey('Mail.Example.com.', undefined)).toBe('Mail.Example.com.');
  });

  it('shows the records as actual, and says what is wrong', () => {
    expect(judged({ source: 'answer', op: 'contains', value: '192.0.2.9' }, a)).toEqual({
      ok: false,
      actual: '192.0.2.1, 192.0.2.2',
      line: 'assertion 1: answer does not contain "192.0.2.9" (got "192.0.2.1, 192.0.2.2")',
    });
    expect(judged({ source: 'answer', op: 'notContains', value: '192.0.2.1' }, a).line).toBe('assertion 1: answer contains "192.0.2.1"');
    expect(judged({ source: 'answer', op: 'eq', value: ['192.0.2.1'] }, a).line).toBe('assertion 1: answer eq ["192.0.2.1"]: got "192.0.2.1, 192.0.2.2"');
    expect(judged({ source: 'answer', op: 'eq', value: ['192.0.2.1'] }, { records: [], recordType: 'A' })).toEqual({
      ok: false,
      actual: null, // no record is nothing to show
      line: 'assertion 1: answer eq ["192.0.2.1"]: no record',
    });
  });

  it('cuts a long answer to 200 characters', () => {
    const records = Array.from({ length: 40 }, (_, i) => `v=record-number-${i}`);
    const { actual } = judged({ source: 'answer', op: 'contains', value: 'x' }, { records, recordType: 'TXT' });
    expect(actual).toHaveLength(200);
    expect(actual?.endsWith('…')).toBe(true);
  });

  it('fails an answer assertion on a check with no DNS answer, and warns when it is degraded', () => {
    expect(judged({ source: 'answer', op: 'notContains', value: 'a' }, {})).toEqual({
      ok: false,
      actual: null,
      line: 'assertion 1: answer: this check has no DNS answer',
    });
    const verdict = evaluateAssertions([dns({ source: 'answer', op: 'contains', value: '192.0.2.9', severity: 'degraded' })], { responseTimeMs: 5, ...a });
    expect(verdict).toMatchObject({ failure: null, warnings: ['assertion 1: answer does not contain "192.0.2.9" (got "192.0.2.1, 192.0.2.2")'] });
  });
});
