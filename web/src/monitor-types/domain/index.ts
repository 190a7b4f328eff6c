import { RegionsCard } from '../checked/regions-card.js';
import { CheckedSchedule, CHECKED_THRESHOLD_HINTS } from '../checked/schedule.js';
import { loadChecked } from '../checked/form-fields.js';
import { CHECKED_WORDS } from '../checked/words.js';
import { num } from '../form-state.js';
import type { MonitorTypeParts } from '../part.js';
import { DomainDetailCard } from './detail-card.js';
import { DomainTargetFields } from './form.js';
import { DomainRunView } from './run-view.js';

export const domain: MonitorTypeParts<'domain'> = {
  form: {
    choice: { title: 'Domain expiry', text: 'Ask the registry when a domain’s registration expires, and warn before it does.' },
    defaultPort: '',
    Target: DomainTargetFields,
    Schedule: CheckedSchedule,
    Sections: null,
    assertions: { sources: [], none: '' },
    thresholdHints: CHECKED_THRESHOLD_HINTS,
    load: (monitor) => ({
      ...loadChecked(monitor),
      domain: monitor.domain,
      warningDays: String(monitor.warningDays),
    }),
    body: (form, { alerting, checked }) => ({
      type: 'domain',
      ...alerting,
      ...checked,
      domain: form.domain,
      warningDays: num(form.warningDays),
    }),
  },
  detail: { tag: 'Domain', RunView: DomainRunView, Overview: RegionsCard, DetailCard: DomainDetailCard, checked: true, words: CHECKED_WORDS },
};
