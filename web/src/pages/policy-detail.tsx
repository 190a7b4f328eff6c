import { useState } from 'react';
import { api } from '../api/client.js';
import { Icon } from '../components/icons.js';
import { Button, ButtonLink, Card, ConfirmDialog, ErrorState, Loading, Notice, PageHeader, SkeletonRows, useToast } from '../components/ui.js';
import { dateTime, ms, relativeTime } from '../format.js';
import { useDocumentTitle, useGet, useNow } from '../hooks.js';
import { Link, navigate } from '../router.js';
import { usePermissions } from '../session.js';
import type { PolicyTestResult } from '../api/types.js';
import { CHANNEL_LABELS, channelAddress, channelLabel } from './channel-fields.js';
import { NOTIFY_LABELS } from './policies.js';
import { useSubmit } from '../use-submit.js';

export function PolicyDetailPage({ id }: { id: string }) {
  const policy = useGet('/api/v1/notification-policies/{id}', { params: { path: { id } } });
  const deliveries = useGet('/api/v1/notification-policies/{id}/deliveries', { params: { path: { id } } });
  const monitors = useGet('/api/v1/monitors');
  const { canAdmin } = usePermissions();
  const toast = useToast();
  const now = useNow(15_000);
  const [test, setTest] = useState<PolicyTestResult | null>(null);
  const sendTest = useSubmit(async () => {
    setTest(null);
    const result = await api.POST('/api/v1/notification-policies/{id}/test', { params: { path: { id } } });
    setTest(result);
    const failed = result.results.filter((r) => r.outcome === 'failed').length;
    toast(failed ? 'error' : 'success', failed ? `${failed} of ${result.results.length} channels failed` : 'Test delivered to every channel');
    void deliveries.reload();
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  useDocumentTitle(policy.data?.name ?? 'Notification policy');

  if (policy.error && !policy.data) {
    return (
      <div className="page">
        <PageHeader title="Notification policy" back={{ to: '/notifications', label: 'Notifications' }} />
        <ErrorState error={policy.error} onRetry={() => void policy.reload()} />
      </div>
    );
  }
  if (!policy.data)
    return (
      <div className="page">
        <Loading />
      </div>
    );
  const p = policy.data;
  const used = monitors.data?.data.filter((m) => m.notificationPolicyId === id) ?? [];

  return (
    <div className="page">
      <PageHeader
        title={p.name}
        back={{ to: '/notifications', label: 'Notifications' }}
        subtitle={`Sends on: ${p.notifyOn.map((n) => NOTIFY_LABELS[n] ?? n).join(', ')}`}
        actions={
          canAdmin ? (
            <>
              <Button variant="primary" icon="send" onClick={() => void sendTest.run()} busy={sendTest.busy}>
                Send test
              </Button>
              <ButtonLink to={`/notifications/${id}/edit`} icon="edit">
                Edit
              </ButtonLink>
              <Button variant="danger" icon="trash" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            </>
          ) : undefined
        }
      />
      {sendTest.error && <Notice kind="error">{sendTest.error.detail}</Notice>}
      {test && (
        <Card title="Test result">
          <ul className="test-results">
            {test.results.map((r, i) => (
              <li key={i} className={r.outcome === 'delivered' ? 'ok' : 'fail'}>
                <Icon name={r.outcome === 'delivered' ? 'check' : 'x'} size={16} />
                <span className="truncate">{channelLabel(r.channel)}</span>
                <span>
                  {r.outcome === 'delivered' ? 'Delivered' : 'Failed'}
                  {r.statusCode !== null && ` · HTTP ${r.statusCode}`} · {ms(r.durationMs)}
                </span>
                {r.error && <span className="muted">{r.error}</span>}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <div className="grid-2">
        <Card title="Channels">
          <ul className="plain-list">
            {p.channels.map((c, i) => (
              <li key={i}>
                <span className="pill pill-muted">{CHANNEL_LABELS[c.type]}</span> <span className="break">{channelAddress(c)}</span>
                {c.type === 'webhook' && c.secretSet && <span className="muted small"> · signed</span>}
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Used by">
          {used.length === 0 ? (
            <p className="empty-inline">No monitor uses this policy yet. Choose it in a monitor’s settings.</p>
          ) : (
            <ul className="plain-list">
              {used.map((m) => (
                <li key={m.id}>
                  <Link to={`/monitors/${m.id}`}>{m.name}</Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <Card
        title="Delivery log"
        className="table-card"
        actions={
          <Button size="sm" icon="refresh" onClick={() => void deliveries.reload()}>
            Refresh
          </Button>
        }
      >
        {deliveries.error && !deliveries.data ? (
          <ErrorState error={deliveries.error} onRetry={() => void deliveries.reload()} />
        ) : !deliveries.data ? (
          <SkeletonRows rows={3} />
        ) : deliveries.data.data.length === 0 ? (
          <p className="empty-inline">Nothing sent yet. Deliveries appear here when a monitor changes status{canAdmin ? ', or when you send a test' : ''}.</p>
        ) : (
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.data.map((d) => (
                  <tr key={d.id}>
                    <td title={d.attemptedAt}>{relativeTime(d.attemptedAt, now)}</td>
                    <td>
                      <code>{d.event}</code>
                    </td>
                    <td className="truncate-cell">{channelLabel(d.channel)}</td>
                    <td>
                      <span className={`result result-${d.outcome === 'delivered' ? 'ok' : d.outcome === 'retrying' ? 'warn' : 'fail'}`}>
                        {d.outcome === 'delivered' ? 'Delivered' : d.outcome === 'retrying' ? 'Retrying' : 'Failed'}
                      </span>
                      {d.attempt > 1 && <span className="muted small"> · attempt {d.attempt}</span>}
                    </td>
                    <td className="run-details">
                      {d.statusCode !== null && <span className="code">HTTP {d.statusCode}</span>}
                      {d.error && <span>{d.error}</span>}
                      {d.nextAttemptAt && <span className="muted">next try {dateTime(d.nextAttemptAt)}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      {confirmDelete && (
        <ConfirmDialog
          title={`Delete “${p.name}”?`}
          confirmLabel="Delete policy"
          onClose={() => setConfirmDelete(false)}
          onConfirm={async () => {
            await api.DELETE('/api/v1/notification-policies/{id}', { params: { path: { id } } });
            toast('success', 'Policy deleted');
            navigate('/notifications');
          }}
        >
          <p>
            {used.length ? `${used.length} monitor(s) use it; they keep running without notifications.` : 'No monitor uses it.'} Pending deliveries are dropped.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
