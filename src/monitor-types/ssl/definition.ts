import { z } from 'zod';
import { CertificateRecord, MonitorCommonFields, commonCreate, commonRecord, hostField } from '../../domain/monitor-fields.js';
import { intRange } from '../../domain/validation.js';
import { MONITOR_LIMITS } from '../../shared/limits.js';
import { NO_PROBLEMS, NOTHING_FOLLOWS, type CheckCommon, type MonitorRow, type MonitorTypeDefinition } from '../definition.js';

/*
 * SSL monitors: a TLS handshake with `host:port` per region and interval, judged on the
 * certificate (trusted, valid for the name, not expired) and warning `warningDays` before it expires.
 */

/* Fields and rules. */

const PortField = intRange(...MONITOR_LIMITS.port).describe('The TLS port: an integer from 1 to 65535; 443 when omitted at creation.');

const WarningDaysField = intRange(...MONITOR_LIMITS.warningDays)
  .nullable()
  .describe(
    'Days before the certificate expires from which a check raises a `certificate.expiring` warning: an integer from 1 to 3650, or null for no warning.',
  );

/** Fields of SSL monitors. */
export const SslMonitorFields = z.object({
  host: hostField('The host whose certificate is checked'),
  port: PortField,
  warningDays: WarningDaysField,
});

export const SslMonitorCreate = z
  .strictObject({
    type: z.literal('ssl').describe('`ssl`: check the TLS certificate of `host`.'),
    ...commonCreate,
    ...SslMonitorFields.shape,
    port: PortField.default(MONITOR_LIMITS.defaultPort),
    warningDays: WarningDaysField.optional(),
  })
  .describe('An SSL monitor: a TLS handshake with `host:port`; it fails on an invalid, untrusted or expired certificate.');

export const SslMonitorUpdate = z
  .strictObject({ ...MonitorCommonFields.partial().shape, ...SslMonitorFields.partial().shape })
  .describe('Changes to an SSL monitor: only the fields sent change.');
export type SslMonitorUpdate = z.output<typeof SslMonitorUpdate>;

export const SslMonitorRecord = z.object({
  id: z.string(),
  type: z.literal('ssl'),
  ...commonRecord,
  host: z.string(),
  port: z.int(),
  warningDays: z.int().nullable(),
  certificate: CertificateRecord.nullable().describe('The certificate seen by the newest check, or null before the first one.'),
});
export type SslMonitorRecord = z.output<typeof SslMonitorRecord>;

export type SslMonitorForCheck = CheckCommon & { type: 'ssl'; host: string; port: number; warningDays: number | null };

const COLUMNS = ['host', 'port', 'warning_days', 'certificate'] as const satisfies ReadonlyArray<keyof MonitorRow>;

/** The certificate fields a record shows (the stored one carries its fingerprint too). */
function certificateOf(json: string | null): CertificateRecord | null {
  if (json === null) return null;
  const c = JSON.parse(json) as CertificateRecord;
  return { subject: c.subject, issuer: c.issuer, validFrom: c.validFrom, validTo: c.validTo, daysRemaining: c.daysRemaining };
}

export const sslDefinition = {
  type: 'ssl',
  title: 'SSL',
  fields: SslMonitorFields,
  create: SslMonitorCreate,
  update: SslMonitorUpdate,
  requiredOnCreate: ['host'],
  fieldSummary: 'host, port, warningDays',
  checked: true,
  problemsOnCreate: NO_PROBLEMS,
  problemsOnUpdate: NO_PROBLEMS,

  columns: COLUMNS,
  createColumns: (fields) => ({ host: fields.host, port: fields.port, warning_days: fields.warningDays ?? null }),
  changeColumns(changes, _current, change) {
    change.put('host', changes.host);
    change.put('port', changes.port);
    change.put('warning_days', changes.warningDays);
  },
  followChange: NOTHING_FOLLOWS,

  record: SslMonitorRecord,
  toRecord: (row, { common }) => ({
    id: row.id,
    type: 'ssl',
    ...common,
    host: row.host!,
    port: row.port!,
    warningDays: row.warning_days,
    certificate: certificateOf(row.certificate),
  }),
  listSql: {
    sqlite: `'host', host, 'port', port, 'warningDays', warning_days,
    'certificate', case when certificate is null then null else json_object(
      'subject', json_extract(certificate, '$.subject'), 'issuer', json_extract(certificate, '$.issuer'),
      'validFrom', json_extract(certificate, '$.validFrom'), 'validTo', json_extract(certificate, '$.validTo'),
      'daysRemaining', json_extract(certificate, '$.daysRemaining')) end`,
    postgres: `'host', host, 'port', port, 'warningDays', warning_days,
    'certificate', case when certificate is null then null else json_build_object(
      'subject', certificate::json -> 'subject', 'issuer', certificate::json -> 'issuer',
      'validFrom', certificate::json -> 'validFrom', 'validTo', certificate::json -> 'validTo',
      'daysRemaining', certificate::json -> 'daysRemaining') end`,
  },

  forCheck: (row, common): SslMonitorForCheck => ({ ...common, type: 'ssl', host: row.host!, port: row.port!, warningDays: row.warning_days }),
  runDetails: ['certificate'],

  target: (row) => `${row.host!}:${row.port!}`,
  // The host, and the port when it is not the usual one.
  publicTarget: (row) => row.host && (row.port && row.port !== MONITOR_LIMITS.defaultPort ? `${row.host}:${row.port}` : row.host),
} satisfies MonitorTypeDefinition<
  'ssl',
  typeof SslMonitorCreate,
  typeof SslMonitorUpdate,
  typeof SslMonitorRecord,
  SslMonitorForCheck,
  (typeof COLUMNS)[number]
>;
