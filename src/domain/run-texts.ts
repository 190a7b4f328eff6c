import type { Actor } from './actor.js';
import { ADMINS } from './roles.js';
import { RUN_NOTICES } from './status/apply-runs.js';

/*
 * What a check read from a target with a monitor's credentials belongs to whoever may hold those
 * credentials. A Member may edit the monitor (add a JSON-path assertion, a `matches` pattern) but
 * must not read through its runs what the credential protects: the assertions' `actual` values and
 * the texts quoted in a run's warnings and assertion error are answered to Admins and Owners only.
 * Everything else a run says (ok, status code, timings, which assertion failed) stays visible.
 */

/** What stands for a withheld warning or assertion error after its `assertion <n>: ` prefix. */
export const WITHHELD_TEXT = 'failed (what it read is shown to Admins and Owners only)';

/** The parts of a run this decides on. */
export interface RunTexts {
  error: { code: string; message: string } | null;
  assertions: Array<{ index: number; ok: boolean; actual: string | null }>;
  warnings: string[];
}

/** Whether this caller may read what the run read from the target. */
export function readsRunTexts(actor: Pick<Actor, 'role'>): boolean {
  return ADMINS.includes(actor.role);
}

/** The run with every text read from the target withheld: `actual` null, quoted texts replaced by WITHHELD_TEXT. */
export function withholdRunTexts<R extends RunTexts>(run: R): R {
  return {
    ...run,
    assertions: run.assertions.map((outcome) => ({ ...outcome, actual: null })),
    // A notice (`certificate not verified`) quotes nothing read from the target.
    warnings: run.warnings.map((line) => (RUN_NOTICES.has(line) ? line : withheldLine(line, false))),
    error: run.error && run.error.code === 'assertion-failed' ? { ...run.error, message: withheldLine(run.error.message, true) } : run.error,
  };
}

/**
 * `assertion <n>: <what it read>` becomes `assertion <n>: failed (…)`; an error's count of further
 * failures ("(and 2 more)") is kept. A line of another shape is withheld whole.
 */
function withheldLine(line: string, counted: boolean): string {
  const which = /^assertion (\d+): /.exec(line)?.[1];
  const more = counted ? / \(and (\d+) more\)$/.exec(line)?.[1] : undefined;
  return `${which === undefined ? '' : `assertion ${which}: `}${WITHHELD_TEXT}${more === undefined ? '' : ` (and ${more} more)`}`;
}
