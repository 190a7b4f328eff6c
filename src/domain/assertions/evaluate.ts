import { ASSERTION_LIMITS } from '../../shared/limits.js';
import type { DnsRecordType } from '../../shared/vocabulary.js';
import type { Assertion } from './assertion-schema.js';
import { parseJsonPath, type PathStep, type PathValue } from './json-path.js';
import { selectJsonPaths } from './json-select.js';
import { compilePattern, firstMatch } from './patterns.js';
import { secretBlanker, type SecretToBlank } from '../secrets/blank-secrets.js';

/*
 * Judging a check's answer against a monitor's assertions: a pure function of the assertions and
 * what the check saw. The check gathers the answer (and reads the body only when an assertion
 * needs it); nothing here does I/O or reads a clock, so every operator can be tested on its own.
 * Nothing here knows HTTP beyond the words "header" and "body": a check of another kind gives the
 * parts it has (a TCP check only `responseTimeMs`, a DNS check also `records`), and an assertion on
 * a part it lacks fails.
 */

/** The body as the check read it: text (up to the read limit), or why it could not be read. */
export type BodyText = { text: string; truncated: boolean } | { error: string };

/** What a check saw, as assertions read it. */
export interface CheckAnswer {
  /** The whole exchange, in milliseconds. */
  responseTimeMs: number;
  /** Response headers by lower-case name (as Node's HTTP client gives them); absent when the check has none. */
  headers?: Readonly<Record<string, string | string[] | undefined>>;
  /** The body; absent when the check did not read one. */
  body?: BodyText;
  /** A DNS answer's records as text (see dns-check.ts); absent when the check has no DNS answer. */
  records?: readonly string[];
  /** The type of those records, which says how two of them compare (names in any case); exact comparison when absent. */
  recordType?: DnsRecordType;
  /** A ping check's share of echo requests left unanswered, 0-100; absent when the check sent none. */
  packetLossPercent?: number;
}

export interface AssertionOutcome {
  /** The assertion's position in the monitor's list, from 0. */
  index: number;
  ok: boolean;
  /** What was found, at most 200 characters; null when there was nothing to read. */
  actual: string | null;
  /** Set when the check sent a monitor's credentials: what it read is for Admins and Owners only (see run-texts.ts). */
  credentialed?: true;
}

export interface AssertionVerdict {
  outcomes: AssertionOutcome[];
  /** The message of the run's `assertion-failed` error: the first failing `fail` assertion; null when none failed. */
  failure: string | null;
  /** One line per failing `degraded` assertion. */
  warnings: string[];
}

export interface EvaluateOptions {
  /** Texts that must not appear in what the verdict says (the monitor's credentials, should the target echo them). */
  redact?: readonly SecretToBlank[];
}

/** Whether any assertion reads the body (so the check must read it). */
export function assertionsNeedBody(assertions: readonly Assertion[]): boolean {
  return assertions.some((a) => a.source === 'body' || a.source === 'json');
}

const CHEAP_BODY = 64 * 1024;
/** Pattern work (program size × text length, summed over every pattern) judged on the event loop: at most a few milliseconds. */
const CHEAP_PATTERN_WORK = 1 << 18;

/**
 * Whether judging may take long enough to matter on a busy event loop: parsing a large JSON body,
 * or patterns whose programs, together, are large against a long text. Matching is linear in the
 * text, but its factor grows with the pattern (a case-folded Unicode class repeated hundreds of
 * times costs seconds per MiB) and with the number of patterns (twenty on one body cost twenty
 * times one), so the work is summed over all the assertions: past it, judging runs off the event
 * loop under a time limit (src/monitor-types/http/judge-answer.ts).
 */
export function evaluationIsCostly(assertions: readonly Assertion[], answer: CheckAnswer): boolean {
  const bodyLength = answer.body && 'text' in answer.body ? answer.body.text.length : 0;
  let work = 0;
  for (const a of assertions) {
    if (a.source === 'json' && bodyLength > CHEAP_BODY) return true;
    if ((a.op === 'matches' || a.op === 'notMatches') && typeof a.value === 'string') {
      const compiled = compilePattern(a.value);
      const length = a.source === 'body' ? bodyLength : (headerValue(answer, (a as { name: string }).name)?.length ?? 0);
      if (compiled.ok) work += compiled.pattern.programSize() * length;
      if (work > CHEAP_PATTERN_WORK) return true;
    }
  }
  return false;
}

