import { SOURCES_OF } from '../../assertions.js';
import { assertionRows } from '../../components/assertion-editor.js';
import { RegionsCard } from '../checked/regions-card.js';
import { CheckedSchedule, CHECKED_THRESHOLD_HINTS } from '../checked/schedule.js';
import { loadChecked } from '../checked/form-fields.js';
import { CHECKED_WORDS } from '../checked/words.js';
import type { MonitorTypeParts } from '../part.js';
import { DnsDetailCard } from './detail-card.js';
import { DnsTargetFields } from './form.js';
import { DnsRunView } from './run-view.js';

export const dns: MonitorTypeParts<'dns'> = {
  form: {
    choice: { title: 'DNS record', text: 'Ask for a record and check the answer.' },
    defaultPort: null,
    Target: DnsTargetFields,
    Schedule: CheckedSchedule,
    Sections: null,
    assertions: {
      sources: SOURCES_OF.dns,
      none: 'None: a check succeeds on an answer with at least one record. Add the records you expect, or a response time.',
    },
    thresholdHints: CHECKED_THRESHOLD_HINTS,
    load: (monitor) => ({
      ...loadChecked(monitor),
      hostname: monitor.hostname,
      recordType: monitor.recordType,
      resolver: monitor.resolver ?? '',
      assertions: assertionRows(monitor.assertions),
    }),
    body: (form, { alerting, checked, assertions }) => ({
      type: 'dns',
      ...alerting,
      ...checked,
      hostname: form.hostname,
      recordType: form.recordType,
      resolver: form.resolver.trim() === '' ? undefined : form.resolver.trim(),
      assertions,
    }),
  },
  detail: { tag: 'DNS', RunView: DnsRunView, Overview: RegionsCard, DetailCard: DnsDetailCard, checked: true, words: CHECKED_WORDS },
};
