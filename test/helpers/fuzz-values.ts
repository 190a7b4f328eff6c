import fc from 'fast-check';

/** Values that are wrong for almost any field: wrong types, edges of numbers, awkward and huge strings. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    -1, 0, 1.5, -0, 1e308, 2 ** 53 + 2, -(2 ** 31), '', ' ', '\t\n', 'a'.repeat(5000), [], {}, null, true, false,
    '2026-13-45T99:99:99Z', `lkt_${'a'.repeat(40)}`, 'javascript:alert(1)', 'file:///etc/passwd', 'http://169.254.169.254/',
    '00000000-0000-0000-0000-000000000000', ['us-east', 'us-east'], [null], { type: 'bearer' }, '😀'.repeat(300),
  ),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
);

/** Bodies that are not the JSON object an endpoint reads, as raw text. */
export const rawBodies: string[] = [
  '',
  ' ',
  '{',
  '{"name":',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{"name":"x",}',
  "{'name':'x'}",
  '\uFEFF{}',
  '{"name":"\\ud800"}',
  '{"intervalSeconds":1e999}',
  '{"intervalSeconds":60.0000000000000001}',
  '{"__proto__":{"role":"Owner"}}',
  '{"constructor":{"prototype":{"role":"Owner"}}}',
  '{"a":1,"a":2}',
  '\u0000\u0001\u0002',
  '['.repeat(100_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  JSON.stringify({ name: 'x'.repeat(200_000) }),
];

/** Path parameter values that are not ids of anything: long, unicode, traversal, percent junk, numbers. */
export const hostileIds: string[] = [
  'a'.repeat(101),
  'a'.repeat(100),
  '0'.repeat(5000),
  encodeURIComponent('é😀\u202e'),
  encodeURIComponent('名前'),
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%E0%A4%A',
  '%zz',
  '%',
  '%00',
  '%C0%AF',
  '1',
  '-1',
  '1e9',
  '0x10',
  'NaN',
  'null',
  'undefined',
  'current',
  '%20',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '0195f1a2-0000-7000-8000-00000000000g',
  '0195f1a2-0000-7000-8000-000000000000%00',
  "'%20OR%201=1--",
  '%3Cscript%3E',
];

/** Content types a careless or hostile client sends with a body. */
export const contentTypes: Array<string | undefined> = [
  undefined,
  'text/plain',
  'text/plain; charset=utf-8',
  'multipart/form-data; boundary=----x',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset="\'\\junk',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/problem+json',
  'application/json, text/plain',
  `application/json; x=${'a'.repeat(8000)}`,
  '',
  '*/*',
  'json',
];

/** Authorization headers that authenticate nobody. */
export const junkAuthorizations: Array<string | undefined> = [
  undefined,
  `Bearer lkt_${'A'.repeat(40)}`,
  'Bearer ',
  'Bearer',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'a'.repeat(8000)}`,
  'Bearer lkt_\u00e9\u00ff',
  'Token lkt_abc',
];
