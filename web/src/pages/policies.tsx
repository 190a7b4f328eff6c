import { ButtonLink, EmptyState, ErrorState, PageHeader, SkeletonRows } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { Link } from '../router.js';
import { usePermissions } from '../session.js';
import { channelLabel } from './channel-fields.js';

export const NOTIFY_LABELS: Record<string, string> = {
  down: 'Down',
  degraded: 'Degraded',
  up: 'Recovered',
  'certificate-expiring': 'Certificate expiring',
  'domain-expiring': 'Domain expiring',
};

export function PoliciesPage() {
  useDocumentTitle('Notifications');
  const policies = useGet('/api/v1/notification-policies');
  const monitors = useGet('/api/v1/monitors');
  const { canAdmin } = usePermissions();
  const usedBy = (id: string) => monitors.data?.data.filter((m) => m.notificationPolicyId === id).length ?? 0;

  return (
    <div className="page">
      <PageHeader
        title="Notifications"
        subtitle="Policies say which changes are sent where: webhooks, Slack and email. Point a monitor at a policy to use it."
        actions={
          canAdmin ? (
            <ButtonLink to="/notifications/new" variant="primary" icon="plus">
              New policy
            </ButtonLink>
          ) : undefined
        }
      />
      {policies.error && !policies.data ? (
        <ErrorState error={policies.error} onRetry={() => void policies.reload()} title="Could not load policies" />
      ) : !policies.data ? (
        <div className="card">
          <SkeletonRows />
        </div>
      ) : policies.data.data.length === 0 ? (
        <div className="card">
          <EmptyState
            icon="bell"
            title="No notification policies yet"
            action={
              canAdmin ? (
                <ButtonLink to="/notifications/new" variant="primary" icon="plus">
                  Create a policy
                </ButtonLink>
              ) : undefined
            }
          >
            {canAdmin ? 'Create one to hear about outages by webhook, Slack or email.' : 'An Admin or Owner can create one.'}
          </EmptyState>
        </div>
      ) : (
        <div className="card table-card">
          <table className="table stack-table">
            <thead>
              <tr>
                <th scope="col">Policy</th>
                <th scope="col">Sends on</th>
                <th scope="col">Channels</th>
                <th scope="col" className="num">
                  Monitors
                </th>
              </tr>
            </thead>
            <tbody>
              {policies.data.data.map((p) => (
                <tr key={p.id}>
                  <td data-label="Policy" className="stack-title">
                    <Link to={`/notifications/${p.id}`} className="row-title">
                      {p.name}
                    </Link>
                  </td>
                  <td data-label="Sends on">
                    <span className="pills">
                      {p.notifyOn.map((n) => (
                        <span key={n} className="pill pill-muted">
                          {NOTIFY_LABELS[n] ?? n}
                        </span>
                      ))}
                    </span>
                  </td>
                  <td data-label="Channels" className="truncate-cell stack-wide">
                    {p.channels.map((c) => channelLabel(c)).join(' · ')}
                  </td>
                  <td data-label="Monitors" className="num">
                    {usedBy(p.id)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
