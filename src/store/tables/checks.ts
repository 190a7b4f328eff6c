import type { Generated } from 'kysely';

export interface MonitorRunsTable {
  id: string;
  monitor_id: string;
  /** The region checked from; PUSH_REGION for a heartbeat's runs (answered as null). */
  region: string;
  /** scheduled | manual | ping */
  trigger: string;
  started_at: number;
  /** NO_DURATION for a heartbeat run without a `/start` (answered as null). */
  duration_ms: number;
  ok: number;
  attempts: number;
  error_code: string | null;
  error_message: string | null;
  status_code: number | null;
  /** JSON HttpTimings for HTTP runs. */
  timings: string | null;
  /** JSON CertificateInfo for SSL runs. */
  certificate: string | null;
  /** JSON array of `{index, ok, actual}`, one per assertion judged; null for none. */
  assertions: string | null;
  /** JSON array of warning lines; null for none. */
  warnings: string | null;
  /** 1: run while a maintenance occurrence covered the monitor (left out of uptime). */
  maintenance: Generated<number>;
  /** Heartbeat runs: up to 10 KiB of the ping's POST body. */
  log: string | null;
  /** DNS runs: JSON `{rcode, records}`. */
  dns: string | null;
  /** Ping runs: JSON `{sent, received, rttMinMs, rttAvgMs, rttMaxMs}`. */
  ping: string | null;
  /** Domain runs: JSON `{expiresAt, registrar, rdapUrl}`. */
  domain: string | null;
}

/**
 * Per monitor, region and hour (or day): counts and a duration histogram. The hour's row is updated
 * by the transaction that writes each run; a day's is folded from its hours once it has ended
 * (src/domain/rollup-days.ts). Bucket upper bounds are DURATION_BUCKETS_MS (src/shared/histograms.ts).
 */
export interface RollupsTable {
  monitor_id: string;
  region: string;
  /** hour | day */
  period: string;
  bucket_start: number;
  checks: number;
  failures: number;
  duration_sum: number;
  h0: number;
  h1: number;
  h2: number;
  h3: number;
  h4: number;
  h5: number;
  h6: number;
  h7: number;
  h8: number;
  h9: number;
  h10: number;
  h11: number;
  /** Runs in maintenance: counted here only, never in `checks`, `failures` or the durations. */
  maintenance: Generated<number>;
}

/** How far daily rollups are folded from the hourly ones (src/domain/rollup-days.ts); no row: not at all. */
export interface RollupFoldsTable {
  /** day */
  period: string;
  /** Days before this one have whole daily rows; it and later days are read from their hours. */
  folded_through: number;
}

export interface CheckTables {
  monitor_runs: MonitorRunsTable;
  rollups: RollupsTable;
  rollup_folds: RollupFoldsTable;
}
