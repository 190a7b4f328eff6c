import vm from 'node:vm';
import type { Assertion } from '../domain/assertions/assertion-schema.js';
import { evaluateAssertions, evaluationIsCostly, unjudged, type AssertionVerdict, type CheckAnswer } from '../domain/assertions/evaluate.js';
import { forgetPatterns } from '../domain/assertions/patterns.js';
import type { SecretToBlank } from '../domain/secrets/blank-secrets.js';

/**
 * How long judging one answer may hold the event loop. Judging is linear in the body, but a large
 * pattern on a long text can still take seconds, and every other check of the process waits
 * meanwhile: past this, the assertions fail as not judged. (V8 stops a script only between its own
 * steps, not inside JSON.parse: parsing is bounded instead by the body limit and by refusing bodies
 * nested too deep, see evaluate.ts.)
 */
export const JUDGING_TIME_LIMIT_MS = 500;

// One context for every limited run: V8 interrupts the script (and what it calls) at the limit.
const context = vm.createContext({ job: null as (() => unknown) | null });
const script = new vm.Script('job()');

/**
 * Judges the answer against the assertions. When judging may be costly (see evaluationIsCostly),
 * it runs under JUDGING_TIME_LIMIT_MS; cheap judgements (the usual ones) run as they are, since
 * setting up the limit costs more than they do.
 */
export function judgeAnswer(assertions: readonly Assertion[], answer: CheckAnswer, redact: readonly SecretToBlank[]): AssertionVerdict {
  if (!evaluationIsCostly(assertions, answer)) return evaluateAssertions(assertions, answer, { redact });
  context.job = () => evaluateAssertions(assertions, answer, { redact });
  try {
    return script.runInContext(context, { timeout: JUDGING_TIME_LIMIT_MS }) as AssertionVerdict;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    forgetPatterns();
    return unjudged(assertions, `not judged: judging this answer took longer than ${JUDGING_TIME_LIMIT_MS} ms (a large body or a costly pattern)`);
  } finally {
    context.job = null;
  }
}
