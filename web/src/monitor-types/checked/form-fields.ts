import type { CheckedMonitor } from '../../api/types.js';
import type { FormState } from '../form-state.js';

/** The form's fields every checked type shares, as a stored monitor has them. */
export function loadChecked(monitor: CheckedMonitor): Partial<FormState> {
  return { intervalSeconds: String(monitor.intervalSeconds), timeoutSeconds: String(monitor.timeoutSeconds), regions: monitor.regions };
}
