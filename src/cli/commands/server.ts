import type { Command } from 'commander';
import type { Logger } from 'pino';
import { createApp } from '../../app.js';
import { bootstrapIfEmpty, describeBootstrap } from '../../bootstrap.js';
import { loadConfig } from '../../config.js';
import { REGIONS } from '../../shared/vocabulary.js';
import { createWorker } from '../../worker.js';
import { openStore } from '../../store/database.js';
import { attempt, print, type OutputOptions } from '../context.js';
import type { CliIo } from '../io.js';
import { exitOnUnexpectedError } from '../last-resort.js';

export function registerServerCommands(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('run the API, dashboard, status pages, scheduler and checkers')
    .option('--json', 'print the bootstrap credentials as JSON')
    .action(async (o: OutputOptions) => {
      await attempt(io, o, async () => {
        const config = loadConfig(io.env);
        const app = await createApp({ config });
        exitOnUnexpectedError(app);
        const credentials = config.bootstrap ? await bootstrapIfEmpty(app.services) : null;
        const address = await app.listen();
        if (credentials) print(io, o, credentials, describeBootstrap(credentials, config.publicUrl));
        app.logger.info({ address, publicUrl: config.publicUrl }, 'Lookout is listening');
        closeOnSignal(app, 'shutting down');
      });
    });

  program
    .command('worker')
    .description('check one region: take its checks from Redis and write their runs (cluster mode)')
    .requiredOption('--region <region>', `the region to check (${REGIONS.join(', ')})`)
    .action(async (o: { region: string }) => {
      await attempt(io, {}, async () => {
        const worker = await createWorker(loadConfig(io.env), o.region);
        exitOnUnexpectedError(worker);
        await worker.start();
        closeOnSignal(worker, 'shutting down; finishing the checks under way');
      });
    });

  program
    .command('migrate')
    .description('apply database migrations and exit')
    .option('--json', 'print the answer as JSON')
    .action(async (o: OutputOptions) => {
      await attempt(io, o, async () => {
        const store = openStore(loadConfig(io.env).databaseUrl);
        await store.migrate();
        await store.close();
        print(io, o, { migrated: true }, 'Database is up to date.');
      });
    });
}

/** SIGINT or SIGTERM closes the process's parts in order (work under way finishes), then exits. */
function closeOnSignal(running: { logger: Logger; close(): Promise<void> }, message: string): void {
  const shutdown = (signal: string) => {
    running.logger.info({ signal }, message);
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
