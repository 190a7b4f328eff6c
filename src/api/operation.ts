import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../domain/actor.js';
import type { AuditOrigin } from '../domain/audit/trail.js';
import type { ProblemCode } from '../domain/problem.js';
import { ANY_ROLE } from '../domain/roles.js';
import type { Role } from '../shared/vocabulary.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every operation's path starts here; the REST plugin is mounted at this prefix. */
export const API_PREFIX = '/api/v1';

/** The HTTP exchange, given only to the operations that cannot be anything but HTTP (cookies, event streams). */
export interface HttpExchange {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler receives, whichever surface (REST, MCP) the call came through. */
export interface OperationCall {
  /** The admitted caller; absent only for operations declared `public`. */
  actor: Actor;
  /** Path parameters by their name in `path` (`{id}` → `params.id`). */
  params: Record<string, string>;
  /** Query parameters (REST only; MCP has none). */
  query: Record<string, unknown>;
  /** The request body or the MCP arguments other than the ids, unvalidated: the domain validates. */
  body: unknown;
  http?: HttpExchange;
  /** The surface the call came through and the client's address, for the audit log. */
  origin?: AuditOrigin;
}

/**
 * How an operation is offered as an MCP tool. The arguments are the path's id (under `id.name`)
 * and the body's fields; an operation without a body takes no other argument.
 */
export interface McpExposure {
  name: string;
  title: string;
  /** Written for a model choosing tools; the role sentence is appended from the operation's roles. */
  description: string;
  /** The name and description of the argument that carries the path's id (`{id}` → `monitorId`). */
  id?: { name: string; description: string };
  /** A read whose arguments are the operation's query parameters (a list's filters, a cursor): advertised and passed as its query. */
  queryArguments?: boolean;
  /** The advertised arguments when they differ from id + body fields (a flattened union, say). */
  input?: z.ZodObject;
  /** For operations that answer no body over REST: what the tool answers instead, and its schema. */
  answer?: { schema: z.ZodType; of(id: string): object };
  /** MCP hints beyond those that follow from the method (GET reads; POST adds; others change). */
  hints?: { destructive?: boolean; idempotent?: boolean; openWorld?: boolean };
}

/**
 * One operation of the API, declared once: how it is reached over REST, who may call it, what it
 * takes and answers, how it is offered over MCP, and the thin call into the domain. The REST
 * routes, the OpenAPI document (and from it the dashboard's typed client) and the MCP tools are
 * all derived from these declarations.
 */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style, e.g. `/api/v1/monitors/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /**
   * Who may call it, judged before the body is read and before any lookup. `public`: no token or
   * session admission (signing in, the session itself); the handler judges the caller itself.
   */
  roles: readonly Role[] | 'public';
  /** The request shape; the domain service validates with this very schema. */
  body?: z.ZodType;
  /** The query parameters, documented from the schema the domain service validates them with. */
  query?: z.ZodObject;
  success: {
    status: 200 | 201 | 202 | 204;
    description: string;
    schema?: z.ZodType;
    /** A body that is not JSON (an event stream). */
    mediaType?: string;
  };
  /** Operation-specific problems; 401, 429 and 500 are documented for every operation. */
  problems: ProblemCode[];
  /** The REST `Location` of what the operation created. */
  location?(result: never): string;
  /** Headers every REST answer of this operation carries. */
  headers?: Record<string, string>;
  mcp?: McpExposure;
  handler(call: OperationCall): Promise<unknown>;
}

/** Wraps a list body the way every list endpoint answers: `{"data": [...]}`. */
export function listOf<T>(data: T[]): { data: T[] } {
  return { data };
}

/**
 * An answer the database already wrote as JSON: REST sends the text as is, MCP parses it. Saves
 * parsing and serialising again the one answer that can hold thousands of records.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An answer that is text of its own type (Prometheus metrics): REST sends it as is with that content type. */
export class RawText {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

/**
 * The sentence that tells callers which roles an operation admits: "Any role." only for a list holding
 * every role (in any order), so that a list as long as ANY_ROLE but naming other roles is named.
 */
export function rolesSentence(roles: Operation['roles']): string {
  if (roles === 'public') return 'No token needed.';
  if (ANY_ROLE.every((role) => roles.includes(role))) return 'Any role.';
  return `Roles ${roles.join(', ')}.`;
}

/** The HTTP exchange of an operation that only REST offers. */
export function httpOf(call: OperationCall): HttpExchange {
  if (!call.http) throw new Error('This operation is offered over HTTP only.');
  return call.http;
}
