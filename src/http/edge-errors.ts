import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { newId } from '../domain/ids.js';
import { Problem, problems } from '../domain/problem.js';
import { sendProblem, toProblem } from './problem-reply.js';

/** Fastify's default, kept explicit: the router's limit on one path segment that fills a parameter. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Refusals the router makes before any route or hook runs (Fastify's `frameworkErrors`), answered
 * as problems like every other error: a path with bad percent-encoding is 400, and a parameter
 * longer than the router takes names nothing that exists, so it is 404.
 */
export function frameworkErrors(baseUrl: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('X-Request-Id', request.id);
    let problem: Problem;
    if (error.code === 'FST_ERR_BAD_URL') problem = problems.invalidField('path', 'is not valid percent-encoding');
    else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') problem = new Problem('not-found', 'No such endpoint.');
    else problem = toProblem(error);
    sendProblem(reply, request, problem, baseUrl);
  };
}

interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/**
 * Requests Node's HTTP parser rejects never reach Fastify. Where the socket can still take an
 * answer (it is writable and no response is under way on it), it gets a minimal HTTP/1.1 answer
 * with a problem body, then the connection is closed: the parser cannot find the next request.
 */
export function clientErrorHandler(baseUrl: string) {
  return (error: ClientError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const problem = clientProblem(error.code);
      const body = problem.toJSON(baseUrl, requestLinePath(error.rawPacket) ?? '') as unknown as Record<string, unknown>;
      if (body.instance === '') delete body.instance;
      const text = JSON.stringify(body);
      socket.write(
        `HTTP/1.1 ${problem.status} ${problem.title}\r\n` +
          'Content-Type: application/problem+json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(text)}\r\n` +
          `X-Request-Id: ${newId()}\r\n` +
          'Connection: close\r\n\r\n' +
          text,
      );
    }
    socket.destroy();
  };
}

function clientProblem(code: string | undefined): Problem {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new Problem('headers-too-large', 'The request line and headers are larger than the server accepts.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new Problem('request-timeout', 'The request did not arrive in time.');
    default:
      return problems.invalidField('request', 'is not a valid HTTP/1.1 request');
  }
}

/** The path of the request line, when the bytes the parser refused start with a readable one. */
function requestLinePath(packet: unknown): string | undefined {
  if (!Buffer.isBuffer(packet)) return undefined;
  const line = /^[A-Z]{1,16} (\/[\x21-\x7e]{0,2047}) HTTP\/\d\.\d\r?\n/.exec(packet.subarray(0, 2200).toString('latin1'));
  return line?.[1]?.split('?')[0];
}
