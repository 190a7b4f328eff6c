import { z } from 'zod';
import { CHECK_ERROR_CODES, RUN_TRIGGERS } from '../../shared/vocabulary.js';

/**
 * The probe protocol's bodies (under /probe/v1/), shared by the server and `lookout probe`. A probe
 * is authenticated but its input is still judged: every field bounded, nothing recorded from a
 * batch with one bad item (400).
 */

/** Checks one take may ask for, and results one post may carry. */
export const MAX_BATCH = 500;
/** How long a take may wait for the first check (long poll). */
export const MAX_WAIT_MS = 30_000;

export const TakeRequest = z.strictObject({
  /** The region the probe was started for: it must be its token's. */
  region: z.string().max(64).optional(),
  max: z.int().min(1).max(MAX_BATCH),
  waitMs: z.int().min(0).max(MAX_WAIT_MS),
  /** The probe's own view of how far behind it is: checks waiting to run and to be posted. */
  backlog: z.int().min(0).max(1_000_000).optional(),
});
export type TakeRequest = z.infer<typeof TakeRequest>;

const text = (max: number) => z.string().max(max);
const ms = z.number().min(0).max(86_400_000);

const CheckErrorWire = z.strictObject({ code: z.enum(CHECK_ERROR_CODES), message: text(2000) });

const Timings = z.strictObject({
  dnsMs: ms.nullable(),
  connectMs: ms.nullable(),
  tlsMs: ms.nullable(),
  ttfbMs: ms.nullable(),
  totalMs: ms,
});

const Certificate = z.strictObject({
  subject: text(2000),
  issuer: text(2000),
  validFrom: text(64),
  validTo: text(64),
  daysRemaining: z.int().min(-1_000_000).max(1_000_000),
  fingerprint256: text(200),
});

const Outcome = z.strictObject({
  ok: z.boolean(),
  durationMs: z.number().min(-1).max(86_400_000),
  error: CheckErrorWire.nullable(),
  statusCode: z.int().min(0).max(999).nullable(),
  timings: Timings.nullable(),
  certificate: Certificate.nullable(),
  assertions: z
    .array(z.strictObject({ index: z.int().min(0).max(100), ok: z.boolean(), actual: text(1000).nullable(), credentialed: z.literal(true).optional() }))
    .max(50),
  warnings: z.array(text(1000)).max(50),
  dns: z
    .strictObject({ rcode: text(64).nullable(), records: z.array(text(2000)).max(100) })
    .nullable()
    .optional(),
  expiringSoon: z.boolean().optional(),
});

const Job = z.strictObject({
  monitorId: text(64),
  teamId: text(64).optional(),
  region: text(32),
  trigger: z.enum(RUN_TRIGGERS),
  dueAt: z.int().min(0),
  nextDueAt: z.int().min(0).nullable(),
});

/** One result: the lease it was handed with and what running it produced (a CheckedRun). */
export const ResultItem = z.strictObject({
  lease: text(4096),
  run: z.strictObject({ job: Job, startedAt: z.int().min(0), attempts: z.int().min(1).max(2), result: Outcome }),
});
export type ResultItem = z.infer<typeof ResultItem>;

export const ResultsRequest = z.strictObject({ results: z.array(ResultItem).min(1).max(MAX_BATCH) });

/** A check handed to a probe: the lease to post its result with, and the due check itself. */
export interface LeasedCheck {
  lease: string;
  check: { job: unknown; monitor: unknown };
}

export interface TakeAnswer {
  checks: LeasedCheck[];
  /** How many checks the server would hand this probe at once now (back-pressure). */
  accept: number;
}

export interface ResultsAnswer {
  /** Results written now or before (a retried post): every one of the batch. */
  recorded: number;
  /** How many results the server can take in the next post (back-pressure). */
  accept: number;
}
