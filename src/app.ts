import { acknowledgePage } from './http/acknowledge-page.js';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from './config.js';
import { createEmbeddedCoordination } from './coordination/embedded.js';
import type { Coordination } from './domain/ports/coordination.js';
import { systemClock, type Clock } from './domain/ports/clock.js';
import { createServices, type ServiceDeps, type Services } from './composition/services.js';
import { apiOperations } from './api/operations.js';
import { dashboard } from './http/dashboard.js';
import { buildHttpServer } from './http/server.js';
import { metricsRoute } from './http/metrics-route.js';
import { mcpEndpoint } from './mcp/server.js';
import { statusPages } from './http/status-pages/plugin.js';
import { EmbeddedDispatcher } from './checks/embedded-dispatch.js';
import { CheckEngine, type CheckEngineOptions } from './checks/engine.js';
import type { MonitorChange } from './domain/monitors.js';
import { createLogger } from './logger.js';
import type { DispatcherOptions } from './notify/dispatcher.js';
import { openStore, type Store } from './store/database.js';
import { PING_LIMITS } from './shared/limits.js';
import { UNKNOWN_KEY_PINGS_PER_MINUTE } from './domain/heartbeats/ping-budget.js';
import { pingRoutes } from './http/ping-routes.js';
import { oidcRoutes } from './http/oidc-routes.js';
import { probeRoutes } from './http/probe-routes.js';

export interface AppOptions {
  config: Config;
  /** Where logs go (stdout by default); tests capture them to check what is written. */
  logDestination?: DestinationStream;
  /** Alert delivery timing (backoff base, retry window, polling); tests shorten it. */
  alerting?: Partial<DispatcherOptions>;
  /** Check engine settings tests adjust: trusted test CAs, a shorter confirming-retry pause. */
  checks?: Pick<CheckEngineOptions, 'extraCaPem' | 'retryDelayMs' | 'concurrency'>;
  /** Live stream limits (open streams per caller and per process); tests lower them. */
  live?: ServiceDeps['live'];
  /** Where rules read the time (check due times, run start times, retention); the system clock by default. Tests move their own. */
  clock?: Clock;
  /** Each token's request budget (300 in any 60 s); tests shorten its window to cross its edge in seconds. */
  requestBudget?: ServiceDeps['requestBudget'];
  /** Remote probes: the margin of a check's lease beyond its longest run; tests shorten it to see a lease run out. */
  probes?: { leaseMarginMs?: number };
}

/** What every Lookout process has, with or without HTTP: store, coordination, services, check engine. */
export interface Runtime {
  config: Config;
  logger: Logger;
  store: Store;
  /** Rate windows, locks and channels: in this process, or in Redis when `REDIS_URL` is set (cluster mode). */
  coordination: Coordination;
  services: Services;
  /** Scheduler, checkers and run recorder of this process. */
  engine: CheckEngine;
}

/** One `lookout serve` process: the runtime and the HTTP surfaces on top. */
export interface App extends Runtime {
  http: FastifyInstance;
  /** Starts listening; resolves with the address actually bound. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface RuntimeOptions extends AppOptions {
  /** Whether this process may plan checks (serve: yes; a worker: no). */
  schedule: boolean;
  /** Whether this process serves remote probes (serve: yes; a worker: no). */
  serveProbes?: boolean;
}

/**
 * Opens the store (migrating it), coordination and check dispatch for the mode the configuration
 * names: embedded (SQLite, in-process) or cluster (`REDIS_URL`: Redis locks, channels and BullMQ).
 */
