/* Words for assertions, shared by the monitor form, its settings card and the runs table. */
import type { DnsMonitor, HttpMonitor, MonitorType, PingMonitor, TcpMonitor } from './api/types.js';
import { HTTP_ASSERTION_SOURCES, type AssertionSource } from '../../src/shared/vocabulary.js';

export type Assertion =
  HttpMonitor['assertions'][number] | TcpMonitor['assertions'][number] | DnsMonitor['assertions'][number] | PingMonitor['assertions'][number];

/** The sources each checked monitor type judges, in the order offered; the first is a new row's. */
export const SOURCES_OF: Record<Exclude<MonitorType, 'ssl' | 'heartbeat' | 'domain'>, readonly AssertionSource[]> = {
  http: HTTP_ASSERTION_SOURCES,
  tcp: ['responseTime'],
  dns: ['answer', 'responseTime'],
  ping: ['responseTime', 'packetLoss'],
};

export const SOURCE_TEXT: Record<AssertionSource, string> = {
  body: 'Body',
  json: 'JSON path',
  header: 'Header',
  responseTime: 'Response time',
  answer: 'Answer',
  packetLoss: 'Packet loss',
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

/** An operator's words; `eq` on an answer compares the whole set of records. */
export function opText(source: AssertionSource, op: string): string {
  return source === 'answer' && op === 'eq' ? 'is exactly' : (OP_TEXT[op] ?? op);
}

/** One line saying what an assertion checks, such as `JSON path $.status equals "ok"`. */
export function describeAssertion(a: Assertion): string {
  const op = opText(a.source, a.op);
  switch (a.source) {
    case 'answer':
      return `Answer ${op} ${Array.isArray(a.value) ? a.value.map((v) => JSON.stringify(v)).join(', ') : JSON.stringify(a.value)}`;
    case 'body':
      return `Body ${op} ${JSON.stringify(a.value)}`;
    case 'json':
      return `JSON ${a.path} ${op}${'value' in a && a.value !== undefined ? ` ${JSON.stringify(a.value)}` : ''}`;
    case 'header':
      return `Header ${a.name} ${op}${a.value !== undefined ? ` ${JSON.stringify(a.value)}` : ''}`;
    case 'responseTime':
      return `Response time ${op} ${a.value} ms`;
    case 'packetLoss':
      return `Packet loss ${op} ${a.value}%`;
  }
}
