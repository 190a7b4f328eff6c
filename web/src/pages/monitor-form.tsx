import { useState } from 'react';
import { api } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { Monitor, MonitorCreate, MonitorType, MonitorUpdate } from '../api/types.js';
import { ASSERTION_PART_LABELS, AssertionEditor, assertionBodies } from '../components/assertion-editor.js';
import { listFieldLabels } from '../components/row-errors.js';
import { Button, ErrorState, Field, FormError, Loading, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate } from '../router.js';
import { MONITOR_LIMITS } from '../../../src/shared/limits.js';
import { MONITOR_TYPES } from '../../../src/shared/vocabulary.js';
import { useSubmit } from '../use-submit.js';
import { authBody, clientCertificateBody } from '../monitor-types/http/index.js';
import { MONITOR_TYPE_PARTS, partsOf } from '../monitor-types/index.js';
import { useUnsavedChanges } from '../use-unsaved-changes.js';
import {
  GRACE_UNITS,
  inUnits,
  num,
  type Auth,
  type FieldInputProps,
  type FormState,
  type MonitorDraft,
  type NumberField,
  type Partially,
  type SectionProps,
  tagList,
} from '../monitor-types/form-state.js';

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
  tags: 'Tags',
  dependsOn: 'Depends on',
  tlsVerify: 'Verify certificates',
  ipFamily: 'Address family',
  proxy: 'Proxy',
  clientCertificate: 'Client certificate',
  'clientCertificate.certificate': 'Client certificate',
  'clientCertificate.key': 'Client certificate key',
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
    port: partsOf(monitor?.type ?? 'http').form.defaultPort ?? String(MONITOR_LIMITS.defaultPort),
    warningDays: '',
    tls: false,
    hostname: '',
    recordType: 'A',
    resolver: '',
    packets: String(MONITOR_LIMITS.defaultPackets),
    domain: '',
    schedule: 'period',
    periodCount: '1',
    periodUnit: 'hours',
    cron: '',
    timezone: 'UTC',
    graceCount: defaultGrace.count,
    graceUnit: defaultGrace.unit,
    tags: monitor?.tags.join(', ') ?? '',
    dependsOn: monitor?.dependsOn ?? '',
    tlsVerify: true,
    ipFamily: 'auto',
    proxy: '',
    clientCertificateMode: 'none',
    clientCertificate: '',
    clientKey: '',
  };
  // The stored monitor's own fields, as its type reads them.
  return monitor ? { ...base, ...partsOf(monitor.type).form.load(monitor) } : base;
}

/** The create body: the fields every type shares, and the type's own; the API validates it. */
function createBody(form: FormState): MonitorDraft {
  const alerting = {
    name: form.name,
    notificationPolicyId: form.notificationPolicyId || null,
    failureThreshold: num(form.failureThreshold),
    recoveryThreshold: num(form.recoveryThreshold),
  };
  const checked = { intervalSeconds: num(form.intervalSeconds), timeoutSeconds: num(form.timeoutSeconds), regions: form.regions };
  const assertions = form.assertions.length > 0 ? assertionBodies(form.assertions) : undefined;
  // Fields left empty (undefined) are not sent: JSON has no undefined.
  return { ...partsOf(form.type).form.body(form, { alerting, checked, assertions }), tags: tagList(form.tags), dependsOn: form.dependsOn || null };
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
  const secrets = ['type', 'auth', 'clientCertificate', 'proxy'];
  const fields = new Set([...Object.keys(next), ...Object.keys(before)].filter((key) => !secrets.includes(key)) as UpdatableField[]);
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
    if (form.clientCertificateMode !== original.clientCertificateMode || form.clientCertificateMode === 'set') {
      body.clientCertificate = clientCertificateBody(form);
    }
    if (form.proxy !== original.proxy) body.proxy = form.proxy.trim() === '' ? null : form.proxy.trim();
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
    { leaves: true },
  );
  const policies = useGet('/api/v1/notification-policies');
  const monitors = useGet('/api/v1/monitors');
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const err = (field: string) => fieldError(error, field);
  const editing = monitor !== undefined;
  /** A whole-number input bound to a field of the form. */
  const numberInput = (name: NumberField) => (p: FieldInputProps) => (
    <input {...p} name={name} type="number" inputMode="numeric" value={form[name]} onChange={(e) => set(name, e.target.value)} />
  );

  const section: SectionProps = { form, set, err, error, numberInput };

  const parts = partsOf(form.type).form;
  const { Target, Schedule, Sections } = parts;

  /** Another type: a port still at the old type's default takes the new one's, and assertions the new type does not judge go. */
  const pickType = (type: MonitorType) =>
    setForm((f) => {
      const sources: readonly string[] = partsOf(type).form.assertions.sources;
      const untouchedPort = f.port === (partsOf(f.type).form.defaultPort ?? f.port);
      return {
        ...f,
        type,
        port: untouchedPort ? (partsOf(type).form.defaultPort ?? f.port) : f.port,
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
                  <span className="choice-title">{MONITOR_TYPE_PARTS[type].form.choice.title}</span>
                  <span className="choice-text">{MONITOR_TYPE_PARTS[type].form.choice.text}</span>
                </label>
              ))}
            </div>
            {err('type') && <p className="field-error">{err('type')}</p>}
          </div>
        )}
        <Field label="Name" error={err('name')} hint="How your team recognises this monitor.">
          {(p) => <input {...p} name="name" value={form.name} onChange={(e) => set('name', e.target.value)} placeholder="Checkout API" />}
        </Field>
        <Target {...section} />
      </fieldset>

      <fieldset className="form-section">
        <Schedule {...section} />
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
        <Field
          label="Depends on"
          optional
          error={err('dependsOn')}
          hint="While that monitor is down, this one going down opens no incident and alerts nobody; still down when it recovers, this one alerts then."
        >
          {(p) => (
            <select {...p} name="dependsOn" value={form.dependsOn} onChange={(e) => set('dependsOn', e.target.value)}>
              <option value="">Nothing</option>
              {monitors.data?.data
                .filter((other) => other.id !== monitor?.id)
                .map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <Field label="Tags" optional error={err('tags')} hint="Up to 10, separated by commas: a-z, 0-9, - _ : and . (the list filters by them).">
          {(p) => <input {...p} name="tags" value={form.tags} onChange={(e) => set('tags', e.target.value)} placeholder="prod, team:payments" />}
        </Field>
        <div className="field-row">
          <Field label="Failed checks before down" error={err('failureThreshold')} hint={parts.thresholdHints.failure}>
            {numberInput('failureThreshold')}
          </Field>
          <Field label="Successful checks before up" error={err('recoveryThreshold')} hint={parts.thresholdHints.recovery}>
            {numberInput('recoveryThreshold')}
          </Field>
        </div>
      </fieldset>

      {Sections && <Sections {...section} stored={monitor?.type === form.type ? monitor : undefined} original={original} />}

      {parts.assertions.sources.length > 0 && (
        <fieldset className="form-section">
          <legend>Assertions</legend>
          <AssertionEditor
            rows={form.assertions}
            onChange={(rows) => set('assertions', rows)}
            error={error}
            sources={parts.assertions.sources}
            none={parts.assertions.none}
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