/** Judges every assertion; the verdict says which failed and how, with credentials blanked out. */
export function evaluateAssertions(assertions: readonly Assertion[], answer: CheckAnswer, options: EvaluateOptions = {}): AssertionVerdict {
  const words = wordsFor(options.redact ?? []);
  const json = lazyJson(assertions, answer.body);
  const outcomes: AssertionOutcome[] = [];
  const failures: string[] = [];
  const warnings: string[] = [];
  assertions.forEach((assertion, index) => {
    const judged = judge(assertion, answer, json, words);
    outcomes.push({ index, ok: judged.ok, actual: judged.actual === null ? null : words.shown(judged.actual, ASSERTION_LIMITS.actualLength) });
    if (judged.ok) return;
    const line = words.redact(`assertion ${index + 1}: ${judged.problem}`);
    if (assertion.severity === 'degraded') warnings.push(line);
    else failures.push(line);
  });
  const failure = failures.length === 0 ? null : failures.length === 1 ? failures[0]! : `${failures[0]!} (and ${failures.length - 1} more)`;
  return { outcomes, failure, warnings };
}

/**
 * The verdict when judging could not finish (it ran out of time): every assertion failed, with
 * nothing read, so that a `fail` assertion fails the run and a `degraded` one warns.
 */
export function unjudged(assertions: readonly Assertion[], reason: string): AssertionVerdict {
  const outcomes = assertions.map((_, index) => ({ index, ok: false, actual: null }));
  const lines = assertions.map((a, index) => ({ severity: a.severity, line: `assertion ${index + 1}: ${reason}` }));
  const failures = lines.filter((l) => l.severity === 'fail').map((l) => l.line);
  const failure = failures.length === 0 ? null : failures.length === 1 ? failures[0]! : `${failures[0]!} (and ${failures.length - 1} more)`;
  return { outcomes, failure, warnings: lines.filter((l) => l.severity === 'degraded').map((l) => l.line) };
}

interface Judged {
  ok: boolean;
  actual: string | null;
  /** What is wrong, for the run's error or warning (read only when `ok` is false). */
  problem: string;
}

function judge(assertion: Assertion, answer: CheckAnswer, json: () => JsonValues, words: Words): Judged {
  switch (assertion.source) {
    case 'body':
      return judgeBody(assertion, answer.body, words);
    case 'json':
      return judgeJson(assertion, json(), words);
    case 'header':
      return judgeHeader(assertion, headerValue(answer, assertion.name) ?? null, answer.headers !== undefined, words);
    case 'responseTime':
      return judgeResponseTime(assertion, answer.responseTimeMs);
    case 'answer':
      return judgeAnswerRecords(assertion, answer.records, answer.recordType, words);
    case 'packetLoss':
      return judgePacketLoss(assertion, answer.packetLossPercent);
  }
}

/* Body */

function judgeBody(a: Extract<Assertion, { source: 'body' }>, body: BodyText | undefined, { quote, span }: Words): Judged {
  if (body === undefined) return { ok: false, actual: null, problem: 'this check has no body' };
  if ('error' in body) return { ok: false, actual: null, problem: `body could not be read: ${body.error}` };
  const where = body.truncated ? `body (its first ${mib(ASSERTION_LIMITS.bodyBytes)})` : 'body';
  const start = body.text.slice(0, span);
  switch (a.op) {
    case 'contains':
    case 'notContains': {
      const found = body.text.includes(a.value);
      const ok = a.op === 'contains' ? found : !found;
      return { ok, actual: start, problem: `${where} ${found ? 'contains' : 'does not contain'} ${quote(a.value)}` };
    }
    case 'matches':
    case 'notMatches': {
      const compiled = compilePattern(a.value);
      if (!compiled.ok) return { ok: false, actual: null, problem: `pattern ${slashed(a.value)} cannot run` };
      const found = compiled.pattern.test(body.text) ? firstMatch(compiled.pattern, body.text) : null;
      const ok = a.op === 'matches' ? found !== null : found === null;
      return {
        ok,
        actual: found ?? start,
        problem: found === null ? `${where} does not match ${slashed(a.value)}` : `${where} matches ${slashed(a.value)} (${quote(found)})`,
      };
    }
  }
}

