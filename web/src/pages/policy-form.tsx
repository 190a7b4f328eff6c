import { useState } from 'react';
import { api } from '../api/client.js';
import { NOTIFY_ON } from '../api/enums.js';
import type { ApiError } from '../api/errors.js';
import type { NotifyOn, Policy, PolicyBody } from '../api/types.js';
import { HeaderEditor, headerBodies, headerRows, type HeaderRow } from '../components/header-editor.js';
import { Button, ErrorState, Field, FormError, Loading, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate } from '../router.js';
import { CHANNEL_CHOICES, CHANNEL_FIELDS, type ChannelField, type ChannelType } from './channel-fields.js';
import { NOTIFY_LABELS } from './policies.js';
import { useSubmit } from '../use-submit.js';
import { useUnsavedChanges } from '../use-unsaved-changes.js';

/**
 * One channel as the form holds it: the text of each field by name (a secret typed anew, empty to
 * keep the stored one), which secrets are stored, and a custom channel's header rows.
 */
interface ChannelDraft {
  key: number;
  type: ChannelType;
  values: Record<string, string>;
  stored: Record<string, boolean>;
  headers: HeaderRow[];
  /** A custom channel's secret headers: stored ones by name (value empty), new ones typed. */
  secretHeaders: HeaderRow[];
}

let nextKey = 1;

/** A new channel of `type`, keeping what was typed into fields of the same name. */
function newDraft(type: ChannelType, values: Record<string, string> = {}): ChannelDraft {
  const initial = Object.fromEntries(CHANNEL_FIELDS[type].filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial!]));
  return { key: nextKey++, type, values: { ...initial, ...values }, stored: {}, headers: [], secretHeaders: [] };
}

function draftsOf(policy?: Policy): ChannelDraft[] {
  if (!policy) return [newDraft('webhook')];
  return policy.channels.map((channel) => {
    const c = channel as Record<string, unknown>;
    const values: Record<string, string> = {};
    const stored: Record<string, boolean> = {};
    let headers = channel.type === 'custom' ? headerRows(channel.headers) : [];
    for (const field of CHANNEL_FIELDS[channel.type]) {
      if (field.kind === 'secret') stored[field.name] = c[`${field.name}Set`] === true;
      else if (field.kind === 'list') values[field.name] = Array.isArray(c[field.name]) ? (c[field.name] as string[]).join(', ') : '';
      else if (field.header !== undefined) {
        // A choice sent as a header (Content-Type): taken out of the header rows; absent, the first choice.
        const sent = headers.find((h) => h.name.toLowerCase() === field.header.toLowerCase());
        headers = headers.filter((h) => h !== sent);
        values[field.name] = sent?.value ?? field.initial ?? '';
      } else if (field.kind !== 'headers' && field.kind !== 'secretHeaders')
        values[field.name] = c[field.name] === null || c[field.name] === undefined ? '' : String(c[field.name]);
    }
    const secretHeaders =
      channel.type === 'custom' ? channel.secretHeaders.map((h) => ({ ...headerRows([{ name: h.name, value: '' }])[0]!, stored: true })) : [];
    return { key: nextKey++, type: channel.type, values, stored, headers, secretHeaders };
  });
}

/**
 * The channel as the API takes it: a secret left empty is left out (the stored one stays); secret
 * headers are left out while they are the stored ones untouched, and sent whole once changed.
 */
function channelBody(d: ChannelDraft): PolicyBody['channels'][number] {
  const body: Record<string, unknown> = { type: d.type };
  const asHeaders = CHANNEL_FIELDS[d.type].filter((f) => f.header !== undefined && (d.values[f.name] ?? '') !== '');
  for (const field of CHANNEL_FIELDS[d.type]) {
    const value = d.values[field.name] ?? '';
    if (field.header !== undefined) continue;
    // The header chosen apart goes last, so that the API's `headers.<n>` name the rows as shown.
    if (field.kind === 'headers') body[field.name] = [...headerBodies(d.headers), ...asHeaders.map((f) => ({ name: f.header!, value: d.values[f.name]! }))];
    else if (field.kind === 'secretHeaders') {
      const untouched = d.secretHeaders.every((row) => row.stored && row.value === '');
      const removedAll = d.secretHeaders.length === 0;
      if (removedAll) body[field.name] = null;
      else if (!untouched) body[field.name] = headerBodies(d.secretHeaders);
    } else if (field.kind === 'list')
      body[field.name] = value
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean);
    else if (field.kind === 'secret' || (field.kind === 'choice' && field.numeric)) {
      if (value !== '') body[field.name] = field.numeric ? Number(value) : value;
    } else body[field.name] = value;
  }
  return body as PolicyBody['channels'][number];
}

