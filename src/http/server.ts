import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config, TrustProxy } from '../config.js';
import type { Actor } from '../domain/actor.js';
import { newId } from '../domain/ids.js';
import { Problem } from '../domain/problem.js';
import type { AccessService } from '../domain/access.js';
import { API_PREFIX, type Operation } from '../api/operation.js';
import { openApiDocument } from '../api/openapi.js';
import { restApi } from './api-plugin.js';
import { clientErrorHandler, frameworkErrors, MAX_PARAM_LENGTH } from './edge-errors.js';
import { BODY_LIMIT_BYTES, registerJsonBody } from './json-body.js';
import { trackAllowedMethods } from './method-not-allowed.js';
import { requestPath, sendProblem, toProblem } from './problem-reply.js';
import { registerSystemRoutes } from './system-routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
}

export interface HttpDeps {
  config: Config;
  /** Admits the callers of /api/v1 (tokens, sessions) and spends their request budget. */
  access: AccessService;
  logger: Logger;
  /** Every operation of the API, served under /api/v1 and documented in the OpenAPI document. */
  operations: Operation[];
  /** Readiness beyond the process being up (database reachable). */
  ready(): Promise<void>;
  /** Further parts to mount (dashboard, status pages, MCP, metrics). */
  plugins?: Array<(app: FastifyInstance) => Promise<void> | void>;
}

export async function buildHttpServer(deps: HttpDeps): Promise<FastifyInstance> {
  const { config, access, operations } = deps;
  // Typed as Fastify's logger so that the instance is a plain FastifyInstance for every plugin.
  const logger: FastifyBaseLogger = deps.logger;
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => newId(),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrors(config.publicUrl),
    clientErrorHandler: clientErrorHandler(config.publicUrl),
  });
  const allowedMethods = trackAllowedMethods(app, MAX_PARAM_LENGTH);
  registerJsonBody(app);
  // Parses the Cookie header (the dashboard session) and writes the cookies routes set.
  await app.register(fastifyCookie);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // Not even the line's fields are put together when it would not be written.
    if (!deps.logger.isLevelEnabled('info')) return;
    request.log.info({ method: request.method, path: loggedPath(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.setErrorHandler(async (error, request, reply) => {
    const problem = toProblem(error);
    if (problem.code === 'internal') request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, request, problem, config.publicUrl);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const allowed = allowedMethods(requestPath(request));
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return sendProblem(reply, request, new Problem('method-not-allowed', `Use one of: ${allowed.join(', ')}.`), config.publicUrl);
    }
    return sendProblem(reply, request, new Problem('not-found', 'No such endpoint.'), config.publicUrl);
  });

  await app.register(restApi(operations, access), { prefix: API_PREFIX });

  const document = openApiDocument(operations, config);
  registerSystemRoutes(app, { document, ready: () => deps.ready() });
  for (const plugin of deps.plugins ?? []) await plugin(app);
  return app;
}

/** The path as logged: a heartbeat's ping key is a secret, and only its first characters are written. */
function loggedPath(request: FastifyRequest): string {
  return requestPath(request).replace(/^\/ping\/([^/]{4})[^/]*/, '/ping/$1…');
}

/**
 * Fastify's `trustProxy` for `TRUST_PROXY`. A hop count becomes "trust the nearest N hops", the
 * meaning it has in proxy-addr and Express (Fastify itself treats a bare number as trusting none).
 */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
