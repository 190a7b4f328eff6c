import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../config.js';
import { KEY_FILE_NAME } from '../../domain/secrets/secrets.js';
import { BackupError, backupDatabase, restoreDatabase } from '../../store/backup.js';
import { attempt, print, withServices, type OutputOptions } from '../context.js';
import type { CliIo } from '../io.js';

/** `lookout backup <file>` and `lookout restore <file>`: the embedded database (src/store/backup.ts). */
export function registerBackupCommands(program: Command, io: CliIo): void {
  program
    .command('backup')
    .description('write a consistent snapshot of the embedded (SQLite) database to a new file, while the server runs')
    .argument('<file>', 'the snapshot to write (must not exist; created with mode 0600)')
    .option('--json', 'print the answer as JSON')
    .action(async (file: string, o: OutputOptions) => {
      await attempt(io, o, async () => {
        const config = loadConfig(io.env);
        const report = await backupDatabase(sqliteFile(config.databaseUrl, 'backup'), resolve(file));
        print(
          io,
          o,
          report,
          `Wrote ${report.file} (${report.bytes} bytes, ${report.migrations} migrations).\n` +
            `Its stored secrets are sealed with the installation key: keep ${keyHint(config.databaseUrl, config.secretKey)} too, stored apart from the snapshot.`,
        );
      });
    });

  program
    .command('restore')
    .description('replace the embedded (SQLite) database with a snapshot from lookout backup; the server must be stopped')
    .argument('<file>', 'the snapshot to restore')
    .option('--json', 'print the answer as JSON')
    .action(async (file: string, o: OutputOptions) => {
      await attempt(io, o, async () => {
        const config = loadConfig(io.env);
        const report = restoreDatabase(resolve(file), sqliteFile(config.databaseUrl, 'restore'), new Date());
        // Opened as the server would open it: newer migrations applied, the key file made if missing.
        const missing = await withServices(io, (s) => s.secrets.missingKeyIds());
        const lines = [`Restored ${report.file} from ${resolve(file)} (${report.migrations} migrations).`];
        if (report.replacedKeptAt) lines.push(`The database it replaced is kept as ${report.replacedKeptAt}.`);
        if (report.pending.length > 0) lines.push(`Applied ${report.pending.length} newer migrations.`);
        print(io, o, { ...report, missingKeyIds: missing.keyIds }, lines.join('\n'));
        if (missing.keyIds.length > 0) {
          io.err(
            `lookout: warning: stored secrets of the snapshot are sealed with keys ${missing.keyIds.join(', ')}, which ${missing.keySource} does not hold: ` +
              `start the server with the key of the installation the snapshot came from (docs/deploy.md, Backups), or those secrets cannot be opened.\n`,
          );
        }
      });
    });
}

/** The SQLite file of `DATABASE_URL`; PostgreSQL has its own tools, and the message names them. */
function sqliteFile(databaseUrl: string, command: 'backup' | 'restore'): string {
  if (databaseUrl.startsWith('file:')) return resolve(databaseUrl.slice('file:'.length));
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const tool = command === 'backup' ? 'pg_dump -Fc -f lookout.dump "$DATABASE_URL"' : 'pg_restore --clean --if-exists -d "$DATABASE_URL" lookout.dump';
    throw new BackupError(`lookout ${command} works on an embedded (SQLite) database; with PostgreSQL use ${tool} (see docs/deploy.md, Backups).`);
  }
  throw new BackupError('DATABASE_URL must start with file: for lookout ' + command + '.');
}

function keyHint(databaseUrl: string, secretKey: string | null): string {
  if (secretKey !== null) return 'LOOKOUT_SECRET_KEY';
  return join(dirname(resolve(databaseUrl.slice('file:'.length))), KEY_FILE_NAME);
}
