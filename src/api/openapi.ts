import { z } from 'zod';
import type { Config } from '../config.js';
import { Problem, type ProblemCode } from '../domain/problem.js';
import { VERSION } from '../version.js';
import { rolesSentence, type Operation } from './operation.js';

type JsonSchema = Record<string, unknown>;

/** Problems any authenticated endpoint can answer with. */
const ALWAYS: ProblemCode[] = ['unauthorized', 'rate-limited', 'internal'];
/** Problems of reading a request body: any endpoint that takes one can answer with them. */
const BODY: ProblemCode[] = ['payload-too-large', 'unsupported-media-type'];

/** JSON Schema (2020-12, which OpenAPI 3.1 uses as is) from a request or response shape. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** The OpenAPI 3.1 document, generated from the same operation declarations and schemas that serve requests. */
export function openApiDocument(operations: Operation[], config: Config): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const usedProblems = new Set<ProblemCode>([...ALWAYS, ...BODY]);
  for (const operation of operations) {
    const params: JsonSchema[] = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string', format: 'uuid' },
    }));
    const query: Record<string, z.ZodType> = operation.query?.shape ?? {};
    for (const [name, field] of Object.entries(query)) {
      const schema = jsonSchema(field, 'input');
      params.push({ name, in: 'query', required: !field.safeParse(undefined).success, ...(field.description && { description: field.description }), schema });
    }
    const responses: Record<string, unknown> = {
      [operation.success.status]: operation.success.schema
        ? {
            description: operation.success.description,
            content: { [operation.success.mediaType ?? 'application/json']: { schema: jsonSchema(operation.success.schema, 'output') } },
          }
        : { description: operation.success.description },
    };
    for (const code of [...operation.problems, ...(operation.body ? BODY : []), ...ALWAYS]) {
      usedProblems.add(code);
      const status = new Problem(code, '').status;
      responses[status] ??= { $ref: `#/components/responses/${code}` };
    }
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      description: [rolesSentence(operation.roles), operation.description].filter(Boolean).join(' '),
      ...(params.length > 0 && { parameters: params }),
      ...(operation.roles === 'public' && { security: [] }),
      ...(operation.body && {
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } } },
      }),
      responses,
    };
  }

  const problemResponses: Record<string, unknown> = {};
  for (const code of usedProblems) {
    const sample = new Problem(code, '');
    problemResponses[code] = {
      description: `${sample.title} (type ends in /errors/${code})`,
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Lookout API',
      version: VERSION,
      description:
        'Uptime monitoring for teams. Every request carries `Authorization: Bearer <token>`; ' +
        'each token may make 300 requests per minute (REST and MCP together). Errors are RFC 7807 problems. ' +
        'Any request may also be refused before it reaches its endpoint: 400 `validation` (field `path`) for a path that is ' +
        'not valid percent-encoding, 413 `payload-too-large` for a body over 1 MiB, 415 `unsupported-media-type` for a body ' +
        'that is not JSON in UTF-8 or that is compressed, 431 `headers-too-large` for request headers over 16 KiB.',
    },
    servers: [{ url: config.publicUrl }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token: lkt_ and 40 letters and digits.' },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'lookout_session',
          description:
            'The dashboard session from POST /api/v1/session, used when no Authorization header is sent. POST, PUT, PATCH and DELETE also need the `X-CSRF-Token` header with the session’s `csrfToken`.',
        },
      },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'detail', 'instance'],
          properties: {
            type: { type: 'string', description: '`{base_url}/errors/<code>`; the last segment is the stable code.' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            instance: { type: 'string', description: 'The request path.' },
            errors: {
              type: 'array',
              description: 'Validation problems only: every failing field.',
              items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      },
      responses: problemResponses,
    },
  };
}
