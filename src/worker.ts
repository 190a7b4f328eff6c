import { createRuntime, type Runtime } from './app.js';
import { ConfigError, REGIONS, type Config, type Region } from './config.js';

/** A regional checker of a cluster: takes the region's checks from Redis and writes their runs. */
export interface Worker extends Runtime {
  start(): Promise<void>;
  /** Finishes the checks under way, then closes. */
  close(): Promise<void>;
}

export async function createWorker(base: Config, region: string): Promise<Worker> {
  if (!(REGIONS as readonly string[]).includes(region)) {
    throw new ConfigError(`unknown region "${region}" (known: ${REGIONS.join(', ')})`);
  }
  if (!base.redisUrl) {
    throw new ConfigError('lookout worker takes its checks from Redis: set REDIS_URL (cluster mode)');
  }
  const config: Config = { ...base, regions: [region as Region] };
  const runtime = await createRuntime({ config, schedule: false });
  const { engine, services, coordination, store, logger } = runtime;
  return {
    ...runtime,
    async start() {
      await engine.start();
      logger.info({ region }, 'Lookout worker is checking');
    },
    async close() {
      await engine.stop();
      await services.alerts.stop();
      await services.deliveries.stop();
      await coordination.close();
      await store.close();
    },
  };
}
