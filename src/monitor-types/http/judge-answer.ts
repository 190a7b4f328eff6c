import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Assertion } from '../../domain/assertions/assertion-schema.js';
import { evaluateAssertions, evaluationIsCostly, unjudged, type AssertionVerdict, type CheckAnswer } from '../../domain/assertions/evaluate.js';
import type { SecretToBlank } from '../../domain/secrets/blank-secrets.js';
import { READY, type JudgeReply, type JudgeRequest } from './judge-messages.js';

/**
 * How long judging one answer may take, all its assertions together. Judging is linear in the
 * body, but twenty patterns on a long text add up to seconds: past this, the run fails with
 * `assertion-timeout`.
 */
export const JUDGING_TIME_LIMIT_MS = 500;
/** How long past the limit a judging thread may take to answer before it is ended. */
const STUCK_AFTER_MS = 250;

/** A verdict, and whether judging was cut at JUDGING_TIME_LIMIT_MS (the run then fails with `assertion-timeout`). */
export interface Judgement extends AssertionVerdict {
  timedOut: boolean;
}

/**
 * Judges the answer against the assertions. Cheap judgements (the usual ones: a few patterns on a
 * short body, see evaluationIsCostly) run at once on the event loop, where they cost less than a
 * message to a thread. Costly ones run on a judging thread, so that the event loop never waits
 * for them, and are cut at JUDGING_TIME_LIMIT_MS (the thread stops the judgement and lives on).
 */
export async function judgeAnswer(assertions: readonly Assertion[], answer: CheckAnswer, redact: readonly SecretToBlank[]): Promise<Judgement> {
  if (!evaluationIsCostly(assertions, answer)) return { ...evaluateAssertions(assertions, answer, { redact }), timedOut: false };
  const verdict = await judges.judge({ assertions, answer, redact });
  if (verdict) return { ...verdict, timedOut: false };
  return { ...unjudged(assertions, `not judged: judging took longer than ${JUDGING_TIME_LIMIT_MS} ms in total`), timedOut: true };
}

/** The message of a run cut by the limit. */
export function judgingTimeoutMessage(assertions: readonly Assertion[]): string {
  return `judging the ${assertions.length} assertion${assertions.length === 1 ? '' : 's'} took longer than ${JUDGING_TIME_LIMIT_MS} ms in total (a large body or costly patterns)`;
}

interface Job {
  request: Omit<JudgeRequest, 'id' | 'limitMs'>;
  resolve: (verdict: AssertionVerdict | null) => void;
}

/**
 * A few judging threads (one fewer than the cores, at least one, at most 4) and the jobs waiting
 * for one. A job's time is counted from when a thread takes it, so that waiting behind other
 * costly checks does not fail it; the queue holds at most MAX_WAITING (past that a job is judged
 * as timed out at once: the process is spending all its judging threads already).
 */
class JudgePool {
  private readonly idle: Thread[] = [];
  private readonly waiting: Job[] = [];
  private running = 0;
  private next = 1;
  private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1));
  private static readonly MAX_WAITING = 1_000;

  judge(request: Omit<JudgeRequest, 'id' | 'limitMs'>): Promise<AssertionVerdict | null> {
    return new Promise((resolve) => {
      if (this.waiting.length >= JudgePool.MAX_WAITING) {
        resolve(null);
        return;
      }
      this.waiting.push({ request, resolve });
      this.drain();
    });
  }

  private drain(): void {
    while (this.waiting.length > 0 && (this.idle.length > 0 || this.running < this.size)) {
      const job = this.waiting.shift()!;
      const worker = this.idle.pop() ?? spawn();
      this.running++;
      this.run(worker, job);
    }
  }

  private run({ worker, ready }: Thread, job: Job): void {
    void ready.then(
      () => this.post({ worker, ready }, job),
      () => {
        this.running--;
        job.resolve(null);
        this.drain();
      },
    );
  }

  private post(thread: Thread, job: Job): void {
    const { worker } = thread;
    const id = this.next++;
    let answered = false;
    let released = false;
    /** The check has its verdict at the limit, whatever the thread is doing. */
    const answer = (verdict: AssertionVerdict | null): void => {
      if (answered) return;
      answered = true;
      clearTimeout(limit);
      job.resolve(verdict);
    };
    /** The thread goes back to the pool, or is ended. */
    const release = (keep: boolean): void => {
      if (released) return;
      released = true;
      clearTimeout(limit);
      clearTimeout(grace);
      worker.off('message', onMessage);
      worker.off('error', onError);
      this.running--;
      if (keep) this.idle.push(thread);
      else void worker.terminate();
      this.drain();
    };
    const onMessage = (reply: JudgeReply): void => {
      if (reply.id !== id) return;
      // A judgement that threw is one the event loop's own evaluation would have thrown too: not judged.
      answer('verdict' in reply ? reply.verdict : null);
      release(true);
    };
    const onError = (): void => {
      answer(null);
      release(false);
    };
    // The thread stops its own judgement at the limit and answers; one that has not answered a
    // little later is stuck where V8 cannot interrupt it, and is ended (and replaced when needed).
    const limit = setTimeout(() => answer(null), JUDGING_TIME_LIMIT_MS);
    const grace = setTimeout(() => release(false), JUDGING_TIME_LIMIT_MS + STUCK_AFTER_MS);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage({ id, ...job.request, limitMs: JUDGING_TIME_LIMIT_MS } satisfies JudgeRequest);
  }
}

/** The thread's entry when running from the TypeScript sources: tsx's loader, then the typed module. */
function sourceBootstrap(): string {
  // The `import` target of tsx's `./esm/api` export (require.resolve would give the CommonJS one).
  const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const entry = new URL('./judge-worker.ts', import.meta.url).href;
  return `const tsx = await import(${JSON.stringify(tsx)}); tsx.register(); await import(${JSON.stringify(entry)});`;
}

interface Thread {
  worker: Worker;
  /** Settles when the thread has loaded its modules (it failed to start when rejected). */
  ready: Promise<void>;
}

/**
 * A judging thread. Built, it runs judge-worker.js beside this file. From the sources (tests,
 * benches run under tsx) it runs judge-worker.ts through tsx's loader, registered in the thread
 * first (Node 20 does not apply a worker's `--import` hooks to its entry file).
 */
function spawn(): Thread {
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(new URL(`data:text/javascript,${encodeURIComponent(sourceBootstrap())}`))
    : new Worker(new URL('./judge-worker.js', import.meta.url));
  // An idle thread does not keep the process alive.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the judging thread ended')));
    const onReady = (message: unknown): void => {
      if (message !== READY) return;
      worker.off('message', onReady);
      resolve();
    };
    worker.on('message', onReady);
  });
  ready.catch(() => undefined);
  return { worker, ready };
}

const judges = new JudgePool();
