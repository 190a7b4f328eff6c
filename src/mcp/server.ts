import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  isJSONRPCRequest,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCRequest,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Actor } from '../domain/actor.js';
import { Problem, problems, type ProblemBody } from '../domain/problem.js';
import type { AccessService } from '../domain/access.js';
import { MalformedBody } from '../domain/validation.js';
import { authenticationHook } from '../http/authenticate.js';
import { jsonSchema } from '../api/openapi.js';
import type { Operation } from '../api/operation.js';
import { VERSION } from '../version.js';
import { invalidParams, paramErrors } from './params.js';
import { mcpTools, type McpTool } from './tools.js';

export const MCP_PATH = '/mcp';

const INSTRUCTIONS =
  'Lookout is an uptime-monitoring service. These tools act on the monitors, incidents, status page and team of the token you ' +
  'connected with, with that token’s role (get_team tells it: Viewer, Member, Admin or Owner; a Viewer reads only, and a tool its role may not use answers a forbidden problem naming the role it needs). Ids come from the list_* tools. ' +
  'A failing call answers isError with an RFC 7807 problem: switch on the last segment of `type` ' +
  '(validation, forbidden, not-found, rate-limited); `detail` says what to change.';

/** A tool error's `structuredContent`: the REST problem, plus `retryAfter` (seconds) for the trigger lock. */
const ProblemRecord = z.object({
  type: z.string().describe('`{base_url}/errors/<code>`; the last segment is the stable code to switch on.'),
  title: z.string(),
  status: z.int().describe('The HTTP status REST answers with for the same failure.'),
  detail: z.string().describe('What went wrong; for validation, the first failing field as "<field>: <message>".'),
  instance: z.string(),
  errors: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional()
    .describe('Validation only: every failing field.'),
  retryAfter: z.int().optional().describe('Trigger lock only: seconds until the monitor may be triggered again.'),
});

/**
 * What `tools/list` answers, computed once. The input schema is the JSON Schema of the same Zod
 * fields REST validates with; the output schema admits the record or, for `isError` results, the
 * problem: the SDK's client validates every `structuredContent` against it, errors included.
 */
function describe(tool: McpTool, problem: Record<string, unknown>): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, 'input') as Tool['inputSchema'],
    outputSchema: {
      type: 'object',
      description: 'The record on success; the problem (RFC 7807) when `isError` is true.',
      anyOf: [jsonSchema(tool.output, 'output'), problem],
    },
    annotations: { title: tool.title, ...tool.annotations },
  };
}

function answer(structured: object, isError?: true): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }],
    structuredContent: structured as Record<string, unknown>,
    ...(isError && { isError }),
  };
}

function problemAnswer(problem: Problem, baseUrl: string): CallToolResult {
  const body: ProblemBody = problem.toJSON(baseUrl, MCP_PATH);
  if (problem.extra.retryAfter !== undefined) body.retryAfter = problem.extra.retryAfter;
  return answer(body, true);
}

/**
 * `POST {base_url}/mcp`: MCP over Streamable HTTP, stateless (a fresh SDK server and transport per
 * HTTP request, JSON answers). Each request is admitted like a REST call: the bearer token (401
 * problem with `WWW-Authenticate: Bearer`), then the token's shared 300/minute budget, one unit per
 * JSON-RPC message so that a batch costs what its messages would cost one by one. A batch that needs
 * more than is left is refused whole (429 problem with `Retry-After`) and none of it runs. GET and
 * DELETE answer 405 (no server-initiated streams, no sessions).
 */
