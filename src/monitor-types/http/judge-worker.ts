import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import type { Assertion } from '../../domain/assertions/assertion-schema.js';
import { evaluateAssertions, type AssertionVerdict, type CheckAnswer } from '../../domain/assertions/evaluate.js';
import { forgetPatterns } from '../../domain/assertions/patterns.js';
import type { SecretToBlank } from '../../domain/secrets/blank-secrets.js';

/*
 * The thread that judges costly answers (judge-answer.ts): the same pure evaluation as on the
 * event loop, so that a long one holds only this thread. Each judgement runs under its time limit
 * (V8 interrupts the script at it) and the thread lives on; the event loop's side ends the thread
 * only if it does not answer soon after (V8 cannot interrupt everything, JSON.parse for one).
 */

export interface JudgeRequest {
  id: number;
  assertions: readonly Assertion[];
  answer: CheckAnswer;
  redact: readonly SecretToBlank[];
  /** How long the judgement may take, in milliseconds. */
  limitMs: number;
}

export type JudgeReply = { id: number; verdict: AssertionVerdict } | { id: number; timedOut: true } | { id: number; error: string };

/** Said once, when the thread has loaded what it judges with: its time limits count from then. */
export const READY = 'ready';

// One context for every limited run: V8 interrupts the script (and what it calls) at the limit.
const context = vm.createContext({ job: null as (() => unknown) | null });
const script = new vm.Script('job()');

parentPort?.on('message', (request: JudgeRequest) => {
  let reply: JudgeReply;
  context.job = () => evaluateAssertions(request.assertions, request.answer, { redact: request.redact });
  try {
    reply = { id: request.id, verdict: script.runInContext(context, { timeout: Math.max(1, request.limitMs) }) as AssertionVerdict };
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      // A match interrupted half-way may leave a compiled pattern's caches inconsistent.
      forgetPatterns();
      reply = { id: request.id, timedOut: true };
    } else {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
  } finally {
    context.job = null;
  }
  parentPort!.postMessage(reply);
});
parentPort?.postMessage(READY);
