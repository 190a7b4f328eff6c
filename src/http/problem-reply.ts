import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Problem, problems } from '../domain/problem.js';

/** Turns anything thrown while answering into the Problem the client will see. */
export function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  const code = (error as FastifyError | undefined)?.code;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Problem('payload-too-large', 'The request body is larger than 1 MiB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Problem('unsupported-media-type', 'Send the request body as application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problems.invalidField('body', 'is not valid JSON');
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (status === 400) return problems.invalidField('body', 'could not be read');
  return problems.internal();
}

export function requestPath(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: Problem, baseUrl: string): FastifyReply {
  if (problem.extra.headers) reply.headers(problem.extra.headers);
  if (problem.extra.retryAfter !== undefined) reply.header('Retry-After', String(problem.extra.retryAfter));
  return reply
    .status(problem.status)
    .type('application/problem+json')
    .send(JSON.stringify(problem.toJSON(baseUrl, requestPath(request))));
}
