import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PathStep, PathValue } from '../../src/domain/assertions/json-path.js';
import { selectJsonPaths } from '../../src/domain/assertions/json-select.js';

/*
 * The scanner must answer exactly as JSON.parse followed by a walk down the parsed document: the
 * walk below is that reference, and texts are generated (and then broken) to compare the two.
 */

/** The reference: the value at `steps` in a parsed document, own properties only. */
function walk(document: unknown, steps: readonly PathStep[]): PathValue {
  let current: unknown = document;
  for (const step of steps) {
    if ('index' in step) {
      if (!Array.isArray(current) || step.index >= current.length) return { found: false };
      current = current[step.index] as unknown;
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, step.name)) return { found: false };
      current = (current as Record<string, unknown>)[step.name];
    }
  }
  return { found: true, value: current };
}

function reference(text: string, paths: readonly PathStep[][]): ReturnType<typeof selectJsonPaths> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'syntax' };
  }
  return { ok: true, values: paths.map((steps) => walk(document, steps)) };
}

const DEPTH = 1000;
const select = (text: string, ...paths: PathStep[][]) => selectJsonPaths(text, paths, DEPTH);

describe('selecting JSON values without parsing the document', () => {
  it('finds values by names and indexes, and nothing where the kind of step does not fit', () => {
    const text = ' {"a": {"b": [10, {"c": null}, "x"]}, "n": -1.5e+3, "t": true} ';
    expect(select(text, [{ name: 'a' }, { name: 'b' }, { index: 1 }, { name: 'c' }], [{ name: 'n' }], [{ name: 't' }], [])).toEqual({
      ok: true,
      values: [
        { found: true, value: null },
        { found: true, value: -1500 },
        { found: true, value: true },
        { found: true, value: JSON.parse(text) as unknown },
      ],
    });
    expect(select(text, [{ name: 'a' }, { name: 'b' }, { name: '0' }], [{ index: 0 }], [{ name: 'a' }, { name: 'b' }, { index: 3 }])).toEqual({
      ok: true,
      values: [{ found: false }, { found: false }, { found: false }],
    });
  });

  it('takes the last of duplicate keys, as JSON.parse does, even when an earlier one held the path', () => {
    expect(select('{"a":{"b":1},"a":{"c":2}}', [{ name: 'a' }, { name: 'b' }], [{ name: 'a' }, { name: 'c' }])).toEqual({
      ok: true,
      values: [{ found: false }, { found: true, value: 2 }],
    });
    expect(select('{"a":1,"a":2}', [{ name: 'a' }])).toEqual({ ok: true, values: [{ found: true, value: 2 }] });
  });

  it('decodes escaped keys and reads __proto__ as the own key it is', () => {
    expect(select('{"\\u0061b":1,"__proto__":{"x":2}}', [{ name: 'ab' }], [{ name: '__proto__' }, { name: 'x' }], [{ name: 'constructor' }])).toEqual({
      ok: true,
      values: [{ found: true, value: 1 }, { found: true, value: 2 }, { found: false }],
    });
  });

  it.each([
    '',
    ' ',
    '{',
    '{"a":1,}',
    '[1,]',
    '[1 2]',
    '{"a" 1}',
    '{a:1}',
    "{'a':1}",
    '01',
    '1.',
    '.5',
    '+1',
    '-',
    '1e',
    '1e+',
    '0x10',
    'NaN',
    'Infinity',
    'tru',
    'nul',
    '"abc',
    '"a\tb"',
    '"\\x41"',
    '"\\u12G4"',
    '"\\u12"',
    '{"a":1}x',
    '[1]]',
    '{"a":[1}',
    '\u00a0[]',
    '\ufeff[]',
  ])('refuses %j as JSON.parse does', (text) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(select(text, [{ name: 'a' }])).toEqual({ ok: false, problem: 'syntax' });
  });

  it('refuses nesting deeper than the limit anywhere in the text, read or skipped', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(select(deep(DEPTH)).ok).toBe(true);
    expect(select(deep(DEPTH + 1))).toEqual({ ok: false, problem: 'depth' });
    expect(select(`{"a":1,"b":${deep(DEPTH)}}`, [{ name: 'a' }])).toEqual({ ok: false, problem: 'depth' });
    expect(select(`{"a":${deep(DEPTH - 1)}}`, [{ name: 'a' }]).ok).toBe(true);
    // Half a million levels cost no stack: the skipping walk is iterative.
    expect(select(deep(500_000), [{ index: 0 }])).toEqual({ ok: false, problem: 'depth' });
    expect(selectJsonPaths(deep(500_000), [[{ index: 0 }]], 1_000_000)).toMatchObject({ ok: true });
  });

  it('keeps strings as they are: lone surrogates, escapes, characters past the BMP', () => {
    const text = '{"s":"\ud800 \\ud800 \\"q\\" \\\\ \\/ \\b\\f\\n\\r\\t 😀","k":"é"}';
    expect(select(text, [{ name: 's' }], [{ name: 'k' }])).toEqual(reference(text, [[{ name: 's' }], [{ name: 'k' }]]));
  });

  // Paths into generated documents: names the documents use (and some they do not), small indexes.
  const key = fc.constantFrom('a', 'b', 'c', 'status', '__proto__', 'x y', 'é', '');
  const step: fc.Arbitrary<PathStep> = fc.oneof(
    key.map((name) => ({ name })),
    fc.nat(3).map((index) => ({ index })),
  );
  const paths = fc.array(fc.array(step, { maxLength: 4 }), { minLength: 1, maxLength: 3 });
  const documents = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, true, false, 0, -0, 1.5, -2e-7, 1e21, 2 ** 70),
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }),
    ),
  })).value;
  /** JSON text of a generated value: tuples arrays become objects, with repeated keys kept and varied spacing. */
  const write = (value: unknown, space: string): string => {
    if (Array.isArray(value) && value.every((v) => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string') && value.length > 0) {
      return `{${space}${value.map(([k, v]) => `${JSON.stringify(k)}${space}:${space}${write(v, space)}`).join(`,${space}`)}${space}}`;
    }
    if (Array.isArray(value)) return `[${space}${value.map((v) => write(v, space)).join(`,${space}`)}${space}]`;
    return JSON.stringify(value) ?? 'null';
  };

  it('answers as JSON.parse and a walk would, on generated documents', () => {
    fc.assert(
      fc.property(documents, fc.constantFrom('', ' ', '\n\t', '\r\n  '), paths, (value, space, asked) => {
        const text = write(value, space);
        expect(select(text, ...asked)).toEqual(reference(text, asked));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers as JSON.parse and a walk would, on documents broken one character at a time', () => {
    const alphabet = fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', ' ', '0', '-', '.', 'e', 't', 'n', 'u', '\u0001', 'a');
    fc.assert(
      fc.property(documents, paths, fc.nat(), fc.nat(2), alphabet, (value, asked, where, how, character) => {
        const text = write(value, ' ');
        const at = where % (text.length + 1);
        const broken =
          how === 0
            ? text.slice(0, at) + text.slice(at + 1)
            : how === 1
              ? text.slice(0, at) + character + text.slice(at)
              : text.slice(0, at) + character + text.slice(at + 1);
        expect(select(broken, ...asked)).toEqual(reference(broken, asked));
      }),
      { numRuns: 5000 },
    );
  });
});
