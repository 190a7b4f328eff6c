import { z } from 'zod';
import { ASSERTION_LIMITS } from '../../shared/limits.js';
import { ASSERTION_OPS, ASSERTION_SEVERITIES, HTTP_ASSERTION_SOURCES, VALUELESS_OPS } from '../../shared/vocabulary.js';
import { HEADER_TOKEN, HEADER_TOKEN_MESSAGE } from '../header-names.js';
import { intRange, judgedUnion } from '../validation.js';
import { parseJsonPath } from './json-path.js';
import { compilePattern } from './patterns.js';

/*
 * One assertion on a check's answer, as a request gives it and as a monitor keeps it. Each
 * `source` has its own operators and fields; rules that tie two fields together (a `value` an
 * operator needs or refuses, a pattern that must compile) are refinements, so every failing field
 * of every assertion is reported at once, named like `assertions.2.value`.
 */

const HTTP_SOURCE_LIST = HTTP_ASSERTION_SOURCES.join(', ');
const PATTERN_OPS: readonly string[] = ['matches', 'notMatches'];
const COMPARISONS: readonly string[] = ['lt', 'lte', 'gt', 'gte'];

const SeverityField = z
  .enum(ASSERTION_SEVERITIES)
  .describe('`fail` (the default): the run fails with `assertion-failed` when the assertion does not hold; `degraded`: the run succeeds with a warning.');

const TextValue = z
  .string()
  .min(1, { abort: true })
  .max(ASSERTION_LIMITS.valueLength)
  .describe('The text to look for, or an RE2 pattern for `matches`/`notMatches`: 1-1024 characters.');

const HeaderName = z
  .string()
  .min(1, { abort: true })
  .max(200, { abort: true })
  .regex(HEADER_TOKEN, HEADER_TOKEN_MESSAGE)
  .describe('The response header to check (any case).');

const JsonPathField = z
  .string()
  .min(1, { abort: true })
  .max(ASSERTION_LIMITS.pathLength, { abort: true })
  .superRefine((path, ctx) => {
    const parsed = parseJsonPath(path);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message, input: path });
  })
  .describe('Where the value is in the JSON body: `$`, then `.name` and `[index]` steps, such as `$.data.items[0].status`; at most 256 characters.');

type Ctx = z.core.$RefinementCtx;

/** `value` must be there for operators that compare, and must not be for `exists`/`notExists`. */
function valuePresence(op: unknown, value: unknown, ctx: Ctx): boolean {
  if (typeof op !== 'string') return false;
  const valueless = (VALUELESS_OPS as readonly string[]).includes(op);
  if (valueless && value !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: `is not allowed with op ${op}`, input: value });
    return false;
  }
  if (!valueless && value === undefined) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: `is required with op ${op}`, input: value });
    return false;
  }
  return !valueless;
}

/** A pattern the engine cannot compile is refused now, not found out at the first check. */
function compiles(op: unknown, value: unknown, ctx: Ctx): void {
  if (typeof op !== 'string' || !PATTERN_OPS.includes(op) || typeof value !== 'string') return;
  const compiled = compilePattern(value);
  if (!compiled.ok) ctx.addIssue({ code: 'custom', path: ['value'], message: compiled.message, input: value });
}

const severity = { severity: SeverityField.optional() };

export const BodyAssertionInput = z
  .strictObject({
    source: z.literal('body'),
    op: z.enum(ASSERTION_OPS.body).describe('`contains`/`notContains` a text, `matches`/`notMatches` an RE2 pattern (searched anywhere in the body).'),
    value: TextValue,
    ...severity,
  })
  .superRefine((a, ctx) => compiles(a.op, a.value, ctx))
  .describe('The body (up to 1 MiB, gzip, deflate and br decoded, read as text) contains or matches `value`.');

export const JsonAssertionInput = z
  .strictObject({
    source: z.literal('json'),
    path: JsonPathField,
    op: z
      .enum(ASSERTION_OPS.json)
      .describe(
        '`eq`/`neq` (JSON equality), `lt`/`lte`/`gt`/`gte` (numbers), `contains` (a text within a string, or an element of an array), `exists`/`notExists`.',
      ),
    value: z
      .unknown()
      .optional()
      .describe('Any JSON value (its JSON text at most 1024 characters); a number for lt, lte, gt, gte; none for exists and notExists.'),
    ...severity,
  })
  .superRefine((a, ctx) => {
    if (!valuePresence(a.op, a.value, ctx)) return;
    if (COMPARISONS.includes(a.op) && typeof a.value !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `must be a number with op ${a.op}`, input: a.value });
      return;
    }
    if (JSON.stringify(a.value).length > ASSERTION_LIMITS.jsonValueLength) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `must be at most ${ASSERTION_LIMITS.jsonValueLength} characters as JSON`, input: a.value });
    }
  })
  .describe('The value at `path` in the JSON body; a body that is not JSON fails the assertion.');

