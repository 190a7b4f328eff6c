import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CheckedRun, CheckExecutor, DueCheck } from '../execution/due-check.js';
import { MAX_BATCH, type LeasedCheck, type ResultsAnswer, type TakeAnswer } from './wire.js';

export interface ProbeOptions {
  /** The server's base address (`https://lookout.example.com`), without /probe/v1. */
  server: string;
  token: string;
  region: string;
  executor: CheckExecutor;
  logger: Logger;
  /** Checks running at once at most. */
  concurrency?: number;
  /** How long one take waits for the first check (long poll). */
  waitMs?: number;
  /** Reconnect backoff bounds: waits grow from the first to the last, with full jitter. */
  backoffMs?: [min: number, max: number];
  /** The serialized size a results post stays under (the server reads at most 1 MiB). */
  maxPostBytes?: number;
}

/** Results kept for the server at most: past this, the probe takes no more checks until it has posted. */
const MAX_OUTBOX = 20_000;
/** A results post waits at most this long for others to share it. */
const POST_DELAY_MS = 100;
/** Checks that start later than this after they were due mean the probe is behind. */
const BEHIND_MS = 5_000;
const BEHIND_LOG_MS = 30_000;

/** The server said no to this probe: its token is revoked or unknown. The probe stops. */
export class ProbeRefused extends Error {}

interface Outgoing {
  lease: string;
  run: CheckedRun;
}

/**
 * `lookout probe`: takes due checks of its region from the server over HTTP(S), runs them with the
 * same executor as the server's own checks (the target policy applied here, where the probe is),
 * and posts their results in batches. The lease it was handed each check with makes a retried post
 * write nothing twice, and a check it never reports is handed out again when the lease runs out.
 * Network errors and a restarting server are waited out with jittered backoff; what it has not
 * posted yet is kept (bounded) and posted once the server answers again.
 */
export class Probe {
  readonly registry = new Registry();
  private readonly metrics;
  private running = false;
  private inFlight = 0;
  private outbox: Outgoing[] = [];
  /** How many checks the server would hand at once / take in one post: its back-pressure. */
  private serverAccepts = MAX_BATCH;
  private postTimer: NodeJS.Timeout | null = null;
  private posting: Promise<void> | null = null;
  private lastBehindLog = 0;
  private readonly stopped: Promise<void>;
  private stop!: (error?: Error) => void;
  private readonly base: string;
  private readonly idle = new Set<() => void>();

  constructor(private readonly options: ProbeOptions) {
    this.base = `${options.server.replace(/\/+$/, '')}/probe/v1`;
    const registers = [this.registry];
    const region = options.region;
    this.metrics = {
      checks: new Counter({ name: 'lookout_probe_checks_total', help: 'Checks run by this probe, by result.', labelNames: ['result'], registers }),
      posted: new Counter({ name: 'lookout_probe_results_posted_total', help: 'Results the server recorded from this probe.', registers }),
      errors: new Counter({
        name: 'lookout_probe_request_errors_total',
        help: 'Requests to the server that failed, by request.',
        labelNames: ['request'],
        registers,
      }),
      behind: new Counter({ name: 'lookout_probe_behind_total', help: 'Checks that started more than 5 s after they were due.', registers }),
      lateness: new Histogram({
        name: 'lookout_probe_lateness_seconds',
        help: 'How long after its due time each check started.',
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
        registers,
      }),
    };
    const running: Gauge = new Gauge({
      name: 'lookout_probe_checks_running',
      help: 'Checks running now.',
      registers,
      collect: () => running.set(this.inFlight),
    });
    const waiting: Gauge = new Gauge({
      name: 'lookout_probe_results_waiting',
      help: 'Results run but not yet recorded by the server.',
      registers,
      collect: () => waiting.set(this.outbox.length),
    });
    this.registry.setDefaultLabels({ region });
    this.stopped = new Promise((resolve, reject) => {
      this.stop = (error) => (error ? reject(error) : resolve());
    });
  }

  /** Runs until `close()` (resolves) or until the server refuses the token (rejects with ProbeRefused). */
  async run(): Promise<void> {
    await this.options.executor.ready();
    this.running = true;
    this.options.logger.info({ server: this.options.server, region: this.options.region }, 'Lookout probe is checking');
    void this.takeLoop();
    return this.stopped;
  }

