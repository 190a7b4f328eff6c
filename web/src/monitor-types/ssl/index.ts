import { RegionsCard } from '../checked/regions-card.js';
import { CheckedSchedule, CHECKED_THRESHOLD_HINTS } from '../checked/schedule.js';
import { loadChecked } from '../checked/form-fields.js';
import { CHECKED_WORDS } from '../checked/words.js';
import { num } from '../form-state.js';
import type { MonitorTypeParts } from '../part.js';
import { MONITOR_LIMITS } from '../../../../src/shared/limits.js';
import { SslDetailCard } from './detail-card.js';
import { SslTargetFields } from './form.js';
import { SslRunView } from './run-view.js';

export const ssl: MonitorTypeParts<'ssl'> = {
  form: {
    choice: { title: 'SSL certificate', text: 'Check that a host’s certificate is valid and not expiring.' },
    defaultPort: String(MONITOR_LIMITS.defaultPort),
    Target: SslTargetFields,
    Schedule: CheckedSchedule,
    Sections: null,
    assertions: { sources: [], none: '' },
    thresholdHints: CHECKED_THRESHOLD_HINTS,
    load: (monitor) => ({
      ...loadChecked(monitor),
      host: monitor.host,
      port: String(monitor.port),
      warningDays: monitor.warningDays === null ? '' : String(monitor.warningDays),
    }),
    body: (form, { alerting, checked }) => ({
      type: 'ssl',
      ...alerting,
      ...checked,
      host: form.host,
      port: num(form.port),
      warningDays: num(form.warningDays) ?? null,
    }),
  },
  detail: { tag: 'SSL', RunView: SslRunView, Overview: RegionsCard, DetailCard: SslDetailCard, checked: true, words: CHECKED_WORDS },
};
