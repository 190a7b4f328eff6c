import { SOURCES_OF } from '../../assertions.js';
import { assertionRows } from '../../components/assertion-editor.js';
import { RegionsCard } from '../checked/regions-card.js';
import { CheckedSchedule, CHECKED_THRESHOLD_HINTS } from '../checked/schedule.js';
import { loadChecked } from '../checked/form-fields.js';
import { CHECKED_WORDS } from '../checked/words.js';
import { num } from '../form-state.js';
import type { MonitorTypeParts } from '../part.js';
import { TcpDetailCard } from './detail-card.js';
import { TcpTargetFields } from './form.js';
import { TcpRunView } from './run-view.js';

export const tcp: MonitorTypeParts<'tcp'> = {
  form: {
    choice: { title: 'TCP port', text: 'Connect to a host’s port, optionally with a TLS handshake.' },
    // A TCP port has no default: the service behind it decides.
    defaultPort: '',
    Target: TcpTargetFields,
    Schedule: CheckedSchedule,
    Sections: null,
    assertions: {
      sources: SOURCES_OF.tcp,
      none: 'None: a check succeeds when the connection (and handshake) completes within the timeout. Add a response time to ask for less.',
    },
    thresholdHints: CHECKED_THRESHOLD_HINTS,
    load: (monitor) => ({
      ...loadChecked(monitor),
      host: monitor.host,
      port: String(monitor.port),
      tls: monitor.tls,
      assertions: assertionRows(monitor.assertions),
    }),
    body: (form, { alerting, checked, assertions }) => ({
      type: 'tcp',
      ...alerting,
      ...checked,
      host: form.host,
      port: num(form.port),
      tls: form.tls,
      assertions,
    }),
  },
  detail: { tag: 'TCP', RunView: TcpRunView, Overview: RegionsCard, DetailCard: TcpDetailCard, checked: true, words: CHECKED_WORDS },
};
