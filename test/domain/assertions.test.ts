import { describe, expect, it } from 'vitest';
import { AssertionInput, normalAssertion, type Assertion } from '../../src/domain/assertions/assertion-schema.js';
import {
  assertionsNeedBody,
  evaluateAssertions,
  evaluationIsCostly,
  jsonEqual,
  jsonPreview,
  unjudged,
  type CheckAnswer,
} from '../../src/domain/assertions/evaluate.js';
import { parseJsonPath } from '../../src/domain/assertions/json-path.js';
import { selectJsonPaths } from '../../src/domain/assertions/json-select.js';
import { fieldErrors } from '../../src/domain/validation.js';

const answer = (over: Partial<CheckAnswer> = {}): CheckAnswer => ({
  responseTimeMs: 120,
  headers: { 'content-type': 'application/json; charset=utf-8', 'set-cookie': ['a=1', 'b=2'], 'x-version': '2.4.1' },
  body: { text: JSON.stringify({ status: 'ok', count: 3, items: [{ id: 7, tags: ['x', 'y'] }], nothing: null, 'a-b': true }), truncated: false },
  ...over,
});

const a = (input: Record<string, unknown>): Assertion => normalAssertion(AssertionInput.parse(input));

/** One assertion's outcome and, when it failed, its line. */
function one(input: Record<string, unknown>, seen: CheckAnswer = answer()) {
  const verdict = evaluateAssertions([a(input)], seen);
  return { ok: verdict.outcomes[0]!.ok, actual: verdict.outcomes[0]!.actual, line: verdict.failure ?? verdict.warnings[0] ?? null };
}

describe('JSONPath subset', () => {
  it.each([
    ['$', []],
    ['$.a', [{ name: 'a' }]],
    ['$.a.b[0].c', [{ name: 'a' }, { name: 'b' }, { index: 0 }, { name: 'c' }]],
    ['$[12][0]', [{ index: 12 }, { index: 0 }]],
    ['$.content-type.@id', [{ name: 'content-type' }, { name: '@id' }]],
  ])('parses %s', (path, steps) => {
    expect(parseJsonPath(path)).toEqual({ ok: true, steps });
  });

  it.each(['a.b', '$.', '$..a', '$[*]', '$[-1]', '$[01]', "$['a']", '$.a[0', '$ .a', '$.a b', '$[1].', '$[?(@.a)]'])('refuses %s', (path) => {
    expect(parseJsonPath(path)).toMatchObject({ ok: false, message: expect.any(String) });
  });

  it('reads own properties and indexes only', () => {
    const doc = '{"a":{"b":[10,{"c":null}]},"__proto__":{"x":1}}';
    const read = (path: string) => {
      const parsed = parseJsonPath(path);
      if (!parsed.ok) throw new Error(parsed.message);
      const selection = selectJsonPaths(doc, [parsed.steps], 1000);
      if (!selection.ok) throw new Error(selection.problem);
      return selection.values[0];
    };
    expect(read('$.a.b[0]')).toEqual({ found: true, value: 10 });
    expect(read('$.a.b[1].c')).toEqual({ found: true, value: null });
    expect(read('$.a.b[2]')).toEqual({ found: false });
    expect(read('$.a.b.length')).toEqual({ found: false });
    expect(read('$.a[0]')).toEqual({ found: false });
    expect(read('$.constructor')).toEqual({ found: false });
    expect(read('$.a.toString')).toEqual({ found: false });
    expect(read('$.__proto__.x')).toEqual({ found: true, value: 1 });
  });
});

