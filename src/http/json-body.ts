import type { FastifyInstance } from 'fastify';
import { MalformedBody } from '../domain/validation.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * JSON bodies, with two differences from Fastify's default: an empty body is no body
 * (clients often send `Content-Type: application/json` on a bare POST), and malformed JSON
 * is handed on as a MalformedBody so that it is judged after authentication and roles.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(/^application\/([\w.-]+\+)?json$/, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, undefined);
    parseJson(request, body, (error, value) => done(null, error ? new MalformedBody('syntax error') : value));
  });
}
