import { useState } from 'react';
import { api } from '../api/client.js';
import {
  Button,
  EmptyState,
  ErrorState,
  Field,
  FormError,
  IncidentBadge,
  Modal,
  PageHeader,
  SeverityBadge,
  SkeletonRows,
  fieldError,
  useToast,
} from '../components/ui.js';
import { dateTime, relativeTime } from '../format.js';
import { useDocumentTitle, useGet, useNow } from '../hooks.js';
import { Link, navigate } from '../router.js';
import type { Incident, Monitor } from '../api/types.js';
import { SEVERITIES, SEVERITY_TEXT, type Severity } from '../../../src/shared/vocabulary.js';
import { usePermissions } from '../session.js';
import { useSubmit } from '../use-submit.js';

const LABELS = { title: 'Title', monitorId: 'Monitor', message: 'First update', severity: 'Severity' };

function NewIncident({ monitors, onClose }: { monitors: Monitor[]; onClose: () => void }) {
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [severity, setSeverity] = useState<Severity>('major');
  const [monitorId, setMonitorId] = useState('');
  const [message, setMessage] = useState('');
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const body = { title, severity, ...(monitorId && { monitorId }), ...(message !== '' && { message }) };
      const created = await api.POST('/api/v1/incidents', { body });
      toast('success', 'Incident opened');
      navigate(`/incidents/${created.id}`);
    },
    { leaves: true },
  );

  return (
    <Modal title="Open an incident" onClose={onClose} wide>
      <form onSubmit={onSubmit} noValidate>
        <FormError error={error} labels={LABELS} />
        <Field label="Title" error={fieldError(error, 'title')} hint="What is wrong, as your users should read it.">
          {(p) => <input {...p} name="title" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Checkout is slow" />}
        </Field>
        <div className="field-row">
          <Field label="Severity" error={fieldError(error, 'severity')}>
            {(p) => (
              <select {...p} value={severity} onChange={(e) => setSeverity(e.target.value as Severity)}>
                {SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {SEVERITY_TEXT[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Monitor" optional error={fieldError(error, 'monitorId')}>
            {(p) => (
              <select {...p} value={monitorId} onChange={(e) => setMonitorId(e.target.value)}>
                <option value="">Not about one monitor</option>
                {monitors.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="First update" optional error={fieldError(error, 'message')} hint="Shown on the status page as the incident’s first update.">
          {(p) => <textarea {...p} rows={4} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="We are looking into reports of…" />}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            Open incident
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Modal>
  );
}

/** Whether someone is on an open incident, and who: what the person on call looks for first. */
function AcknowledgedPill({ incident }: { incident: Incident }) {
  if (incident.status === 'resolved') return null;
  if (!incident.acknowledgedAt) return <span className="pill pill-danger">not acknowledged</span>;
  const who = incident.acknowledgedVia ? `via ${incident.acknowledgedVia.channel}` : (incident.acknowledgedByName ?? 'a former member');
  return (
    <span className="pill pill-ok" title={`Acknowledged ${dateTime(incident.acknowledgedAt)}`}>
      acknowledged · {who}
    </span>
  );
}

export function IncidentsPage() {
  useDocumentTitle('Incidents');
  const incidents = useGet('/api/v1/incidents');
  const monitors = useGet('/api/v1/monitors');
  const [show, setShow] = useState<'open' | 'resolved' | 'all'>('open');
  const [creating, setCreating] = useState(false);
  const { canWrite } = usePermissions();
  const now = useNow(30_000);
  const all = incidents.data?.data ?? [];
  const open = all.filter((i) => i.status !== 'resolved');
  const shown = show === 'open' ? open : show === 'resolved' ? all.filter((i) => i.status === 'resolved') : all;
  const monitorName = (id: string | null) => monitors.data?.data.find((m) => m.id === id)?.name;

  return (
    <div className="page">
      <PageHeader
        title="Incidents"
        subtitle={incidents.data ? (open.length ? `${open.length} open` : 'No open incidents.') : 'Outages and their timelines.'}
        actions={
          canWrite && (
            <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
              Open incident
            </Button>
          )
        }
      />
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="Show">
          {(['open', 'resolved', 'all'] as const).map((v) => (
            <button key={v} type="button" className={show === v ? 'active' : ''} aria-pressed={show === v} onClick={() => setShow(v)}>
              {v[0]!.toUpperCase() + v.slice(1)}
            </button>
          ))}
        </div>
      </div>
      {incidents.error && !incidents.data ? (
        <ErrorState error={incidents.error} onRetry={() => void incidents.reload()} title="Could not load incidents" />
      ) : !incidents.data ? (
        <div className="card">
          <SkeletonRows />
        </div>
      ) : shown.length === 0 ? (
        <div className="card">
          <EmptyState icon="check" title={show === 'open' ? 'No open incidents' : 'No incidents'}>
            {show === 'open' ? 'All quiet. Incidents open automatically when a monitor goes down, or you can open one by hand.' : 'Nothing to show here yet.'}
          </EmptyState>
        </div>
      ) : (
        <ul className="incident-list card">
          {shown.map((incident) => (
            <li key={incident.id} className="incident-item">
              <div className="incident-main">
                <Link to={`/incidents/${incident.id}`} className="row-title">
                  {incident.title}
                </Link>
                <span className="row-sub">
                  {incident.source === 'monitor' ? 'Opened automatically' : 'Opened by hand'}
                  {incident.monitorId && monitorName(incident.monitorId) && <> · {monitorName(incident.monitorId)}</>} · {relativeTime(incident.createdAt, now)}
                  {incident.resolvedAt && <> · resolved {dateTime(incident.resolvedAt)}</>}
                </span>
                {incident.updates.length > 0 && <p className="incident-last">{incident.updates[incident.updates.length - 1]!.message}</p>}
              </div>
              <div className="incident-badges">
                <SeverityBadge severity={incident.severity} />
                <IncidentBadge status={incident.status} />
                <AcknowledgedPill incident={incident} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating && <NewIncident monitors={monitors.data?.data ?? []} onClose={() => setCreating(false)} />}
    </div>
  );
}
