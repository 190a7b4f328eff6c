/* Words for assertions, shared by the monitor form, its settings card and the runs table. */
import type { HttpMonitor } from './api/types.js';
import type { AssertionSource } from '../../src/shared/vocabulary.js';

export type Assertion = HttpMonitor['assertions'][number];

export const SOURCE_TEXT: Record<AssertionSource, string> = {
  body: 'Body',
  json: 'JSON path',
  header: 'Header',
  responseTime: 'Response time',
  answer: 'Answer',
};

export const OP_TEXT: Record<string, string> = {
  contains: 'contains',
  notContains: 'does not contain',
  matches: 'matches pattern',
  notMatches: 'does not match pattern',
  eq: 'equals',
  neq: 'does not equal',
  lt: 'less than',
  lte: 'at most',
  gt: 'greater than',
  gte: 'at least',
  exists: 'exists',
  notExists: 'does not exist',
};

/** A JSON value as a person types it: a string that is not JSON by itself is written bare. */
export function jsonText(value: unknown): string {
  if (typeof value === 'string') {
    try {
      JSON.parse(value);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value);
}

/** What a person typed as a JSON value: JSON when it parses, else the text as a string. */
export function jsonValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One line saying what an assertion checks, such as `JSON path $.status equals "ok"`. */
export function describeAssertion(a: Assertion): string {
  const op = OP_TEXT[a.op] ?? a.op;
  switch (a.source) {
    case 'body':
      return `Body ${op} ${JSON.stringify(a.value)}`;
    case 'json':
      return `JSON ${a.path} ${op}${'value' in a && a.value !== undefined ? ` ${JSON.stringify(a.value)}` : ''}`;
    case 'header':
      return `Header ${a.name} ${op}${a.value !== undefined ? ` ${JSON.stringify(a.value)}` : ''}`;
    case 'responseTime':
      return `Response time ${op} ${a.value} ms`;
  }
}
