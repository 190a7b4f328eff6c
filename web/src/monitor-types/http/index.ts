import { SOURCES_OF } from '../../assertions.js';
import { assertionRows } from '../../components/assertion-editor.js';
import { headerBodies, headerRows } from '../../components/header-editor.js';
import { RegionsCard } from '../checked/regions-card.js';
import { CheckedSchedule, CHECKED_THRESHOLD_HINTS } from '../checked/schedule.js';
import { loadChecked } from '../checked/form-fields.js';
import { CHECKED_WORDS } from '../checked/words.js';
import { num, sendsBody, type Auth, type FormState, type Partially } from '../form-state.js';
import type { MonitorTypeParts } from '../part.js';
import { HttpDetailCard } from './detail-card.js';
import { HttpSections, HttpTargetFields } from './form.js';
import { HttpRunView } from './run-view.js';

/** The credentials the form sends: null for none; the secret only when typed. */
export function authBody(form: FormState): Partially<Auth> | null {
  const secret = form.authSecret !== '' ? { secret: form.authSecret } : {};
  if (form.authMode === 'none') return null;
  if (form.authMode === 'basic') return { type: 'basic', ...secret, username: form.authUsername };
  if (form.authMode === 'header') return { type: 'header', ...secret, headerName: form.authHeaderName };
  return { type: 'bearer', ...secret };
}

/** The client certificate the form sends: null for none, the pasted one whole; left out when the stored one is kept. */
export function clientCertificateBody(form: FormState): { certificate: string; key: string } | null | undefined {
  if (form.clientCertificateMode === 'none') return null;
  if (form.clientCertificateMode === 'keep') return undefined;
  return { certificate: form.clientCertificate, key: form.clientKey };
}

export const http: MonitorTypeParts<'http'> = {
  form: {
    choice: { title: 'HTTP', text: 'Request a URL and expect a status code.' },
    defaultPort: null,
    Target: HttpTargetFields,
    Schedule: CheckedSchedule,
    Sections: HttpSections,
    assertions: { sources: SOURCES_OF.http, none: 'None: a check succeeds on the expected status alone.' },
    thresholdHints: CHECKED_THRESHOLD_HINTS,
    load: (monitor) => ({
      ...loadChecked(monitor),
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
      tlsVerify: monitor.tlsVerify,
      ipFamily: monitor.ipFamily,
      proxy: monitor.proxy ?? '',
      clientCertificateMode: monitor.clientCertificate ? 'keep' : 'none',
    }),
    body: (form, { alerting, checked, assertions }) => ({
      type: 'http',
      ...alerting,
      ...checked,
      url: form.url,
      method: form.method,
      expectedStatus: num(form.expectedStatus),
      auth: authBody(form) ?? undefined,
      headers: form.headers.length > 0 ? headerBodies(form.headers) : undefined,
      // A body goes with the methods that take one; with another method it is dropped, not refused.
      body: sendsBody(form.method) && form.body !== '' ? form.body : undefined,
      followRedirects: form.followRedirects,
      assertions,
      tlsVerify: form.tlsVerify,
      ipFamily: form.ipFamily,
      proxy: form.proxy.trim() === '' ? undefined : form.proxy.trim(),
      clientCertificate: clientCertificateBody(form) ?? undefined,
    }),
  },
  detail: { tag: 'HTTP', RunView: HttpRunView, Overview: RegionsCard, DetailCard: HttpDetailCard, checked: true, words: CHECKED_WORDS },
};
