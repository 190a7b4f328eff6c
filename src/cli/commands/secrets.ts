import type { Command } from 'commander';
import { attempt, print, withServices, type OutputOptions } from '../context.js';
import type { CliIo } from '../io.js';

/** `lookout secrets rotate`: re-encrypts every stored secret under a new key. */
export function registerSecretCommands(program: Command, io: CliIo): void {
  const secrets = program.command('secrets').description('manage the encryption of stored secrets');
  secrets
    .command('rotate')
    .description(
      'encrypt every stored secret with a new key. With the key file (SQLite, no LOOKOUT_SECRET_KEY) a new key is generated ' +
        'and put first in the file; with LOOKOUT_SECRET_KEY, set it to "<new key>,<old key>" first. Old keys stay readable unless --prune.',
    )
    .option('--prune', 'afterwards remove from the key file every old key no stored secret uses (run when no older server process is writing)')
    .option('--json', 'print the answer as JSON')
    .action(async (o: { prune?: boolean } & OutputOptions) => {
      await attempt(io, o, () =>
        withServices(io, async (s) => {
          const report = await s.secrets.rotate({ prune: o.prune === true });
          const counts = Object.entries(report.resealed)
            .map(([table, n]) => `${n} in ${table}`)
            .join(', ');
          const lines = [
            `${report.generated ? 'Generated key' : 'Using key'} ${report.keyId} from ${report.keySource}.`,
            `Re-encrypted ${counts || 'nothing'}.`,
          ];
          if (report.removedKeyIds.length > 0) lines.push(`Removed old keys ${report.removedKeyIds.join(', ')} from the key file.`);
          if (report.unusedKeyIds.length > 0) {
            lines.push(
              report.generated
                ? `Old keys ${report.unusedKeyIds.join(', ')} are no longer used; run again with --prune to remove them.`
                : `Old keys ${report.unusedKeyIds.join(', ')} are no longer used; remove them from LOOKOUT_SECRET_KEY.`,
            );
          }
          print(io, o, report, lines.join('\n'));
        }),
      );
    });
}