export async function createRuntime({
  config,
  logDestination,
  alerting,
  checks,
  live,
  schedule,
  clock = systemClock,
  requestBudget,
  probes,
  serveProbes = false,
}: RuntimeOptions): Promise<Runtime> {
  const logger = createLogger(config.logLevel, logDestination);
  const store = openStore(config.databaseUrl, {
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; the next query opens a new one'),
    checkpointInBackground: true,
    onCheckpointFailure: (reason) =>
      logger.error({ reason }, 'the database log cannot be checkpointed in the background; the server does it itself from now on'),
  });
  await store.migrate();
  let coordination: Coordination;
  try {
    coordination = config.redisUrl
      ? await (await import('./coordination/redis.js')).createRedisCoordination(config.redisUrl, { logger })
      : createEmbeddedCoordination();
  } catch (error) {
    await store.close();
    throw error;
  }
  const dispatcher = config.redisUrl
    ? new (await import('./checks/bullmq-dispatch.js')).BullMqDispatcher(config.redisUrl, logger, clock)
    : new EmbeddedDispatcher();
  const services = createServices({ config, store, coordination, dispatcher, logger, alerting, live, clock, requestBudget });
  // Every process's monitor changes reach the scheduler, wherever it runs.
  const monitorChanges = coordination.channel<MonitorChange>('monitor-changes');
  services.monitors.onChange((change) => {
    monitorChanges.publish(change).catch((error: unknown) => logger.warn({ err: error, monitorId: change.monitorId }, 'could not announce a monitor change'));
  });
  const maintenanceChanges = coordination.channel<unknown>('maintenance-changes');
  services.maintenanceWindows.onChange(() => {
    maintenanceChanges.publish({}).catch((error: unknown) => logger.warn({ err: error }, 'could not announce a maintenance window change'));
  });
  const engine = new CheckEngine({
    config,
    store,
    monitors: services.monitors,
    maintenanceWindows: services.maintenanceWindows,
    alerts: services.alerts,
    dispatcher,
    logger,
    schedule,
    monitorChanges,
    maintenanceChanges,
    locks: coordination.locks,
    pingLimiter: coordination.rateLimiter({ name: 'heartbeat-pings', points: PING_LIMITS.perMinute, durationSeconds: 60 }),
    unknownPingLimiter: coordination.rateLimiter({ name: 'unknown-ping-keys', points: UNKNOWN_KEY_PINGS_PER_MINUTE, durationSeconds: 60 }),
    clock,
    regions: services.regions,
    probes: serveProbes ? { leases: services.probeLeases, leaseMarginMs: probes?.leaseMarginMs } : undefined,
    ...checks,
  });
  return { config, logger, store, coordination, services, engine };
}

export async function createApp(options: AppOptions): Promise<App> {
  const { config } = options;
  // Embedded, planning checks only makes sense where they are checked; in a cluster every serve
  // node may plan (one at a time, under a lease) for the regional workers.
  const runtime = await createRuntime({ ...options, schedule: config.redisUrl !== null || config.regions.length > 0, serveProbes: true });
  const { logger, store, coordination, services, engine } = runtime;
  const operations = apiOperations(services);
  const http = await buildHttpServer({
    config,
    access: services.access,
    logger,
    operations,
    plugins: [
      metricsRoute(engine.metrics.registry),
      mcpEndpoint({ config, access: services.access, operations }),
      dashboard(),
      statusPages(services.statusPages, services.subscribers, {
        publicUrl: config.publicUrl,
        logger,
        clock: options.clock,
        emailSubscriptions: services.subscriberDeliveries.mailConfigured,
      }),
      acknowledgePage(services.incidents, services.acknowledgeLinks, options.clock ?? systemClock),
      pingRoutes(engine.pings),
      oidcRoutes(services.oidc, { secureCookies: services.sessions.secureCookies }),
      probeRoutes(services.probeTokens, engine.broker!),
    ],
    ready: async () => {
      await store.ping();
      await coordination.ping();
    },
  });

  return {
    ...runtime,
    http,
    async listen() {
      await engine.start();
      services.tokens.startRecordingLastUse();
      services.alerts.start();
      services.deliveries.start();
      services.subscriberDeliveries.start();
      return http.listen({ port: config.port, host: config.host });
    },
    async close() {
      services.live.stop(); // ends open event streams, which would otherwise hold the server open
      await http.close();
      await engine.stop();
      await services.alerts.stop();
      await services.deliveries.stop();
      await services.subscriberDeliveries.stop();
      await services.tokens.stop();
      await coordination.close();
      await store.close();
    },
  };
}
