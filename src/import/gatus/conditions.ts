import { ASSERTION_LIMITS } from '../../shared/limits.js';
import { jsonPathFrom, jsonValueFrom } from '../http-request.js';

/*
 * Gatus conditions (`config/endpoint/condition.go`): `<left> <operator> <right>`, the operator
 * one of ==, !=, <=, >=, >, < (tried in that order, as Gatus does), the left side a placeholder
 * ([STATUS], [BODY], [BODY].path, [RESPONSE_TIME], [CERTIFICATE_EXPIRATION], …) or a function of
 * one (len(), has()), the right side a value or pat()/any(). Each condition becomes what Lookout
 * checks alike, or a reason it is left out.
 */

export type Assertion = Record<string, unknown>;

export type ConditionEffect =
  | { kind: 'status'; code: number; note?: string }
  | { kind: 'assertion'; assertion: Assertion }
  | { kind: 'certificate'; warningDays: number }
  /** `[DOMAIN_EXPIRATION] > <duration>`: a domain monitor warning that many days ahead. */
  | { kind: 'domain'; warningDays: number }
  /** Something every Lookout check of this kind already requires (a connection, a NOERROR answer). */
  | { kind: 'implied' }
  | { kind: 'dropped'; reason: string };

export type EndpointKind = 'http' | 'tcp' | 'dns' | 'ping';

const OPERATORS = ['==', '!=', '<=', '>=', '>', '<'] as const;
type Operator = (typeof OPERATORS)[number];

interface Parsed {
  left: string;
  op: Operator;
  right: string;
}

function parse(condition: string): Parsed | null {
  for (const op of OPERATORS) {
    const parts = condition.split(` ${op} `);
    if (parts.length === 2) return { left: parts[0]!.trim(), op, right: parts[1]!.trim() };
  }
  return null;
}

const DURATION_UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };

/** A Go duration (`48h`, `1h30m`, `720h`) or Gatus's plain milliseconds, in milliseconds; null when neither. */
export function durationMs(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) return null;
  return parts.reduce((sum, part) => sum + Number(part[1]) * DURATION_UNITS[part[2]!]!, 0);
}

/** A Gatus glob (`pat(*ok*)`: `*` any text) as an RE2 pattern for the whole value. */
function globPattern(glob: string): string {
  return `(?s)^${glob
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')}$`;
}

function functionArgument(text: string, name: string): string | null {
  return text.startsWith(`${name}(`) && text.endsWith(')') ? text.slice(name.length + 1, -1).trim() : null;
}

const RESPONSE_TIME_OPS: Partial<Record<Operator, string>> = { '<': 'lt', '<=': 'lte' };
const JSON_OPS: Record<Operator, string> = { '==': 'eq', '!=': 'neq', '<': 'lt', '<=': 'lte', '>': 'gt', '>=': 'gte' };

function statusEffect({ op, right }: Parsed): ConditionEffect {
  const any = functionArgument(right, 'any');
  if (op === '==' && any !== null) {
    const codes = any.split(',').map((code) => Number(code.trim()));
    const first = codes[0]!;
    if (codes.every((code) => Number.isInteger(code)))
      return { kind: 'status', code: first, note: `[STATUS] == any(${any}) became ${first} (Lookout expects one code)` };
  }
  const code = Number(right);
  if (!Number.isInteger(code)) return { kind: 'dropped', reason: 'the status is compared with something that is not a code' };
  if (op === '==') return { kind: 'status', code };
  // A bound on the status (`< 300`, `<= 399`) reads as "a success": 200, said so.
  if ((op === '<' && code > 200 && code <= 400) || (op === '<=' && code >= 200 && code < 400)) {
    return { kind: 'status', code: 200, note: `[STATUS] ${op} ${code} became 200 (Lookout expects one code)` };
  }
  return { kind: 'dropped', reason: `Lookout expects one status code, not [STATUS] ${op} ${right}` };
}

function responseTimeEffect({ op, right }: Parsed): ConditionEffect {
  const limit = Number(right);
  const lookoutOp = RESPONSE_TIME_OPS[op];
  const [min, max] = ASSERTION_LIMITS.responseTimeMs;
  if (lookoutOp === undefined || !Number.isInteger(limit) || limit < min || limit > max) {
    return { kind: 'dropped', reason: `Lookout bounds a response time from above only, in 1-${max} ms` };
  }
  return { kind: 'assertion', assertion: { source: 'responseTime', op: lookoutOp, value: limit } };
}

function certificateEffect({ op, right }: Parsed): ConditionEffect {
  const ms = durationMs(right);
  if ((op !== '>' && op !== '>=') || ms === null || ms <= 0)
    return { kind: 'dropped', reason: 'Lookout warns a number of days before expiry (use > <hours>h)' };
  return { kind: 'certificate', warningDays: Math.max(1, Math.ceil(ms / 86_400_000)) };
}

