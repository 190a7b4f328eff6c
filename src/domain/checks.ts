import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { CheckDispatcher } from './ports/check-dispatch.js';
import type { LockManager } from './ports/coordination.js';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import { CertificateRecord } from './monitor-fields.js';
import { NoFields } from './monitor-schemas.js';
import type { MonitorService } from './monitors.js';
import { Problem, problems } from './problem.js';
import { ANY_ROLE, WRITERS } from './roles.js';
import { iso } from './time.js';
import type { AssertionOutcome } from './assertions/evaluate.js';
import { holdsSecret } from './monitor-secrets.js';
import { WITHHELD_TEXT, readsRunTexts, withholdRunTexts } from './run-texts.js';
import { durationOf, regionOf } from './run-columns.js';
import { CHECK_ERROR_CODES, MONITOR_TYPES, RUN_TRIGGERS, type MonitorType } from '../shared/vocabulary.js';
import { definitionOf } from '../monitor-types/definitions.js';
import type { RunDetail } from '../monitor-types/definition.js';
import { parseInput } from './validation.js';
import { systemClock, type Clock } from './ports/clock.js';

/** One manual trigger per monitor per minute, across REST, MCP and the dashboard. */
export const TRIGGER_LOCK_MS = 60_000;
export const RUNS_LISTED = 100;

export const RunRecord = z.object({
  id: z.string(),
  monitorId: z.string(),
  region: z.string().nullable().describe('The region checked from; null for a heartbeat run (its job reported it).'),
  trigger: z.enum(RUN_TRIGGERS).describe('`scheduled`, `manual` (check now), or `ping` (a heartbeat job reported; a missed heartbeat is `scheduled`).'),
  startedAt: z.string(),
  durationMs: z.int().nullable().describe('How long the check took; for a heartbeat run, how long the job ran since its `/start` ping, or null without one.'),
  ok: z.boolean(),
  attempts: z.int().describe('1 when the first attempt succeeded; 2 when the confirming retry ran.'),
  error: z.object({ code: z.enum(CHECK_ERROR_CODES), message: z.string() }).nullable(),
  statusCode: z.int().nullable().describe('HTTP runs: the status code received, if any.'),
  dns: z
    .object({
      rcode: z.string().nullable().describe('The answer code (NOERROR, NXDOMAIN, SERVFAIL, REFUSED, …); null when no answer came.'),
      records: z.array(z.string()).describe('The records of the answer as text: an address, a name, `<priority> <exchange>` for MX, a TXT record joined.'),
    })
    .nullable()
    .describe('DNS runs: the answer.'),
  ping: z
    .object({
      sent: z.int().describe('Echo requests sent.'),
      received: z.int().describe('Echo replies received.'),
      rttMinMs: z.number().nullable().describe('The shortest round trip in milliseconds (to the microsecond); null when no reply came.'),
      rttAvgMs: z.number().nullable().describe('The average round trip; null when no reply came. The run’s durationMs is it rounded.'),
      rttMaxMs: z.number().nullable().describe('The longest round trip; null when no reply came.'),
    })
    .nullable()
    .describe('Ping runs: what was sent and what came back; null when nothing was sent (the name did not resolve, the address is blocked).'),
  domain: z
    .object({
      expiresAt: z.string().nullable().describe('When the registration expires (ISO-8601 UTC), as the registry said; null when it could not say.'),
      registrar: z.string().nullable().describe('The registrar the registry names, if any.'),
      rdapUrl: z.string().nullable().describe('The RDAP address asked; null when no registry serves the domain.'),
    })
    .nullable()
    .describe('Domain runs: the registration’s expiry, from the registry (answers are kept 12 hours per domain).'),
  log: z.string().nullable().describe('Heartbeat runs: up to 10 KiB of the body the job POSTed with its ping.'),
  timings: z
    .object({ dnsMs: z.int().nullable(), connectMs: z.int().nullable(), tlsMs: z.int().nullable(), ttfbMs: z.int().nullable(), totalMs: z.int() })
    .nullable()
    .describe('HTTP runs: where the time went. A phase the exchange did not complete is null; totalMs is always there, also on failure.'),
  certificate: CertificateRecord.nullable().describe('SSL runs: the certificate presented.'),
  assertions: z
    .array(
      z.object({
        index: z.int().describe("The assertion's position in the monitor's `assertions`, from 0."),
        ok: z.boolean(),
        actual: z.string().nullable().describe('What was found (at most 200 characters), or null when there was nothing to read.'),
      }),
    )
    .describe("Each assertion's outcome when an answer came to judge; empty when the monitor has none or no answer came."),
  warnings: z
    .array(z.string())
    .describe(
      'Assertions of severity `degraded` that did not hold, such as "assertion 2: responseTime 912 ms ≥ 800"; and notes that leave the status as it is, such as "domain expires in 12 days, on 2027-01-01".',
    ),
  textsWithheld: z
    .boolean()
    .describe(
      'True when what the check read from the target is withheld from this caller: on a monitor holding credentials (or a run made with them), ' +
        'Viewers and Members get every assertion `actual` as null, and each warning and assertion error as "assertion <n>: ' +
        WITHHELD_TEXT +
        '". Admins and Owners read them whole.',
    ),
  maintenance: z.boolean().describe('Whether a maintenance window covered the monitor: such runs change no status, alert nobody and count in no uptime.'),
});
export type RunRecord = z.infer<typeof RunRecord>;
type RunError = NonNullable<RunRecord['error']>;