describe('body assertions', () => {
  it.each([
    [{ op: 'contains', value: '"status":"ok"' }, true],
    [{ op: 'contains', value: 'down' }, false],
    [{ op: 'notContains', value: 'down' }, true],
    [{ op: 'notContains', value: 'ok' }, false],
    [{ op: 'matches', value: '"count":\\d+' }, true],
    [{ op: 'matches', value: '^ok$' }, false],
    [{ op: 'notMatches', value: 'error|fail' }, true],
    [{ op: 'notMatches', value: 'sta.us' }, false],
  ])('%o holds: %s', (fields, holds) => {
    expect(one({ source: 'body', ...fields }).ok).toBe(holds);
  });

  it('says what failed, and shows the start of the body or the match', () => {
    expect(one({ source: 'body', op: 'contains', value: 'down' })).toMatchObject({
      line: 'assertion 1: body does not contain "down"',
      actual: expect.stringMatching(/^\{"status":"ok"/),
    });
    expect(one({ source: 'body', op: 'notMatches', value: '"count":\\d' })).toMatchObject({
      line: 'assertion 1: body matches /"count":\\d/ ("\\"count\\":3")',
      actual: '"count":3',
    });
  });

  it('fails every body assertion when the body could not be read, and on a check without one', () => {
    const unreadable = answer({ body: { error: 'unsupported Content-Encoding zstd' } });
    expect(one({ source: 'body', op: 'notContains', value: 'x' }, unreadable)).toEqual({
      ok: false,
      actual: null,
      line: 'assertion 1: body could not be read: unsupported Content-Encoding zstd',
    });
    expect(one({ source: 'body', op: 'notContains', value: 'x' }, { responseTimeMs: 5 })).toMatchObject({
      ok: false,
      line: 'assertion 1: this check has no body',
    });
  });

  it('says when only the first MiB was read', () => {
    const big = answer({ body: { text: 'a'.repeat(1000), truncated: true } });
    expect(one({ source: 'body', op: 'contains', value: 'b' }, big).line).toBe('assertion 1: body (its first 1 MiB) does not contain "b"');
  });

  it('runs a catastrophic-backtracking pattern in linear time', () => {
    const body = { text: `${'a'.repeat(100_000)}!`, truncated: false };
    const started = performance.now();
    expect(one({ source: 'body', op: 'matches', value: '(a+)+$' }, answer({ body })).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads binary and replacement characters as text without throwing', () => {
    const text = Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x41]).toString('utf8');
    const body = { text, truncated: false };
    expect(one({ source: 'body', op: 'contains', value: 'A' }, answer({ body })).ok).toBe(true);
    expect(one({ source: 'body', op: 'matches', value: '\\x{FFFD}' }, answer({ body })).ok).toBe(true);
    expect(one({ source: 'json', path: '$', op: 'exists' }, answer({ body }))).toMatchObject({ ok: false, line: 'assertion 1: json $: the body is not JSON' });
  });
});

