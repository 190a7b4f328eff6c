import { HTTP_METHODS } from '../../api/enums.js';
import type { HttpMethod, HttpMonitor } from '../../api/types.js';
import { HeaderEditor } from '../../components/header-editor.js';
import { Field, fieldError } from '../../components/ui.js';
import { REQUEST_LIMITS } from '../../../../src/shared/limits.js';
import { sendsBody, type AuthMode, type FormState, type SectionProps } from '../form-state.js';

/** What an HTTP monitor requests, and the status it expects. */
export function HttpTargetFields({ form, set, err, numberInput }: SectionProps) {
  return (
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
  );
}

/** The credentials an HTTP monitor sends; `storedSecret` when the monitor has one the form may keep. */
export function HttpAuthSection({ form, set, err, error, storedSecret }: SectionProps & { storedSecret: boolean }) {
  return (
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
              {(p) => <input {...p} name="authUsername" autoComplete="off" value={form.authUsername} onChange={(e) => set('authUsername', e.target.value)} />}
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
              storedSecret
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
  );
}

/** The rest of an HTTP request: headers, body, redirects. */
export function HttpRequestSection({ form, set, err, error }: SectionProps) {
  return (
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
            Up to {REQUEST_LIMITS.redirects}, each to an address the target policy allows; the final answer is judged. Credentials and headers go only to this
            URL’s origin.
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** How an HTTP monitor connects: certificate verification, address family, a proxy and a client certificate. */
export function HttpConnectionSection({ form, set, err, stored }: SectionProps & { stored: HttpMonitor | undefined }) {
  return (
    <fieldset className="form-section">
      <legend>Connection</legend>
      <div className="field">
        <label className="check">
          <input type="checkbox" name="tlsVerify" checked={form.tlsVerify} onChange={(e) => set('tlsVerify', e.target.checked)} />
          Verify certificates
        </label>
        {err('tlsVerify') ? (
          <p className="field-error">{err('tlsVerify')}</p>
        ) : (
          <p className="field-hint">
            Off: any certificate and name is accepted (self-signed ones too); each check still records it and says it was not verified.
          </p>
        )}
      </div>
      <Field label="Address family" error={err('ipFamily')}>
        {(p) => (
          <select {...p} name="ipFamily" value={form.ipFamily} onChange={(e) => set('ipFamily', e.target.value as FormState['ipFamily'])}>
            <option value="auto">Any (IPv4 or IPv6)</option>
            <option value="ipv4">IPv4 only</option>
            <option value="ipv6">IPv6 only</option>
          </select>
        )}
      </Field>
      <Field
        label="Proxy"
        optional
        error={err('proxy')}
        hint={
          stored?.proxySet
            ? 'A password is stored. To change the proxy, or the request, type the whole URL with its password again.'
            : 'http://[user:password@]host:port. https targets are reached through CONNECT. The password is stored encrypted.'
        }
      >
        {(p) => <input {...p} name="proxy" value={form.proxy} onChange={(e) => set('proxy', e.target.value)} placeholder="http://proxy.internal:3128" />}
      </Field>
      <Field
        label="Client certificate"
        optional
        error={err('clientCertificate')}
        hint={
          stored?.clientCertificate ? `Stored: ${stored.clientCertificate.subject}, valid until ${stored.clientCertificate.notAfter.slice(0, 10)}.` : undefined
        }
      >
        {(p) => (
          <select
            {...p}
            name="clientCertificateMode"
            value={form.clientCertificateMode}
            onChange={(e) => set('clientCertificateMode', e.target.value as FormState['clientCertificateMode'])}
          >
            {stored?.clientCertificate && <option value="keep">Keep the stored certificate</option>}
            <option value="none">None</option>
            <option value="set">Paste a certificate and its key</option>
          </select>
        )}
      </Field>
      {form.clientCertificateMode === 'set' && (
        <>
          <Field label="Certificate (PEM)" error={err('clientCertificate.certificate')}>
            {(p) => (
              <textarea
                {...p}
                name="clientCertificate"
                rows={4}
                value={form.clientCertificate}
                onChange={(e) => set('clientCertificate', e.target.value)}
                placeholder="-----BEGIN CERTIFICATE-----"
              />
            )}
          </Field>
          <Field label="Private key (PEM)" error={err('clientCertificate.key')} hint="Not encrypted. Stored encrypted and never shown again.">
            {(p) => (
              <textarea
                {...p}
                name="clientKey"
                rows={4}
                autoComplete="off"
                value={form.clientKey}
                onChange={(e) => set('clientKey', e.target.value)}
                placeholder="-----BEGIN PRIVATE KEY-----"
              />
            )}
          </Field>
        </>
      )}
    </fieldset>
  );
}

/** The sections an HTTP monitor adds after alerting: its credentials (a stored secret may be kept) and the rest of its request. */
export function HttpSections({ stored, original, ...section }: SectionProps & { stored: HttpMonitor | undefined; original: FormState }) {
  return (
    <>
      <HttpAuthSection {...section} storedSecret={stored?.auth?.secretSet === true && section.form.authMode === original.authMode} />
      <HttpRequestSection {...section} />
      <HttpConnectionSection {...section} stored={stored} />
    </>
  );
}
