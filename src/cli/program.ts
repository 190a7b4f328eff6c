import { Command } from 'commander';
import { VERSION } from '../version.js';
import { registerAccountCommands } from './commands/accounts.js';
import { registerDataCommands } from './commands/data.js';
import { registerSecretCommands } from './commands/secrets.js';
import { registerServerCommands } from './commands/server.js';

export function buildProgram(): Command {
  const program = new Command()
    .name('lookout')
    .description('Lookout: uptime monitoring for teams. Configuration comes from the environment (see README).')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ outputError: (text, write) => write(`lookout: ${text.replace(/^error: /, '')}`) });
  registerServerCommands(program);
  registerAccountCommands(program);
  registerSecretCommands(program);
  registerDataCommands(program);
  return program;
}
