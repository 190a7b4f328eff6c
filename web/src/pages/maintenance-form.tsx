import { useState } from 'react';
import { api } from '../api/client.js';
import type { MaintenanceWindow, MaintenanceWindowBody } from '../api/types.js';
import { Button, CheckGroup, ErrorState, Field, FormError, Loading, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate, useLocation } from '../router.js';
import { useSubmit } from '../use-submit.js';

/** The names the summary above the form gives the API's fields. */
const LABELS: Record<string, string> = {
  title: 'Title',
  monitorIds: 'Monitors',
  startsAt: 'Starts',
  endsAt: 'Ends',
  rrule: 'Repeat rule',
  timezone: 'Time zone',
  showOnStatusPage: 'Show on the status page',
};

const RRULE_EXAMPLES = ['FREQ=WEEKLY;BYDAY=SU', 'FREQ=DAILY', 'FREQ=MONTHLY;BYMONTHDAY=1;COUNT=6'];

/** An instant as a `datetime-local` input holds it: the browser's local time, to the minute. */
export function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A `datetime-local` value (local time, no offset) as the API's ISO instant. An empty or unreadable
 * value goes as typed, so that the API's message for it appears beside the field.
 */
function isoOf(local: string): string {
  const time = new Date(local).getTime();
  return local && Number.isFinite(time) ? new Date(time).toISOString() : local;
}

/**
 * What the edit changed, alone: the inputs hold times to the minute, so an untouched start sent back
 * would move a start stored with seconds, and a change of timing revives an occurrence ended early.
 */
