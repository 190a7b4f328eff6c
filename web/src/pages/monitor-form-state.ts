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
  'expectedStatus' | 'timeoutSeconds' | 'failureThreshold' | 'recoveryThreshold' | 'port' | 'warningDays' | 'periodCount' | 'graceCount';
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
  /** A heartbeat runs every `periodCount` `periodUnit`, or on `cron` in `timezone`. */
  schedule: 'period' | 'cron';
  periodCount: string;
  periodUnit: Unit;
  cron: string;
  timezone: string;
  graceCount: string;
  graceUnit: Unit;
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
