import { z } from 'zod';
import { KeyField } from '../keys.js';
import { distinctIds, text, uuid } from '../validation.js';
import { contradiction, ruleParts } from './contradictions.js';
import { MAX_RRULE_LENGTH, isTimeZone, normaliseRrule, rruleProblem } from './rrule.js';

/* Requests and records of maintenance windows. */

export const MAX_WINDOW_MONITORS = 1000;
/** One occurrence lasts at most this long. */
export const MAX_OCCURRENCE_MS = 7 * 86_400_000;

const instant = (what: string) =>
  z
    .string()
    .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(s) && Number.isFinite(Date.parse(s)), {
      message: 'must be an ISO 8601 date and time with a time zone offset, such as 2026-12-01T01:00:00Z',
    })
    .describe(what);

const monitorIds = z
  .array(uuid())
  .min(1)
  .max(MAX_WINDOW_MONITORS)
  .superRefine(distinctIds)
  .describe(`The monitors the window covers: 1-${MAX_WINDOW_MONITORS} monitors of your team.`);

const rrule = z
  .string()
  .max(MAX_RRULE_LENGTH)
  .superRefine((value, ctx) => {
    const problem = rruleProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `is not a supported RRULE: ${problem}` });
    // A rule that can never occur is refused here, before anything searches for an occurrence.
    const never = problem ? null : contradiction(ruleParts(normaliseRrule(value)));
    if (never) ctx.addIssue({ code: 'custom', message: `never gives an occurrence: ${never}` });
  })
  .nullable()
  .describe(
    'null for a single occurrence, or an RFC 5545 RRULE repeating it in `timezone`: FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL, BYDAY, BYMONTHDAY, ' +
      'COUNT, UNTIL; for example `FREQ=WEEKLY;BYDAY=SU`. Occurrences keep the local start time of `startsAt`; one whose local time does not exist ' +
      '(a DST gap) is skipped. A rule that can never occur (`FREQ=MONTHLY;BYMONTHDAY=31;BYDAY=1MO`), or has no occurrence within 5 years of `startsAt`, is refused.',
  );

const timezone = z
  .string()
  .refine(isTimeZone, { message: 'must be an IANA time zone name, such as Europe/Berlin or UTC' })
  .describe('The IANA time zone the rule repeats the local start time in; default UTC.');

const fields = {
  title: text(200).describe('What the maintenance is, 1-200 characters (shown on the status page).'),
  monitorIds,
  startsAt: instant('The first occurrence starts (ISO 8601).'),
  endsAt: instant('The first occurrence ends (ISO 8601): after `startsAt`, at most 7 days later. Every occurrence lasts as long.'),
  rrule,
  timezone,
  showOnStatusPage: z.boolean().describe('Whether the public status page lists it (when it touches monitors the page shows); default true.'),
  key: KeyField.nullable(),
};

export const CreateMaintenanceWindowInput = z.strictObject({
  ...fields,
  rrule: fields.rrule.default(null),
  timezone: fields.timezone.default('UTC'),
  showOnStatusPage: fields.showOnStatusPage.default(true),
  key: fields.key.default(null),
});
export type CreateMaintenanceWindowInput = z.output<typeof CreateMaintenanceWindowInput>;

export const UpdateMaintenanceWindowInput = z.strictObject({
  title: fields.title.optional(),
  monitorIds: fields.monitorIds.optional(),
  startsAt: fields.startsAt.optional(),
  endsAt: fields.endsAt.optional(),
  rrule: fields.rrule.optional(),
  timezone: fields.timezone.optional(),
  showOnStatusPage: fields.showOnStatusPage.optional(),
  key: fields.key.optional(),
});
export type UpdateMaintenanceWindowInput = z.output<typeof UpdateMaintenanceWindowInput>;

export const FIELD_ORDER = ['title', 'monitorIds', 'startsAt', 'endsAt', 'rrule', 'timezone', 'showOnStatusPage', 'key'] as const;

export const MaintenanceWindowRecord = z.object({
  id: z.string(),
  title: z.string(),
  monitorIds: z.array(z.string()),
  startsAt: z.string().describe('The first occurrence starts.'),
  endsAt: z.string().describe('The first occurrence ends.'),
  rrule: z.string().nullable(),
  timezone: z.string(),
  showOnStatusPage: z.boolean(),
  key: z.string().nullable().describe('The name a document kept as code gives the window, or null.'),
  active: z.boolean().describe('Whether an occurrence is under way now (and was not ended early).'),
  nextStartsAt: z.string().nullable().describe('When the next occurrence starts (after now), or null when none will.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaintenanceWindowRecord = z.output<typeof MaintenanceWindowRecord>;
