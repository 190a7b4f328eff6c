import type { Logger } from 'pino';

/** How long a process that met an unexpected error may spend closing before it exits anyway. */
const CLOSE_DEADLINE_MS = 5000;

/**
 * The last resort of the long-running commands (`lookout serve`, `lookout worker`): an exception
 * nothing caught, or a rejection nothing handled, is logged at fatal with the error; the process
 * then closes what it can (runs already checked are written) within a few seconds and exits with
 * code 1, so that its supervisor starts it again in a known state. Nothing a target, a
 * notification endpoint or a client sends is meant to get here: each of those ends in a failed
 * run or an error answer. This only keeps a defect from leaving a half-working process behind.
 */
export function exitOnUnexpectedError(running: { logger: Logger; close(): Promise<void> }): void {
  let exiting = false;
  const onError = (event: 'uncaughtException' | 'unhandledRejection') => (error: unknown) => {
    try {
      running.logger.fatal({ err: error, event }, exiting ? 'another unexpected error while closing' : 'unexpected error: closing, then exiting with code 1');
    } catch {
      process.stderr.write(`lookout: unexpected error (${event}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    if (exiting) return process.exit(1);
    exiting = true;
    setTimeout(() => process.exit(1), CLOSE_DEADLINE_MS);
    Promise.resolve()
      .then(() => running.close())
      .catch(() => {}) // closing after a defect may fail too; the exit code already says it
      .finally(() => process.exit(1));
  };
  process.on('uncaughtException', onError('uncaughtException'));
  process.on('unhandledRejection', onError('unhandledRejection'));
}