export const HeaderAssertionInput = z
  .strictObject({
    source: z.literal('header'),
    name: HeaderName,
    op: z.enum(ASSERTION_OPS.header).describe('`eq` (the whole value), `contains` a text, `matches` an RE2 pattern, `exists`, `notExists`.'),
    value: TextValue.optional(),
    ...severity,
  })
  .superRefine((a, ctx) => {
    if (valuePresence(a.op, a.value, ctx)) compiles(a.op, a.value, ctx);
  })
  .describe('A response header; several headers of one name are read joined with ", ".');

export const ResponseTimeAssertionInput = z
  .strictObject({
    source: z.literal('responseTime'),
    op: z.enum(ASSERTION_OPS.responseTime).describe('`lt` (less than) or `lte` (at most).'),
    value: intRange(...ASSERTION_LIMITS.responseTimeMs).describe('Milliseconds: an integer from 1 to 120000.'),
    ...severity,
  })
  .describe('The time the whole exchange took (redirects and the body read included).');

/** The most records an `eq` answer assertion lists. */
export const ANSWER_SET_MAX = 50;

const AnswerSet = z.array(TextValue).min(1).max(ANSWER_SET_MAX);

export const AnswerAssertionInput = z
  .strictObject({
    source: z.literal('answer'),
    op: z
      .enum(ASSERTION_OPS.answer)
      .describe(
        '`contains` (some record equals `value`), `notContains` (no record does), `eq` (the set of records equals `value`, order and repeats ignored).',
      ),
    value: z
      .union([z.string(), z.array(z.string())], { error: 'must be a string, or an array of strings with op eq' })
      .optional()
      .describe(
        `A record as the run shows it (1-1024 characters) for contains/notContains; for eq an array of 1-${ANSWER_SET_MAX} of them. ` +
          'Names (CNAME, NS, the exchange of MX) are compared in any case, with or without a trailing dot.',
      ),
    ...severity,
  })
  .superRefine((a, ctx) => {
    if (!valuePresence(a.op, a.value, ctx)) return;
    const many = a.op === 'eq';
    if (many !== Array.isArray(a.value)) {
      const message = many ? 'must be an array of strings with op eq' : `must be a string with op ${a.op}`;
      ctx.addIssue({ code: 'custom', path: ['value'], message, input: a.value });
      return;
    }
    // The length rules of the value's own schema, reported at the value (or its item).
    const checked = (many ? AnswerSet : TextValue).safeParse(a.value);
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ ...issue, path: ['value', ...issue.path] });
  })
  .describe("The DNS answer's records, each as text: an address, a name, `<priority> <exchange>` for MX, a TXT record's strings joined.");

export const PacketLossAssertionInput = z
  .strictObject({
    source: z.literal('packetLoss'),
    op: z.enum(ASSERTION_OPS.packetLoss).describe('`lte` (at most).'),
    value: z
      .number({ error: 'must be a number from 0 to 100' })
      .min(0, { error: 'must be a number from 0 to 100' })
      .max(100, { error: 'must be a number from 0 to 100' })
      .describe('A percentage from 0 to 100: the share of echo requests sent that may go unanswered.'),
    ...severity,
  })
  .describe('The share of echo requests of a ping check that got no reply, as a percentage.');

export const AssertionInput = judgedUnion('source', [BodyAssertionInput, JsonAssertionInput, HeaderAssertionInput, ResponseTimeAssertionInput], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? (issue.input as Record<string, unknown> | undefined)?.source === undefined
        ? 'is required'
        : `must be one of ${HTTP_SOURCE_LIST}`
      : undefined,
  // Which operators and values are right depends on the source; without one, any is judged later.
  fallback: { op: z.string(), value: z.unknown() },
}).describe('One assertion on the answer: `source` picks what is checked.');
export type AssertionInput = z.output<typeof AssertionInput>;

/** An assertion union for a monitor type whose checks offer only some sources, saying which. */
function sourcesOf<const Options extends readonly [z.ZodObject, ...z.ZodObject[]]>(options: Options, allowed: string) {
  return judgedUnion('source', options, {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? (issue.input as Record<string, unknown> | undefined)?.source === undefined
          ? 'is required'
          : `must be ${allowed}`
        : undefined,
    // An assertion of a source these monitors do not take is wrong already; whether its value is
    // missing (a header's `exists` has none) is not worth a second message.
    fallback: { op: z.string(), value: z.unknown().optional() },
  });
}