export function mcpEndpoint({ config, access, operations }: { config: Config; access: AccessService; operations: Operation[] }) {
  const tools = new Map(mcpTools(operations).map((tool) => [tool.name, tool]));
  const problem = jsonSchema(ProblemRecord, 'output');
  const listed = [...tools.values()].map((tool) => describe(tool, problem));

  async function callTool(actor: Actor, name: string, args: Record<string, unknown> | undefined, ip: string, log: FastifyBaseLogger) {
    const tool = tools.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Call tools/list for the tools there are.`);
    try {
      return answer(await tool.call(actor, args ?? {}, ip));
    } catch (error) {
      if (error instanceof Problem) return problemAnswer(error, config.publicUrl);
      log.error({ err: error, tool: name }, 'MCP tool failed');
      return problemAnswer(problems.internal(), config.publicUrl);
    }
  }

  // The low-level Server, not McpServer: the tools' JSON Schemas are written from the operations' Zod
  // schemas here, and their arguments reach the domain unvalidated so that it answers REST's problems.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  function serverFor(actor: Actor, ip: string, log: FastifyBaseLogger): Server {
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    const server = new Server({ name: 'lookout', title: 'Lookout', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
    server.setRequestHandler(CallToolRequestSchema, (request) => callTool(actor, request.params.name, request.params.arguments, ip, log));
    return server;
  }

  // Who is calling is judged before the body is read (401); what the call costs only once it is.
  const authenticate = authenticationHook(access, { bearerOnly: true });
  const spend = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(await access.spend(request.actor!, messageCount(request.body)));
  };

  return (app: FastifyInstance) => {
    app.post(MCP_PATH, { onRequest: authenticate, preHandler: spend }, async (request, reply): Promise<FastifyReply> => {
      if (request.body instanceof MalformedBody) throw problems.invalidField('body', request.body.message);
      const server = serverFor(request.actor!, request.ip, request.log);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        judgeParamsFirst(transport, request.log);
        const response = await transport.handleRequest(webRequest(request, config.publicUrl), { parsedBody: request.body ?? null });
        if (response.status >= 400) throw await transportProblem(response);
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          reply.header(name, value);
        });
        const text = await response.text();
        return await (text === '' ? reply.send() : reply.send(text));
      } finally {
        await server.close();
      }
    });
  };
}

/**
 * Every request the transport hands on has its params judged before the SDK parses them: one that
 * does not fit its method is answered -32602 here (see params.ts), the others go on. Batches too:
 * each message is answered on its own.
 */
function judgeParamsFirst(transport: WebStandardStreamableHTTPServerTransport, log: FastifyBaseLogger): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const errors = isJSONRPCRequest(message) ? paramErrors(message) : [];
    if (errors.length === 0) {
      deliver(message, extra);
      return;
    }
    transport.send(invalidParams(message as JSONRPCRequest, errors)).catch((error: unknown) => log.warn({ err: error }, 'MCP answer not sent'));
  };
}

/**
 * The transport refuses a request it cannot serve (no `Accept` of JSON and event streams, a body
 * that is not a JSON-RPC message) with a JSON-RPC error and an HTTP error status; every error
 * answer of `/mcp` is a problem, so that status and the transport's message become one.
 */
async function transportProblem(response: Response): Promise<Problem> {
  let message = 'The request is not a valid MCP request.';
  try {
    const text = ((await response.json()) as { error?: { message?: unknown } }).error?.message;
    if (typeof text === 'string' && text !== '') message = text;
  } catch {
    // No JSON-RPC error in the answer: the generic message stands.
  }
  switch (response.status) {
    case 400:
      return problems.invalidField('body', message);
    case 404:
      return new Problem('not-found', message);
    case 405:
      return new Problem('method-not-allowed', message);
    case 406:
      return new Problem('not-acceptable', message);
    case 413:
      return new Problem('payload-too-large', message);
    case 415:
      return new Problem('unsupported-media-type', message);
    default:
      return problems.internal();
  }
}

/** The headers the transport judges (Accept, Content-Type, MCP-Protocol-Version); the body is passed parsed. */
function webRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
    for (const one of [value].flat()) headers.append(name, one);
  }
  return new Request(new URL(MCP_PATH, baseUrl), { method: 'POST', headers });
}

/**
 * Units a POST body costs: one per JSON-RPC message of a batch, one for a single message or for a
 * body that is no message at all (it is still answered).
 */
function messageCount(body: unknown): number {
  return Array.isArray(body) ? Math.max(1, body.length) : 1;
}
