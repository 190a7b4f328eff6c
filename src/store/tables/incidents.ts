export interface IncidentsTable {
  id: string;
  team_id: string;
  /** The linked monitor, or null. */
  monitor_id: string | null;
  title: string;
  /** investigating | identified | monitoring | resolved */
  status: string;
  /** minor | major | critical */
  severity: string;
  /** manual (REST, MCP, dashboard) | monitor (opened automatically) */
  source: string;
  created_at: number;
  updated_at: number;
  resolved_at: number | null;
  /** When someone said they are on it, and who (a user id); null until then. */
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  /** `{"channel", "deliveryId"}` (JSON) when acknowledged through an alert's link; null otherwise. */
  acknowledged_via: string | null;
}

/** The reminder or escalation due next for an open incident (see migration 0011). */
export interface IncidentTimersTable {
  id: string;
  team_id: string;
  incident_id: string;
  monitor_id: string;
  /** reminder | escalation | storm (the 5 minutes after a down alert; `sent` counts the down transitions held back) */
  kind: string;
  due_at: number;
  /** Reminders sent before this one. */
  sent: number;
}

export interface IncidentUpdatesTable {
  id: string;
  incident_id: string;
  message: string;
  /** The status this update set, or null when it set none. */
  status: string | null;
  posted_to_status_page: number;
  created_at: number;
  /** reopened | acknowledged | null (a plain update) */
  kind: string | null;
  /** As `incidents.acknowledged_via`, on an `acknowledged` entry made through a link. */
  acknowledged_via: string | null;
}

export interface IncidentTables {
  incidents: IncidentsTable;
  incident_updates: IncidentUpdatesTable;
  incident_timers: IncidentTimersTable;
}
