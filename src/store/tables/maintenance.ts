import type { Generated } from 'kysely';

/** A maintenance window: one occurrence, or a recurring one (RRULE in `timezone`). */
export interface MaintenanceWindowsTable {
  id: string;
  team_id: string;
  title: string;
  /** The first occurrence's start and end (epoch ms); every occurrence lasts as long. */
  starts_at: number;
  ends_at: number;
  /** The RRULE value (`FREQ=…;…`) without DTSTART, or null for a single occurrence. */
  rrule: string | null;
  /** IANA name the RRULE repeats the local start time in. */
  timezone: string;
  show_on_status_page: Generated<number>;
  /** The name a document kept in Git gives it, unique per team. */
  key: string | null;
  /** Start (epoch ms) of the occurrence someone ended early; that occurrence is over. */
  ended_occurrence: number | null;
  created_at: number;
  updated_at: number;
}

export interface MaintenanceWindowMonitorsTable {
  window_id: string;
  monitor_id: string;
}

export interface MaintenanceTables {
  maintenance_windows: MaintenanceWindowsTable;
  maintenance_window_monitors: MaintenanceWindowMonitorsTable;
}