export const TcpAssertionInput = sourcesOf([ResponseTimeAssertionInput], 'responseTime for tcp monitors').describe(
  'One assertion on the connection: only `responseTime` (the time to connect, and to complete the TLS handshake with `tls`).',
);
export type TcpAssertionInput = z.output<typeof TcpAssertionInput>;

export const DnsAssertionInput = sourcesOf([AnswerAssertionInput, ResponseTimeAssertionInput], 'answer or responseTime for dns monitors').describe(
  'One assertion on the DNS answer: its records (`answer`) or the time it took (`responseTime`).',
);
export type DnsAssertionInput = z.output<typeof DnsAssertionInput>;

export const PingAssertionInput = sourcesOf([ResponseTimeAssertionInput, PacketLossAssertionInput], 'responseTime or packetLoss for ping monitors').describe(
  'One assertion on the echo replies: the average round trip (`responseTime`) or the share of requests unanswered (`packetLoss`).',
);
export type PingAssertionInput = z.output<typeof PingAssertionInput>;

/* Stored and answered: the same fields, `severity` always there. */

const recordSeverity = { severity: z.enum(ASSERTION_SEVERITIES) };

const ResponseTimeAssertionRecord = z.object({ source: z.literal('responseTime'), op: z.enum(ASSERTION_OPS.responseTime), value: z.int(), ...recordSeverity });

export const AnswerAssertionRecord = z.object({
  source: z.literal('answer'),
  op: z.enum(ASSERTION_OPS.answer),
  value: z.union([z.string(), z.array(z.string())]),
  ...recordSeverity,
});

/** An HTTP monitor's assertions. */
export const AssertionRecord = z.discriminatedUnion('source', [
  z.object({ source: z.literal('body'), op: z.enum(ASSERTION_OPS.body), value: z.string(), ...recordSeverity }),
  z.object({ source: z.literal('json'), path: z.string(), op: z.enum(ASSERTION_OPS.json), value: z.unknown().optional(), ...recordSeverity }),
  z.object({ source: z.literal('header'), name: z.string(), op: z.enum(ASSERTION_OPS.header), value: z.string().optional(), ...recordSeverity }),
  ResponseTimeAssertionRecord,
]);

export const PacketLossAssertionRecord = z.object({
  source: z.literal('packetLoss'),
  op: z.enum(ASSERTION_OPS.packetLoss),
  value: z.number(),
  ...recordSeverity,
});

export const TcpAssertionRecord = ResponseTimeAssertionRecord;
export const PingAssertionRecord = z.discriminatedUnion('source', [ResponseTimeAssertionRecord, PacketLossAssertionRecord]);
export const DnsAssertionRecord = z.discriminatedUnion('source', [AnswerAssertionRecord, ResponseTimeAssertionRecord]);

export type HttpAssertion = z.output<typeof AssertionRecord>;
/** An assertion of any monitor type, as the checks judge it. */
export type Assertion = HttpAssertion | z.output<typeof AnswerAssertionRecord> | z.output<typeof PacketLossAssertionRecord>;

/** An assertion of any monitor type as a request gives it. */
export type AnyAssertionInput = AssertionInput | TcpAssertionInput | DnsAssertionInput | PingAssertionInput;

/** An assertion as stored: fields in a fixed order, `severity` filled in. */
export function normalAssertion(input: AnyAssertionInput): Assertion {
  const severity = input.severity ?? 'fail';
  switch (input.source) {
    case 'body':
      return { source: 'body', op: input.op, value: input.value, severity };
    case 'json':
      return input.value === undefined
        ? { source: 'json', path: input.path, op: input.op, severity }
        : { source: 'json', path: input.path, op: input.op, value: input.value, severity };
    case 'header':
      return input.value === undefined
        ? { source: 'header', name: input.name, op: input.op, severity }
        : { source: 'header', name: input.name, op: input.op, value: input.value, severity };
    case 'responseTime':
      return { source: 'responseTime', op: input.op, value: input.value, severity };
    case 'answer':
      // Present once validated: every answer operator takes a value.
      return { source: 'answer', op: input.op, value: input.value ?? [], severity };
    case 'packetLoss':
      return { source: 'packetLoss', op: input.op, value: input.value, severity };
  }
}
