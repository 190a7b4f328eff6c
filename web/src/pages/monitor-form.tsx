import { useState, type SubmitEvent } from 'react';
import { api } from '../api/client.js';
import { HTTP_METHODS, REGIONS } from '../api/enums.js';
import type { ApiError } from '../api/errors.js';
import type { HttpMethod, Monitor, MonitorCreate, MonitorUpdate, Region } from '../api/types.js';
import { ASSERTION_PART_LABELS, AssertionEditor, assertionBodies, assertionRows, type AssertionRow } from '../components/assertion-editor.js';
import { HeaderEditor, headerBodies, headerRows, type HeaderRow } from '../components/header-editor.js';
import { listFieldLabels } from '../components/row-errors.js';
import { Button, ErrorState, Field, FormError, Loading, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate } from '../router.js';
import { REQUEST_LIMITS } from '../../../src/shared/limits.js';
import { BODY_METHODS, MONITOR_TYPES } from '../../../src/shared/vocabulary.js';

type HttpCreate = Extract<MonitorCreate, { type: 'http' }>;
type SslCreate = Extract<MonitorCreate, { type: 'ssl' }>;
type Auth = NonNullable<HttpCreate['auth']>;
type AuthMode = 'none' | Auth['type'];
type Partially<T> = T extends unknown ? Partial<T> : never;
/**
 * A create body as the form has it: a field left empty is missing, and the API, not the form,
 * names each field that is missing or invalid.
 */
type MonitorDraft =
  | (Partial<Omit<HttpCreate, 'auth' | 'assertions'>> & { type: 'http'; auth?: Partially<Auth> | null; assertions?: Record<string, unknown>[] })
  | (Partial<SslCreate> & { type: 'ssl' });
type KeysOf<T> = T extends unknown ? keyof T : never;
type UpdatableField = Exclude<KeysOf<MonitorDraft>, 'type' | 'auth'>;
/** An update as the form sends it; a field of the create body that PATCH does not take is a type error where the diff sets it. */
type MonitorPatch = { [K in UpdatableField & KeysOf<MonitorUpdate>]?: unknown } & { auth?: Partially<Auth> | null };

/** The form's fields typed as whole numbers. */
type NumberField = 'expectedStatus' | 'timeoutSeconds' | 'failureThreshold' | 'recoveryThreshold' | 'port' | 'warningDays';
type FieldInputProps = Parameters<Parameters<typeof Field>[0]['children']>[0];

interface FormState {
  type: 'http' | 'ssl';
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
};

const INTERVALS = [60, 120, 300, 600, 900, 1800, 3600];

function initial(monitor?: Monitor): FormState {
  const base: FormState = {
    type: monitor?.type ?? 'http',
    name: monitor?.name ?? '',
    url: '',
    method: 'GET',
    expectedStatus: '200',
    intervalSeconds: String(monitor?.intervalSeconds ?? 60),
    timeoutSeconds: String(monitor?.timeoutSeconds ?? 10),
    regions: monitor?.regions ?? ['us-east'],
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
    port: '443',
    warningDays: '',
  };
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
  const common = {
    name: form.name,
    intervalSeconds: num(form.intervalSeconds),
    timeoutSeconds: num(form.timeoutSeconds),
    regions: form.regions,
    notificationPolicyId: form.notificationPolicyId || null,
    failureThreshold: num(form.failureThreshold),
    recoveryThreshold: num(form.recoveryThreshold),
  };
  // Fields left empty (undefined) are not sent: JSON has no undefined.
  return form.type === 'http'
    ? {
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
        assertions: form.assertions.length > 0 ? assertionBodies(form.assertions) : undefined,
      }
    : { type: 'ssl', ...common, host: form.host, port: num(form.port), warningDays: num(form.warningDays) ?? null };
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
  // A field emptied on the form is sent as null, for the API to refuse by name.
  for (const key of fields) if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) body[key] = next[key] ?? null;
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const policies = useGet('/api/v1/notification-policies');
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const err = (field: string) => fieldError(error, field);
  const editing = monitor !== undefined;
  /** A whole-number input bound to a field of the form. */
  const numberInput = (name: NumberField) => (p: FieldInputProps) => (
    <input {...p} name={name} type="number" inputMode="numeric" value={form[name]} onChange={(e) => set(name, e.target.value)} />
  );

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = editing
        ? await api.PATCH('/api/v1/monitors/{id}', { params: { path: { id: monitor.id } }, body: updateBody(form, original) as MonitorUpdate })
        : await api.POST('/api/v1/monitors', { body: createBody(form) as MonitorCreate });
      toast('success', editing ? `Saved “${saved.name}”` : `Created “${saved.name}”; the first checks run now`);
      navigate(`/monitors/${saved.id}`);
    } catch (e) {
      setError(e as ApiError);
      setBusy(false);
      window.setTimeout(() => document.querySelector<HTMLElement>('.notice-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }), 0);
    }
  };

  const toggleRegion = (region: Region) =>
    set('regions', form.regions.includes(region) ? form.regions.filter((r) => r !== region) : REGIONS.filter((r) => r === region || form.regions.includes(r)));

  return (
    <form className="form card form-card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="page-title">
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
                  <input type="radio" name="type" value={type} checked={form.type === type} onChange={() => set('type', type)} />
                  <span className="choice-title">{type === 'http' ? 'HTTP' : 'SSL certificate'}</span>
                  <span className="choice-text">
                    {type === 'http' ? 'Request a URL and expect a status code.' : 'Check that a host’s certificate is valid and not expiring.'}
                  </span>
                </label>
              ))}
            </div>
            {err('type') && <p className="field-error">{err('type')}</p>}
          </div>
        )}
        <Field label="Name" error={err('name')} hint="How your team recognises this monitor.">
          {(p) => <input {...p} name="name" value={form.name} onChange={(e) => set('name', e.target.value)} placeholder="Checkout API" />}
        </Field>
        {form.type === 'http' ? (
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
        ) : (
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
      </fieldset>

      <fieldset className="form-section">
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
          <Field label="Failed checks before down" error={err('failureThreshold')} hint="In a row, per region: 1 alerts on the first confirmed failure.">
            {numberInput('failureThreshold')}
          </Field>
          <Field label="Successful checks before up" error={err('recoveryThreshold')} hint="In a row, per region, after a failure.">
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
                    ? 'A secret is stored (encrypted). Leave empty to keep it; to change the credentials, enter it again.'
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

      {form.type === 'http' && (
        <fieldset className="form-section">
          <legend>Assertions</legend>
          <AssertionEditor rows={form.assertions} onChange={(rows) => set('assertions', rows)} error={error} />
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
      <PageHeader title="New monitor" back={{ to: '/monitors', label: 'Monitors' }} subtitle="It is checked at once from each region, then on its interval." />
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
