import type { FastifyInstance } from 'fastify';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from './config.js';
import { createEmbeddedCoordination } from './coordination/embedded.js';
import type { Coordination } from './coordination/ports.js';
import { createRedisCoordination } from './coordination/redis.js';
import { createServices, type Services } from './domain/services.js';
import { apiRoutes } from './http/routes/index.js';
import { dashboard } from './http/dashboard.js';
import { buildHttpServer } from './http/server.js';
import { metricsRoute } from './http/metrics-route.js';
import { mcpEndpoint } from './mcp/server.js';
import { statusPages } from './http/status-pages/plugin.js';
import { CheckEngine, type CheckEngineOptions } from './checks/engine.js';
import { createLogger } from './logger.js';
import type { DispatcherOptions } from './notify/dispatcher.js';
import { openStore, type Store } from './store/database.js';

export interface AppOptions {
  config: Config;
  /** Where logs go (stdout by default); tests capture them to check what is written. */
  logDestination?: DestinationStream;
  /** Alert delivery timing (backoff base, retry window, polling); tests shorten it. */
  alerting?: Partial<DispatcherOptions>;
  /** Check engine settings tests adjust: trusted test CAs, a shorter confirming-retry pause. */
  checks?: Pick<CheckEngineOptions, 'extraCaPem' | 'retryDelayMs'>;
}

/** One Lookout process: store, coordination, domain services and the HTTP surfaces on top. */
export interface App {
  config: Config;
  logger: Logger;
  store: Store;
  /** Rate windows and locks: in this process, or in Redis when `REDIS_URL` is set (cluster mode). */
  coordination: Coordination;
  services: Services;
  /** Scheduler, checkers and run recorder of this process. */
  engine: CheckEngine;
  http: FastifyInstance;
  /** Starts listening; resolves with the address actually bound. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function createApp({ config, logDestination, alerting, checks }: AppOptions): Promise<App> {
  const logger = createLogger(config.logLevel, logDestination);
  const store = openStore(config.databaseUrl, {
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; the next query opens a new one'),
  });
  await store.migrate();
  let coordination: Coordination;
  try {
    coordination = config.redisUrl ? await createRedisCoordination(config.redisUrl, { logger }) : createEmbeddedCoordination();
  } catch (error) {
    await store.close();
    throw error;
  }
  const services = createServices({ config, store, coordination, logger, alerting });
  const engine = new CheckEngine({
    config,
    store,
    services,
    dispatcher: services.dispatcher,
    logger,
    schedule: config.regions.length > 0,
    locks: coordination.locks,
    ...checks,
  });
  const http = await buildHttpServer({
    config,
    services,
    logger,
    routes: apiRoutes(services),
    plugins: [metricsRoute(engine.metrics.registry), mcpEndpoint({ config, services }), dashboard(), statusPages(services.statusPages, { publicUrl: config.publicUrl, logger })],
    ready: async () => {
      await store.ping();
      await coordination.ping();
    },
  });

  return {
    config,
    logger,
    store,
    coordination,
    services,
    engine,
    http,
    async listen() {
      await engine.start();
      services.tokens.startRecordingLastUse();
      services.alerts.start();
      services.deliveries.start();
      return http.listen({ port: config.port, host: config.host });
    },
    async close() {
      services.live.stop(); // ends open event streams, which would otherwise hold the server open
      await http.close();
      await engine.stop();
      await services.alerts.stop();
      await services.deliveries.stop();
      await services.tokens.stop();
      await coordination.close();
      await store.close();
    },
  };
}