describe('json assertions', () => {
  it.each([
    [{ path: '$.status', op: 'eq', value: 'ok' }, true],
    [{ path: '$.status', op: 'eq', value: 'OK' }, false],
    [{ path: '$.items[0]', op: 'eq', value: { tags: ['x', 'y'], id: 7 } }, true],
    [{ path: '$.items[0]', op: 'eq', value: { id: 7 } }, false],
    [{ path: '$.items[0].tags', op: 'eq', value: ['y', 'x'] }, false],
    [{ path: '$.nothing', op: 'eq', value: null }, true],
    [{ path: '$.missing', op: 'eq', value: null }, false],
    [{ path: '$.count', op: 'eq', value: '3' }, false],
    [{ path: '$.status', op: 'neq', value: 'down' }, true],
    [{ path: '$.status', op: 'neq', value: 'ok' }, false],
    [{ path: '$.missing', op: 'neq', value: 'ok' }, true],
    [{ path: '$.count', op: 'lt', value: 4 }, true],
    [{ path: '$.count', op: 'lt', value: 3 }, false],
    [{ path: '$.count', op: 'lte', value: 3 }, true],
    [{ path: '$.count', op: 'lte', value: 2.5 }, false],
    [{ path: '$.count', op: 'gt', value: 2 }, true],
    [{ path: '$.count', op: 'gt', value: 3 }, false],
    [{ path: '$.count', op: 'gte', value: 3 }, true],
    [{ path: '$.count', op: 'gte', value: 4 }, false],
    [{ path: '$.status', op: 'gt', value: 1 }, false],
    [{ path: '$.missing', op: 'lt', value: 1 }, false],
    [{ path: '$.status', op: 'contains', value: 'k' }, true],
    [{ path: '$.status', op: 'contains', value: 'x' }, false],
    [{ path: '$.items[0].tags', op: 'contains', value: 'y' }, true],
    [{ path: '$.items', op: 'contains', value: { id: 7, tags: ['x', 'y'] } }, true],
    [{ path: '$.items[0].tags', op: 'contains', value: 'z' }, false],
    [{ path: '$.count', op: 'contains', value: 3 }, false],
    [{ path: '$.a-b', op: 'exists' }, true],
    [{ path: '$.nothing', op: 'exists' }, true],
    [{ path: '$.missing', op: 'exists' }, false],
    [{ path: '$.missing', op: 'notExists' }, true],
    [{ path: '$.status', op: 'notExists' }, false],
  ])('%o holds: %s', (fields, holds) => {
    expect(one({ source: 'json', ...fields }).ok).toBe(holds);
  });

  it('shows the value found as JSON text, and null when nothing is there', () => {
    expect(one({ source: 'json', path: '$.status', op: 'eq', value: 'down' })).toEqual({
      ok: false,
      actual: '"ok"',
      line: 'assertion 1: json $.status eq "down": got "ok"',
    });
    expect(one({ source: 'json', path: '$.gone', op: 'exists' })).toEqual({ ok: false, actual: null, line: 'assertion 1: json $.gone does not exist' });
    expect(one({ source: 'json', path: '$.count', op: 'gt', value: 5 }).line).toBe('assertion 1: json $.count gt 5: got 3');
    expect(one({ source: 'json', path: '$.status', op: 'lt', value: 5 }).line).toBe('assertion 1: json $.status lt 5: got "ok" (not a number)');
  });

  it('fails on a body that is not JSON, and on one larger than it read', () => {
    for (const op of ['exists', 'notExists']) {
      expect(one({ source: 'json', path: '$.a', op }, answer({ body: { text: '<html>', truncated: false } }))).toMatchObject({
        ok: false,
        actual: null,
        line: 'assertion 1: json $.a: the body is not JSON',
      });
    }
    expect(one({ source: 'json', path: '$', op: 'exists' }, answer({ body: { text: '{"a":', truncated: true } })).line).toBe(
      'assertion 1: json $: the body is not JSON (it is larger than 1 MiB)',
    );
  });

  it('refuses to parse a body nested deeper than 1000 levels, counting no bracket inside a string', () => {
    const deep = { text: '['.repeat(500_000) + ']'.repeat(500_000), truncated: false };
    expect(one({ source: 'json', path: '$', op: 'exists' }, answer({ body: deep }))).toMatchObject({
      ok: false,
      line: 'assertion 1: json $: the body is not JSON Lookout reads (nested deeper than 1000 levels)',
    });
    // The object and 999 arrays: 1000 levels. The brackets and the escaped quote in the string do not count.
    const atTheLimit = { text: `{"s":"[[[\\"[[","a":${'['.repeat(999)}${']'.repeat(999)}}`, truncated: false };
    expect(one({ source: 'json', path: '$.s', op: 'eq', value: '[[["[[' }, answer({ body: atTheLimit })).ok).toBe(true);
    const overTheLimit = { text: `{"s":"x","a":${'['.repeat(1000)}${']'.repeat(1000)}}`, truncated: false };
    expect(one({ source: 'json', path: '$.s', op: 'exists' }, answer({ body: overTheLimit })).ok).toBe(false);
  });

  it('compares with a deep or huge answer by the size of the value only', () => {
    const deep = '['.repeat(900) + ']'.repeat(900);
    const body = { text: `{"a":${deep},"b":[${Array.from({ length: 100_000 }, (_, i) => i).join(',')}]}`, truncated: false };
    const verdict = evaluateAssertions(
      [a({ source: 'json', path: '$.a', op: 'eq', value: [[]] }), a({ source: 'json', path: '$.b', op: 'contains', value: 99_999 })],
      answer({ body }),
    );
    expect(verdict.outcomes.map((o) => o.ok)).toEqual([false, true]);
    expect(verdict.outcomes[0]!.actual).toHaveLength(200);
  });

  it('writes previews no longer than asked', () => {
    expect(jsonPreview({ a: [1, 2, { b: 'c' }] }, 100)).toBe('{"a":[1,2,{"b":"c"}]}');
    expect(jsonPreview(new Array(10_000).fill('xxxx'), 50).length).toBeLessThan(60);
    expect(jsonEqual({ a: 1, b: [true, null] }, { b: [true, null], a: 1 })).toBe(true);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });
});

describe('header assertions', () => {
  it.each([
    [{ name: 'Content-Type', op: 'eq', value: 'application/json; charset=utf-8' }, true],
    [{ name: 'content-type', op: 'eq', value: 'application/json' }, false],
    [{ name: 'Content-Type', op: 'contains', value: 'json' }, true],
    [{ name: 'Content-Type', op: 'contains', value: 'xml' }, false],
    [{ name: 'X-Version', op: 'matches', value: '^2\\.\\d+\\.\\d+$' }, true],
    [{ name: 'X-Version', op: 'matches', value: '^3\\.' }, false],
    [{ name: 'Set-Cookie', op: 'eq', value: 'a=1, b=2' }, true],
    [{ name: 'X-Version', op: 'exists' }, true],
    [{ name: 'X-Missing', op: 'exists' }, false],
    [{ name: 'X-Missing', op: 'eq', value: 'a' }, false],
    [{ name: 'X-Missing', op: 'notExists' }, true],
    [{ name: 'X-Version', op: 'notExists' }, false],
  ])('%o holds: %s', (fields, holds) => {
    expect(one({ source: 'header', ...fields }).ok).toBe(holds);
  });

  it('says what it got', () => {
    expect(one({ source: 'header', name: 'X-Version', op: 'eq', value: '3' })).toEqual({
      ok: false,
      actual: '2.4.1',
      line: 'assertion 1: header X-Version eq "3": got "2.4.1"',
    });
    expect(one({ source: 'header', name: 'X-Gone', op: 'contains', value: '3' })).toEqual({
      ok: false,
      actual: null,
      line: 'assertion 1: header X-Gone is missing',
    });
    expect(one({ source: 'header', name: 'X-Version', op: 'notExists' }).line).toBe('assertion 1: header X-Version is present ("2.4.1")');
  });
});