/* JSON */

/**
 * The values the json assertions' paths point at, by path text (for a path that is not one Lookout
 * reads, what is wrong with it); or why the body is not JSON here.
 */
type JsonValues = { ok: true; values: Map<string, PathValue | { pathProblem: string }> } | { ok: false; reason: string };

/** Reads every json assertion's value in one pass over the body, the first time one is judged. */
function lazyJson(assertions: readonly Assertion[], body: BodyText | undefined): () => JsonValues {
  let read: JsonValues | undefined;
  return () => (read ??= readJsonValues(assertions, body));
}

function readJsonValues(assertions: readonly Assertion[], body: BodyText | undefined): JsonValues {
  if (body === undefined) return { ok: false, reason: 'this check has no body' };
  if ('error' in body) return { ok: false, reason: `body could not be read: ${body.error}` };
  if (body.truncated) return { ok: false, reason: `the body is not JSON (it is larger than ${mib(ASSERTION_LIMITS.bodyBytes)})` };
  const paths = new Map<string, PathStep[]>();
  const pathProblems = new Map<string, { pathProblem: string }>();
  for (const a of assertions) {
    if (a.source !== 'json' || paths.has(a.path) || pathProblems.has(a.path)) continue;
    const parsed = parseJsonPath(a.path);
    if (parsed.ok) paths.set(a.path, parsed.steps);
    else pathProblems.set(a.path, { pathProblem: parsed.message });
  }
  // Values asked for are parsed, and deep nesting is what makes parsing slow (a MiB of "[[[[…"
  // takes most of a second, uninterruptibly): a body nested deeper is refused.
  const selection = selectJsonPaths(body.text, [...paths.values()], MAX_JSON_DEPTH);
  if (!selection.ok) {
    return {
      ok: false,
      reason: selection.problem === 'depth' ? `the body is not JSON Lookout reads (nested deeper than ${MAX_JSON_DEPTH} levels)` : 'the body is not JSON',
    };
  }
  const values = new Map<string, PathValue | { pathProblem: string }>(pathProblems);
  [...paths.keys()].forEach((key, i) => values.set(key, selection.values[i]!));
  return { ok: true, values };
}

const MAX_JSON_DEPTH = 1000;

function judgeJson(a: Extract<Assertion, { source: 'json' }>, json: JsonValues, { quote, span }: Words): Judged {
  const said = `json ${a.path}`;
  if (!json.ok) return { ok: false, actual: null, problem: `${said}: ${json.reason}` };
  const read = json.values.get(a.path) ?? { found: false };
  if ('pathProblem' in read) return { ok: false, actual: null, problem: `${said}: the path ${read.pathProblem}` };
  const actual = read.found ? jsonPreview(read.value, span) : null;
  const got = read.found ? `got ${quote(read.value)}` : 'nothing at that path';
  const test = `${said} ${a.op}${a.value === undefined ? '' : ` ${quote(a.value)}`}`;
  switch (a.op) {
    case 'exists':
      return { ok: read.found, actual, problem: `${said} does not exist` };
    case 'notExists':
      return { ok: !read.found, actual, problem: `${said} exists (${got})` };
    case 'eq':
      return { ok: read.found && jsonEqual(read.value, a.value), actual, problem: `${test}: ${got}` };
    case 'neq':
      // The negation of eq: nothing at the path differs from any value.
      return { ok: !(read.found && jsonEqual(read.value, a.value)), actual, problem: `${test}: ${got}` };
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const ok = read.found && typeof read.value === 'number' && typeof a.value === 'number' && compare(a.op, read.value, a.value);
      const notNumber = read.found && typeof read.value !== 'number' ? ' (not a number)' : '';
      return { ok, actual, problem: `${test}: ${got}${notNumber}` };
    }
    case 'contains': {
      const ok = read.found && jsonContains(read.value, a.value);
      return { ok, actual, problem: `${test}: ${got}` };
    }
  }
}

