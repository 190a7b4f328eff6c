import type { CheckError } from './check-result.js';
import type { MonitorStatus } from '../domain/events.js';

/** The newest result of one region. */
export interface RegionResult {
  ok: boolean;
  error: CheckError | null;
  /** Epoch ms of the run. */
  at: number;
}

export type RegionResults = Record<string, RegionResult>;

/**
 * A monitor's status from the newest result of each of its regions:
 * pending before any region has reported; up when every reported region succeeded;
 * down when every one failed; degraded in between.
 */
export function computeStatus(regions: readonly string[], results: RegionResults): MonitorStatus {
  const reported = regions.map((region) => results[region]).filter((r): r is RegionResult => r !== undefined);
  if (reported.length === 0) return 'pending';
  const failed = reported.filter((r) => !r.ok).length;
  if (failed === 0) return 'up';
  return failed === reported.length ? 'down' : 'degraded';
}

export function parseRegionResults(json: string | null): RegionResults {
  return json ? (JSON.parse(json) as RegionResults) : {};
}
