import { REGIONS } from '../../api/enums.js';
import type { Region } from '../../api/types.js';
import { Field } from '../../components/ui.js';
import { useGet } from '../../hooks.js';
import { usePermissions } from '../../session.js';
import { count } from '../../../../src/shared/plural.js';
import type { SectionProps } from '../form-state.js';

const INTERVALS = [60, 120, 300, 600, 900, 1800, 3600];

/** How often, how long and from where a checked monitor is checked. */
export function CheckedSchedule({ form, set, err, numberInput }: SectionProps) {
  // The installation's extra regions (served by probes) are listed to Admins and Owners, who may read
  // GET /api/v1/regions; anyone keeps seeing, and may untick, the regions the monitor already lists.
  const { canAdmin } = usePermissions();
  const installed = useGet('/api/v1/regions', canAdmin ? {} : null);
  const choices = [...new Set<Region>([...REGIONS, ...(installed.data?.data.map((r) => r.name) ?? []), ...form.regions])];
  const toggleRegion = (region: Region) =>
    set('regions', form.regions.includes(region) ? form.regions.filter((r) => r !== region) : choices.filter((r) => r === region || form.regions.includes(r)));
  return (
    <>
      <legend>How often and from where</legend>
      <div className="field-row">
        <Field label="Check interval" error={err('intervalSeconds')}>
          {(p) => (
            <select {...p} name="intervalSeconds" value={form.intervalSeconds} onChange={(e) => set('intervalSeconds', e.target.value)}>
              {[...new Set([...INTERVALS, Number(form.intervalSeconds)])]
                .filter((s) => Number.isFinite(s))
                .sort((a, b) => a - b)
                .map((s) => (
                  <option key={s} value={s}>
                    every {s < 3600 ? count(s / 60, 'minute') : count(s / 3600, 'hour')}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <Field label="Timeout (seconds)" error={err('timeoutSeconds')}>
          {numberInput('timeoutSeconds')}
        </Field>
      </div>
      <div className={`field ${err('regions') ? 'field-invalid' : ''}`} role="group" aria-labelledby="regions-label">
        <span className="label" id="regions-label">
          Regions
        </span>
        <div className="checks-inline">
          {choices.map((region) => (
            <label key={region} className="check">
              <input type="checkbox" name="regions" value={region} checked={form.regions.includes(region)} onChange={() => toggleRegion(region)} />
              {region}
            </label>
          ))}
        </div>
        {err('regions') ? (
          <p className="field-error" data-field-error>
            {err('regions')}
          </p>
        ) : (
          <p className="field-hint">Down means every region fails; degraded means some do.</p>
        )}
      </div>
    </>
  );
}

export const CHECKED_THRESHOLD_HINTS = {
  failure: 'In a row, per region: 1 alerts on the first confirmed failure.',
  recovery: 'In a row, per region, after a failure.',
};
