import { useState } from 'react';
import { api } from '../api/client.js';
import type { MaintenanceWindow, MaintenanceWindowBody } from '../api/types.js';
import { MonitorPicker } from '../components/monitor-picker.js';
import { Button, ErrorState, Field, FormError, Loading, PageHeader, fieldError, useToast } from '../components/ui.js';
import { useDocumentTitle, useGet } from '../hooks.js';
import { navigate, useLocation } from '../router.js';
import { useSubmit } from '../use-submit.js';
import { useUnsavedChanges } from '../use-unsaved-changes.js';
import { isoToZoned, knownZone, presetTimes, utcText, zonedToIso } from '../zoned-time.js';

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

/**
 * What the edit changed, alone: the inputs hold times to the minute, so an untouched start sent back
 * would move a start stored with seconds, and a change of timing revives an occurrence ended early.
 */
function changes(stored: MaintenanceWindow, body: MaintenanceWindowBody): Partial<MaintenanceWindowBody> {
  const same = (key: keyof MaintenanceWindowBody) => {
    if (key === 'startsAt' || key === 'endsAt') return body[key] === zonedToIso(isoToZoned(stored[key], stored.timezone), stored.timezone);
    return JSON.stringify(body[key]) === JSON.stringify(stored[key]);
  };
  return Object.fromEntries(Object.entries(body).filter(([key]) => !same(key as keyof MaintenanceWindowBody)));
}

const PRESETS = [
  { preset: 'hour', label: 'Now for 1 hour' },
  { preset: 'four-hours', label: 'Now for 4 hours' },
  { preset: 'tonight', label: 'Tonight 22:00–02:00' },
] as const;

/** Every zone Intl knows, for the zone field's suggestions (empty where the browser cannot list them). */
function zoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}

/** Under a time field: the instant it stands for, in UTC, so that a zone mix-up shows before saving. */
function UtcHint({ local, zone, extra }: { local: string; zone: string; extra?: string }) {
  const iso = local ? zonedToIso(local, zone) : '';
  const utc = iso ? utcText(iso) : '';
  return (
    <>
      {knownZone(zone) ? `In ${zone}` : 'In your browser’s zone'}
      {utc && <span data-testid="utc-equivalent">: {utc}</span>}.{extra && ` ${extra}`}
    </>
  );
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function MaintenanceForm({ existing: w, monitorId }: { existing?: MaintenanceWindow; monitorId?: string | null }) {
  const toast = useToast();
  const monitors = useGet('/api/v1/monitors');
  const [title, setTitle] = useState(w?.title ?? '');
  const [monitorIds, setMonitorIds] = useState<string[]>(w?.monitorIds ?? (monitorId ? [monitorId] : []));
  const [startsAt, setStartsAt] = useState(w ? isoToZoned(w.startsAt, w.timezone) : '');
  const [endsAt, setEndsAt] = useState(w ? isoToZoned(w.endsAt, w.timezone) : '');
  const [repeats, setRepeats] = useState(w?.rrule != null);
  const [rrule, setRrule] = useState(w?.rrule ?? '');
  const [timezone, setTimezone] = useState(w?.timezone ?? browserTimeZone());
  const [showOnStatusPage, setShowOnStatusPage] = useState(w?.showOnStatusPage ?? true);
  const snapshot = JSON.stringify([title, monitorIds, startsAt, endsAt, repeats, rrule, timezone, showOnStatusPage]);
  const [initial] = useState(snapshot);
  const leave = useUnsavedChanges(snapshot !== initial);
  const [zones] = useState(zoneNames);
  const applyPreset = (preset: (typeof PRESETS)[number]['preset']) => {
    const times = presetTimes(preset, knownZone(timezone) ? timezone : browserTimeZone());
    setStartsAt(times.startsAt);
    setEndsAt(times.endsAt);
    setRepeats(false);
  };
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const body: MaintenanceWindowBody = {
        title,
        monitorIds,
        startsAt: zonedToIso(startsAt, timezone),
        endsAt: zonedToIso(endsAt, timezone),
        rrule: repeats ? rrule : null,
        timezone,
        showOnStatusPage,
      };
      if (w) await api.PATCH('/api/v1/maintenance-windows/{id}', { params: { path: { id: w.id } }, body: changes(w, body) });
      else await api.POST('/api/v1/maintenance-windows', { body });
      toast('success', w ? 'Maintenance window saved' : 'Maintenance window scheduled');
      leave.release();
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
        <MonitorPicker
          label="Monitors"
          options={options}
          selected={monitorIds}
          onChange={setMonitorIds}
          error={fieldError(error, 'monitorIds')}
          hint="Checked as usual while the window is under way, but they open no incident and alert nobody."
        />
      )}
      <div className="field presets" role="group" aria-label="Quick choices">
        <span className="label">Quick choices</span>
        <div className="preset-buttons">
          {PRESETS.map((p) => (
            <button key={p.preset} type="button" className="btn btn-secondary btn-sm" onClick={() => applyPreset(p.preset)}>
              {p.label}
            </button>
          ))}
        </div>
      </div>
      <Field
        label="Time zone"
        error={fieldError(error, 'timezone')}
        hint="The start and end below are read in this zone, and a repeating window keeps its local start time in it."
      >
        {(p) => (
          <>
            <input
              {...p}
              name="timezone"
              list="time-zones"
              value={timezone}
              onChange={(e) => setTimezone(e.target.value)}
              placeholder="Europe/Berlin"
              spellCheck={false}
            />
            <datalist id="time-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <div className="field-row">
        <Field label="Starts" error={fieldError(error, 'startsAt')} hint={<UtcHint local={startsAt} zone={timezone} />}>
          {(p) => <input {...p} name="startsAt" type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />}
        </Field>
        <Field label="Ends" error={fieldError(error, 'endsAt')} hint={<UtcHint local={endsAt} zone={timezone} extra="At most 7 days after the start." />}>
          {(p) => <input {...p} name="endsAt" type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />}
        </Field>
      </div>
      <Field label="Repeat" error={repeats ? undefined : fieldError(error, 'rrule')}>
        {(p) => (
          <select {...p} name="repeat" value={repeats ? 'rule' : 'none'} onChange={(e) => setRepeats(e.target.value === 'rule')}>
            <option value="none">Does not repeat</option>
            <option value="rule">Repeats by a rule</option>
          </select>
        )}
      </Field>
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
