import { Field } from '../../components/ui.js';
import { MONITOR_LIMITS } from '../../../../src/shared/limits.js';
import { GRACE_UNITS, PERIOD_UNITS, type SectionProps, type Unit } from '../form-state.js';

/** Every IANA zone the browser knows, UTC first. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/** When a heartbeat's job runs (a period or a cron expression) and how late its ping may be. */
export function HeartbeatSchedule({ form, set, err }: SectionProps) {
  /** A count and its unit, such as "every 1 hours": the API's message for `field` shows under both. */
  const durationField = (
    label: string,
    field: string,
    count: 'periodCount' | 'graceCount',
    unit: 'periodUnit' | 'graceUnit',
    units: readonly Unit[],
    hint: string,
  ) => (
    <Field label={label} error={err(field)} hint={hint}>
      {(p) => (
        <div className="input-unit">
          <input {...p} name={count} type="number" inputMode="numeric" min={0} value={form[count]} onChange={(e) => set(count, e.target.value)} />
          <select aria-label={`${label} unit`} name={unit} value={form[unit]} onChange={(e) => set(unit, e.target.value as Unit)}>
            {/* A stored value that no offered unit holds whole is shown in seconds. */}
            {(units.includes(form[unit]) ? units : [form[unit], ...units]).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );

  return (
    <>
      <legend>When the job runs</legend>
      <div className="field" role="radiogroup" aria-labelledby="schedule-label">
        <span className="label" id="schedule-label">
          Schedule
        </span>
        <div className="checks-inline">
          <label className="check">
            <input type="radio" name="schedule" value="period" checked={form.schedule === 'period'} onChange={() => set('schedule', 'period')} />
            Every few minutes, hours or days
          </label>
          <label className="check">
            <input type="radio" name="schedule" value="cron" checked={form.schedule === 'cron'} onChange={() => set('schedule', 'cron')} />
            On a cron expression
          </label>
        </div>
      </div>
      {form.schedule === 'period' ? (
        durationField(
          'Every',
          'periodSeconds',
          'periodCount',
          'periodUnit',
          PERIOD_UNITS,
          'From 1 minute to 30 days: a ping is expected this long after the last one.',
        )
      ) : (
        <div className="field-row">
          <Field
            label="Cron expression"
            error={err('cron')}
            hint={
              <>
                Five fields: minute, hour, day of month, month, day of week. <code>0 3 * * *</code> is every day at 03:00.
              </>
            }
          >
            {(p) => (
              <input
                {...p}
                name="cron"
                value={form.cron}
                onChange={(e) => set('cron', e.target.value)}
                placeholder="0 3 * * *"
                spellCheck={false}
                autoComplete="off"
                maxLength={MONITOR_LIMITS.cronLength}
              />
            )}
          </Field>
          <Field label="Time zone" error={err('timezone')} hint="The cron expression is read in this IANA zone.">
            {(p) => (
              <>
                <input
                  {...p}
                  name="timezone"
                  list="time-zones"
                  value={form.timezone}
                  onChange={(e) => set('timezone', e.target.value)}
                  placeholder="UTC"
                  spellCheck={false}
                  autoComplete="off"
                />
                <datalist id="time-zones">
                  {timeZones().map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        </div>
      )}
      {durationField('Grace', 'graceSeconds', 'graceCount', 'graceUnit', GRACE_UNITS, 'How late a ping may be before it counts as missed: up to 24 hours.')}
    </>
  );
}
