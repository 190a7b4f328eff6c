import { parseConfigDocument, type DocumentError } from '../../domain/as-code/document.js';
import type { CliIo } from '../io.js';
import { ApiError, type LookoutClient } from './client.js';
import { knownIds, planChanges, readTeamState, stepLine, type Step } from './plan.js';
import { digesterFor } from './secrets-digest.js';

export interface ApplyOptions {
  client: LookoutClient;
  /** Print the plan only. */
  dryRun: boolean;
  /** Delete keyed records the document no longer has. */
  prune: boolean;
  io: CliIo;
  /** How a path of the document reads to its author (a file name before it, for a folder). */
  describePath?: (path: string) => string;
}

/**
 * Validates the whole document (its schema, the rules between its parts, and what it names of the
 * team), prints the plan, and applies it unless `dryRun`. Nothing is sent when any part is invalid.
 * Answers the exit code: 0 when everything was applied (or nothing needed to be), 1 otherwise; a
 * refusal midway says what was applied and what was not.
 */
export async function applyDocument(document: unknown, options: ApplyOptions): Promise<number> {
  const { client, io } = options;
  const describe = options.describePath ?? ((path: string) => path);
  const report = (errors: DocumentError[]) => {
    for (const e of errors) io.err(`lookout: ${describe(e.path)}: ${e.message}\n`);
    io.err(`lookout: the document is invalid (${errors.length} error${errors.length === 1 ? '' : 's'}); nothing was applied\n`);
    return 1;
  };

  // The schema first: a document that is not one needs no answer from the server.
  const shape = parseConfigDocument(document);
  if (shape.errors.length > 0) return report(shape.errors);

  let state;
  try {
    state = await readTeamState(client);
  } catch (error) {
    io.err(`lookout: ${(error as Error).message}\n`);
    return 1;
  }
  // With --prune, what the document does not hold is deleted: it cannot name it either.
  const known = options.prune
    ? {}
    : {
        policies: new Set(state.policies.flatMap((p) => (p.key === null ? [] : [p.key]))),
        monitors: new Set(state.monitors.flatMap((m) => (m.key === null ? [] : [m.key]))),
      };
  const parsed = parseConfigDocument(document, known);
  if (parsed.errors.length > 0) return report(parsed.errors);
  const planned = planChanges(parsed.document!, state, { prune: options.prune, digest: digesterFor(client.token) });
  if (planned.errors.length > 0) return report(planned.errors);
  const { steps, kept } = planned.plan!;

  for (const step of steps) io.out(`${stepLine(step)}\n`);
  for (const { kind, key } of kept) io.out(`  ${kind} ${key} is not in the document: kept (--prune deletes it)\n`);
  const count = (action: Step['action']) => steps.filter((s) => s.action === action).length;
  io.out(`${count('create')} to create, ${count('update')} to update, ${count('delete')} to delete\n`);
  if (options.dryRun) {
    io.out('Dry run: nothing was applied.\n');
    return 0;
  }

  const ids = knownIds(state);
  const applied: Step[] = [];
  for (const [i, step] of steps.entries()) {
    try {
      await step.run(client, ids);
      applied.push(step);
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : (error as Error).message;
      io.err(`lookout: ${stepLine(step)} failed: ${reason}\n`);
      io.err(`Applied ${applied.length} of ${steps.length} changes:\n${applied.map((s) => `  ${stepLine(s)}\n`).join('')}`);
      io.err(
        `Not applied:\n${steps
          .slice(i)
          .map((s) => `  ${stepLine(s)}\n`)
          .join('')}`,
      );
      return 1;
    }
  }
  io.out(steps.length === 0 ? 'Nothing to apply: the team already holds the document.\n' : `Applied ${steps.length} change${steps.length === 1 ? '' : 's'}.\n`);
  return 0;
}
