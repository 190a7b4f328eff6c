import { GRACE_UNITS, PERIOD_UNITS, inUnits, seconds } from '../form-state.js';
import type { MonitorTypeParts } from '../part.js';
import { HeartbeatDetailCard } from './detail-card.js';
import { HeartbeatSchedule } from './form.js';
import { PingCard } from './ping-card.js';
import { HeartbeatRunView } from './run-view.js';

/** A heartbeat has no target to type: its job calls Lookout. */
const NoTarget = () => null;

export const heartbeat: MonitorTypeParts<'heartbeat'> = {
  form: {
    choice: { title: 'Heartbeat', text: 'A scheduled job pings Lookout; a missed ping is an alert.' },
    defaultPort: null,
    Target: NoTarget,
    Schedule: HeartbeatSchedule,
    Sections: null,
    assertions: { sources: [], none: '' },
    thresholdHints: { failure: 'Missed or failed runs in a row: 1 alerts on the first.', recovery: 'Success pings in a row, after a failure.' },
    load: (monitor) => {
      const period = monitor.periodSeconds === null ? null : inUnits(monitor.periodSeconds, PERIOD_UNITS);
      const grace = inUnits(monitor.graceSeconds, GRACE_UNITS);
      return {
        schedule: monitor.cron === null ? 'period' : 'cron',
        ...(period && { periodCount: period.count, periodUnit: period.unit }),
        cron: monitor.cron ?? '',
        timezone: monitor.timezone,
        graceCount: grace.count,
        graceUnit: grace.unit,
      };
    },
    // A heartbeat is not checked: no interval, timeout or regions. Its schedule is a period or a cron expression, never both.
    body: (form, { alerting }) => ({
      type: 'heartbeat',
      ...alerting,
      ...(form.schedule === 'period'
        ? { periodSeconds: seconds(form.periodCount, form.periodUnit) }
        : // An empty expression is sent, so that the API's message for it shows at the field.
          { cron: form.cron.trim(), timezone: form.timezone.trim() }),
      graceSeconds: seconds(form.graceCount, form.graceUnit),
    }),
  },
  detail: {
    tag: 'HEARTBEAT',
    RunView: HeartbeatRunView,
    Overview: PingCard,
    DetailCard: HeartbeatDetailCard,
    checked: false,
    words: {
      chartTitle: 'Job duration',
      chartEmpty: 'No job durations in this period: a ping has one when /start came before it',
      runs: 'Recent runs',
      noRuns: 'No runs yet: each ping of the job is one, and so is each ping it misses.',
      paused: 'This monitor is paused: it expects no ping and raises no alerts until you resume it.',
    },
  },
};