function compare(op: 'lt' | 'lte' | 'gt' | 'gte', actual: number, expected: number): boolean {
  switch (op) {
    case 'lt':
      return actual < expected;
    case 'lte':
      return actual <= expected;
    case 'gt':
      return actual > expected;
    case 'gte':
      return actual >= expected;
  }
}

/** A string containing a text, or an array with an element equal to the value. */
function jsonContains(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string') return typeof expected === 'string' && actual.includes(expected);
  if (Array.isArray(actual)) return actual.some((element) => jsonEqual(element, expected));
  return false;
}

/**
 * JSON equality: same type, same numbers and strings, arrays element by element, objects with the
 * same keys in any order. The walk follows the expected value (at most 1024 characters of JSON),
 * so a deep or huge answer costs no more than the value it is compared with.
 */
export function jsonEqual(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return actual === expected;
  if (actual === null || typeof actual !== 'object') return false;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    return expected.every((element, i) => jsonEqual(actual[i], element));
  }
  if (Array.isArray(actual)) return false;
  const expectedKeys = Object.keys(expected);
  const actualObject = actual as Record<string, unknown>;
  if (Object.keys(actualObject).length !== expectedKeys.length) return false;
  return expectedKeys.every((key) => Object.hasOwn(actualObject, key) && jsonEqual(actualObject[key], (expected as Record<string, unknown>)[key]));
}

/**
 * JSON text of a value, stopping once it is longer than `max` characters: a value deep or large
 * enough to stall JSON.stringify (a hostile body) is written no further than what is shown.
 */
