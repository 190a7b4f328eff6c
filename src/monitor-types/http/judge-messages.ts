import type { Assertion } from '../../domain/assertions/assertion-schema.js';
import type { AssertionVerdict, CheckAnswer } from '../../domain/assertions/evaluate.js';
import type { SecretToBlank } from '../../domain/secrets/blank-secrets.js';

/* What crosses between the event loop that asks for a judgement (judge-answer.ts) and a judging thread (judge-worker.ts). */

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