  /** Stops taking checks, lets those under way finish and posts what it holds (for up to `graceMs`). */
  async close(graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    const deadline = Date.now() + graceMs;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise<void>((resolve) => this.idle.add(resolve));
    while (this.outbox.length > 0 && Date.now() < deadline) {
      if (!(await this.postOnce())) await sleep(250);
    }
    if (this.postTimer) clearTimeout(this.postTimer);
    this.options.executor.close();
    this.stop();
  }

  private async takeLoop(): Promise<void> {
    const concurrency = this.options.concurrency ?? 2048;
    let failures = 0;
    while (this.running) {
      const room = Math.min(concurrency - this.inFlight, this.serverAccepts, MAX_BATCH);
      if (room <= 0 || this.outbox.length >= MAX_OUTBOX) {
        // Full, or the server is slow to take results: wait for checks to finish or posts to drain.
        await Promise.race([new Promise<void>((resolve) => this.idle.add(resolve)), sleep(room <= 0 ? 1000 : 200)]);
        continue;
      }
      let answer: TakeAnswer;
      try {
        answer = await this.request<TakeAnswer>('take', {
          region: this.options.region,
          max: room,
          waitMs: this.options.waitMs ?? 20_000,
          backlog: this.inFlight + this.outbox.length,
        });
        failures = 0;
      } catch (error) {
        if (error instanceof ProbeRefused) {
          this.refused(error);
          return;
        }
        this.metrics.errors.inc({ request: 'take' });
        const wait = backoff(++failures, this.options.backoffMs);
        this.options.logger.warn({ err: describe(error), retryInMs: wait }, 'could not take checks from the server; trying again');
        await sleep(wait);
        continue;
      }
      this.serverAccepts = Math.max(1, answer.accept);
      if (answer.accept === 0) await sleep(500); // the server's recorder is behind: ask again in a moment
      for (const leased of answer.checks) this.start(leased);
    }
  }

  private start(leased: LeasedCheck): void {
    const check = leased.check as DueCheck;
    this.inFlight++;
    const lateness = Date.now() - check.job.dueAt;
    if (check.job.trigger === 'scheduled') {
      this.metrics.lateness.observe(Math.max(0, lateness) / 1000);
      if (lateness > BEHIND_MS) this.behind(lateness);
    }
    this.options.executor
      .execute(check)
      .then(
        (run) => {
          this.metrics.checks.inc({ result: run.result.ok ? 'ok' : 'failed' });
          this.outbox.push({ lease: leased.lease, run });
          this.schedulePost();
        },
        (error: unknown) => this.options.logger.error({ err: error, monitorId: check.job.monitorId }, 'check failed to run'),
      )
      .finally(() => {
        this.inFlight--;
        for (const wake of this.idle) wake();
        this.idle.clear();
      });
  }

  private behind(latenessMs: number): void {
    this.metrics.behind.inc();
    const now = Date.now();
    if (now - this.lastBehindLog < BEHIND_LOG_MS) return;
    this.lastBehindLog = now;
    this.options.logger.warn(
      { latenessSeconds: Math.round(latenessMs / 100) / 10, running: this.inFlight, resultsWaiting: this.outbox.length },
      'probe is falling behind: checks start later than they are due (more probes, or a larger --concurrency, may help)',
    );
  }

  private schedulePost(): void {
    if (this.posting || this.postTimer) return;
    this.postTimer = setTimeout(
      () => {
        this.postTimer = null;
        void this.postLoop();
      },
      this.outbox.length >= MAX_BATCH ? 0 : POST_DELAY_MS,
    );
  }

  /** Posts until the outbox is empty, backing off while the server cannot be reached. */
  private postLoop(): Promise<void> {
    this.posting ??= (async () => {
      let failures = 0;
      while (this.outbox.length > 0) {
        if (await this.postOnce()) failures = 0;
        else {
          if (!this.running && this.refusedAlready) break;
          await sleep(backoff(++failures, this.options.backoffMs));
        }
      }
    })().finally(() => {
      this.posting = null;
      if (this.outbox.length > 0) this.schedulePost();
    });
    return this.posting;
  }