describe('response time assertions', () => {
  it.each([
    ['lt', 121, true],
    ['lt', 120, false],
    ['lte', 120, true],
    ['lte', 119, false],
  ])('%s %d holds: %s', (op, value, holds) => {
    expect(one({ source: 'responseTime', op, value }).ok).toBe(holds);
  });

  it('words a failure as the run shows it', () => {
    const seen = answer({ responseTimeMs: 912 });
    expect(one({ source: 'responseTime', op: 'lt', value: 800 }, seen)).toEqual({
      ok: false,
      actual: '912 ms',
      line: 'assertion 1: responseTime 912 ms ≥ 800',
    });
    expect(one({ source: 'responseTime', op: 'lte', value: 800 }, seen).line).toBe('assertion 1: responseTime 912 ms > 800');
  });
});

describe('the verdict', () => {
  it('names the first failing assertion, counts the others, and keeps degraded ones as warnings', () => {
    const verdict = evaluateAssertions(
      [
        a({ source: 'responseTime', op: 'lt', value: 100, severity: 'degraded' }),
        a({ source: 'json', path: '$.status', op: 'eq', value: 'ok' }),
        a({ source: 'json', path: '$.count', op: 'eq', value: 4 }),
        a({ source: 'body', op: 'contains', value: 'nope' }),
      ],
      answer(),
    );
    expect(verdict.outcomes.map((o) => [o.index, o.ok])).toEqual([
      [0, false],
      [1, true],
      [2, false],
      [3, false],
    ]);
    expect(verdict.failure).toBe('assertion 3: json $.count eq 4: got 3 (and 1 more)');
    expect(verdict.warnings).toEqual(['assertion 1: responseTime 120 ms ≥ 100']);
  });

  it('has no failure and no warnings when everything holds', () => {
    expect(evaluateAssertions([a({ source: 'json', path: '$.status', op: 'eq', value: 'ok' })], answer())).toEqual({
      outcomes: [{ index: 0, ok: true, actual: '"ok"' }],
      failure: null,
      warnings: [],
    });
  });

  it('blanks out credentials the target echoes, also where a cut would leave their start', () => {
    const secret = 's3cr3t-token-value';
    const text = `${'x'.repeat(190)}Bearer ${secret} and again ${secret}`;
    const verdict = evaluateAssertions(
      [a({ source: 'body', op: 'contains', value: 'missing' }), a({ source: 'header', name: 'X-Echo', op: 'eq', value: 'other', severity: 'degraded' })],
      answer({ body: { text, truncated: false }, headers: { 'x-echo': `Bearer ${secret}` } }),
      { redact: [secret] },
    );
    expect(JSON.stringify(verdict)).not.toContain('s3cr');
    expect(verdict.outcomes[0]!.actual).toBe(`${'x'.repeat(190)}Bearer [s…`);
    expect(verdict.warnings).toEqual(['assertion 2: header X-Echo eq "other": got "Bearer [secret]"']);
  });

  it('fails every assertion by its severity when judging could not finish', () => {
    const verdict = unjudged(
      [a({ source: 'body', op: 'contains', value: 'x' }), a({ source: 'responseTime', op: 'lt', value: 5, severity: 'degraded' })],
      'took too long',
    );
    expect(verdict).toEqual({
      outcomes: [
        { index: 0, ok: false, actual: null },
        { index: 1, ok: false, actual: null },
      ],
      failure: 'assertion 1: took too long',
      warnings: ['assertion 2: took too long'],
    });
  });

  it('knows when the body is needed and when judging may be costly', () => {
    expect(assertionsNeedBody([a({ source: 'responseTime', op: 'lt', value: 5 }), a({ source: 'header', name: 'A', op: 'exists' })])).toBe(false);
    expect(assertionsNeedBody([a({ source: 'json', path: '$', op: 'exists' })])).toBe(true);
    const large = answer({ body: { text: 'a'.repeat(512 * 1024), truncated: false } });
    expect(evaluationIsCostly([a({ source: 'body', op: 'contains', value: 'b' })], large)).toBe(false);
    expect(evaluationIsCostly([a({ source: 'json', path: '$', op: 'exists' })], large)).toBe(true);
    expect(evaluationIsCostly([a({ source: 'body', op: 'matches', value: '(?i)\\pL{300}z' })], large)).toBe(true);
    expect(evaluationIsCostly([a({ source: 'body', op: 'matches', value: 'ok' })], answer())).toBe(false);
  });
});

