import { z } from 'zod';
import { pingKeyColumns } from '../../domain/heartbeats/ping-keys.js';
import { cronProblem, deadlineAfterPing, scheduleOf } from '../../domain/heartbeats/schedule.js';
import { isTimeZone } from '../../domain/maintenance/rrule.js';
import {
  DependsOnField,
  FailureThresholdField,
  HeartbeatCommonFields,
  PolicyField,
  RecoveryThresholdField,
  TagsField,
  boundedString,
  checked,
  stateRecord,
} from '../../domain/monitor-fields.js';
import type { FieldError } from '../../domain/problem.js';
import { KeyField, SecretsDigestField } from '../../domain/keys.js';
import { isoOrNull } from '../../domain/time.js';
import { intRange } from '../../domain/validation.js';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import { postgresIso, sentOf, sqliteIso, type MonitorRow, type MonitorTypeDefinition } from '../definition.js';

/*
 * Heartbeat monitors: Lookout checks nothing; the job pings its `pingUrl` each time it runs (every
 * `periodSeconds`, or on `cron`), and a run not reported within `graceSeconds` of its expected time
 * is missed. Its runs come from the pings (checks/heartbeat-pings.ts) and the deadline sweep
 * (checks/heartbeat-sweep.ts), under the rules of domain/heartbeats/.
 */

/* Fields and rules. */

const PeriodField = intRange(...MONITOR_LIMITS.periodSeconds)
  .nullable()
  .describe('Seconds between two runs of the job: an integer from 60 to 2592000 (30 days). Exactly one of `periodSeconds` and `cron`.');

const CronField = checked(boundedString(MONITOR_LIMITS.cronLength), cronProblem)
  .nullable()
  .describe(
    'When the job runs, as a 5-field cron expression (minute hour day-of-month month day-of-week) in `timezone`, such as `0 3 * * *`. ' +
      'Exactly one of `periodSeconds` and `cron`.',
  );

const TimezoneField = z
  .string()
  .refine(isTimeZone, { message: 'must be an IANA time zone name, such as Europe/Berlin or UTC' })
  .describe('The IANA time zone `cron` is read in; default UTC. Only with `cron`.');

const GraceField = intRange(...MONITOR_LIMITS.graceSeconds).describe(
  `Seconds a ping may come after its expected time before the run counts as missed: an integer from 0 to 86400; default ${MONITOR_LIMITS.defaultGraceSeconds}.`,
);

/** Fields of heartbeat monitors. */
export const HeartbeatMonitorFields = z.object({
  periodSeconds: PeriodField,
  cron: CronField,
  timezone: TimezoneField,
  graceSeconds: GraceField,
});

export const HeartbeatMonitorCreate = z
  .strictObject({
    type: z.literal('heartbeat').describe('`heartbeat`: a job pings Lookout; the monitor goes down when a ping is missed.'),
    ...HeartbeatCommonFields.shape,
    notificationPolicyId: PolicyField.optional(),
    failureThreshold: FailureThresholdField.default(1),
    recoveryThreshold: RecoveryThresholdField.default(1),
    key: KeyField.nullable().optional(),
    secretsDigest: SecretsDigestField.nullable().optional(),
    tags: TagsField.default([]),
    dependsOn: DependsOnField.optional(),
    periodSeconds: PeriodField.optional(),
    cron: CronField.optional(),
    timezone: TimezoneField.optional(),
    graceSeconds: GraceField.default(MONITOR_LIMITS.defaultGraceSeconds),
  })
  .describe(
    'A heartbeat monitor: the job calls its `pingUrl` each time it runs (every `periodSeconds`, or on `cron`); a run not reported within ' +
      '`graceSeconds` of its expected time is missed and the monitor goes down. Lookout checks nothing itself: no interval, timeout or regions.',
  );

export const HeartbeatMonitorUpdate = z
  .strictObject({ ...HeartbeatCommonFields.partial().shape, ...HeartbeatMonitorFields.partial().shape })
  .describe('Changes to a heartbeat monitor: only the fields sent change. To move from `periodSeconds` to `cron`, send `periodSeconds: null` with it.');
export type HeartbeatMonitorUpdate = z.output<typeof HeartbeatMonitorUpdate>;

/** What the heartbeat rules read: each value as the monitor will have it, and which of them the body sent. */
export interface HeartbeatScheduleShape {
  periodSeconds: unknown;
  cron: unknown;
  timezone: unknown;
  sent: ReadonlySet<'periodSeconds' | 'cron' | 'timezone'>;
}

/** A heartbeat runs on a period or on a cron expression, exactly one; `timezone` is read only with `cron`. */
export function heartbeatScheduleProblems(shape: HeartbeatScheduleShape): FieldError[] {
  const hasPeriod = shape.periodSeconds !== null && shape.periodSeconds !== undefined;
  const hasCron = shape.cron !== null && shape.cron !== undefined;
  if (!hasPeriod && !hasCron) {
    return [{ field: shape.sent.has('cron') ? 'cron' : 'periodSeconds', message: 'is required: a heartbeat needs periodSeconds or cron' }];
  }
  if (hasPeriod && hasCron) {
    return shape.sent.has('cron')
      ? [{ field: 'cron', message: 'must not be set with periodSeconds: a heartbeat has one or the other (send periodSeconds: null to use cron)' }]
      : [{ field: 'periodSeconds', message: 'must not be set with cron: a heartbeat has one or the other (send cron: null to use periodSeconds)' }];
  }
  if (!hasCron && shape.sent.has('timezone') && shape.timezone !== undefined) {
    return [{ field: 'timezone', message: 'is only used with cron' }];
  }
  return [];
}

