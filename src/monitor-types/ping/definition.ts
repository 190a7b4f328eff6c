import { z } from 'zod';
import { PingAssertionInput, PingAssertionRecord, type Assertion } from '../../domain/assertions/assertion-schema.js';
import { MonitorCommonFields, commonCreate, commonRecord, hostField } from '../../domain/monitor-fields.js';
import { intRange } from '../../domain/validation.js';
import { ASSERTION_LIMITS, MONITOR_LIMITS } from '../../shared/limits.js';
import { NO_PROBLEMS, NOTHING_FOLLOWS, assertionsColumn, parseList, type CheckCommon, type MonitorRow, type MonitorTypeDefinition } from '../definition.js';

/*
 * Ping monitors: `packets` ICMP echo requests to `host` per region and interval, judged on at
 * least one reply within the timeout and on their assertions (the average round trip, the share
 * of requests lost). The host is kept in the `host` column, as for SSL and TCP monitors.
 */

/* Fields and rules. */

const PacketsField = intRange(...MONITOR_LIMITS.packets).describe('Echo requests sent per check: an integer from 1 to 10; 3 when omitted at creation.');

const PingAssertionsField = z
  .array(PingAssertionInput)
  .max(ASSERTION_LIMITS.assertions)
  .nullable()
  .describe('Assertions on the replies: `responseTime` (the average round trip) and `packetLoss` (`lte` a percentage); null for none.');

/** Fields of ping monitors. */
export const PingMonitorFields = z.object({
  host: hostField('The host to ping'),
  packets: PacketsField,
  assertions: PingAssertionsField,
});

export const PingMonitorCreate = z
  .strictObject({
    type: z.literal('ping').describe('`ping`: send ICMP echo requests to `host`.'),
    ...commonCreate,
    ...PingMonitorFields.shape,
    packets: PacketsField.default(MONITOR_LIMITS.defaultPackets),
    assertions: PingAssertionsField.optional(),
  })
  .describe('A ping monitor: `packets` ICMP echo requests per region and interval; it fails when no reply comes back within the timeout.');

export const PingMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...PingMonitorFields.partial().shape })
  .describe('Changes to a ping monitor: only the fields sent change.');
export type PingMonitorUpdate = z.output<typeof PingMonitorUpdate>;

export const PingMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('ping'),
  ...commonRecord,
  host: z.string(),
  packets: z.int(),
  assertions: z.array(PingAssertionRecord).describe('Assertions on the replies, in order; empty for none.'),
});
export type PingMonitorRecord = z.output<typeof PingMonitorRecord>;

export type PingMonitorForCheck = CheckCommon & { type: 'ping'; host: string; packets: number; assertions: Assertion[] };

const COLUMNS = ['host', 'packets', 'assertions'] as const satisfies ReadonlyArray<keyof MonitorRow>;

export const pingDefinition = {
  type: 'ping',
  title: 'ping',
  fields: PingMonitorFields,
  create: PingMonitorCreate,
  update: PingMonitorUpdate,
  requiredOnCreate: ['host'],
  fieldSummary: 'host, packets (1-10), assertions (responseTime, packetLoss)',
  checked: true,
  problemsOnCreate: NO_PROBLEMS,
  problemsOnUpdate: NO_PROBLEMS,

  columns: COLUMNS,
  createColumns: (fields) => ({
    host: fields.host,
    packets: fields.packets,
    assertions: assertionsColumn(fields.assertions ?? null) ?? null,
  }),
  changeColumns(changes, _current, change) {
    change.put('host', changes.host);
    change.put('packets', changes.packets);
    change.put('assertions', assertionsColumn(changes.assertions));
  },
  followChange: NOTHING_FOLLOWS,

  record: PingMonitorRecord,
  toRecord: (row, { common }) => ({
    id: row.id,
    type: 'ping',
    ...common,
    host: row.host!,
    packets: row.packets!,
    assertions: parseList<PingMonitorRecord['assertions'][number]>(row.assertions),
  }),
  listSql: {
    sqlite: `'host', host, 'packets', packets, 'assertions', json(coalesce(assertions, '[]'))`,
    postgres: `'host', host, 'packets', packets, 'assertions', coalesce(assertions, '[]')::json`,
  },

  forCheck: (row, common): PingMonitorForCheck => ({
    ...common,
    type: 'ping',
    host: row.host!,
    packets: row.packets!,
    assertions: parseList<Assertion>(row.assertions),
  }),
  runDetails: ['ping', 'assertions'],

  target: (row) => row.host!,
  publicTarget: (row) => row.host,
} satisfies MonitorTypeDefinition<
  'ping',
  typeof PingMonitorCreate,
  typeof PingMonitorUpdate,
  typeof PingMonitorRecord,
  PingMonitorForCheck,
  (typeof COLUMNS)[number]
>;
