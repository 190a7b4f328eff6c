import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { Icon } from '../components/icons.js';
import { Button, Card, ConfirmDialog, ErrorState, Field, FormError, Loading, Notice, PageHeader, StatusBadge, fieldError, useToast } from '../components/ui.js';
import { dateTime } from '../format.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { usePermissions } from '../session.js';
import { useSubmit } from '../use-submit.js';
import { BadgesCard, GroupsEditor, SubscribersCard } from './status-page-extras.js';

export function StatusPageSettings() {
  useDocumentTitle('Status page');
  const page = useGet('/api/v1/status-pages/current');
  const monitors = useGet('/api/v1/monitors');
  const { canAdmin } = usePermissions();
  const toast = useToast();
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [monitorIds, setMonitorIds] = useState<string[]>([]);
  const [showTargets, setShowTargets] = useState(false);
  const [groups, setGroups] = useState<Array<{ name: string; monitorIds: string[] }>>([]);
  const [customDomain, setCustomDomain] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const missing = page.error?.status === 404;

  useEffect(() => {
    if (page.data) {
      setSlug(page.data.slug);
      setTitle(page.data.title);
      setMonitorIds(page.data.monitorIds);
      setShowTargets(page.data.showTargets);
      setGroups(page.data.groups ?? []);
      setCustomDomain(page.data.customDomain ?? '');
    }
  }, [page.data]);

  const { busy, error, onSubmit } = useSubmit(async () => {
    // A group holds shown monitors only, in the order they are shown.
    const body = {
      slug,
      title,
      monitorIds,
      showTargets,
      groups: groups.length > 0 ? groups.map((g) => ({ name: g.name, monitorIds: monitorIds.filter((id) => g.monitorIds.includes(id)) })) : null,
      customDomain: customDomain.trim() === '' ? null : customDomain.trim(),
    };
    const saved = await api.PUT('/api/v1/status-pages/current', { body });
    page.setData(() => saved);
    toast('success', page.data ? 'Status page saved' : 'Status page published');
    void page.reload();
  });

  const toggle = (id: string) => setMonitorIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const exists = page.data !== undefined && !missing;
  const names = new Map(monitors.data?.data.map((m) => [m.id, m.name]));
  const shown = monitorIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
  // Badges count the page's monitors as it shows them: the groups' first, then the others.
  const saved = exists ? page.data! : undefined;
  const grouped = saved?.groups?.flatMap((g) => g.monitorIds) ?? [];
  const badgeOrder = saved ? [...grouped, ...saved.monitorIds.filter((id) => !grouped.includes(id))] : [];

  return (
    <div className="page page-narrow">
      <PageHeader
        title="Status page"
        subtitle="A public page that shows your users how your services are doing, with incident updates you choose to post."
        actions={
          exists ? (
            <a className="btn btn-secondary btn-md" href={page.data!.url} target="_blank" rel="noreferrer">
              <Icon name="external" size={17} />
              View public page
            </a>
          ) : undefined
        }
      />
      {page.error && !missing ? (
        <ErrorState error={page.error} onRetry={() => void page.reload()} title="Could not load the status page" />
      ) : page.loading && !page.data ? (
        <Loading />
      ) : (
        <>
          {exists ? (
            <Notice kind="success">
              Published at{' '}
              <a href={page.data!.url} target="_blank" rel="noreferrer">
                {page.data!.url}
              </a>{' '}
              · last changed {dateTime(page.data!.updatedAt)}
            </Notice>
          ) : (
            <Notice kind="info">
              Your team has no status page yet.{canAdmin ? ' Fill in the form below to publish one.' : ' An Admin or Owner can publish one.'}
            </Notice>
          )}
          {canAdmin ? (
            <form className="card form-card" onSubmit={onSubmit} noValidate>
              <FormError error={error} labels={{ slug: 'Address', title: 'Title', monitorIds: 'Monitors', groups: 'Groups', customDomain: 'Custom domain' }} />
              <Field label="Title" error={fieldError(error, 'title')} hint="The heading of the page, e.g. “Acme status”.">
                {(p) => <input {...p} name="title" value={title} onChange={(e) => setTitle(e.target.value)} />}
              </Field>
              <Field
                label="Address"
                error={fieldError(error, 'slug')}
                hint={`Lower-case letters, digits and dashes. The page is at ${window.location.origin}/status/${slug || '…'}`}
              >
                {(p) => (
                  <div className="input-prefix">
                    <span aria-hidden="true">/status/</span>
                    <input {...p} name="slug" value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="acme" />
                  </div>
                )}
              </Field>
              <div className={`field ${fieldError(error, 'monitorIds') ? 'field-invalid' : ''}`} role="group" aria-labelledby="sp-monitors">
                <span className="label" id="sp-monitors">
                  Monitors shown
                </span>
                {monitors.data?.data.length === 0 ? (
                  <p className="field-hint">Create a monitor first; then choose which ones the page shows.</p>
                ) : (
                  <ul className="check-list">
                    {monitors.data?.data.map((m) => (
                      <li key={m.id}>
                        <label className="check">
                          <input type="checkbox" checked={monitorIds.includes(m.id)} onChange={() => toggle(m.id)} />
                          <span>{m.name}</span>
                          <StatusBadge status={m.status} />
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
                {fieldError(error, 'monitorIds') && <p className="field-error">{fieldError(error, 'monitorIds')}</p>}
              </div>
              <GroupsEditor groups={groups} setGroups={setGroups} shown={shown} error={error} />
              <Field
                label="Custom domain"
                error={fieldError(error, 'customDomain')}
                hint="Optional, e.g. status.example.com: point its DNS (CNAME) at this server and have your reverse proxy pass the Host header on; the page is then answered at its root."
              >
                {(p) => (
                  <input {...p} name="customDomain" value={customDomain} onChange={(e) => setCustomDomain(e.target.value)} placeholder="status.example.com" />
                )}
              </Field>
              <div className={`field ${fieldError(error, 'showTargets') ? 'field-invalid' : ''}`}>
                <label className="check">
                  <input type="checkbox" name="showTargets" checked={showTargets} onChange={(e) => setShowTargets(e.target.checked)} />
                  <span>Show each monitor’s host on the page</span>
                </label>
                <p className="field-hint">An HTTP monitor’s host and port, never its path, query or credentials.</p>
                {fieldError(error, 'showTargets') && <p className="field-error">{fieldError(error, 'showTargets')}</p>}
              </div>
              <div className="form-actions">
                <Button type="submit" variant="primary" busy={busy}>
                  {exists ? 'Save changes' : 'Publish status page'}
                </Button>
                {exists && (
                  <Button variant="danger" icon="trash" onClick={() => setConfirmDelete(true)}>
                    Delete page
                  </Button>
                )}
              </div>
            </form>
          ) : (
            exists && (
              <Card title="Settings">
                <dl className="facts">
                  <div>
                    <dt>Title</dt>
                    <dd>{page.data!.title}</dd>
                  </div>
                  <div>
                    <dt>Monitors shown</dt>
                    <dd>
                      {monitors.data?.data
                        .filter((m) => page.data!.monitorIds.includes(m.id))
                        .map((m) => m.name)
                        .join(', ') || 'None'}
                    </dd>
                  </div>
                  <div>
                    <dt>Hosts shown</dt>
                    <dd>{page.data!.showTargets ? 'Yes' : 'No'}</dd>
                  </div>
                  <div>
                    <dt>Groups</dt>
                    <dd>{page.data!.groups?.map((g) => g.name).join(', ') || 'None'}</dd>
                  </div>
                  <div>
                    <dt>Custom domain</dt>
                    <dd>{page.data!.customDomain ?? 'None'}</dd>
                  </div>
                </dl>
                <p className="muted small">Only Admins and Owners can change the status page.</p>
              </Card>
            )
          )}
          {saved && <BadgesCard url={saved.url} monitors={badgeOrder.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }))} />}
          {saved && canAdmin && <SubscribersCard />}
        </>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete the status page?"
          confirmLabel="Delete page"
          onClose={() => setConfirmDelete(false)}
          onConfirm={async () => {
            await api.DELETE('/api/v1/status-pages/current');
            page.setData(() => undefined);
            setSlug('');
            setTitle('');
            setMonitorIds([]);
            void page.reload();
            toast('success', 'Status page deleted');
          }}
        >
          <p>The public address stops working at once. You can publish a new page later.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
