import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.js';
import { registerAccountCommands } from './commands/accounts.js';
import { registerAsCodeCommands } from './commands/as-code.js';
import { registerBackupCommands } from './commands/backup.js';
import { registerImportCommands } from './commands/import.js';
import { registerDataCommands } from './commands/data.js';
import { registerSecretCommands } from './commands/secrets.js';
import { registerServerCommands } from './commands/server.js';
import { noteCommand } from './context.js';
import { registerProbeCommands } from './commands/probes.js';
import { CliExit, type CliIo } from './io.js';

export function buildProgram(io: CliIo): Command {
  const program = new Command()
    .name('lookout')
    .description('Lookout: uptime monitoring for teams. Configuration comes from the environment (see README).')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    // Commander throws instead of exiting (subcommands inherit both settings when they are made).
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out(text),
      writeErr: (text) => io.err(text),
      outputError: (text, write) => write(`lookout: ${text.replace(/^error: /, '')}`),
    });
  // Every command's name and options reach the audit log of what it changes.
  program.hook('preAction', (_program, action) => noteCommand(io, action));
  registerServerCommands(program, io);
  registerProbeCommands(program, io);
  registerAccountCommands(program, io);
  registerSecretCommands(program, io);
  registerDataCommands(program, io);
  registerBackupCommands(program, io);
  registerAsCodeCommands(program, io);
  registerImportCommands(program, io);
  return program;
}

/**
 * Runs `lookout` with these arguments (`argv` as `process.argv` holds them) and answers its exit
 * code. A long-running command (`serve`, `worker`) answers 0 once it runs.
 */
export async function runProgram(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CliExit) return error.code;
    if (error instanceof CommanderError) return error.exitCode;
    throw error;
  }
}
