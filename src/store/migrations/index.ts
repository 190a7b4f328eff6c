import type { Migration } from 'kysely';
import * as platform from './0001-platform.js';
import * as monitors from './0002-monitors.js';
import * as events from './0003-events.js';
import * as incidents from './0004-incidents.js';
import * as checks from './0005-checks.js';
import * as sessions from './0006-sessions.js';
import * as statusPages from './0007-status-pages.js';
import * as tokenParents from './0008-token-parents-and-pruning.js';
import * as httpRequests from './0009-http-requests-and-assertions.js';
import * as thresholds from './0010-thresholds.js';
import * as onCall from './0011-on-call.js';
import * as maintenanceWindows from './0012-maintenance-windows.js';
import * as monitorTypes from './0013-monitor-types.js';
import * as verifiedAccounts from './0014-verified-accounts.js';
import * as alertStorms from './0015-alert-storms.js';
import * as eventOrder from './0016-event-order.js';
import * as keys from './0017-keys.js';
import * as statusSubscribers from './0018-status-subscribers.js';
import * as onCallDashboard from './0019-oncall.js';
import * as pingAndDomain from './0021-ping-and-domain.js';
import * as monitorOptions from './0022-monitor-options.js';
import * as signIn from './0023-sign-in.js';
import * as auditLog from './0024-audit-log.js';
import * as probes from './0025-probes.js';
import * as rollupsByMonitor from './0026-rollups-by-monitor.js';
import * as dueTimesInMonitors from './0027-due-times-in-monitors.js';
import * as rollupFolds from './0028-rollup-folds.js';

/** Every migration in order. Names sort; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-monitors': monitors,
  '0003-events': events,
  '0004-incidents': incidents,
  '0005-checks': checks,
  '0006-sessions': sessions,
  '0007-status-pages': statusPages,
  '0008-token-parents-and-pruning': tokenParents,
  '0009-http-requests-and-assertions': httpRequests,
  '0010-thresholds': thresholds,
  '0011-on-call': onCall,
  '0012-maintenance-windows': maintenanceWindows,
  '0013-monitor-types': monitorTypes,
  '0014-verified-accounts': verifiedAccounts,
  '0015-alert-storms': alertStorms,
  '0016-event-order': eventOrder,
  '0017-keys': keys,
  '0018-status-subscribers': statusSubscribers,
  '0019-oncall': onCallDashboard,
  '0021-ping-and-domain': pingAndDomain,
  '0022-monitor-options': monitorOptions,
  '0023-sign-in': signIn,
  '0024-audit-log': auditLog,
  '0025-probes': probes,
  '0026-rollups-by-monitor': rollupsByMonitor,
  '0027-due-times-in-monitors': dueTimesInMonitors,
  '0028-rollup-folds': rollupFolds,
};