export const HeartbeatMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('heartbeat'),
  name: z.string(),
  ...stateRecord,
  periodSeconds: z.int().nullable(),
  cron: z.string().nullable(),
  timezone: z.string(),
  graceSeconds: z.int(),
  pingUrl: z
    .string()
    .nullable()
    .describe(
      'Where the job reports: GET, POST or HEAD `pingUrl` on success, `pingUrl/start` when it starts, `pingUrl/fail` on failure, ' +
        '`pingUrl/<exit code>` (0 = success). The key in it is a secret: anyone with it can report for the job. ' +
        'Null for Viewers (Members and up see it), and where the record leaves the team (notification payloads).',
    ),
  deadlineAt: z
    .string()
    .nullable()
    .describe('When the monitor goes down unless a success ping comes first (expected time + grace); null before the first success ping and while paused.'),
});
export type HeartbeatMonitorRecord = z.output<typeof HeartbeatMonitorRecord>;

/* Stored columns. */

const COLUMNS = ['period_seconds', 'cron', 'timezone', 'grace_seconds', 'ping_key', 'heartbeat_deadline'] as const satisfies ReadonlyArray<keyof MonitorRow>;

const SCHEDULE_FIELDS = ['periodSeconds', 'cron', 'timezone'] as const;

export const heartbeatDefinition = {
  type: 'heartbeat',
  title: 'Heartbeat',
  fields: HeartbeatMonitorFields,
  create: HeartbeatMonitorCreate,
  update: HeartbeatMonitorUpdate,
  requiredOnCreate: [],
  fieldSummary: 'periodSeconds or cron (with timezone), graceSeconds',
  checked: false,
  problemsOnCreate: (input) =>
    heartbeatScheduleProblems({ periodSeconds: input.periodSeconds, cron: input.cron, timezone: input.timezone, sent: sentOf(input, SCHEDULE_FIELDS) }),
  problemsOnUpdate: (current, input) =>
    heartbeatScheduleProblems({
      periodSeconds: 'periodSeconds' in input ? input.periodSeconds : current.period_seconds,
      cron: 'cron' in input ? input.cron : current.cron,
      timezone: input.timezone,
      sent: sentOf(input, SCHEDULE_FIELDS),
    }),

  columns: COLUMNS,
  createColumns: (fields, { monitorId, secrets }) => ({
    period_seconds: fields.periodSeconds ?? null,
    cron: fields.cron ?? null,
    timezone: fields.timezone ?? 'UTC',
    grace_seconds: fields.graceSeconds,
    ...pingKeyColumns(secrets, monitorId),
  }),
  changeColumns(changes, _current, change) {
    change.put('period_seconds', changes.periodSeconds);
    change.put('cron', changes.cron);
    // Without cron the zone means nothing: it is kept as UTC.
    change.put('timezone', changes.cron === null ? 'UTC' : changes.timezone);
    change.put('grace_seconds', changes.graceSeconds);
  },
  // Another schedule for a heartbeat that has been pinged: the deadline follows from its last success ping.
  followChange(current, set, now) {
    const scheduleChanged = set.period_seconds !== undefined || set.cron !== undefined || set.timezone !== undefined || set.grace_seconds !== undefined;
    if (current.heartbeat_deadline !== null && scheduleChanged) set.heartbeat_deadline = deadlineAfterPing(scheduleOf({ ...current, ...set }), now);
  },

  record: HeartbeatMonitorRecord,
  toRecord: (row, { common: { name }, state, pingUrlOf }) => ({
    id: row.id,
    type: 'heartbeat',
    name,
    ...state,
    periodSeconds: row.period_seconds,
    cron: row.cron,
    timezone: row.timezone ?? 'UTC',
    graceSeconds: row.grace_seconds ?? MONITOR_LIMITS.defaultGraceSeconds,
    pingUrl: pingUrlOf && row.ping_key !== null ? pingUrlOf(row.ping_key, row.id) : null,
    deadlineAt: isoOrNull(row.heartbeat_deadline),
  }),
  // The database leaves the sealed key in `pingUrl`: the list opens it (monitor-list-sql.ts).
  listSql: {
    sqlite: `'periodSeconds', period_seconds, 'cron', cron, 'timezone', coalesce(timezone, 'UTC'), 'graceSeconds', grace_seconds,
    'pingUrl', ping_key,
    'deadlineAt', case when heartbeat_deadline is null then null else ${sqliteIso('heartbeat_deadline')} end`,
    postgres: `'periodSeconds', period_seconds, 'cron', cron, 'timezone', coalesce(timezone, 'UTC'), 'graceSeconds', grace_seconds,
    'pingUrl', ping_key,
    'deadlineAt', case when heartbeat_deadline is null then null else ${postgresIso('heartbeat_deadline')} end`,
  },

  forCheck: null,
  runDetails: ['log'],

  target: (row) => (row.cron !== null ? `heartbeat (${row.cron} ${row.timezone ?? 'UTC'})` : `heartbeat (every ${row.period_seconds ?? 0} s)`),
  // It watches no address of its own, and its ping URL is a secret.
  publicTarget: () => null,
} satisfies MonitorTypeDefinition<
  'heartbeat',
  typeof HeartbeatMonitorCreate,
  typeof HeartbeatMonitorUpdate,
  typeof HeartbeatMonitorRecord,
  never,
  (typeof COLUMNS)[number]
>;
