import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { evaluateAssertions, type AssertionVerdict } from '../../domain/assertions/evaluate.js';
import { forgetPatterns } from '../../domain/assertions/patterns.js';
import { READY, type JudgeReply, type JudgeRequest } from './judge-messages.js';

/*
 * The thread that judges costly answers (judge-answer.ts): the same pure evaluation as on the
 * event loop, so that a long one holds only this thread. Each judgement runs under its time limit
 * (V8 interrupts the script at it) and the thread lives on; the event loop's side ends the thread
 * only if it does not answer soon after (V8 cannot interrupt everything, JSON.parse for one).
 *
 * Only a judging thread loads this module: it listens to its thread's port as soon as it is loaded,
 * and in any other thread (a check thread) it would take that thread's messages for judgements.
 */

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
