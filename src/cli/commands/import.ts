import type { Command } from 'commander';
import { IMPORT_SOURCES, ImportError, importFile, importReport, type ImportResult, type ImportSource } from '../../import/index.js';
import { REGIONS, type Region } from '../../shared/vocabulary.js';
import { applyDocument } from '../as-code/apply.js';
import { remoteClientFrom, type RemoteOptions } from '../as-code/client.js';
import { CliExit, type CliIo } from '../io.js';

/**
 * `lookout import <uptime-kuma|gatus> <file>`: another tool's monitors and notifications as a
 * document (src/import/), applied like `lookout apply` over the REST API of any Lookout. Never
 * prunes: the team may hold keyed monitors from other documents, which an import knows nothing of.
 */
export function registerImportCommands(program: Command, io: CliIo): void {
  program
    .command('import')
    .description('bring monitors and notifications over from Uptime Kuma (kuma.db or a JSON backup) or Gatus (config.yaml); see docs/migrate.md')
    .argument('<source>', `where they come from: ${IMPORT_SOURCES.join(' or ')}`)
    .argument('<file>', "the source's file: kuma.db or a backup .json for uptime-kuma, config.yaml for gatus")
    .option('--dry-run', 'print the notes, the skipped entries and the plan only; change nothing')
    .option('--regions <list>', `the regions imported monitors are checked from, comma-separated (${REGIONS.join(', ')}; default us-east)`)
    .option('--url <url>', 'the Lookout to talk to, such as https://lookout.example.com (default: LOOKOUT_URL)')
    .option('--token <token>', 'an API token of the team (default: LOOKOUT_TOKEN)')
    .action(async (source: string, file: string, o: RemoteOptions & { dryRun?: boolean; regions?: string }) => {
      if (!(IMPORT_SOURCES as readonly string[]).includes(source)) {
        io.err(`lookout: unknown source ${source}: name ${IMPORT_SOURCES.join(' or ')}\n`);
        throw new CliExit(1);
      }
      const regions = o.regions === undefined ? undefined : regionList(io, o.regions);
      let client;
      try {
        client = remoteClientFrom(o, io.env);
      } catch (error) {
        io.err(`lookout: ${(error as Error).message}\n`);
        throw new CliExit(2);
      }
      let result: ImportResult;
      try {
        result = importFile(source as ImportSource, file, regions ? { regions } : {});
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        io.err(`lookout: ${error.message}\n`);
        throw new CliExit(1);
      }
      for (const line of importReport(result)) io.out(`${line}\n`);
      const code = await applyDocument(result.document, { client, dryRun: o.dryRun === true, prune: false, io });
      if (code !== 0) throw new CliExit(code);
    });
}

function regionList(io: CliIo, text: string): Region[] {
  const names = [...new Set(text.split(',').map((name) => name.trim()))];
  const unknown = names.filter((name) => !(REGIONS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    io.err(`lookout: --regions takes ${REGIONS.join(', ')} (comma-separated); unknown: ${unknown.join(', ') || '(none given)'}\n`);
    throw new CliExit(1);
  }
  return names;
}
