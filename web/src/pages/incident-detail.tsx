import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client.js';
import {
  Button,
  Card,
  ErrorState,
  Field,
  FormError,
  IncidentBadge,
  Loading,
  Modal,
  PageHeader,
  SeverityBadge,
  SkeletonRows,
  fieldError,
  useToast,
} from '../components/ui.js';
import { DeliveryTable } from '../components/delivery-list.js';
import { span } from '../delivery-words.js';
import { dateTime } from '../format.js';
import { useDocumentTitle, useGet, useNow } from '../hooks.js';
import { Link } from '../router.js';
import { usePermissions, useSession } from '../session.js';
import type { Incident, IncidentCause, IncidentUpdate } from '../api/types.js';
import { INCIDENT_STATUS_TEXT, UPDATE_STATUSES } from '../../../src/shared/vocabulary.js';
import { useSubmit } from '../use-submit.js';

/** Who acknowledged, and through what. */
function acknowledgement(incident: Incident, me: string): string {
  if (incident.acknowledgedVia) return `Acknowledged by a recipient of the alert via ${incident.acknowledgedVia.channel}`;
  if (incident.acknowledgedBy === me) return 'Acknowledged by you in Lookout';
  return `Acknowledged by ${incident.acknowledgedByName ?? 'a former member of the team'} in Lookout`;
}

/** What opened an automatic incident, in a sentence: where, what failed, which assertions. */
function CauseText({ cause }: { cause: IncidentCause }) {
  return (
    <span data-testid="incident-cause">
      {cause.error ? (
        <>
          <code>{cause.error.code}</code> {cause.error.message}
        </>
      ) : (
        'The check failed'
      )}
      {cause.statusCode !== null && <span className="code"> · HTTP {cause.statusCode}</span>}
      {cause.failedAssertions.length > 0 && (
        <span>
          {' '}
          · assertion{cause.failedAssertions.length === 1 ? '' : 's'} {cause.failedAssertions.join(', ')} did not hold
        </span>
      )}
      <span className="muted">
        {' '}
        · {cause.region ? `from ${cause.region}` : 'reported by the job'}, {dateTime(cause.startedAt)}
      </span>
    </span>
  );
}

/** The alerts, reminders and escalations that went out for the incident, and whether each arrived. */
function AlertsSent({ incidentId, version }: { incidentId: string; version: string }) {
  const deliveries = useGet('/api/v1/deliveries', { params: { query: { incidentId, limit: 100 } } });
  const seen = useRef(version);
  useEffect(() => {
    // The incident changed (acknowledged, resolved): its recovery or acknowledgement may have gone out.
    if (seen.current === version) return;
    seen.current = version;
    void deliveries.reload();
  }, [version, deliveries]);
  const list = deliveries.data?.data;
  return (
    <Card
      title="Alerts sent"
      className="table-card"
      actions={
        <Button size="sm" icon="refresh" onClick={() => void deliveries.reload()}>
          Refresh
        </Button>
      }
    >
      {deliveries.error && !list ? (
        <ErrorState error={deliveries.error} onRetry={() => void deliveries.reload()} title="Could not load the alerts" />
      ) : !list ? (
        <SkeletonRows rows={2} />
      ) : list.length === 0 ? (
        <p className="empty-inline">No alert went out for this incident: its monitor has no notification policy, or the incident was opened by hand.</p>
      ) : (
        <DeliveryTable deliveries={list} context={false} />
      )}
    </Card>
  );
}

/** A status an update may set: resolving is its own call. */
type UpdateStatus = (typeof UPDATE_STATUSES)[number];