function changes(stored: MaintenanceWindow, body: MaintenanceWindowBody): Partial<MaintenanceWindowBody> {
  const same = (key: keyof MaintenanceWindowBody) => {
    if (key === 'startsAt' || key === 'endsAt') return body[key] === isoOf(localInput(stored[key]));
    return JSON.stringify(body[key]) === JSON.stringify(stored[key]);
  };
  return Object.fromEntries(Object.entries(body).filter(([key]) => !same(key as keyof MaintenanceWindowBody)));
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function MaintenanceForm({ existing: w, monitorId }: { existing?: MaintenanceWindow; monitorId?: string | null }) {
  const toast = useToast();
  const monitors = useGet('/api/v1/monitors');
  const [title, setTitle] = useState(w?.title ?? '');
  const [monitorIds, setMonitorIds] = useState<string[]>(w?.monitorIds ?? (monitorId ? [monitorId] : []));
  const [startsAt, setStartsAt] = useState(w ? localInput(w.startsAt) : '');
  const [endsAt, setEndsAt] = useState(w ? localInput(w.endsAt) : '');
  const [repeats, setRepeats] = useState(w?.rrule != null);
  const [rrule, setRrule] = useState(w?.rrule ?? '');
  const [timezone, setTimezone] = useState(w?.timezone ?? browserTimeZone());
  const [showOnStatusPage, setShowOnStatusPage] = useState(w?.showOnStatusPage ?? true);
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const body: MaintenanceWindowBody = {
        title,
        monitorIds,
        startsAt: isoOf(startsAt),
        endsAt: isoOf(endsAt),
        rrule: repeats ? rrule : null,
        timezone,
        showOnStatusPage,
      };
      if (w) await api.PATCH('/api/v1/maintenance-windows/{id}', { params: { path: { id: w.id } }, body: changes(w, body) });
      else await api.POST('/api/v1/maintenance-windows', { body });
      toast('success', w ? 'Maintenance window saved' : 'Maintenance window scheduled');
      navigate('/maintenance');
    },
    { leaves: true },
  );

  // Monitors the window names but the list no longer holds (deleted) are kept as ids, not dropped unseen.
  const known = monitors.data?.data ?? [];
  const options = [
    ...known.map((m) => ({ value: m.id, label: m.name })),
    ...monitorIds.filter((id) => monitors.data && !known.some((m) => m.id === id)).map((id) => ({ value: id, label: id })),
  ];

  return (
    <form className="card form-card" onSubmit={onSubmit} noValidate>
      <FormError error={error} labels={LABELS} />
      <Field label="Title" error={fieldError(error, 'title')} hint="Shown on the status page when it lists the window.">
        {(p) => <input {...p} name="title" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Database upgrade" />}
      </Field>
      {monitors.error && !monitors.data ? (
        <ErrorState error={monitors.error} onRetry={() => void monitors.reload()} title="Could not load the monitors" />
      ) : !monitors.data ? (
        <Loading label="Loading monitors…" />
      ) : (
        <CheckGroup
          label="Monitors"
          name="monitorIds"
          list
          options={options}
          selected={monitorIds}
          onChange={setMonitorIds}
          error={fieldError(error, 'monitorIds')}
          hint="Checked as usual while the window is under way, but they open no incident and alert nobody."
        />
      )}
      <div className="field-row">
        <Field label="Starts" error={fieldError(error, 'startsAt')} hint="Your browser's local time.">
          {(p) => <input {...p} name="startsAt" type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />}
        </Field>
        <Field label="Ends" error={fieldError(error, 'endsAt')} hint="At most 7 days after the start.">
          {(p) => <input {...p} name="endsAt" type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />}
        </Field>
      </div>
      <div className="field-row">
        <Field label="Repeat" error={repeats ? undefined : fieldError(error, 'rrule')}>
          {(p) => (
            <select {...p} name="repeat" value={repeats ? 'rule' : 'none'} onChange={(e) => setRepeats(e.target.value === 'rule')}>
              <option value="none">Does not repeat</option>
              <option value="rule">Repeats by a rule</option>
            </select>
          )}
        </Field>
        <Field label="Time zone" error={fieldError(error, 'timezone')} hint="A repeating window keeps its local start time in this zone.">
          {(p) => <input {...p} name="timezone" value={timezone} onChange={(e) => setTimezone(e.target.value)} placeholder="Europe/Berlin" />}
        </Field>
      </div>
      {repeats && (
        <Field
          label="Repeat rule"
          error={fieldError(error, 'rrule')}
          hint={
            <>
              An RFC 5545 RRULE: FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL. For example{' '}
              {RRULE_EXAMPLES.map((example, i) => (
                <span key={example}>
                  {i > 0 && ', '}
                  <code>{example}</code>
                </span>
              ))}
              .
            </>
          }
        >
          {(p) => <input {...p} name="rrule" value={rrule} onChange={(e) => setRrule(e.target.value)} placeholder={RRULE_EXAMPLES[0]} spellCheck={false} />}
        </Field>
      )}
      <div className="field">
        <label className="check">
          <input type="checkbox" name="showOnStatusPage" checked={showOnStatusPage} onChange={(e) => setShowOnStatusPage(e.target.checked)} />
          Show on the status page
        </label>
        {fieldError(error, 'showOnStatusPage') ? (
          <p className="field-error">{fieldError(error, 'showOnStatusPage')}</p>
        ) : (
          <p className="field-hint">Listed there while under way and for the 7 days before, naming only the monitors the page shows.</p>
        )}
      </div>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {w ? 'Save changes' : 'Schedule maintenance'}
        </Button>
        <Button onClick={() => navigate('/maintenance')}>Cancel</Button>
      </div>
    </form>
  );
}

export function MaintenanceNewPage() {
  useDocumentTitle('Schedule maintenance');
  const { search } = useLocation();
  return (
    <div className="page page-narrow">
      <PageHeader title="Schedule maintenance" back={{ to: '/maintenance', label: 'Maintenance' }} />
      <MaintenanceForm monitorId={search.get('monitor')} />
    </div>
  );
}

export function MaintenanceEditPage({ id }: { id: string }) {
  const found = useGet('/api/v1/maintenance-windows/{id}', { params: { path: { id } } });
  useDocumentTitle('Edit maintenance');
  return (
    <div className="page page-narrow">
      <PageHeader title={found.data ? `Edit ${found.data.title}` : 'Edit maintenance'} back={{ to: '/maintenance', label: 'Maintenance' }} />
      {found.error ? (
        <ErrorState error={found.error} onRetry={() => void found.reload()} />
      ) : !found.data ? (
        <Loading />
      ) : (
        <MaintenanceForm existing={found.data} />
      )}
    </div>
  );
}
