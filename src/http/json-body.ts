import type { FastifyInstance } from 'fastify';
import { Problem } from '../domain/problem.js';
import { MalformedBody } from '../domain/validation.js';
import { jsonShapeProblem } from '../shared/json-shape.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** `application/json` or `application/<anything>+json`, with or without parameters. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json\s*(;.*)?$/i;

/**
 * The only request bodies Lookout reads are JSON. Fastify's own parsers go (its `text/plain`
 * parser would hand a string to every route), so a body of any other media type, or of none
 * named, is 415 before it is read. JSON is UTF-8 by definition: a body that names another
 * charset, or that is compressed (Lookout decodes no `Content-Encoding`), is 415 too.
 *
 * Two differences from Fastify's JSON parser: an empty body is no body (clients often send
 * `Content-Type: application/json` on a bare POST), and malformed JSON is handed on as a
 * MalformedBody so that it is judged after authentication and roles; so is a body too deep or too
 * many-valued to parse without holding the event loop (json-shape.ts).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const refusal = refuseEncoding(request.headers['content-type'], request.headers['content-encoding']);
    if (refusal) {
      done(refusal, undefined);
      return;
    }
    if (typeof body !== 'string' || body.trim() === '') {
      done(null, undefined);
      return;
    }
    // What parsing would build is counted first: a body too deep or too many-valued to parse quickly is refused unparsed.
    const shape = jsonShapeProblem(body);
    if (shape) {
      done(null, new MalformedBody(shape, true));
      return;
    }
    // Fastify's own JSON parser answers through the callback, at once.
    void parseJson(request, body, (error, value) => done(null, error ? new MalformedBody('syntax error') : value));
  });
}

function refuseEncoding(contentType: string | undefined, contentEncoding: string | undefined): Problem | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    return new Problem('unsupported-media-type', 'Send the request body as application/json in UTF-8.');
  }
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length > 0) {
    return new Problem('unsupported-media-type', `Send the request body uncompressed: Content-Encoding ${codings.join(', ')} is not accepted.`);
  }
  return undefined;
}
