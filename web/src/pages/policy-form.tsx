import { useState, type SubmitEvent } from 'react';
import { api } from '../api/client.js';
import { NOTIFY_ON } from '../api/enums.js';
import type { ApiError } from '../api/errors.js';
import type { NotifyOn, Policy, PolicyBody } from '../api/types.js';
import { Button, ErrorState, Field, FormError, Loading, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate } from '../router.js';
import { NOTIFY_LABELS } from './policies.js';

interface ChannelDraft {
  key: number;
  type: 'webhook' | 'slack' | 'email';
  url: string;
  secret: string;
  secretSet: boolean;
  webhookUrl: string;
  to: string;
}

let nextKey = 1;

function draftsOf(policy?: Policy): ChannelDraft[] {
  if (!policy) return [{ key: nextKey++, type: 'webhook', url: '', secret: '', secretSet: false, webhookUrl: '', to: '' }];
  return policy.channels.map((c) => ({
    key: nextKey++,
    type: c.type,
    url: c.type === 'webhook' ? c.url : '',
    secret: '',
    secretSet: c.type === 'webhook' ? c.secretSet : false,
    webhookUrl: c.type === 'slack' ? c.webhookUrl : '',
    to: c.type === 'email' ? c.to.join(', ') : '',
  }));
}

