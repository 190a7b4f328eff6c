import { useState } from 'react';
import { api } from '../api/client.js';
import { REGIONS } from '../api/enums.js';
import type { ApiError } from '../api/errors.js';
import type { Monitor, MonitorCreate, MonitorType, MonitorUpdate, Region } from '../api/types.js';
import { SOURCES_OF } from '../assertions.js';
import { ASSERTION_PART_LABELS, AssertionEditor, assertionBodies, assertionRows } from '../components/assertion-editor.js';
import { headerBodies, headerRows } from '../components/header-editor.js';
import { listFieldLabels } from '../components/row-errors.js';
import { Button, ErrorState, Field, FormError, Loading, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate } from '../router.js';
import { MONITOR_LIMITS } from '../../../src/shared/limits.js';
import { MONITOR_TYPES } from '../../../src/shared/vocabulary.js';
import { useSubmit } from '../use-submit.js';
import { useUnsavedChanges } from '../use-unsaved-changes.js';
import { DnsTargetFields } from './monitor-form-dns.js';
import { HeartbeatSchedule } from './monitor-form-heartbeat.js';
import { HttpAuthSection, HttpRequestSection, HttpTargetFields } from './monitor-form-http.js';
import { SslTargetFields } from './monitor-form-ssl.js';
import {
  GRACE_UNITS,
  PERIOD_UNITS,
  UNITS,
  sendsBody,
  type Auth,
  type FieldInputProps,
  type FormState,
  type NumberField,
  type SectionProps,
  type Unit,
} from './monitor-form-state.js';
import { TcpTargetFields } from './monitor-form-tcp.js';

type HttpCreate = Extract<MonitorCreate, { type: 'http' }>;
type SslCreate = Extract<MonitorCreate, { type: 'ssl' }>;
type TcpCreate = Extract<MonitorCreate, { type: 'tcp' }>;
type DnsCreate = Extract<MonitorCreate, { type: 'dns' }>;
type HeartbeatCreate = Extract<MonitorCreate, { type: 'heartbeat' }>;
/** Assertions as the editor sends them: the API, not the form, judges each. */
type AssertionBodies = Record<string, unknown>[];
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
  const leave = useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(original));
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
      leave.release();
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

  const section: SectionProps = { form, set, err, error, numberInput };

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
        {form.type === 'http' && <HttpTargetFields {...section} />}
        {form.type === 'ssl' && <SslTargetFields {...section} />}
        {form.type === 'tcp' && <TcpTargetFields {...section} />}
        {form.type === 'dns' && <DnsTargetFields {...section} />}
      </fieldset>

      <fieldset className="form-section">
        {form.type === 'heartbeat' ? (
          <HeartbeatSchedule {...section} />
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
        <HttpAuthSection
          {...section}
          storedSecret={editing && monitor.type === 'http' && monitor.auth?.secretSet === true && form.authMode === original.authMode}
        />
      )}

      {form.type === 'http' && <HttpRequestSection {...section} />}

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