export function jsonPreview(value: unknown, max: number): string {
  let out = '';
  const write = (v: unknown): void => {
    if (out.length > max) return;
    if (v === null || typeof v !== 'object') {
      out += JSON.stringify(v);
      return;
    }
    if (Array.isArray(v)) {
      out += '[';
      for (let i = 0; i < v.length && out.length <= max; i++) {
        if (i > 0) out += ',';
        write(v[i]);
      }
      out += ']';
      return;
    }
    out += '{';
    let first = true;
    for (const key in v) {
      if (out.length > max) break;
      if (!Object.hasOwn(v, key)) continue;
      out += `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      write((v as Record<string, unknown>)[key]);
    }
    out += '}';
  };
  write(value);
  return out;
}

/* Headers */

function headerValue(answer: CheckAnswer, name: string): string | undefined {
  const value = answer.headers?.[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function judgeHeader(a: Extract<Assertion, { source: 'header' }>, value: string | null, hasHeaders: boolean, { quote }: Words): Judged {
  const said = `header ${a.name}`;
  if (!hasHeaders) return { ok: false, actual: null, problem: `${said}: this check has no headers` };
  if (a.op === 'notExists') return { ok: value === null, actual: value, problem: `${said} is present (${quote(value ?? '')})` };
  if (value === null) return { ok: false, actual: null, problem: `${said} is missing` };
  const expected = a.value ?? '';
  switch (a.op) {
    case 'exists':
      return { ok: true, actual: value, problem: '' };
    case 'eq':
      return { ok: value === expected, actual: value, problem: `${said} eq ${quote(expected)}: got ${quote(value)}` };
    case 'contains':
      return { ok: value.includes(expected), actual: value, problem: `${said} does not contain ${quote(expected)} (got ${quote(value)})` };
    case 'matches': {
      const compiled = compilePattern(expected);
      const ok = compiled.ok && compiled.pattern.test(value);
      return { ok, actual: value, problem: `${said} does not match ${slashed(expected)} (got ${quote(value)})` };
    }
  }
}

/* Response time */

function judgeResponseTime(a: Extract<Assertion, { source: 'responseTime' }>, ms: number): Judged {
  const ok = a.op === 'lt' ? ms < a.value : ms <= a.value;
  return { ok, actual: `${ms} ms`, problem: `responseTime ${ms} ms ${a.op === 'lt' ? '≥' : '>'} ${a.value}` };
}

/* Packet loss */

function judgePacketLoss(a: Extract<Assertion, { source: 'packetLoss' }>, percent: number | undefined): Judged {
  if (percent === undefined) return { ok: false, actual: null, problem: 'this check sends no echo requests' };
  const shown = `${Number(percent.toFixed(1))}%`;
  return { ok: percent <= a.value, actual: shown, problem: `packetLoss ${shown} > ${a.value}%` };
}

/* DNS answer */

function judgeAnswerRecords(
  a: Extract<Assertion, { source: 'answer' }>,
  records: readonly string[] | undefined,
  type: DnsRecordType | undefined,
  { quote }: Words,
): Judged {
  if (records === undefined) return { ok: false, actual: null, problem: 'answer: this check has no DNS answer' };
  // No record (NXDOMAIN, an empty answer) is nothing to show, as an absent header is.
  const actual = records.length === 0 ? null : records.join(', ');
  const got = actual === null ? 'no record' : `got ${quote(actual)}`;
  const key = (record: string) => recordKey(record, type);
  const present = new Set(records.map(key));
  // Stored values follow the schema (a string, or a list for eq); either shape is read as a list.
  const expected = typeof a.value === 'string' ? [a.value] : a.value;
  switch (a.op) {
    case 'contains':
      return { ok: expected.every((v) => present.has(key(v))), actual, problem: `answer does not contain ${quote(a.value)} (${got})` };
    case 'notContains':
      return { ok: !expected.some((v) => present.has(key(v))), actual, problem: `answer contains ${quote(a.value)}` };
    case 'eq': {
      const wanted = new Set(expected.map(key));
      const ok = wanted.size === present.size && [...wanted].every((k) => present.has(k));
      return { ok, actual, problem: `answer eq ${quote(a.value)}: ${got}` };
    }
  }
}

/**
 * What two records are compared by: names (CNAME, NS, an MX exchange) in any case and without a
 * trailing dot, as DNS compares them; IPv6 addresses in their canonical form, so that `2001:DB8::1`
 * and `2001:db8:0::1` are one address; anything else (TXT, IPv4) as it is.
 */
export function recordKey(record: string, type: DnsRecordType | undefined): string {
  const name = (text: string) => text.trim().toLowerCase().replace(/\.$/, '');
  switch (type) {
    case 'CNAME':
    case 'NS':
      return name(record);
    case 'MX': {
      const match = /^\s*(\d+)\s+(\S+)\s*$/.exec(record);
      return match ? `${Number(match[1])} ${name(match[2]!)}` : record;
    }
    case 'AAAA':
      return canonicalIpv6(record.trim()) ?? record;
    default:
      return record;
  }
}

/** The canonical text of an IPv6 address (lower case, the longest zero run compressed), or null when it is not one. */
function canonicalIpv6(text: string): string | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return null;
  try {
    // The URL standard writes an IPv6 host in its canonical form.
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/* Words */

/**
 * How values are written into what a run shows. Credentials are blanked out before anything is
 * cut short, and values are read `span` characters past what is shown, so that no cut leaves the
 * start of a credential behind.
 */
interface Words {
  redact: (text: string) => string;
  /** A text redacted, then cut to `max` characters. */
  shown: (text: string, max: number) => string;
  /** A value as JSON text, short enough for a message line. */
  quote: (value: unknown) => string;
  /** How far to read a value that will be shown. */
  span: number;
}

const QUOTE_LENGTH = 80;

function wordsFor(secrets: readonly SecretToBlank[]): Words {
  const redact = secretBlanker(secrets);
  const longest = redact.longestForm;
  const shown = (text: string, max: number) => cut(redact(text), max);
  return {
    redact,
    shown,
    quote: (value) => shown(jsonPreview(value, QUOTE_LENGTH + longest), QUOTE_LENGTH),
    span: ASSERTION_LIMITS.actualLength + longest + 1,
  };
}

/** At most `max` characters, never half of a surrogate pair; a cut text ends with "…". */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end--;
  return `${text.slice(0, end)}…`;
}

/** A pattern as messages write it, cut short. */
function slashed(pattern: string): string {
  return `/${cut(pattern, QUOTE_LENGTH)}/`;
}

function mib(bytes: number): string {
  return `${bytes / (1024 * 1024)} MiB`;
}
