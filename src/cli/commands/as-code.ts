import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { applyDocument } from '../as-code/apply.js';
import { remoteClientFrom, type RemoteOptions } from '../as-code/client.js';
import { documentYaml, exportDocument } from '../as-code/export.js';
import { loadDocument } from '../as-code/load.js';
import { readTeamState } from '../as-code/plan.js';
import { CliExit, type CliIo } from '../io.js';

/**
 * `lookout apply` and `lookout export`: a team's monitors, policies, maintenance windows and status
 * page kept as a document (docs/as-code.md), over the REST API of any Lookout (--url, --token).
 */
export function registerAsCodeCommands(program: Command, io: CliIo): void {
  const remote = (command: Command) =>
    command
      .option('--url <url>', 'the Lookout to talk to, such as https://lookout.example.com (default: LOOKOUT_URL)')
      .option('--token <token>', 'an API token of the team (default: LOOKOUT_TOKEN)');

  remote(
    program
      .command('apply')
      .description('make the team hold what a document says: prints the plan (+ create, ~ update, - delete), then applies it')
      .requiredOption('-f, --file <path>', 'a YAML (or JSON) document, or a folder of them applied as one')
      .option('--dry-run', 'print the plan only; change nothing')
      .option('--prune', 'also delete monitors, policies and windows with a key that the document no longer has (never ones without a key)'),
  ).action(async (o: RemoteOptions & { file: string; dryRun?: boolean; prune?: boolean }) => {
    const client = clientOrExit(io, o);
    const loaded = loadDocument(o.file, io.env);
    if (!loaded.ok) {
      for (const error of loaded.errors) io.err(`lookout: ${error}\n`);
      io.err('lookout: the document could not be read; nothing was applied\n');
      throw new CliExit(1);
    }
    const code = await applyDocument(loaded.loaded.document, {
      client,
      dryRun: o.dryRun === true,
      prune: o.prune === true,
      io,
      describePath: loaded.loaded.describePath,
    });
    if (code !== 0) throw new CliExit(code);
  });

  remote(
    program
      .command('export')
      .description("write the team's monitors, policies, maintenance windows and status page as a document lookout apply reads (secrets as ${…} placeholders)")
      .option('-o, --output <file>', 'write to this file instead of standard output'),
  ).action(async (o: RemoteOptions & { output?: string }) => {
    const client = clientOrExit(io, o);
    let state;
    try {
      state = await readTeamState(client);
    } catch (error) {
      io.err(`lookout: ${(error as Error).message}\n`);
      throw new CliExit(1);
    }
    const { document, unkeyed, secrets } = exportDocument(state);
    const url = (o.url ?? io.env.LOOKOUT_URL ?? '').replace(/\/+$/, '');
    const yaml = documentYaml(document, `${url}/api/v1/config-schema.json`);
    if (o.output) writeFileSync(o.output, yaml, { mode: 0o600 });
    else io.out(yaml);
    if (secrets.length > 0) io.err(`lookout: secrets are written as placeholders; set these variables before applying: ${secrets.join(', ')}\n`);
    if (unkeyed.length > 0) {
      io.err(
        `lookout: ${unkeyed.length} record${unkeyed.length === 1 ? ' has' : 's have'} no key and got one made from the name (${unkeyed.join(', ')}): ` +
          'applied to this team, the document would make them anew; set these keys on them first (PATCH with "key") to manage them as code\n',
      );
    }
  });
}

function clientOrExit(io: CliIo, options: RemoteOptions) {
  try {
    return remoteClientFrom(options, io.env);
  } catch (error) {
    io.err(`lookout: ${(error as Error).message}\n`);
    throw new CliExit(2);
  }
}
