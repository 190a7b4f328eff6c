/** One audit log entry (src/store/audit-trail.ts writes them; nothing changes or deletes one but the pruner). */
export interface AuditLogTable {
  id: string;
  team_id: string | null;
  at: number;
  actor_type: string;
  actor_id: string | null;
  actor_email: string | null;
  surface: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  /** JSON array of field names. */
  changes: string;
}

/** The retention pruner's permit to delete entries older than `before`, written and removed in its own transaction. */
export interface AuditLogPrunePermitsTable {
  before: number;
}

export interface AuditTables {
  audit_log: AuditLogTable;
  audit_log_prune_permits: AuditLogPrunePermitsTable;
}