/** One input of a channel, with the API's message for it. */
function ChannelInput({
  draft,
  field,
  index,
  error,
  onChange,
}: {
  draft: ChannelDraft;
  field: ChannelField;
  index: number;
  error: ApiError | null;
  onChange: (patch: Partial<ChannelDraft>) => void;
}) {
  const path = `channels.${index}.${field.name}`;
  const value = draft.values[field.name] ?? '';
  const set = (next: string) => onChange({ values: { ...draft.values, [field.name]: next } });
  if (field.kind === 'secretHeaders') {
    return (
      <HeaderEditor
        rows={draft.secretHeaders}
        onChange={(secretHeaders) => onChange({ secretHeaders })}
        error={error}
        field={path}
        label={field.label}
        secret
        hint="API keys and the like: stored encrypted and never shown again. To change them, type every value again (they are replaced together); leave them as they are to keep them."
      />
    );
  }
  if (field.kind === 'headers') {
    return (
      <HeaderEditor
        rows={draft.headers}
        onChange={(headers) => onChange({ headers })}
        error={error}
        field={path}
        label={field.label}
        hint="Sent with each message, and shown to your team."
      />
    );
  }
  const stored = field.kind === 'secret' && draft.stored[field.name] === true;
  const hint = stored ? 'Set. Leave empty to keep it, or type a new one to replace it.' : field.hint;
  return (
    <Field label={field.label} optional={field.optional} error={fieldError(error, path)} hint={hint}>
      {(p) => {
        if (field.kind === 'choice') {
          return (
            <select {...p} value={value} onChange={(e) => set(e.target.value)}>
              {field.choices!.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          );
        }
        if (field.kind === 'template') return <textarea {...p} rows={5} value={value} onChange={(e) => set(e.target.value)} spellCheck={false} />;
        if (field.kind === 'secret') {
          return (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              placeholder={stored ? 'set' : undefined}
              value={value}
              onChange={(e) => set(e.target.value)}
            />
          );
        }
        return (
          <input {...p} type={field.kind === 'url' ? 'url' : 'text'} value={value} onChange={(e) => set(e.target.value)} placeholder={field.placeholder} />
        );
      }}
    </Field>
  );
}

/** Summary labels: `channels.1.routingKey` reads "Channel 2 Integration key", a header "Channel 2 header 1 name". */
function channelLabels(channels: ChannelDraft[], error: ApiError | null): Record<string, string> {
  const labels: Record<string, string> = {
    name: 'Name',
    notifyOn: 'Sends on',
    channels: 'Channels',
    repeatEverySeconds: 'Remind every',
    repeatMax: 'Reminders at most',
    escalateAfterSeconds: 'Escalate after',
    escalationPolicyId: 'Escalate to',
  };
  channels.forEach((c, i) => {
    labels[`channels.${i}`] = `Channel ${i + 1}`;
    labels[`channels.${i}.type`] = `Channel ${i + 1} type`;
    for (const field of CHANNEL_FIELDS[c.type]) labels[`channels.${i}.${field.name}`] = `Channel ${i + 1} ${field.label.toLowerCase()}`;
  });
  for (const { field } of error?.errors ?? []) {
    const header = /^channels\.(\d+)\.(headers|secretHeaders)\.(\d+)(?:\.(\w+))?$/.exec(field);
    if (header) {
      const kind = header[2] === 'headers' ? 'header' : 'secret header';
      labels[field] = `Channel ${Number(header[1]) + 1} ${kind} ${Number(header[3]) + 1}${header[4] ? ` ${header[4]}` : ''}`;
    }
  }
  return labels;
}

function PolicyForm({ policy }: { policy?: Policy }) {
  const toast = useToast();
  const [name, setName] = useState(policy?.name ?? '');
  const [notifyOn, setNotifyOn] = useState<NotifyOn[]>(policy?.notifyOn ?? [...NOTIFY_ON]);
  const [channels, setChannels] = useState<ChannelDraft[]>(() => draftsOf(policy));
  // Minutes on the form, seconds in the API; empty is none.
  const minutes = (seconds: number | null | undefined) => (seconds == null ? '' : String(seconds / 60));
  const seconds = (text: string) => (text.trim() === '' ? null : Math.round(Number(text) * 60));
  const [repeatEvery, setRepeatEvery] = useState(minutes(policy?.repeatEverySeconds));
  const [repeatMax, setRepeatMax] = useState(String(policy?.repeatMax ?? 12));
  const [escalateAfter, setEscalateAfter] = useState(minutes(policy?.escalateAfterSeconds));
  const [escalateTo, setEscalateTo] = useState(policy?.escalationPolicyId ?? '');
  const others = useGet('/api/v1/notification-policies');
  const update = (key: number, patch: Partial<ChannelDraft>) => setChannels((cs) => cs.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  const snapshot = JSON.stringify([name, notifyOn, channels, repeatEvery, repeatMax, escalateAfter, escalateTo]);
  const [initial] = useState(snapshot);
  const leave = useUnsavedChanges(snapshot !== initial);
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const body: PolicyBody = {
        name,
        notifyOn,
        channels: channels.map(channelBody),
        repeatEverySeconds: seconds(repeatEvery),
        repeatMax: Number(repeatMax),
        escalateAfterSeconds: seconds(escalateAfter),
        escalationPolicyId: escalateTo || null,
      };
      const saved = policy
        ? await api.PATCH('/api/v1/notification-policies/{id}', { params: { path: { id: policy.id } }, body })
        : await api.POST('/api/v1/notification-policies', { body });
      toast('success', policy ? 'Policy saved' : 'Policy created');
      leave.release();
      navigate(`/notifications/${saved.id}`);
    },
    { leaves: true },
  );

  const labels = channelLabels(channels, error);

  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate>
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
                  <select {...p} value={c.type} onChange={(e) => update(c.key, { ...newDraft(e.target.value as ChannelType, c.values), key: c.key })}>
                    {CHANNEL_CHOICES.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
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
            <div className="channel-fields">
              {CHANNEL_FIELDS[c.type].map((field) => (
                <ChannelInput key={field.name} draft={c} field={field} index={i} error={error} onChange={(patch) => update(c.key, patch)} />
              ))}
            </div>
          </div>
        ))}
        <Button size="sm" icon="plus" onClick={() => setChannels((cs) => [...cs, newDraft('webhook')])}>
          Add channel
        </Button>
      </fieldset>
      <fieldset className="form-section">
        <legend>While nobody acknowledges</legend>
        <div className="field-row">
          <Field
            label="Remind every (minutes)"
            optional
            error={fieldError(error, 'repeatEverySeconds')}
            hint="Sends the down alert again; 5 to 1440, empty for never."
          >
            {(p) => <input {...p} name="repeatEvery" type="number" inputMode="numeric" value={repeatEvery} onChange={(e) => setRepeatEvery(e.target.value)} />}
          </Field>
          <Field label="Reminders at most" error={fieldError(error, 'repeatMax')}>
            {(p) => <input {...p} name="repeatMax" type="number" inputMode="numeric" value={repeatMax} onChange={(e) => setRepeatMax(e.target.value)} />}
          </Field>
        </div>
        <div className="field-row">
          <Field label="Escalate after (minutes)" optional error={fieldError(error, 'escalateAfterSeconds')} hint="1 to 1440, empty for never.">
            {(p) => (
              <input {...p} name="escalateAfter" type="number" inputMode="numeric" value={escalateAfter} onChange={(e) => setEscalateAfter(e.target.value)} />
            )}
          </Field>
          <Field label="Escalate to" optional error={fieldError(error, 'escalationPolicyId')}>
            {(p) => (
              <select {...p} name="escalateTo" value={escalateTo} onChange={(e) => setEscalateTo(e.target.value)}>
                <option value="">Nobody</option>
                {others.data?.data
                  .filter((other) => other.id !== policy?.id)
                  .map((other) => (
                    <option key={other.id} value={other.id}>
                      {other.name}
                    </option>
                  ))}
              </select>
            )}
          </Field>
        </div>
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
