import { SOURCES_OF } from '../../assertions.js';
import { assertionRows } from '../../components/assertion-editor.js';
import { RegionsCard } from '../checked/regions-card.js';
import { CheckedSchedule, CHECKED_THRESHOLD_HINTS } from '../checked/schedule.js';
import { loadChecked } from '../checked/form-fields.js';
import { CHECKED_WORDS } from '../checked/words.js';
import { num } from '../form-state.js';
import type { MonitorTypeParts } from '../part.js';
import { PingDetailCard } from './detail-card.js';
import { PingTargetFields } from './form.js';
import { PingRunView } from './run-view.js';

export const ping: MonitorTypeParts<'ping'> = {
  form: {
    choice: { title: 'Ping (ICMP)', text: 'Send echo requests to a host and time the replies.' },
    defaultPort: '',
    Target: PingTargetFields,
    Schedule: CheckedSchedule,
    Sections: null,
    assertions: {
      sources: SOURCES_OF.ping,
      none: 'None: a check succeeds when at least one reply comes back within the timeout. Add a response time (the average round trip) or a packet loss to ask for more.',
    },
    thresholdHints: CHECKED_THRESHOLD_HINTS,
    load: (monitor) => ({
      ...loadChecked(monitor),
      host: monitor.host,
      packets: String(monitor.packets),
      assertions: assertionRows(monitor.assertions),
    }),
    body: (form, { alerting, checked, assertions }) => ({
      type: 'ping',
      ...alerting,
      ...checked,
      host: form.host,
      packets: num(form.packets),
      assertions,
    }),
  },
  detail: { tag: 'Ping', RunView: PingRunView, Overview: RegionsCard, DetailCard: PingDetailCard, checked: true, words: CHECKED_WORDS },
};
