import type { ReactElement } from 'react';
import type { ApiError } from '../api/errors.js';
import type { DnsRecordType, HttpMethod, MonitorCreate, MonitorType, Region } from '../api/types.js';
import type { AssertionRow } from '../components/assertion-editor.js';
import type { HeaderRow } from '../components/header-editor.js';
import type { Field } from '../components/ui.js';
import { BODY_METHODS } from '../../../src/shared/vocabulary.js';

/** The credentials an HTTP monitor sends, as its create body has them. */
export type Auth = NonNullable<Extract<MonitorCreate, { type: 'http' }>['auth']>;
export type AuthMode = 'none' | Auth['type'];

/** The form's fields typed as numbers. */
export type NumberField =
  'expectedStatus' | 'timeoutSeconds' | 'failureThreshold' | 'recoveryThreshold' | 'port' | 'warningDays' | 'periodCount' | 'graceCount' | 'packets';
export type FieldInputProps = Parameters<Parameters<typeof Field>[0]['children']>[0];

/** Units a heartbeat's period and grace are typed in, in seconds. */
export const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
export type Unit = keyof typeof UNITS;
export const PERIOD_UNITS: readonly Unit[] = ['minutes', 'hours', 'days'];
export const GRACE_UNITS: readonly Unit[] = ['seconds', 'minutes', 'hours'];

export interface FormState {
  type: MonitorType;
  name: string;
  url: string;
  method: HttpMethod;
  expectedStatus: string;
  intervalSeconds: string;
  timeoutSeconds: string;
  regions: Region[];
  notificationPolicyId: string;
  failureThreshold: string;
  recoveryThreshold: string;
  authMode: AuthMode;
  authSecret: string;
  authUsername: string;
  authHeaderName: string;
  headers: HeaderRow[];
  body: string;
  followRedirects: boolean;
  assertions: AssertionRow[];
  host: string;
  port: string;
  warningDays: string;
  tls: boolean;
  hostname: string;
  recordType: DnsRecordType;
  resolver: string;
  /** A ping monitor's echo requests per check. */
  packets: string;
  /** A domain monitor's registered name. */
  domain: string;
  /** A heartbeat runs every `periodCount` `periodUnit`, or on `cron` in `timezone`. */
  schedule: 'period' | 'cron';
  periodCount: string;
  periodUnit: Unit;
  cron: string;
  timezone: string;
  graceCount: string;
  graceUnit: Unit;
  /** Every monitor's tags, typed as a list separated by commas or spaces. */
  tags: string;
  /** The monitor this one depends on; '' for none. */
  dependsOn: string;
  /** HTTP options: certificate verification, address family, proxy and client certificate. */
  tlsVerify: boolean;
  ipFamily: 'auto' | 'ipv4' | 'ipv6';
  /** The proxy as typed: the stored URL (without its password) until changed. */
  proxy: string;
  /** `keep` a stored client certificate, have `none`, or `set` the one pasted. */
  clientCertificateMode: 'keep' | 'none' | 'set';
  clientCertificate: string;
  clientKey: string;
}

/** Tags as typed: split at commas and white space, empty ones dropped (the API judges each). */
export function tagList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** What every section of the monitor form is handed: the form's state, its setter, and the API's messages. */
export interface SectionProps {
  form: FormState;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  /** The API's message for a field, or for anything inside it. */
  err: (field: string) => string | undefined;
  error: ApiError | null;
  /** A whole-number input bound to a field of the form. */
  numberInput: (name: NumberField) => (p: FieldInputProps) => ReactElement;
}

export function sendsBody(method: HttpMethod): boolean {
  return (BODY_METHODS as readonly string[]).includes(method);
}

/** A number field as typed: empty is left out (the API says what is required); the inputs are numeric, so anything else is a number for the API to judge. */
export function num(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

/** Seconds as a count of the largest of `units` that holds them whole (seconds when none does). */
export function inUnits(seconds: number, units: readonly Unit[]): { count: string; unit: Unit } {
  const unit = [...units].reverse().find((u) => seconds % UNITS[u] === 0) ?? 'seconds';
  return { count: String(seconds / UNITS[unit]), unit };
}

/** A count and unit as seconds; empty is left out, for the API to name. */
export function seconds(count: string, unit: Unit): number | undefined {
  const n = num(count);
  return n === undefined ? undefined : n * UNITS[unit];
}

/** Assertions as the editor sends them: the API, not the form, judges each. */
export type AssertionBodies = Record<string, unknown>[];
export type Partially<T> = T extends unknown ? Partial<T> : never;
type CreateOf<T extends MonitorType> = Extract<MonitorCreate, { type: T }>;
/**
 * A create body as the form has it, per type: a field left empty is missing, and the API, not the
 * form, names each field that is missing or invalid.
 */
export interface DraftOf {
  http: Partial<Omit<CreateOf<'http'>, 'auth' | 'assertions'>> & { type: 'http'; auth?: Partially<Auth> | null; assertions?: AssertionBodies };
  ssl: Partial<CreateOf<'ssl'>> & { type: 'ssl' };
  tcp: Partial<Omit<CreateOf<'tcp'>, 'assertions'>> & { type: 'tcp'; assertions?: AssertionBodies };
  dns: Partial<Omit<CreateOf<'dns'>, 'assertions'>> & { type: 'dns'; assertions?: AssertionBodies };
  heartbeat: Partial<CreateOf<'heartbeat'>> & { type: 'heartbeat' };
  ping: Partial<Omit<CreateOf<'ping'>, 'assertions'>> & { type: 'ping'; assertions?: AssertionBodies };
  domain: Partial<CreateOf<'domain'>> & { type: 'domain' };
}
export type MonitorDraft = DraftOf[MonitorType];

/** The fields every type's body starts from: those of alerting, and for checked types those of checking too. */
export interface CommonBody {
  alerting: { name: string; notificationPolicyId: string | null; failureThreshold: number | undefined; recoveryThreshold: number | undefined };
  checked: { intervalSeconds: number | undefined; timeoutSeconds: number | undefined; regions: Region[] };
  assertions: AssertionBodies | undefined;
}
