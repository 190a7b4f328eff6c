import type { Command } from 'commander';
import { copyDatabase } from '../../store/copy.js';
import { openStore } from '../../store/database.js';
import { attempt, print, type OutputOptions } from '../context.js';
import type { CliIo } from '../io.js';

export function registerDataCommands(program: Command, io: CliIo): void {
  program
    .command('copy')
    .description('copy an embedded database into an empty one, e.g. SQLite → PostgreSQL when moving to cluster mode')
    .requiredOption('--from <url>', 'the embedded database, file:<path> (stop the server using it first)')
    .requiredOption('--to <url>', 'the target, postgres://… (migrated here if needed; must hold no data)')
    .option('--json', 'print the row counts as JSON')
    .action(async (o: OutputOptions & { from: string; to: string }) => {
      await attempt(io, o, async () => {
        const from = openStore(o.from);
        const to = openStore(o.to);
        try {
          const counts = await copyDatabase(from, to, (table, rows) => {
            if (!o.json) io.err(`copied ${rows} rows of ${table}\n`);
          });
          const total = Object.values(counts).reduce((a, b) => a + b, 0);
          print(io, o, { copied: counts }, `Copied ${total} rows. Start the cluster nodes with the source's secret key (see docs/deploy.md).`);
        } finally {
          await from.close();
          await to.close();
        }
      });
    });
}
