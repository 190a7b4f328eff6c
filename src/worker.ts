import { createRuntime, type AppOptions, type Runtime } from './app.js';
import { ConfigError, isBuiltInRegion, type Config } from './config.js';
import { REGIONS } from './shared/vocabulary.js';

/** A regional checker of a cluster: takes the region's checks from Redis and writes their runs. */
export interface Worker extends Runtime {
  start(): Promise<void>;
  /** Finishes the checks under way, then closes. */
  close(): Promise<void>;
}

export async function createWorker(base: Config, region: string, options: Pick<AppOptions, 'clock'> = {}): Promise<Worker> {
  if (!isBuiltInRegion(region)) {
    throw new ConfigError(`unknown region "${region}" (known: ${REGIONS.join(', ')})`);
  }
  if (!base.redisUrl) {
    throw new ConfigError('lookout worker takes its checks from Redis: set REDIS_URL (cluster mode)');
  }
  const config: Config = { ...base, regions: [region] };
  const runtime = await createRuntime({ config, schedule: false, clock: options.clock });
  const { engine, coordination, store, logger } = runtime;
  return {
    ...runtime,
    async start() {
      await engine.start();
      logger.info({ region }, 'Lookout worker is checking');
    },
    async close() {
      // Alert processing and delivery are the API nodes' work: nothing else was started here.
      await engine.stop();
      await coordination.close();
      await store.close();
    },
  };
}
