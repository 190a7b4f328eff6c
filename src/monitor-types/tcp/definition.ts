import { z } from 'zod';
import { TcpAssertionInput, TcpAssertionRecord, type Assertion } from '../../domain/assertions/assertion-schema.js';
import { MonitorCommonFields, commonCreate, commonRecord, hostField } from '../../domain/monitor-fields.js';
import { intRange } from '../../domain/validation.js';
import { ASSERTION_LIMITS, MONITOR_LIMITS } from '../../shared/limits.js';
import {
  NO_PROBLEMS,
  NOTHING_FOLLOWS,
  assertionsColumn,
  flagColumn,
  parseList,
  type CheckCommon,
  type MonitorRow,
  type MonitorTypeDefinition,
} from '../definition.js';

/*
 * TCP monitors: a connection to `host:port` per region and interval (and a TLS handshake with
 * `tls`), judged on completing in time and on its `responseTime` assertions.
 */

/* Fields and rules. */

const TcpPortField = intRange(...MONITOR_LIMITS.port).describe('The TCP port to connect to: an integer from 1 to 65535.');

const TlsField = z
  .boolean()
  .describe('Whether to complete a TLS handshake after connecting, with the certificate checks of an SSL monitor (no expiry warning); default false.');

const TcpAssertionsField = z
  .array(TcpAssertionInput)
  .max(ASSERTION_LIMITS.assertions)
  .nullable()
  .describe('Assertions on the connection: `responseTime` only (the connection, and handshake, within a time); null for none.');

/** Fields of TCP monitors. */
export const TcpMonitorFields = z.object({
  host: hostField('The host to connect to'),
  port: TcpPortField,
  tls: TlsField,
  assertions: TcpAssertionsField,
});

export const TcpMonitorCreate = z
  .strictObject({
    type: z.literal('tcp').describe('`tcp`: connect to `host:port`.'),
    ...commonCreate,
    ...TcpMonitorFields.shape,
    tls: TlsField.default(false),
    assertions: TcpAssertionsField.optional(),
  })
  .describe('A TCP monitor: a connection to `host:port` per region and interval (and a TLS handshake with `tls`); it fails when none completes in time.');

export const TcpMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...TcpMonitorFields.partial().shape })
  .describe('Changes to a TCP monitor: only the fields sent change.');
export type TcpMonitorUpdate = z.output<typeof TcpMonitorUpdate>;

export const TcpMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('tcp'),
  ...commonRecord,
  host: z.string(),
  port: z.int(),
  tls: z.boolean(),
  assertions: z.array(TcpAssertionRecord).describe('Assertions on the connection, in order; empty for none.'),
});
export type TcpMonitorRecord = z.output<typeof TcpMonitorRecord>;

export type TcpMonitorForCheck = CheckCommon & { type: 'tcp'; host: string; port: number; tls: boolean; assertions: Assertion[] };

const COLUMNS = ['host', 'port', 'tls', 'assertions'] as const satisfies ReadonlyArray<keyof MonitorRow>;

export const tcpDefinition = {
  type: 'tcp',
  title: 'TCP',
  fields: TcpMonitorFields,
  create: TcpMonitorCreate,
  update: TcpMonitorUpdate,
  requiredOnCreate: ['host', 'port'],
  fieldSummary: 'host, port, tls, assertions (responseTime)',
  checked: true,
  problemsOnCreate: NO_PROBLEMS,
  problemsOnUpdate: NO_PROBLEMS,

  columns: COLUMNS,
  createColumns: (fields) => ({
    host: fields.host,
    port: fields.port,
    tls: fields.tls ? 1 : 0,
    assertions: assertionsColumn(fields.assertions ?? null) ?? null,
  }),
  changeColumns(changes, _current, change) {
    change.put('host', changes.host);
    change.put('port', changes.port);
    change.put('tls', flagColumn(changes.tls));
    change.put('assertions', assertionsColumn(changes.assertions));
  },
  followChange: NOTHING_FOLLOWS,

  record: TcpMonitorRecord,
  toRecord: (row, { common }) => ({
    id: row.id,
    type: 'tcp',
    ...common,
    host: row.host!,
    port: row.port!,
    tls: row.tls === 1,
    assertions: parseList<TcpMonitorRecord['assertions'][number]>(row.assertions),
  }),
  listSql: {
    sqlite: `'host', host, 'port', port, 'tls', json(case when tls = 1 then 'true' else 'false' end), 'assertions', json(coalesce(assertions, '[]'))`,
    postgres: `'host', host, 'port', port, 'tls', tls = 1, 'assertions', coalesce(assertions, '[]')::json`,
  },

  forCheck: (row, common): TcpMonitorForCheck => ({
    ...common,
    type: 'tcp',
    host: row.host!,
    port: row.port!,
    tls: row.tls === 1,
    assertions: parseList<Assertion>(row.assertions),
  }),
  runDetails: ['timings', 'certificate', 'assertions'],

  target: (row) => `${row.host!}:${row.port!}`,
  publicTarget: (row) => row.host && `${row.host}:${String(row.port)}`,
} satisfies MonitorTypeDefinition<
  'tcp',
  typeof TcpMonitorCreate,
  typeof TcpMonitorUpdate,
  typeof TcpMonitorRecord,
  TcpMonitorForCheck,
  (typeof COLUMNS)[number]
>;