function domainEffect({ op, right }: Parsed): ConditionEffect {
  const ms = durationMs(right);
  if ((op !== '>' && op !== '>=') || ms === null || ms <= 0)
    return { kind: 'dropped', reason: 'Lookout warns a number of days before a domain expires (use > <hours>h)' };
  return { kind: 'domain', warningDays: Math.min(365, Math.max(1, Math.ceil(ms / 86_400_000))) };
}

function bodyEffect({ left, op, right }: Parsed): ConditionEffect {
  if (left === '[BODY]') {
    const pattern = functionArgument(right, 'pat');
    if (functionArgument(right, 'any') !== null) return { kind: 'dropped', reason: 'any() on the whole body has no Lookout equivalent' };
    if (op !== '==' && op !== '!=') return { kind: 'dropped', reason: 'the whole body compared as a number has no Lookout equivalent' };
    const positive = op === '==';
    if (pattern !== null) {
      // `pat(*text*)` is "contains"; any other glob is a pattern for the whole body.
      const inner = /^\*([^*]+)\*$/.exec(pattern);
      if (inner) return { kind: 'assertion', assertion: { source: 'body', op: positive ? 'contains' : 'notContains', value: inner[1] } };
      return { kind: 'assertion', assertion: { source: 'body', op: positive ? 'matches' : 'notMatches', value: globPattern(pattern) } };
    }
    const exact = `^${right.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
    return { kind: 'assertion', assertion: { source: 'body', op: positive ? 'matches' : 'notMatches', value: exact } };
  }
  const path = jsonPathFrom(left.slice('[BODY]'.length));
  if (path === null) return { kind: 'dropped', reason: 'the path is not a plain path Lookout reads ($.a.b[0])' };
  if (functionArgument(right, 'pat') !== null || functionArgument(right, 'any') !== null) {
    return { kind: 'dropped', reason: 'pat() and any() on a JSON value have no Lookout equivalent' };
  }
  const value = jsonValueFrom(right);
  if (['<', '<=', '>', '>='].includes(op) && typeof value !== 'number') return { kind: 'dropped', reason: 'Lookout compares numbers only with <, <=, >, >=' };
  if (typeof value === 'string' && value.length > ASSERTION_LIMITS.valueLength) return { kind: 'dropped', reason: 'the value is longer than Lookout compares' };
  return { kind: 'assertion', assertion: { source: 'json', path, op: JSON_OPS[op], value } };
}

function hasEffect({ left, op, right }: Parsed): ConditionEffect {
  const inner = functionArgument(left, 'has');
  const path = inner?.startsWith('[BODY]') ? jsonPathFrom(inner.slice('[BODY]'.length)) : null;
  if (path === null || op !== '==' || (right !== 'true' && right !== 'false'))
    return { kind: 'dropped', reason: 'only has([BODY].path) == true or false has a Lookout equivalent' };
  return { kind: 'assertion', assertion: { source: 'json', path, op: right === 'true' ? 'exists' : 'notExists' } };
}

function dnsEffect({ left, op, right }: Parsed): ConditionEffect {
  if (left === '[DNS_RCODE]' && op === '==' && right === 'NOERROR') return { kind: 'implied' };
  if (left === '[BODY]' && (op === '==' || op === '!=') && functionArgument(right, 'pat') === null && functionArgument(right, 'any') === null) {
    return { kind: 'assertion', assertion: { source: 'answer', op: op === '==' ? 'contains' : 'notContains', value: right } };
  }
  return { kind: 'dropped', reason: 'Lookout checks a DNS answer for a record equal to a value and for NOERROR only' };
}

/** What one condition of an endpoint of this kind becomes in Lookout. */
export function conditionEffect(condition: string, kind: EndpointKind): ConditionEffect {
  const parsed = parse(condition.trim());
  if (parsed === null) return { kind: 'dropped', reason: 'it is not a condition Gatus reads (<left> <operator> <right>)' };
  const { left, op, right } = parsed;
  if (left === '[CONNECTED]')
    return op === '==' && right === 'true' ? { kind: 'implied' } : { kind: 'dropped', reason: 'Lookout checks that a connection succeeds, not that it fails' };
  if (left === '[CERTIFICATE_EXPIRATION]') return certificateEffect(parsed);
  if (left === '[RESPONSE_TIME]') return responseTimeEffect(parsed);
  if (kind === 'dns') return dnsEffect(parsed);
  if (kind === 'http') {
    if (left === '[STATUS]') return statusEffect(parsed);
    if (left === '[BODY]' || left.startsWith('[BODY].') || left.startsWith('[BODY][')) return bodyEffect(parsed);
    if (left.startsWith('has(')) return hasEffect(parsed);
    if (left.startsWith('len(')) return { kind: 'dropped', reason: 'Lookout has no length assertion' };
  }
  if (left === '[DOMAIN_EXPIRATION]') return domainEffect(parsed);
  if (left === '[IP]') return { kind: 'dropped', reason: 'Lookout does not assert on the address a name resolved to' };
  return { kind: 'dropped', reason: `${left} is not something Lookout checks on this kind of endpoint` };
}
