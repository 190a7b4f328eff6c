import { parentPort } from 'node:worker_threads';
import type { Assertion } from '../domain/assertions/assertion-schema.js';
import { evaluateAssertions, type AssertionVerdict, type CheckAnswer } from '../domain/assertions/evaluate.js';

/*
 * The thread that judges costly answers (judge-answer.ts): the same pure evaluation as on the
 * event loop, so that a long one holds only this thread. It is ended (and replaced) when a
 * judgement runs past its time.
 */

export interface JudgeRequest {
  id: number;
  assertions: readonly Assertion[];
  answer: CheckAnswer;
  redact: readonly string[];
}

export type JudgeReply = { id: number; verdict: AssertionVerdict } | { id: number; error: string };

/** Said once, when the thread has loaded what it judges with: its time limits count from then. */
export const READY = 'ready';

parentPort?.on('message', (request: JudgeRequest) => {
  let reply: JudgeReply;
  try {
    reply = { id: request.id, verdict: evaluateAssertions(request.assertions, request.answer, { redact: request.redact }) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
parentPort?.postMessage(READY);
