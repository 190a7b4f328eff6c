import { useState } from 'react';
import { api } from '../api/client.js';
import { HTTP_METHODS, REGIONS } from '../api/enums.js';
import type { ApiError } from '../api/errors.js';
import type { DnsRecordType, HttpMethod, Monitor, MonitorCreate, MonitorType, MonitorUpdate, Region } from '../api/types.js';
import { SOURCES_OF } from '../assertions.js';
import { ASSERTION_PART_LABELS, AssertionEditor, assertionBodies, assertionRows, type AssertionRow } from '../components/assertion-editor.js';
import { HeaderEditor, headerBodies, headerRows, type HeaderRow } from '../components/header-editor.js';
import { listFieldLabels } from '../components/row-errors.js';
import { Button, ErrorState, Field, FormError, Loading, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate } from '../router.js';
import { MONITOR_LIMITS, REQUEST_LIMITS } from '../../../src/shared/limits.js';
import { BODY_METHODS, DNS_RECORD_TYPES, MONITOR_TYPES } from '../../../src/shared/vocabulary.js';
import { useSubmit } from '../use-submit.js';

type HttpCreate = Extract<MonitorCreate, { type: 'http' }>;
type SslCreate = Extract<MonitorCreate, { type: 'ssl' }>;
type TcpCreate = Extract<MonitorCreate, { type: 'tcp' }>;
type DnsCreate = Extract<MonitorCreate, { type: 'dns' }>;
type HeartbeatCreate = Extract<MonitorCreate, { type: 'heartbeat' }>;
/** Assertions as the editor sends them: the API, not the form, judges each. */
type AssertionBodies = Record<string, unknown>[];
type Auth = NonNullable<HttpCreate['auth']>;
type AuthMode = 'none' | Auth['type'];
type Partially<T> = T extends unknown ? Partial<T> : never;
/**
 * A create body as the form has it: a field left empty is missing, and the API, not the form,
 * names each field that is missing or invalid.
 */
type MonitorDraft =
  | (Partial<Omit<HttpCreate, 'auth' | 'assertions'>> & { type: 'http'; auth?: Partially<Auth> | null; assertions?: AssertionBodies })
  | (Partial<SslCreate> & { type: 'ssl' })
  | (Partial<Omit<TcpCreate, 'assertions'>> & { type: 'tcp'; assertions?: AssertionBodies })
  | (Partial<Omit<DnsCreate, 'assertions'>> & { type: 'dns'; assertions?: AssertionBodies })
  | (Partial<HeartbeatCreate> & { type: 'heartbeat' });
type KeysOf<T> = T extends unknown ? keyof T : never;
type UpdatableField = Exclude<KeysOf<MonitorDraft>, 'type' | 'auth'>;
/** An update as the form sends it; a field of the create body that PATCH does not take is a type error where the diff sets it. */
type MonitorPatch = { [K in UpdatableField & KeysOf<MonitorUpdate>]?: unknown } & { auth?: Partially<Auth> | null };

/** The form's fields typed as numbers. */
type NumberField = 'expectedStatus' | 'timeoutSeconds' | 'failureThreshold' | 'recoveryThreshold' | 'port' | 'warningDays' | 'periodCount' | 'graceCount';
type FieldInputProps = Parameters<Parameters<typeof Field>[0]['children']>[0];

/** Units a heartbeat's period and grace are typed in, in seconds. */
const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;
const PERIOD_UNITS: readonly Unit[] = ['minutes', 'hours', 'days'];
const GRACE_UNITS: readonly Unit[] = ['seconds', 'minutes', 'hours'];