/** The certificate fields a record shows (the stored one carries its fingerprint too). */
export function certificateRecord(stored: CertificateRecord): CertificateRecord {
  const { subject, issuer, validFrom, validTo, daysRemaining } = stored;
  return { subject, issuer, validFrom, validTo, daysRemaining };
}

export const CheckEnqueued = z.object({
  monitorId: z.string(),
  status: z.literal('queued'),
  regions: z.array(z.string()),
  enqueuedAt: z.string(),
  nextTriggerAt: z.string().describe('When the next manual check of this monitor may be triggered.'),
});
export type CheckEnqueued = z.infer<typeof CheckEnqueued>;

/** The details each type's runs carry (its definition's `runDetails`). */
const RUN_DETAILS_OF = Object.fromEntries(MONITOR_TYPES.map((type) => [type, new Set<RunDetail>(definitionOf(type).runDetails)])) as Partial<
  Record<MonitorType, ReadonlySet<RunDetail>>
> as Record<MonitorType, ReadonlySet<RunDetail>>;

/** Runs and "check now": what REST, MCP and the dashboard call. */
export class CheckService {
  private readonly newestRuns;

  constructor(
    db: Kysely<Database>,
    private readonly monitors: MonitorService,
    private readonly locks: LockManager,
    private readonly dispatcher: CheckDispatcher,
    /** The due time of an on-demand check (its run's start is read on the same clock). */
    private readonly clock: Clock = systemClock,
  ) {
    this.newestRuns = prepared(db, (monitorId: string, limit: number) =>
      db.selectFrom('monitor_runs').selectAll().where('monitor_id', '=', monitorId).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit),
    );
  }

  /** The 100 newest runs of a monitor, newest first. */
  async runs(actor: Actor, monitorId: string): Promise<RunRecord[]> {
    requireRole(actor, ANY_ROLE);
    const monitor = await this.monitors.get(actor, monitorId);
    const rows = await this.newestRuns(monitor.id, RUNS_LISTED);
    const readsTexts = readsRunTexts(actor);
    const monitorHoldsSecret = holdsSecret(monitor);
    // What a run of its type carries: the other details are answered empty.
    const carries = RUN_DETAILS_OF[monitor.type];
    return rows.map((row) => {
      const assertions = carries.has('assertions') && row.assertions ? (JSON.parse(row.assertions) as AssertionOutcome[]) : [];
      const run: RunRecord = {
        id: row.id,
        monitorId: row.monitor_id,
        region: regionOf(row.region),
        trigger: row.trigger as RunRecord['trigger'],
        startedAt: iso(row.started_at),
        durationMs: durationOf(row.duration_ms),
        ok: row.ok === 1,
        attempts: row.attempts,
        error: row.error_code ? { code: row.error_code as RunError['code'], message: row.error_message ?? '' } : null,
        statusCode: carries.has('statusCode') ? row.status_code : null,
        dns: carries.has('dns') && row.dns ? (JSON.parse(row.dns) as RunRecord['dns']) : null,
        ping: carries.has('ping') && row.ping ? (JSON.parse(row.ping) as RunRecord['ping']) : null,
        domain: carries.has('domain') && row.domain ? (JSON.parse(row.domain) as RunRecord['domain']) : null,
        log: carries.has('log') ? row.log : null,
        timings: carries.has('timings') && row.timings ? (JSON.parse(row.timings) as RunRecord['timings']) : null,
        certificate: carries.has('certificate') && row.certificate ? certificateRecord(JSON.parse(row.certificate) as CertificateRecord) : null,
        // The stored outcome may say it was read with credentials: that is not answered.
        assertions: assertions.map(({ index, ok, actual }) => ({ index, ok, actual })),
        warnings: row.warnings ? (JSON.parse(row.warnings) as string[]) : [],
        textsWithheld: false,
        maintenance: row.maintenance === 1,
      };
      // Runs made with credentials stay withheld after the credentials are removed.
      const withheld = !readsTexts && (monitorHoldsSecret || assertions.some((outcome) => outcome.credentialed));
      return withheld ? { ...withholdRunTexts(run), textsWithheld: true } : run;
    });
  }

  /**
   * Queues a check of the monitor in each of its regions now. Judged in the contract's order:
   * role, monitor, body and paused state, and only then the per-monitor lock, so a rejected
   * request never takes the lock.
   */
  async trigger(actor: Actor, monitorId: string, input?: unknown): Promise<CheckEnqueued> {
    requireRole(actor, WRITERS);
    const monitor = await this.monitors.get(actor, monitorId);
    parseInput(NoFields, input);
    if (monitor.type === 'heartbeat')
      throw problems.invalidField('monitor', 'is a heartbeat monitor: its job reports by pinging it, Lookout does not check it');
    if (monitor.paused) throw problems.invalidField('monitor', 'is paused');
    const lock = await this.locks.tryAcquire(`trigger:${monitor.id}`, TRIGGER_LOCK_MS);
    if (!lock.acquired) {
      const seconds = Math.max(1, Math.ceil(lock.retryAfterMs / 1000));
      throw new Problem('rate-limited', `This monitor was checked on demand less than a minute ago (trigger lock); try again in ${seconds} s.`, {
        retryAfter: seconds,
      });
    }
    const now = this.clock.now();
    for (const region of monitor.regions) {
      await this.dispatcher.enqueue({ monitorId: monitor.id, teamId: actor.teamId, region, trigger: 'manual', dueAt: now, nextDueAt: null });
    }
    return { monitorId: monitor.id, status: 'queued', regions: monitor.regions, enqueuedAt: iso(now), nextTriggerAt: iso(now + TRIGGER_LOCK_MS) };
  }
}