describe('assertion input', () => {
  const errors = (input: unknown) => {
    const result = AssertionInput.safeParse(input);
    return result.success ? [] : fieldErrors(result.error.issues, input);
  };

  it('fills in the severity', () => {
    expect(a({ source: 'header', name: 'X', op: 'exists' })).toEqual({ source: 'header', name: 'X', op: 'exists', severity: 'fail' });
  });

  it.each([
    [{ source: 'body', op: 'contains' }, [{ field: 'value', message: 'is required' }]],
    [{ source: 'body', op: 'equals', value: 'x' }, [{ field: 'op', message: 'must be one of contains, notContains, matches, notMatches' }]],
    [{ source: 'body', op: 'matches', value: '(a' }, [{ field: 'value', message: expect.stringContaining('missing closing )') }]],
    [{ source: 'body', op: 'matches', value: '(?<=a)b' }, [{ field: 'value', message: expect.stringContaining('RE2') }]],
    [{ source: 'body', op: 'contains', value: 'x'.repeat(1025) }, [{ field: 'value', message: 'must be at most 1024 characters' }]],
    [{ source: 'json', path: 'status', op: 'eq', value: 1 }, [{ field: 'path', message: expect.stringContaining('must start with $') }]],
    [{ source: 'json', path: `$.${'a'.repeat(255)}`, op: 'exists' }, [{ field: 'path', message: 'must be at most 256 characters' }]],
    [{ source: 'json', path: '$.a', op: 'eq' }, [{ field: 'value', message: 'is required with op eq' }]],
    [{ source: 'json', path: '$.a', op: 'exists', value: 1 }, [{ field: 'value', message: 'is not allowed with op exists' }]],
    [{ source: 'json', path: '$.a', op: 'lt', value: '5' }, [{ field: 'value', message: 'must be a number with op lt' }]],
    [{ source: 'json', path: '$.a', op: 'eq', value: 'x'.repeat(1100) }, [{ field: 'value', message: 'must be at most 1024 characters as JSON' }]],
    [{ source: 'header', name: 'Bad Name', op: 'exists' }, [{ field: 'name', message: expect.stringContaining('HTTP header name') }]],
    [{ source: 'header', name: 'X', op: 'notExists', value: 'a' }, [{ field: 'value', message: 'is not allowed with op notExists' }]],
    [{ source: 'header', name: 'X', op: 'matches', value: '[' }, [{ field: 'value', message: expect.stringContaining('RE2') }]],
    [{ source: 'header', name: 'X', op: 'gt', value: 'a' }, [{ field: 'op', message: 'must be one of eq, contains, matches, exists, notExists' }]],
    [{ source: 'responseTime', op: 'gt', value: 5 }, [{ field: 'op', message: 'must be one of lt, lte' }]],
    [{ source: 'responseTime', op: 'lt', value: 0 }, [{ field: 'value', message: 'must be at least 1' }]],
    [{ source: 'responseTime', op: 'lt', value: 1.5 }, [{ field: 'value', message: 'must be an integer from 1 to 120000' }]],
    [{ source: 'responseTime', op: 'lt', value: 5, severity: 'warn' }, [{ field: 'severity', message: 'must be one of fail, degraded' }]],
    [{ source: 'responseTime', op: 'lt', value: 5, path: '$' }, [{ field: 'path', message: 'is not allowed' }]],
    [
      { source: 'status', op: 'eq', value: 5, extra: 1 },
      [
        { field: 'source', message: 'must be one of body, json, header, responseTime' },
        { field: 'extra', message: 'is not allowed' },
      ],
    ],
    [{ op: 'eq', value: 5 }, [{ field: 'source', message: 'is required' }]],
  ])('%o is refused: %o', (input, expected) => {
    expect(errors(input)).toEqual(expected);
  });
});