function PostUpdate({ incident, onPosted }: { incident: Incident; onPosted: (update: IncidentUpdate) => void }) {
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<UpdateStatus | ''>('');
  const [posted, setPosted] = useState(true);
  const { busy, error, onSubmit } = useSubmit(async () => {
    const update = await api.POST('/api/v1/incidents/{id}/updates', {
      params: { path: { id: incident.id } },
      body: { message, postedToStatusPage: posted, ...(status && { status }) },
    });
    setMessage('');
    setStatus('');
    onPosted(update);
    toast('success', 'Update posted');
  });

  return (
    <Card title="Post an update">
      <form onSubmit={onSubmit} noValidate className="update-form">
        <FormError error={error} labels={{ message: 'Message', status: 'Status', postedToStatusPage: 'Status page' }} />
        <Field label="Message" error={fieldError(error, 'message')}>
          {(p) => <textarea {...p} name="message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="What do you know now?" />}
        </Field>
        <div className="field-row align-end">
          <Field label="Set status" error={fieldError(error, 'status')}>
            {(p) => (
              <select {...p} value={status} onChange={(e) => setStatus(e.target.value as UpdateStatus | '')}>
                <option value="">Keep “{incident.status}”</option>
                {UPDATE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {INCIDENT_STATUS_TEXT[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <label className="check check-field">
            <input type="checkbox" checked={posted} onChange={(e) => setPosted(e.target.checked)} />
            Show on the public status page
          </label>
        </div>
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={busy}>
            Post update
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ResolveDialog({ incident, onClose, onResolved }: { incident: Incident; onClose: () => void; onResolved: (incident: Incident) => void }) {
  const [message, setMessage] = useState('');
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      onResolved(await api.POST('/api/v1/incidents/{id}/resolve', { params: { path: { id: incident.id } }, body: message === '' ? {} : { message } }));
      onClose();
    },
    { leaves: true },
  );
  return (
    <Modal title="Resolve this incident?" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormError error={error} labels={{ message: 'Closing note' }} />
        <Field label="Closing note" optional error={fieldError(error, 'message')} hint="Without one, the note reads “Incident closed manually”.">
          {(p) => <textarea {...p} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />}
        </Field>
        <div className="form-actions">
          <Button type="submit" variant="primary" icon="check" busy={busy}>
            Resolve incident
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Modal>
  );
}

export function IncidentDetailPage({ id }: { id: string }) {
  const incident = useGet('/api/v1/incidents/{id}', { params: { path: { id } } });
  const monitor = useGet('/api/v1/monitors/{id}', incident.data?.monitorId ? { params: { path: { id: incident.data.monitorId } } } : null);
  const { canWrite, canAdmin } = usePermissions();
  const me = useSession().session.user.id;
  const toast = useToast();
  const [resolving, setResolving] = useState(false);
  const now = useNow(30_000);
  const acknowledge = useSubmit(
    async () => {
      const acknowledged = await api.POST('/api/v1/incidents/{id}/acknowledge', { params: { path: { id } } });
      incident.setData(() => acknowledged);
      toast('success', 'Incident acknowledged');
    },
    { onError: (e) => toast('error', e.detail) },
  );
  useDocumentTitle(incident.data?.title ?? 'Incident');

  if (incident.error && !incident.data) {
    return (
      <div className="page">
        <PageHeader title="Incident" back={{ to: '/incidents', label: 'Incidents' }} />
        <ErrorState error={incident.error} onRetry={() => void incident.reload()} />
      </div>
    );
  }
  if (!incident.data)
    return (
      <div className="page">
        <Loading label="Loading incident…" />
      </div>
    );
  const i = incident.data;
  const open = i.status !== 'resolved';

  return (
    <div className="page page-narrow">
      <PageHeader
        title={i.title}
        back={{ to: '/incidents', label: 'Incidents' }}
        badge={<IncidentBadge status={i.status} />}
        subtitle={
          <>
            <SeverityBadge severity={i.severity} /> {i.source === 'monitor' ? 'Opened automatically' : 'Opened by hand'} on {dateTime(i.createdAt)}
            {i.monitorId && (
              <>
                {' '}
                · monitor <Link to={`/monitors/${i.monitorId}`}>{monitor.data?.name ?? 'view'}</Link>
              </>
            )}
            {i.acknowledgedAt && <> · acknowledged {dateTime(i.acknowledgedAt)}</>}
            {i.resolvedAt && <> · resolved {dateTime(i.resolvedAt)}</>}
          </>
        }
        actions={
          open ? (
            <>
              {canWrite && !i.acknowledgedAt && (
                <Button icon="bell" busy={acknowledge.busy} onClick={() => void acknowledge.run()}>
                  Acknowledge
                </Button>
              )}
              {canAdmin && (
                <Button variant="primary" icon="check" onClick={() => setResolving(true)}>
                  Resolve
                </Button>
              )}
            </>
          ) : undefined
        }
      />
      <Card title="Who is on it" className="incident-facts-card">
        <dl className="incident-facts">
          <div>
            <dt>State</dt>
            <dd>
              {open ? 'Open' : 'Resolved'} · {INCIDENT_STATUS_TEXT[i.status]}
            </dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd data-testid="incident-owner">
              {i.acknowledgedAt ? (
                <>
                  <span data-testid="acknowledged-via">{acknowledgement(i, me)}</span>
                  <span className="muted"> · acknowledged {dateTime(i.acknowledgedAt)}</span>
                </>
              ) : open ? (
                <span className="text-down">Nobody has acknowledged it yet</span>
              ) : (
                <span className="muted">Never acknowledged</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{open ? 'Open for' : 'Lasted'}</dt>
            <dd data-testid="incident-duration">
              {span((i.resolvedAt ? Date.parse(i.resolvedAt) : Math.max(now, Date.now())) - Date.parse(i.createdAt))}
              <span className="muted"> · since {dateTime(i.createdAt)}</span>
            </dd>
          </div>
          {i.monitorId && (
            <div>
              <dt>Monitor</dt>
              <dd>
                <Link to={`/monitors/${i.monitorId}`}>{monitor.data?.name ?? 'View the monitor'}</Link>
              </dd>
            </div>
          )}
          <div>
            <dt>Cause</dt>
            <dd>
              {i.cause ? (
                <CauseText cause={i.cause} />
              ) : i.source === 'manual' ? (
                <span className="muted">Opened by hand: see the timeline</span>
              ) : (
                <span className="muted">The failed check is no longer kept</span>
              )}
            </dd>
          </div>
        </dl>
      </Card>
      <AlertsSent incidentId={i.id} version={`${i.updatedAt}|${i.acknowledgedAt ?? ''}`} />
      <Card title="Timeline">
        {i.updates.length === 0 ? (
          <p className="empty-inline">No updates yet. Post the first one below to tell your users what is happening.</p>
        ) : (
          <ol className="timeline">
            {[...i.updates].reverse().map((u) => (
              <li key={u.id} className={`timeline-item ${u.status ? `timeline-${u.status}` : ''}`}>
                <span className="timeline-dot" aria-hidden="true" />
                <div className="timeline-body">
                  <div className="timeline-meta">
                    {u.status && <IncidentBadge status={u.status} />}
                    <time dateTime={u.createdAt}>{dateTime(u.createdAt)}</time>
                    {!u.postedToStatusPage && <span className="pill pill-muted">internal</span>}
                  </div>
                  <p className="timeline-message">{u.message}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
      {open && !canWrite ? null : open ? (
        <PostUpdate
          incident={i}
          onPosted={(update) =>
            incident.setData((current) => (current ? { ...current, status: update.status ?? current.status, updates: [...current.updates, update] } : current))
          }
        />
      ) : (
        <p className="muted center">This incident is resolved; it takes no more updates.</p>
      )}
      {resolving && (
        <ResolveDialog
          incident={i}
          onClose={() => setResolving(false)}
          onResolved={(resolved) => {
            incident.setData(() => resolved);
            toast('success', 'Incident resolved');
          }}
        />
      )}
    </div>
  );
}