interface FormState {
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

const LABELS: Record<string, string> = {
  type: 'Type',
  name: 'Name',
  url: 'URL',
  method: 'Method',
  expectedStatus: 'Expected status',
  intervalSeconds: 'Check interval',
  timeoutSeconds: 'Timeout',
  regions: 'Regions',
  notificationPolicyId: 'Notification policy',
  failureThreshold: 'Failed checks before down',
  recoveryThreshold: 'Successful checks before up',
  auth: 'Authentication',
  'auth.secret': 'Secret',
  'auth.username': 'Username',
  'auth.headerName': 'Header name',
  headers: 'Request headers',
  body: 'Request body',
  followRedirects: 'Follow redirects',
  assertions: 'Assertions',
  host: 'Host',
  port: 'Port',
  warningDays: 'Expiry warning',
  tls: 'TLS',
  hostname: 'Host name',
  recordType: 'Record type',
  resolver: 'Resolver',
  periodSeconds: 'Every',
  cron: 'Cron expression',
  timezone: 'Time zone',
  graceSeconds: 'Grace',
};

/** What each type is, on the picker. */
const TYPE_CHOICES: Record<MonitorType, { title: string; text: string }> = {
  http: { title: 'HTTP', text: 'Request a URL and expect a status code.' },
  ssl: { title: 'SSL certificate', text: 'Check that a host’s certificate is valid and not expiring.' },
  tcp: { title: 'TCP port', text: 'Connect to a host’s port, optionally with a TLS handshake.' },
  dns: { title: 'DNS record', text: 'Ask for a record and check the answer.' },
  heartbeat: { title: 'Heartbeat', text: 'A scheduled job pings Lookout; a missed ping is an alert.' },
};

/** The port a new monitor of the type starts with: SSL's default; a TCP port has none. */
const DEFAULT_PORT: Partial<Record<MonitorType, string>> = { ssl: String(MONITOR_LIMITS.defaultPort), tcp: '' };

/** Seconds as a count of the largest of `units` that holds them whole (seconds when none does). */
function inUnits(seconds: number, units: readonly Unit[]): { count: string; unit: Unit } {
  const unit = [...units].reverse().find((u) => seconds % UNITS[u] === 0) ?? 'seconds';
  return { count: String(seconds / UNITS[unit]), unit };
}

/** A count and unit as seconds; empty is left out, for the API to name. */
function seconds(count: string, unit: Unit): number | undefined {
  const n = num(count);
  return n === undefined ? undefined : n * UNITS[unit];
}

/** Every IANA zone the browser knows, UTC first. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

const INTERVALS = [60, 120, 300, 600, 900, 1800, 3600];

/** What decides a check without assertions, per type that takes them. */
const NO_ASSERTIONS: Record<keyof typeof SOURCES_OF, string> = {
  http: 'None: a check succeeds on the expected status alone.',
  tcp: 'None: a check succeeds when the connection (and handshake) completes within the timeout. Add a response time to ask for less.',
  dns: 'None: a check succeeds on an answer with at least one record. Add the records you expect, or a response time.',
};

function initial(monitor?: Monitor): FormState {
  const defaultGrace = inUnits(MONITOR_LIMITS.defaultGraceSeconds, GRACE_UNITS);
  const base: FormState = {
    type: monitor?.type ?? 'http',
    name: monitor?.name ?? '',
    url: '',
    method: 'GET',
    expectedStatus: '200',
    intervalSeconds: '60',
    timeoutSeconds: '10',
    regions: ['us-east'],
    notificationPolicyId: monitor?.notificationPolicyId ?? '',
    failureThreshold: String(monitor?.failureThreshold ?? 1),
    recoveryThreshold: String(monitor?.recoveryThreshold ?? 1),
    authMode: 'none',
    authSecret: '',
    authUsername: '',
    authHeaderName: '',
    headers: [],
    body: '',
    followRedirects: false,
    assertions: [],
    host: '',
    port: DEFAULT_PORT[monitor?.type ?? 'http'] ?? String(MONITOR_LIMITS.defaultPort),
    warningDays: '',
    tls: false,
    hostname: '',
    recordType: 'A',
    resolver: '',
    schedule: 'period',
    periodCount: '1',
    periodUnit: 'hours',
    cron: '',
    timezone: 'UTC',
    graceCount: defaultGrace.count,
    graceUnit: defaultGrace.unit,
  };
  if (monitor && monitor.type !== 'heartbeat') {
    Object.assign(base, { intervalSeconds: String(monitor.intervalSeconds), timeoutSeconds: String(monitor.timeoutSeconds), regions: monitor.regions });
  }
  if (monitor?.type === 'http') {
    Object.assign(base, {
      url: monitor.url,
      method: monitor.method,
      expectedStatus: String(monitor.expectedStatus),
      authMode: monitor.auth?.type ?? 'none',
      authUsername: monitor.auth?.username ?? '',
      authHeaderName: monitor.auth?.headerName ?? '',
      headers: headerRows(monitor.headers),
      body: monitor.body ?? '',
      followRedirects: monitor.followRedirects,
      assertions: assertionRows(monitor.assertions),
    });
  }
  if (monitor?.type === 'ssl') {
    Object.assign(base, { host: monitor.host, port: String(monitor.port), warningDays: monitor.warningDays === null ? '' : String(monitor.warningDays) });
  }
  if (monitor?.type === 'tcp') {
    Object.assign(base, { host: monitor.host, port: String(monitor.port), tls: monitor.tls, assertions: assertionRows(monitor.assertions) });
  }
  if (monitor?.type === 'dns') {
    Object.assign(base, {
      hostname: monitor.hostname,
      recordType: monitor.recordType,
      resolver: monitor.resolver ?? '',
      assertions: assertionRows(monitor.assertions),
    });
  }
  if (monitor?.type === 'heartbeat') {
    const period = monitor.periodSeconds === null ? null : inUnits(monitor.periodSeconds, PERIOD_UNITS);
    const grace = inUnits(monitor.graceSeconds, GRACE_UNITS);
    Object.assign(base, {
      schedule: monitor.cron === null ? 'period' : 'cron',
      ...(period && { periodCount: period.count, periodUnit: period.unit }),
      cron: monitor.cron ?? '',
      timezone: monitor.timezone,
      graceCount: grace.count,
      graceUnit: grace.unit,
    });
  }
  return base;
}

/** A number field as typed: empty is left out (the API says what is required); the inputs are numeric, so anything else is a number for the API to judge. */
function num(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

function authBody(form: FormState): Partially<Auth> | null {
  const secret = form.authSecret !== '' ? { secret: form.authSecret } : {};
  if (form.authMode === 'none') return null;
  if (form.authMode === 'basic') return { type: 'basic', ...secret, username: form.authUsername };
  if (form.authMode === 'header') return { type: 'header', ...secret, headerName: form.authHeaderName };
  return { type: 'bearer', ...secret };
}

/** The create body: every field the form has for the type; the API validates it. */
function createBody(form: FormState): MonitorDraft {
  const alerting = {
    name: form.name,
    notificationPolicyId: form.notificationPolicyId || null,
    failureThreshold: num(form.failureThreshold),
    recoveryThreshold: num(form.recoveryThreshold),
  };
  const common = {
    ...alerting,
    intervalSeconds: num(form.intervalSeconds),
    timeoutSeconds: num(form.timeoutSeconds),
    regions: form.regions,
  };
  const assertions = form.assertions.length > 0 ? assertionBodies(form.assertions) : undefined;
  // Fields left empty (undefined) are not sent: JSON has no undefined.
  switch (form.type) {
    case 'http':
      return {
        type: 'http',
        ...common,
        url: form.url,
        method: form.method,
        expectedStatus: num(form.expectedStatus),
        auth: authBody(form) ?? undefined,
        headers: form.headers.length > 0 ? headerBodies(form.headers) : undefined,
        // A body goes with the methods that take one; with another method it is dropped, not refused.
        body: sendsBody(form.method) && form.body !== '' ? form.body : undefined,
        followRedirects: form.followRedirects,
        assertions,
      };
    case 'ssl':
      return { type: 'ssl', ...common, host: form.host, port: num(form.port), warningDays: num(form.warningDays) ?? null };
    case 'tcp':
      return { type: 'tcp', ...common, host: form.host, port: num(form.port), tls: form.tls, assertions };
    case 'dns':
      return {
        type: 'dns',
        ...common,
        hostname: form.hostname,
        recordType: form.recordType,
        resolver: form.resolver.trim() === '' ? undefined : form.resolver.trim(),
        assertions,
      };
    case 'heartbeat':
      // A heartbeat is not checked: no interval, timeout or regions. Its schedule is a period or a cron expression, never both.
      return {
        type: 'heartbeat',
        ...alerting,
        ...(form.schedule === 'period'
          ? { periodSeconds: seconds(form.periodCount, form.periodUnit) }
          : // An empty expression is sent, so that the API's message for it shows at the field.
            { cron: form.cron.trim(), timezone: form.timezone.trim() }),
        graceSeconds: seconds(form.graceCount, form.graceUnit),
      };
  }
}

function sendsBody(method: HttpMethod): boolean {
  return (BODY_METHODS as readonly string[]).includes(method);
}

/** The summary's names for items of the lists: "Assertion 3 path", "Header 1 name". */
function labelsFor(error: ApiError | null): Record<string, string> {
  return {
    ...LABELS,
    ...listFieldLabels(error, {
      assertions: { item: 'Assertion', parts: ASSERTION_PART_LABELS },
      headers: { item: 'Header', parts: { name: 'name', value: 'value' } },
    }),
  };
}

/** The PATCH body: only what changed. Credentials are sent only when changed, and then whole (with the secret). */
function updateBody(form: FormState, original: FormState): MonitorPatch {
  const next: Partial<Record<UpdatableField, unknown>> = createBody(form);
  const before: Partial<Record<UpdatableField, unknown>> = createBody(original);
  const body: MonitorPatch = {};
  // Every field of either body but the type and the credentials (which go whole or not at all).
  const fields = new Set([...Object.keys(next), ...Object.keys(before)].filter((key) => key !== 'type' && key !== 'auth') as UpdatableField[]);
  // A field emptied on the form is sent as null, for the API to refuse by name. A heartbeat moved
  // from cron to a period drops its cron (null) but not its zone, which the API takes only with cron.
  for (const key of fields) {
    if (key === 'timezone' && next.timezone === undefined) continue;
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) body[key] = next[key] ?? null;
  }
  if (form.type === 'http') {
    const authChanged =
      form.authMode !== original.authMode ||
      form.authSecret !== '' ||
      form.authUsername !== original.authUsername ||
      form.authHeaderName !== original.authHeaderName;
    if (authChanged) body.auth = authBody(form);
  }
  return body;
}

function MonitorForm({ monitor }: { monitor?: Monitor }) {
  const toast = useToast();
  const [original] = useState(() => initial(monitor));
  const [form, setForm] = useState(original);
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const saved = editing
        ? await api.PATCH('/api/v1/monitors/{id}', { params: { path: { id: monitor.id } }, body: updateBody(form, original) as MonitorUpdate })
        : await api.POST('/api/v1/monitors', { body: createBody(form) as MonitorCreate });
      toast(
        'success',
        editing
          ? `Saved “${saved.name}”`
          : saved.type === 'heartbeat'
            ? `Created “${saved.name}”; it waits for the job’s first ping`
            : `Created “${saved.name}”; the first checks run now`,
      );
      navigate(`/monitors/${saved.id}`);
    },
    {
      leaves: true,
      onError: () => window.setTimeout(() => document.querySelector<HTMLElement>('.notice-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }), 0),
    },
  );
  const policies = useGet('/api/v1/notification-policies');
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const err = (field: string) => fieldError(error, field);
  const editing = monitor !== undefined;
  /** A whole-number input bound to a field of the form. */
  const numberInput = (name: NumberField) => (p: FieldInputProps) => (
    <input {...p} name={name} type="number" inputMode="numeric" value={form[name]} onChange={(e) => set(name, e.target.value)} />
  );

  const toggleRegion = (region: Region) =>
    set('regions', form.regions.includes(region) ? form.regions.filter((r) => r !== region) : REGIONS.filter((r) => r === region || form.regions.includes(r)));

  /** Another type: a port still at the old type's default takes the new one's, and assertions the new type does not judge go. */
  const pickType = (type: MonitorType) =>
    setForm((f) => {
      const sources: readonly string[] = type === 'http' || type === 'tcp' || type === 'dns' ? SOURCES_OF[type] : [];
      const untouchedPort = f.port === (DEFAULT_PORT[f.type] ?? f.port);
      return {
        ...f,
        type,
        port: untouchedPort ? (DEFAULT_PORT[type] ?? f.port) : f.port,
        assertions: f.assertions.filter((row) => sources.includes(row.source)),
      };
    });

  /** A count and its unit, such as "every 1 hours": the API's message for `field` shows under both. */
  const durationField = (
    label: string,
    field: string,
    count: 'periodCount' | 'graceCount',
    unit: 'periodUnit' | 'graceUnit',
    units: readonly Unit[],
    hint: string,
  ) => (
    <Field label={label} error={err(field)} hint={hint}>
      {(p) => (
        <div className="input-unit">
          <input {...p} name={count} type="number" inputMode="numeric" min={0} value={form[count]} onChange={(e) => set(count, e.target.value)} />
          <select aria-label={`${label} unit`} name={unit} value={form[unit]} onChange={(e) => set(unit, e.target.value as Unit)}>
            {/* A stored value that no offered unit holds whole is shown in seconds. */}
            {(units.includes(form[unit]) ? units : [form[unit], ...units]).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );

  return (
    <form className="form card form-card" onSubmit={onSubmit} noValidate aria-labelledby="page-title">
      <FormError error={error} labels={labelsFor(error)} />
      <fieldset className="form-section">
        <legend>What to check</legend>
        {!editing && (
          <div className="field">
            <span className="label" id="type-label">
              Type
            </span>
            <div className="choice-cards" role="radiogroup" aria-labelledby="type-label">
              {MONITOR_TYPES.map((type) => (
                <label key={type} className={`choice-card ${form.type === type ? 'selected' : ''}`}>
                  <input type="radio" name="type" value={type} checked={form.type === type} onChange={() => pickType(type)} />
                  <span className="choice-title">{TYPE_CHOICES[type].title}</span>
                  <span className="choice-text">{TYPE_CHOICES[type].text}</span>
                </label>
              ))}
            </div>
            {err('type') && <p className="field-error">{err('type')}</p>}
          </div>
        )}
        <Field label="Name" error={err('name')} hint="How your team recognises this monitor.">
          {(p) => <input {...p} name="name" value={form.name} onChange={(e) => set('name', e.target.value)} placeholder="Checkout API" />}
        </Field>
        {form.type === 'http' && (
          <>
            <Field label="URL" error={err('url')}>
              {(p) => (
                <input
                  {...p}
                  name="url"
                  type="url"
                  inputMode="url"
                  value={form.url}
                  onChange={(e) => set('url', e.target.value)}
                  placeholder="https://example.com/health"
                />
              )}
            </Field>
            <div className="field-row">
              <Field label="Method" error={err('method')}>
                {(p) => (
                  <select {...p} name="method" value={form.method} onChange={(e) => set('method', e.target.value as HttpMethod)}>
                    {HTTP_METHODS.map((m) => (
                      <option key={m}>{m}</option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Expected status" error={err('expectedStatus')} hint="A check succeeds only on exactly this code.">
                {numberInput('expectedStatus')}
              </Field>
            </div>
          </>
        )}
        {form.type === 'ssl' && (
          <div className="field-row">
            <Field label="Host" error={err('host')} hint="The host name only, without https://.">
              {(p) => <input {...p} name="host" value={form.host} onChange={(e) => set('host', e.target.value)} placeholder="example.com" />}
            </Field>
            <Field label="Port" error={err('port')}>
              {numberInput('port')}
            </Field>
            <Field label="Expiry warning (days)" optional error={err('warningDays')} hint="Warn this many days before expiry; empty for no warning.">
              {numberInput('warningDays')}
            </Field>
          </div>
        )}
        {form.type === 'tcp' && (
          <>
            <div className="field-row">
              <Field label="Host" error={err('host')} hint="A host name or IP address, without a scheme or port.">
                {(p) => <input {...p} name="host" value={form.host} onChange={(e) => set('host', e.target.value)} placeholder="db.example.com" />}
              </Field>
              <Field label="Port" error={err('port')} hint="1 to 65535.">
                {(p) => (
                  <input
                    {...p}
                    name="port"
                    type="number"
                    inputMode="numeric"
                    min={MONITOR_LIMITS.port[0]}
                    max={MONITOR_LIMITS.port[1]}
                    value={form.port}
                    onChange={(e) => set('port', e.target.value)}
                    placeholder="5432"
                  />
                )}
              </Field>
            </div>
            <div className="field">
              <label className="check">
                <input type="checkbox" name="tls" checked={form.tls} onChange={(e) => set('tls', e.target.checked)} />
                TLS handshake after connecting
              </label>
              {err('tls') ? (
                <p className="field-error">{err('tls')}</p>
              ) : (
                <p className="field-hint">The certificate is then checked as an SSL monitor checks it (without expiry warnings).</p>
              )}
            </div>
          </>
        )}
        {form.type === 'dns' && (
          <>
            <div className="field-row">
              <Field label="Host name" error={err('hostname')} hint="The name to ask about.">
                {(p) => <input {...p} name="hostname" value={form.hostname} onChange={(e) => set('hostname', e.target.value)} placeholder="example.com" />}
              </Field>
              <Field label="Record type" error={err('recordType')}>
                {(p) => (
                  <select {...p} name="recordType" value={form.recordType} onChange={(e) => set('recordType', e.target.value as DnsRecordType)}>
                    {DNS_RECORD_TYPES.map((t) => (
                      <option key={t}>{t}</option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <Field
              label="Resolver"
              optional
              error={err('resolver')}
              hint="The DNS server to ask: an IP address, optionally with a port (9.9.9.9, 9.9.9.9:53, [2620:fe::fe]:53). Empty: the system’s resolvers."
            >
              {(p) => <input {...p} name="resolver" value={form.resolver} onChange={(e) => set('resolver', e.target.value)} placeholder="9.9.9.9" />}
            </Field>
          </>
        )}
      </fieldset>

      <fieldset className="form-section">
        {form.type === 'heartbeat' ? (
          <>
            <legend>When the job runs</legend>
            <div className="field" role="radiogroup" aria-labelledby="schedule-label">
              <span className="label" id="schedule-label">
                Schedule
              </span>
              <div className="checks-inline">
                <label className="check">
                  <input type="radio" name="schedule" value="period" checked={form.schedule === 'period'} onChange={() => set('schedule', 'period')} />
                  Every few minutes, hours or days
                </label>
                <label className="check">
                  <input type="radio" name="schedule" value="cron" checked={form.schedule === 'cron'} onChange={() => set('schedule', 'cron')} />
                  On a cron expression
                </label>
              </div>
            </div>
            {form.schedule === 'period' ? (
              durationField(
                'Every',
                'periodSeconds',
                'periodCount',
                'periodUnit',
                PERIOD_UNITS,
                'From 1 minute to 30 days: a ping is expected this long after the last one.',
              )
            ) : (
              <div className="field-row">
                <Field
                  label="Cron expression"
                  error={err('cron')}
                  hint={
                    <>
                      Five fields: minute, hour, day of month, month, day of week. <code>0 3 * * *</code> is every day at 03:00.
                    </>
                  }
                >
                  {(p) => (
                    <input
                      {...p}
                      name="cron"
                      value={form.cron}
                      onChange={(e) => set('cron', e.target.value)}
                      placeholder="0 3 * * *"
                      spellCheck={false}
                      autoComplete="off"
                      maxLength={MONITOR_LIMITS.cronLength}
                    />
                  )}
                </Field>
                <Field label="Time zone" error={err('timezone')} hint="The cron expression is read in this IANA zone.">
                  {(p) => (
                    <>
                      <input
                        {...p}
                        name="timezone"
                        list="time-zones"
                        value={form.timezone}
                        onChange={(e) => set('timezone', e.target.value)}
                        placeholder="UTC"
                        spellCheck={false}
                        autoComplete="off"
                      />
                      <datalist id="time-zones">
                        {timeZones().map((zone) => (
                          <option key={zone} value={zone} />
                        ))}
                      </datalist>
                    </>
                  )}
                </Field>
              </div>
            )}
            {durationField(
              'Grace',
              'graceSeconds',
              'graceCount',
              'graceUnit',
              GRACE_UNITS,
              'How late a ping may be before it counts as missed: up to 24 hours.',
            )}
          </>
        ) : (
          <>
            <legend>How often and from where</legend>
            <div className="field-row">
              <Field label="Check interval" error={err('intervalSeconds')}>
                {(p) => (
                  <select {...p} name="intervalSeconds" value={form.intervalSeconds} onChange={(e) => set('intervalSeconds', e.target.value)}>
                    {[...new Set([...INTERVALS, Number(form.intervalSeconds)])]
                      .filter((s) => Number.isFinite(s))
                      .sort((a, b) => a - b)
                      .map((s) => (
                        <option key={s} value={s}>
                          every {s < 3600 ? `${s / 60} minute${s === 60 ? '' : 's'}` : `${s / 3600} hour`}
                        </option>
                      ))}
                  </select>
                )}
              </Field>
              <Field label="Timeout (seconds)" error={err('timeoutSeconds')}>
                {numberInput('timeoutSeconds')}
              </Field>
            </div>
            <div className={`field ${err('regions') ? 'field-invalid' : ''}`} role="group" aria-labelledby="regions-label">
              <span className="label" id="regions-label">
                Regions
              </span>
              <div className="checks-inline">
                {REGIONS.map((region) => (
                  <label key={region} className="check">
                    <input type="checkbox" name="regions" value={region} checked={form.regions.includes(region)} onChange={() => toggleRegion(region)} />
                    {region}
                  </label>
                ))}
              </div>
              {err('regions') ? (
                <p className="field-error">{err('regions')}</p>
              ) : (
                <p className="field-hint">Down means every region fails; degraded means some do.</p>
              )}
            </div>
          </>
        )}
        <Field label="Notification policy" optional error={err('notificationPolicyId')}>
          {(p) => (
            <select {...p} name="notificationPolicyId" value={form.notificationPolicyId} onChange={(e) => set('notificationPolicyId', e.target.value)}>
              <option value="">No notifications</option>
              {policies.data?.data.map((policy) => (
                <option key={policy.id} value={policy.id}>
                  {policy.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="field-row">
          <Field
            label="Failed checks before down"
            error={err('failureThreshold')}
            hint={
              form.type === 'heartbeat'
                ? 'Missed or failed runs in a row: 1 alerts on the first.'
                : 'In a row, per region: 1 alerts on the first confirmed failure.'
            }
          >
            {numberInput('failureThreshold')}
          </Field>
          <Field
            label="Successful checks before up"
            error={err('recoveryThreshold')}
            hint={form.type === 'heartbeat' ? 'Success pings in a row, after a failure.' : 'In a row, per region, after a failure.'}
          >
            {numberInput('recoveryThreshold')}
          </Field>
        </div>
      </fieldset>

      {form.type === 'http' && (
        <fieldset className="form-section">
          <legend>Authentication</legend>
          <Field label="Credentials to send" error={fieldError(error, 'auth.type') ?? (error?.fieldMessage('auth') ? error.fieldMessage('auth') : undefined)}>
            {(p) => (
              <select {...p} name="authMode" value={form.authMode} onChange={(e) => set('authMode', e.target.value as AuthMode)}>
                <option value="none">None</option>
                <option value="bearer">Bearer token (Authorization: Bearer …)</option>
                <option value="basic">Basic (user name and password)</option>
                <option value="header">Custom header</option>
              </select>
            )}
          </Field>
          {form.authMode !== 'none' && (
            <div className="field-row">
              {form.authMode === 'basic' && (
                <Field label="Username" error={err('auth.username')}>
                  {(p) => (
                    <input {...p} name="authUsername" autoComplete="off" value={form.authUsername} onChange={(e) => set('authUsername', e.target.value)} />
                  )}
                </Field>
              )}
              {form.authMode === 'header' && (
                <Field label="Header name" error={err('auth.headerName')}>
                  {(p) => (
                    <input
                      {...p}
                      name="authHeaderName"
                      autoComplete="off"
                      value={form.authHeaderName}
                      onChange={(e) => set('authHeaderName', e.target.value)}
                      placeholder="X-Api-Key"
                    />
                  )}
                </Field>
              )}
              <Field
                label={form.authMode === 'basic' ? 'Password' : form.authMode === 'bearer' ? 'Token' : 'Header value'}
                error={err('auth.secret')}
                hint={
                  editing && monitor.type === 'http' && monitor.auth?.secretSet && form.authMode === original.authMode
                    ? 'A secret is stored (encrypted). Leave empty to keep it; to change the credentials, or the URL, method, headers, body, redirects or assertions they are sent with, enter it again.'
                    : 'Stored encrypted; never shown again.'
                }
              >
                {(p) => (
                  <input
                    {...p}
                    name="authSecret"
                    type="password"
                    autoComplete="new-password"
                    value={form.authSecret}
                    onChange={(e) => set('authSecret', e.target.value)}
                  />
                )}
              </Field>
            </div>
          )}
        </fieldset>
      )}

      {form.type === 'http' && (
        <fieldset className="form-section">
          <legend>Request</legend>
          <HeaderEditor rows={form.headers} onChange={(rows) => set('headers', rows)} error={error} />
          {sendsBody(form.method) ? (
            <Field label="Request body" optional error={err('body')} hint="Sent with every check. Set its Content-Type among the headers.">
              {(p) => (
                <textarea
                  {...p}
                  name="body"
                  rows={4}
                  maxLength={REQUEST_LIMITS.bodyLength}
                  value={form.body}
                  onChange={(e) => set('body', e.target.value)}
                  placeholder='{"ping": true}'
                />
              )}
            </Field>
          ) : (
            <p className="field-hint">A request body can be sent with POST, PUT or DELETE.</p>
          )}
          <div className="field">
            <label className="check">
              <input type="checkbox" name="followRedirects" checked={form.followRedirects} onChange={(e) => set('followRedirects', e.target.checked)} />
              Follow redirects
            </label>
            {err('followRedirects') ? (
              <p className="field-error">{err('followRedirects')}</p>
            ) : (
              <p className="field-hint">
                Up to {REQUEST_LIMITS.redirects}, each to an address the target policy allows; the final answer is judged. Credentials and headers go only to
                this URL’s origin.
              </p>
            )}
          </div>
        </fieldset>
      )}

      {(form.type === 'http' || form.type === 'tcp' || form.type === 'dns') && (
        <fieldset className="form-section">
          <legend>Assertions</legend>
          <AssertionEditor
            rows={form.assertions}
            onChange={(rows) => set('assertions', rows)}
            error={error}
            sources={SOURCES_OF[form.type]}
            none={NO_ASSERTIONS[form.type]}
          />
        </fieldset>
      )}

      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {editing ? 'Save changes' : 'Create monitor'}
        </Button>
        <Button onClick={() => navigate(editing ? `/monitors/${monitor.id}` : '/monitors')}>Cancel</Button>
      </div>
    </form>
  );
}

export function MonitorNewPage() {
  useDocumentTitle('New monitor');
  return (
    <div className="page page-narrow">
      <PageHeader
        title="New monitor"
        back={{ to: '/monitors', label: 'Monitors' }}
        subtitle="Checked at once from each region, then on its interval; a heartbeat waits for its job’s pings."
      />
      <MonitorForm />
    </div>
  );
}

export function MonitorEditPage({ id }: { id: string }) {
  const monitor = useGet('/api/v1/monitors/{id}', { params: { path: { id } } });
  useDocumentTitle(monitor.data ? `Edit ${monitor.data.name}` : 'Edit monitor');
  return (
    <div className="page page-narrow">
      <PageHeader
        title={monitor.data ? `Edit ${monitor.data.name}` : 'Edit monitor'}
        back={{ to: `/monitors/${id}`, label: monitor.data?.name ?? 'Monitor' }}
      />
      {monitor.error ? (
        <ErrorState error={monitor.error} onRetry={() => void monitor.reload()} />
      ) : !monitor.data ? (
        <Loading />
      ) : (
        <MonitorForm monitor={monitor.data} />
      )}
    </div>
  );
}
