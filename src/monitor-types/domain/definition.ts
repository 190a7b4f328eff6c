import { isIP } from 'node:net';
import { z } from 'zod';
import { MonitorCommonFields, boundedString, checked, commonCreate, commonRecord, hostProblem } from '../../domain/monitor-fields.js';
import { intRange } from '../../domain/validation.js';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import { NO_PROBLEMS, NOTHING_FOLLOWS, type CheckCommon, type MonitorRow, type MonitorTypeDefinition } from '../definition.js';

/*
 * Domain monitors: when the registration of `domain` expires, asked of its registry over RDAP
 * (RFC 9082/9083), the registry found through IANA's bootstrap file. Expired fails the run; within
 * `warningDays` the run succeeds with a warning and one `domain.expiring` event per expiry date.
 * The name is kept in the `host` column, the warning days in `warning_days`.
 */

/* Fields and rules. */

/** Why `name` is not a registrable domain name (a host name of two labels or more, not an address), or null. */
export function domainProblem(name: string): string | null {
  if (isIP(name) !== 0) return 'must be a domain name, not an address';
  const problem = hostProblem(name);
  if (problem !== null)
    return problem.startsWith('must be a host name') ? 'must be a domain name such as example.com (international names in xn-- form)' : problem;
  if (!name.includes('.')) return 'must be a registrable domain name with its top-level domain, such as example.com';
  if (name.includes('_')) return 'must not contain an underscore';
  return null;
}

const DomainField = checked(boundedString(MONITOR_LIMITS.hostLength), domainProblem)
  .transform((name) => name.toLowerCase())
  .describe(
    'The registered domain whose expiry is watched, such as example.com: 1-253 characters, international names in xn-- form. ' +
      'Its top-level domain must have an RDAP service in IANA’s bootstrap file.',
  );

const DomainWarningDaysField = intRange(...MONITOR_LIMITS.domainWarningDays).describe(
  'Days before the registration expires from which a run warns and a `domain.expiring` event is raised (once per expiry date): 1 to 365; 30 when omitted at creation.',
);

/** Fields of domain monitors. */
export const DomainMonitorFields = z.object({
  domain: DomainField,
  warningDays: DomainWarningDaysField,
});

export const DomainMonitorCreate = z
  .strictObject({
    type: z.literal('domain').describe('`domain`: ask the registry when `domain` expires.'),
    ...commonCreate,
    ...DomainMonitorFields.shape,
    warningDays: DomainWarningDaysField.default(MONITOR_LIMITS.defaultDomainWarningDays),
  })
  .describe(
    'A domain monitor: the registration expiry of `domain` over RDAP (answers kept 12 hours per domain, whatever the interval); ' +
      'it fails once the domain has expired, and warns within `warningDays`.',
  );

export const DomainMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...DomainMonitorFields.partial().shape })
  .describe('Changes to a domain monitor: only the fields sent change.');
export type DomainMonitorUpdate = z.output<typeof DomainMonitorUpdate>;

export const DomainMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('domain'),
  ...commonRecord,
  domain: z.string(),
  warningDays: z.int(),
});
export type DomainMonitorRecord = z.output<typeof DomainMonitorRecord>;

export type DomainMonitorForCheck = CheckCommon & { type: 'domain'; domain: string; warningDays: number };

const COLUMNS = ['host', 'warning_days'] as const satisfies ReadonlyArray<keyof MonitorRow>;

export const domainDefinition = {
  type: 'domain',
  title: 'domain',
  fields: DomainMonitorFields,
  create: DomainMonitorCreate,
  update: DomainMonitorUpdate,
  requiredOnCreate: ['domain'],
  fieldSummary: 'domain, warningDays (1-365)',
  checked: true,
  problemsOnCreate: NO_PROBLEMS,
  problemsOnUpdate: NO_PROBLEMS,

  columns: COLUMNS,
  createColumns: (fields) => ({ host: fields.domain, warning_days: fields.warningDays }),
  changeColumns(changes, _current, change) {
    change.put('host', changes.domain);
    change.put('warning_days', changes.warningDays);
  },
  followChange: NOTHING_FOLLOWS,

  record: DomainMonitorRecord,
  toRecord: (row, { common }) => ({
    id: row.id,
    type: 'domain',
    ...common,
    domain: row.host!,
    warningDays: row.warning_days!,
  }),
  listSql: {
    sqlite: `'domain', host, 'warningDays', warning_days`,
    postgres: `'domain', host, 'warningDays', warning_days`,
  },

  forCheck: (row, common): DomainMonitorForCheck => ({ ...common, type: 'domain', domain: row.host!, warningDays: row.warning_days! }),
  runDetails: ['domain'],

  target: (row) => row.host!,
  publicTarget: (row) => row.host,
} satisfies MonitorTypeDefinition<
  'domain',
  typeof DomainMonitorCreate,
  typeof DomainMonitorUpdate,
  typeof DomainMonitorRecord,
  DomainMonitorForCheck,
  (typeof COLUMNS)[number]
>;
