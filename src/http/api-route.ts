import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../domain/actor.js';
import type { ProblemCode } from '../domain/problem.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiCall {
  actor: Actor;
  params: Record<string, string>;
  body: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One REST endpoint: how it is reached, what it documents, and the thin call into the
 * domain. The same definition registers the Fastify route and writes the OpenAPI entry.
 */
export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI style, e.g. `/api/v1/monitors/{id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** The request shape; the domain service validates with this very schema. */
  body?: z.ZodType;
  success: { status: 200 | 201 | 202 | 204; description: string; schema?: z.ZodType };
  /** Endpoint-specific problems; 401, 429 and 500 are documented for every endpoint. */
  problems: ProblemCode[];
  /**
   * `false`: no bearer or session admission before the handler (signing in, the session itself).
   * The handler then gets no `actor` and must judge the caller itself.
   */
  auth?: false;
  handler(call: ApiCall): Promise<unknown>;
}

/** `/a/{id}/b` → `/a/:id/b` */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Wraps a list body the way every list endpoint answers: `{"data": [...]}`. */
export function listOf<T>(data: T[]): { data: T[] } {
  return { data };
}
