import type { AlertTables } from './tables/alerts.js';
import type { AuditTables } from './tables/audit.js';
import type { CheckTables } from './tables/checks.js';
import type { EventTables } from './tables/events.js';
import type { IncidentTables } from './tables/incidents.js';
import type { MaintenanceTables } from './tables/maintenance.js';
import type { MonitorTables } from './tables/monitors.js';
import type { PlatformTables } from './tables/platform.js';
import type { ProbeTables } from './tables/probes.js';
import type { SessionTables } from './tables/sessions.js';
import type { StatusPageTables } from './tables/status-pages.js';

/**
 * Table shapes as Kysely sees them, one file per part under tables/. Portable across
 * SQLite and PostgreSQL: ids are text UUIDs, times are epoch milliseconds (bigint),
 * booleans are 0/1 integers, structured values are JSON text.
 */
export interface Database
  extends
    PlatformTables,
    MonitorTables,
    EventTables,
    IncidentTables,
    AlertTables,
    CheckTables,
    SessionTables,
    StatusPageTables,
    MaintenanceTables,
    AuditTables,
    ProbeTables {}
