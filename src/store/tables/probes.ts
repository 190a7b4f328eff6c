export interface ProbeTokensTable {
  id: string;
  name: string;
  /** The one region the token's probe checks. */
  region: string;
  token_hash: string;
  created_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
}

/** When a region last asked for work, who asked (`server`, `worker`, `probe`) and what it reported then. */
export interface RegionPresenceTable {
  region: string;
  served_by: string;
  last_seen_at: number;
  checks_per_minute: number;
  lag_ms: number;
}

export interface ProbeTables {
  probe_tokens: ProbeTokensTable;
  region_presence: RegionPresenceTable;
}
