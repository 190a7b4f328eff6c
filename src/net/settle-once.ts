/**
 * The skeleton every check shares (and a webhook's post): one timer for the whole operation, raced
 * by the answer and by every error, and an end that runs once. Each of them wrote
 * `let settled = false`, a `setTimeout` and `if (settled) return; settled = true; clearTimeout(timer)`
 * by hand; this holds that part, so a new check (or a probe) cannot forget the timer or end twice.
 *
 * A small object rather than a wrapper around the promise or the end: it takes the place of the
 * flag and the timer handle the checks kept in their closures, so a run allocates no more than before
 * (no extra promise, no extra closure, no rest arguments), and each check's end keeps its own arity
 * and its own clean-up (destroying its socket or request, cancelling its query). Checks run thousands
 * of times a second.
 *
 * Usage: `const finish = (…) => { if (!once.claim()) return; socket?.destroy(); …; resolve(…) };`
 * then `const once = new SettleOnce(timeoutMs, () => finish(timeoutError))`, before any other
 * `finish` can be called.
 */
export class SettleOnce {
  private ended = false;
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number, onTimeout: () => void) {
    this.timer = setTimeout(onTimeout, timeoutMs);
  }

  /** Whether the end has been claimed: late events check it to do nothing. */
  get settled(): boolean {
    return this.ended;
  }

  /** Claims the end: true the first time (the timer is then cleared), false ever after. */
  claim(): boolean {
    if (this.ended) return false;
    this.ended = true;
    clearTimeout(this.timer);
    return true;
  }
}