  private refusedAlready = false;

  /** One post of the oldest results; true when the server answered (recorded, or refused a result for good). */
  private async postOnce(): Promise<boolean> {
    const { batch, body } = this.cutBatch();
    if (batch.length === 0) return true;
    const started = Date.now();
    try {
      const answer = await this.request<ResultsAnswer>('results', body);
      this.outbox.splice(0, batch.length);
      this.metrics.posted.inc(answer.recorded);
      this.serverAccepts = Math.max(1, answer.accept);
      // A slow post is the server's back-pressure too: take fewer checks at once until it is quick again.
      if (Date.now() - started > 2000) this.serverAccepts = Math.max(1, Math.floor(this.serverAccepts / 2));
      return true;
    } catch (error) {
      if (error instanceof ProbeRefused) {
        this.refused(error);
        return false;
      }
      if (error instanceof BadRequest) {
        // A result the server will never take (its lease ran out long ago): one by one, so that only that one is dropped.
        if (batch.length === 1) {
          this.outbox.splice(0, 1);
          this.options.logger.error({ detail: error.message, monitorId: batch[0]!.run.job.monitorId }, 'the server refused a result; it is dropped');
        } else {
          this.serverAccepts = 1;
        }
        return true;
      }
      this.metrics.errors.inc({ request: 'results' });
      this.options.logger.warn({ err: describe(error), waiting: this.outbox.length }, 'could not post results to the server; keeping them and trying again');
      return false;
    }
  }

  /** The oldest results, as many as the server takes and as fit one post, and the post's body (each result serialized once). */
  private cutBatch(): { batch: Outgoing[]; body: string } {
    const limit = Math.min(MAX_BATCH, this.serverAccepts, this.outbox.length);
    const maxBytes = this.options.maxPostBytes ?? 900_000;
    const items: string[] = [];
    let bytes = 20;
    while (items.length < limit) {
      const item = JSON.stringify(this.outbox[items.length]);
      bytes += item.length + 1;
      if (bytes > maxBytes && items.length > 0) break;
      items.push(item);
    }
    return { batch: this.outbox.slice(0, items.length), body: `{"results":[${items.join(',')}]}` };
  }

  private refused(error: ProbeRefused): void {
    if (this.refusedAlready) return;
    this.refusedAlready = true;
    this.running = false;
    this.options.logger.error({ region: this.options.region }, `${error.message}; the probe stops`);
    this.options.executor.close();
    this.stop(error);
  }

  /** `body`: an object to send as JSON, or JSON already serialized. */
  private async request<T>(path: 'take' | 'results', body: unknown): Promise<T> {
    const response = await fetch(`${this.base}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      // A take waits up to waitMs on the server; neither may hang for ever on a half-open connection.
      signal: AbortSignal.timeout((this.options.waitMs ?? 20_000) + 30_000),
    });
    const text = await response.text();
    if (response.status === 401) throw new ProbeRefused('the server refused the probe token (revoked, or not a probe token)');
    if (response.status === 403) throw new ProbeRefused(`the server refused the probe: ${detailOf(text)}`);
    if (response.status === 400) throw new BadRequest(detailOf(text));
    if (!response.ok) throw new Error(`${path}: the server answered ${response.status}`);
    return JSON.parse(text) as T;
  }
}

class BadRequest extends Error {}

function detailOf(text: string): string {
  try {
    const problem = JSON.parse(text) as { detail?: string; errors?: Array<{ field: string; message: string }> };
    return problem.errors?.map((e) => `${e.field}: ${e.message}`).join('; ') || problem.detail || text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${error.message} (${cause.code})` : error.message;
}

/** Exponential backoff with full jitter: reconnecting probes do not arrive together. */
export function backoff(failures: number, [min, max]: [number, number] = [250, 30_000]): number {
  const ceiling = Math.min(max, min * 2 ** Math.min(failures - 1, 20));
  return Math.round(min + Math.random() * (ceiling - min));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether a server address may be plain http: only on this machine (loopback), unless the operator insists. */
export function plainHttpAllowed(server: URL): boolean {
  if (server.protocol === 'https:') return true;
  const host = server.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
