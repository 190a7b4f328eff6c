import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

/*
 * The SDK parses a request's params with its Zod schema before any handler runs, and answers a
 * misfit (`tools/call` with `arguments: null`, a `name` that is not a string, no params at all) with
 * -32603 "Internal error" and the raw validation dump. The params are judged here first, with the
 * same schemas: a misfit is -32602 "Invalid params", each field named in words.
 */

/** The requests Lookout's MCP server answers, each with the SDK's schema for it. Others go on to the SDK (-32601). */
const SERVED: Record<string, z.ZodType> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
};

export interface ParamError {
  field: string;
  message: string;
}

/** What is wrong with a request's params, in words; empty when they fit (or the method is not one Lookout serves). */
export function paramErrors(request: JSONRPCRequest): ParamError[] {
  const schema = SERVED[request.method];
  if (!schema) return [];
  const parsed = schema.safeParse(request);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'params';
    if (issue.code === 'invalid_type') {
      return { field, message: `must be ${article(issue.expected)} (got ${kindOf(valueAt(request, issue.path))})` };
    }
    return { field, message: issue.message };
  });
}

/** The JSON-RPC answer to a request whose params do not fit: -32602, the fields in the message and in `data.errors`. */
export function invalidParams(request: JSONRPCRequest, errors: ParamError[]): JSONRPCErrorResponse {
  return {
    jsonrpc: '2.0',
    id: request.id,
    error: {
      code: ErrorCode.InvalidParams,
      message: `Invalid params: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
      data: { errors },
    },
  };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

const EXPECTED: Record<string, string> = {
  record: 'an object',
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

function article(expected: string): string {
  return EXPECTED[expected] ?? expected;
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
