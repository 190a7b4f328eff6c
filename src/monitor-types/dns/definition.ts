import { isIP, isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import { DnsAssertionInput, DnsAssertionRecord, type Assertion } from '../../domain/assertions/assertion-schema.js';
import { MonitorCommonFields, boundedString, checked, commonCreate, commonRecord, hostProblem } from '../../domain/monitor-fields.js';
import { ASSERTION_LIMITS, MONITOR_LIMITS } from '../../shared/limits.js';
import { DNS_RECORD_TYPES, type DnsRecordType } from '../../shared/vocabulary.js';
import { NO_PROBLEMS, NOTHING_FOLLOWS, assertionsColumn, parseList, type CheckCommon, type MonitorRow, type MonitorTypeDefinition } from '../definition.js';

/*
 * DNS monitors: one query for a record of `hostname` per region and interval, to the monitor's
 * own resolver or the installation's, judged on the answer and its assertions. The name asked
 * about is stored in the `host` column.
 */

/* Fields and rules. */

const DnsHostnameField = checked(boundedString(MONITOR_LIMITS.hostLength), (name) => {
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  return isIPv4(bare) || isIPv6(bare) ? 'must be a name, not an address' : hostProblem(bare);
}).describe('The name to ask about, 1-253 characters (a trailing dot is allowed), such as example.com.');

const RecordTypeField = z.enum(DNS_RECORD_TYPES).describe(`The record type asked for: ${DNS_RECORD_TYPES.join(', ')}.`);

/**
 * The address and port of a DNS server written as c-ares takes it (`ip`, `ip:port`, `[ipv6]`,
 * `[ipv6]:port`, or a bare IPv6 address without a port), or null for anything else.
 */
export function parseResolver(text: string): { address: string; port: number } | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})|([0-9a-fA-F:.]+))(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const [, bracketed, ipv4, bare, portText] = match;
  // A bare IPv6 address cannot take a port: its last group would be read as one.
  if (bare !== undefined && portText !== undefined) return null;
  const address = bracketed ?? ipv4 ?? bare!;
  const family = isIP(address);
  if (family === 0 || (ipv4 === undefined && family !== 6)) return null;
  const port = portText === undefined ? 53 : Number(portText);
  return port >= 1 && port <= 65535 ? { address, port } : null;
}

/** Why `resolver` is not a DNS server's address (`ip`, `ip:port` or `[ipv6]:port`), or null when it is one. */
export function resolverProblem(resolver: string): string | null {
  if (parseResolver(resolver) !== null) return null;
  // An address whose only fault is its port.
  const port = /:(\d{1,5})$/.exec(resolver);
  if (port && parseResolver(`${resolver.slice(0, port.index)}:53`) !== null) return 'must have a port from 1 to 65535';
  return 'must be an IP address, optionally with a port (such as 9.9.9.9, 9.9.9.9:53 or [2620:fe::fe]:53)';
}

const ResolverField = checked(boundedString(MONITOR_LIMITS.resolverLength), resolverProblem)
  .nullable()
  .describe("The DNS server to ask: `ip`, `ip:port` or `[ipv6]:port` (port 53 when omitted); null or omitted: the system's resolvers.");

const DnsAssertionsField = z
  .array(DnsAssertionInput)
  .max(ASSERTION_LIMITS.assertions)
  .nullable()
  .describe(
    'Assertions on the answer: `answer` (`contains`/`notContains` a record, `eq` the whole set of records) and `responseTime`; null for none. ' +
      'Records are compared as text: an address, a name, `<priority> <exchange>` for MX, the joined strings of a TXT record.',
  );

/** Fields of DNS monitors. */
export const DnsMonitorFields = z.object({
  hostname: DnsHostnameField,
  recordType: RecordTypeField,
  resolver: ResolverField,
  assertions: DnsAssertionsField,
});

export const DnsMonitorCreate = z
  .strictObject({
    type: z.literal('dns').describe('`dns`: ask a resolver for a record of `hostname`.'),
    ...commonCreate,
    ...DnsMonitorFields.shape,
    resolver: ResolverField.optional(),
    assertions: DnsAssertionsField.optional(),
  })
  .describe('A DNS monitor: one query per region and interval; it succeeds on an answer (NOERROR) with at least one record that meets the assertions.');

export const DnsMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...DnsMonitorFields.partial().shape })
  .describe('Changes to a DNS monitor: only the fields sent change.');
export type DnsMonitorUpdate = z.output<typeof DnsMonitorUpdate>;

export const DnsMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('dns'),
  ...commonRecord,
  hostname: z.string(),
  recordType: z.enum(DNS_RECORD_TYPES),
  resolver: z.string().nullable().describe("The DNS server asked, or null for the system's resolvers."),
  assertions: z.array(DnsAssertionRecord).describe('Assertions on the answer, in order; empty for none.'),
});
export type DnsMonitorRecord = z.output<typeof DnsMonitorRecord>;

export type DnsMonitorForCheck = CheckCommon & { type: 'dns'; hostname: string; recordType: DnsRecordType; resolver: string | null; assertions: Assertion[] };

const COLUMNS = ['host', 'record_type', 'resolver', 'assertions'] as const satisfies ReadonlyArray<keyof MonitorRow>;

export const dnsDefinition = {
  type: 'dns',
  title: 'DNS',
  fields: DnsMonitorFields,
  create: DnsMonitorCreate,
  update: DnsMonitorUpdate,
  requiredOnCreate: ['hostname', 'recordType'],
  fieldSummary: `hostname, recordType (${DNS_RECORD_TYPES.join(', ')}), resolver, assertions (answer, responseTime)`,
  checked: true,
  problemsOnCreate: NO_PROBLEMS,
  problemsOnUpdate: NO_PROBLEMS,

  columns: COLUMNS,
  createColumns: (fields) => ({
    host: fields.hostname,
    record_type: fields.recordType,
    resolver: fields.resolver ?? null,
    assertions: assertionsColumn(fields.assertions ?? null) ?? null,
  }),
  changeColumns(changes, _current, change) {
    change.put('host', changes.hostname);
    change.put('record_type', changes.recordType);
    change.put('resolver', changes.resolver);
    change.put('assertions', assertionsColumn(changes.assertions));
  },
  followChange: NOTHING_FOLLOWS,

  record: DnsMonitorRecord,
  toRecord: (row, { common }) => ({
    id: row.id,
    type: 'dns',
    ...common,
    hostname: row.host!,
    recordType: row.record_type as DnsRecordType,
    resolver: row.resolver,
    assertions: parseList<DnsMonitorRecord['assertions'][number]>(row.assertions),
  }),
  listSql: {
    sqlite: `'hostname', host, 'recordType', record_type, 'resolver', resolver, 'assertions', json(coalesce(assertions, '[]'))`,
    postgres: `'hostname', host, 'recordType', record_type, 'resolver', resolver, 'assertions', coalesce(assertions, '[]')::json`,
  },

  forCheck: (row, common): DnsMonitorForCheck => ({
    ...common,
    type: 'dns',
    hostname: row.host!,
    recordType: row.record_type as DnsRecordType,
    resolver: row.resolver,
    assertions: parseList<Assertion>(row.assertions),
  }),
  runDetails: ['dns', 'assertions'],

  target: (row) => `${row.record_type ?? ''} ${row.host ?? ''}`,
  publicTarget: (row) => row.host,
} satisfies MonitorTypeDefinition<
  'dns',
  typeof DnsMonitorCreate,
  typeof DnsMonitorUpdate,
  typeof DnsMonitorRecord,
  DnsMonitorForCheck,
  (typeof COLUMNS)[number]
>;
