import { z } from 'zod';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { requireRole, type Actor } from '../domain/actor.js';
import { NoFields } from '../domain/monitor-schemas.js';
import { parseInput } from '../domain/validation.js';
import { RawJson, rolesSentence, type McpExposure, type Operation } from '../api/operation.js';

/**
 * One MCP tool, derived from an operation: what `tools/list` advertises and the call into the
 * operation's handler. Roles, team scope and validation are the operation's and the domain's; the
 * tool only takes the id argument apart from the body fields and hands the body on untouched, so
 * that a failing field gets exactly the `detail` REST gives.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** Advertised only (as JSON Schema): arguments are never validated against it, the service validates. */
  input: z.ZodObject;
  /** The record answered as `structuredContent` (and as JSON text). */
  output: z.ZodType;
  annotations: ToolAnnotations;
  /** `ip`: the client's address, for the audit log. */
  call(actor: Actor, args: Record<string, unknown>, ip: string | null): Promise<object>;
}

/** The tools: every operation that declares an MCP exposure, in the order of the operations. */
export function mcpTools(operations: Operation[]): McpTool[] {
  return operations.flatMap((operation) => (operation.mcp ? [toolOf(operation, operation.mcp)] : []));
}

function toolOf(operation: Operation, mcp: McpExposure): McpTool {
  const roles = operation.roles;
  if (roles === 'public') throw new Error(`${operation.operationId}: a public operation cannot be an MCP tool`);
  const reads = operation.method === 'GET';
  return {
    name: mcp.name,
    title: mcp.title,
    description: `${mcp.description} ${rolesSentence(roles)}`,
    input: mcp.input ?? advertisedInput(operation, mcp),
    output: mcp.answer?.schema ?? operation.success.schema ?? z.object({}),
    annotations: annotationsOf(operation, mcp),
    call: async (actor, args, ip) => {
      const { id, rest } = splitId(mcp, args);
      requireRole(actor, roles);
      // A read with query parameters (filters, a cursor) takes them as its arguments, refused when
      // unknown as REST's validation would refuse them; the domain validates their values.
      const filters = reads && mcp.queryArguments === true && operation.query !== undefined;
      if (filters) parseInput(operation.query!.strict(), rest);
      const result = await operation.handler({
        actor,
        params: id === undefined ? {} : { id },
        query: filters ? rest : {},
        body: filters ? undefined : rest,
        origin: { surface: 'mcp', ip },
      });
      // Any other read takes no argument beyond the id: others are refused like unknown body fields, after the lookup.
      if (reads && !filters) parseInput(NoFields, rest);
      if (mcp.answer) return mcp.answer.of(id ?? '');
      return result instanceof RawJson ? (JSON.parse(result.text) as object) : (result as object);
    },
  };
}

/** The id argument (when the path has one) and the body's fields, all advertised strictly. */
function advertisedInput(operation: Operation, mcp: McpExposure): z.ZodObject {
  const fields = mcp.queryArguments ? operation.query : operation.body;
  const body = fields instanceof z.ZodObject ? fields.shape : {};
  const id = mcp.id ? { [mcp.id.name]: z.string().meta({ format: 'uuid', description: mcp.id.description }) } : {};
  return z.strictObject({ ...id, ...body });
}

/**
 * Takes the id (which REST reads from the path) out of the arguments. A missing or non-string id
 * is a validation problem naming the argument; any string goes on to the service, which answers
 * not-found for one that names nothing of the team, as REST does.
 */
function splitId(mcp: McpExposure, args: Record<string, unknown>): { id?: string; rest: Record<string, unknown> } {
  if (!mcp.id) return { rest: args };
  const { [mcp.id.name]: id, ...rest } = args;
  parseInput(z.object({ [mcp.id.name]: z.string() }), { [mcp.id.name]: id });
  return { id: id as string, rest };
}

/** Reads (GET), additions (POST) and changes (PUT, PATCH, DELETE), with the operation's own exceptions. */
function annotationsOf(operation: Operation, mcp: McpExposure): ToolAnnotations {
  const reads = operation.method === 'GET';
  const adds = operation.method === 'POST';
  return {
    readOnlyHint: reads,
    destructiveHint: mcp.hints?.destructive ?? !(reads || adds),
    idempotentHint: mcp.hints?.idempotent ?? !adds,
    openWorldHint: mcp.hints?.openWorld ?? false,
  };
}