function channelBody(d: ChannelDraft): PolicyBody['channels'][number] {
  if (d.type === 'webhook') return d.secret !== '' ? { type: 'webhook', url: d.url, secret: d.secret } : { type: 'webhook', url: d.url };
  if (d.type === 'slack') return { type: 'slack', webhookUrl: d.webhookUrl };
  return {
    type: 'email',
    to: d.to
      .split(/[,\s]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

function PolicyForm({ policy }: { policy?: Policy }) {
  const toast = useToast();
  const [name, setName] = useState(policy?.name ?? '');
  const [notifyOn, setNotifyOn] = useState<NotifyOn[]>(policy?.notifyOn ?? [...NOTIFY_ON]);
  const [channels, setChannels] = useState<ChannelDraft[]>(() => draftsOf(policy));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const update = (key: number, patch: Partial<ChannelDraft>) => setChannels((cs) => cs.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body: PolicyBody = { name, notifyOn, channels: channels.map(channelBody) };
    try {
      const saved = policy
        ? await api.PATCH('/api/v1/notification-policies/{id}', { params: { path: { id: policy.id } }, body })
        : await api.POST('/api/v1/notification-policies', { body });
      toast('success', policy ? 'Policy saved' : 'Policy created');
      navigate(`/notifications/${saved.id}`);
    } catch (e) {
      setError(e as ApiError);
      setBusy(false);
    }
  };

  const labels: Record<string, string> = { name: 'Name', notifyOn: 'Sends on', channels: 'Channels' };
  channels.forEach((c, i) => {
    labels[`channels.${i}`] = `Channel ${i + 1}`;
    labels[`channels.${i}.url`] = `Channel ${i + 1} URL`;
    labels[`channels.${i}.secret`] = `Channel ${i + 1} secret`;
    labels[`channels.${i}.webhookUrl`] = `Channel ${i + 1} Slack URL`;
    labels[`channels.${i}.to`] = `Channel ${i + 1} recipients`;
  });

  return (
    <form className="card form-card" onSubmit={(event) => void submit(event)} noValidate>
      <FormError error={error} labels={labels} />
      <Field label="Name" error={fieldError(error, 'name')}>
        {(p) => <input {...p} name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="On-call" />}
      </Field>
      <div className={`field ${fieldError(error, 'notifyOn') ? 'field-invalid' : ''}`} role="group" aria-labelledby="notify-on">
        <span className="label" id="notify-on">
          Send when a monitor
        </span>
        <div className="checks-inline">
          {NOTIFY_ON.map((n) => (
            <label key={n} className="check">
              <input
                type="checkbox"
                checked={notifyOn.includes(n)}
                onChange={() => setNotifyOn((cur) => (cur.includes(n) ? cur.filter((x) => x !== n) : NOTIFY_ON.filter((x) => x === n || cur.includes(x))))}
              />
              {NOTIFY_LABELS[n]}
            </label>
          ))}
        </div>
        {fieldError(error, 'notifyOn') && <p className="field-error">{fieldError(error, 'notifyOn')}</p>}
      </div>
      <fieldset className="form-section">
        <legend>Channels</legend>
        {fieldError(error, 'channels') && !channels.some((_, i) => fieldError(error, `channels.${i}`)) && (
          <p className="field-error">{fieldError(error, 'channels')}</p>
        )}
        {channels.map((c, i) => (
          <div key={c.key} className="channel-editor">
            <div className="channel-head">
              <Field label={`Channel ${i + 1}`} error={error?.fieldMessage(`channels.${i}.type`) ?? error?.fieldMessage(`channels.${i}`)}>
                {(p) => (
                  <select {...p} value={c.type} onChange={(e) => update(c.key, { type: e.target.value as ChannelDraft['type'] })}>
                    <option value="webhook">Webhook</option>
                    <option value="slack">Slack</option>
                    <option value="email">Email</option>
                  </select>
                )}
              </Field>
              <Button
                size="sm"
                variant="ghost"
                icon="trash"
                onClick={() => setChannels((cs) => cs.filter((x) => x.key !== c.key))}
                aria-label={`Remove channel ${i + 1}`}
              >
                Remove
              </Button>
            </div>
            {c.type === 'webhook' && (
              <div className="field-row">
                <Field label="URL" error={error?.fieldMessage(`channels.${i}.url`)}>
                  {(p) => (
                    <input
                      {...p}
                      type="url"
                      value={c.url}
                      onChange={(e) => update(c.key, { url: e.target.value })}
                      placeholder="https://example.com/hooks/lookout"
                    />
                  )}
                </Field>
                <Field
                  label="Signing secret"
                  optional
                  error={error?.fieldMessage(`channels.${i}.secret`)}
                  hint={c.secretSet ? 'A secret is stored; leave empty to keep it.' : '16-256 characters; signs each delivery (Lookout-Signature).'}
                >
                  {(p) => (
                    <input {...p} type="password" autoComplete="new-password" value={c.secret} onChange={(e) => update(c.key, { secret: e.target.value })} />
                  )}
                </Field>
              </div>
            )}
            {c.type === 'slack' && (
              <Field label="Slack incoming-webhook URL" error={error?.fieldMessage(`channels.${i}.webhookUrl`)}>
                {(p) => (
                  <input
                    {...p}
                    type="url"
                    value={c.webhookUrl}
                    onChange={(e) => update(c.key, { webhookUrl: e.target.value })}
                    placeholder="https://hooks.slack.com/services/…"
                  />
                )}
              </Field>
            )}
            {c.type === 'email' && (
              <Field label="Recipients" error={fieldError(error, `channels.${i}.to`)} hint="Separate addresses with commas.">
                {(p) => <input {...p} value={c.to} onChange={(e) => update(c.key, { to: e.target.value })} placeholder="ops@example.com" />}
              </Field>
            )}
          </div>
        ))}
        <Button
          size="sm"
          icon="plus"
          onClick={() => setChannels((cs) => [...cs, { key: nextKey++, type: 'webhook', url: '', secret: '', secretSet: false, webhookUrl: '', to: '' }])}
        >
          Add channel
        </Button>
      </fieldset>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {policy ? 'Save changes' : 'Create policy'}
        </Button>
        <Button onClick={() => navigate(policy ? `/notifications/${policy.id}` : '/notifications')}>Cancel</Button>
      </div>
    </form>
  );
}

export function PolicyNewPage() {
  useDocumentTitle('New notification policy');
  return (
    <div className="page page-narrow">
      <PageHeader title="New notification policy" back={{ to: '/notifications', label: 'Notifications' }} />
      <PolicyForm />
    </div>
  );
}

export function PolicyEditPage({ id }: { id: string }) {
  const policy = useGet('/api/v1/notification-policies/{id}', { params: { path: { id } } });
  useDocumentTitle('Edit notification policy');
  return (
    <div className="page page-narrow">
      <PageHeader
        title={policy.data ? `Edit ${policy.data.name}` : 'Edit policy'}
        back={{ to: `/notifications/${id}`, label: policy.data?.name ?? 'Policy' }}
      />
      {policy.error ? (
        <ErrorState error={policy.error} onRetry={() => void policy.reload()} />
      ) : !policy.data ? (
        <Loading />
      ) : (
        <PolicyForm policy={policy.data} />
      )}
    </div>
  );
}
