import type { Region, Run } from './api/types.js';

/** The newest run of each region (a heartbeat's runs have none, and are left out). */
export function newestPerRegion(runs: Run[]): Map<Region, Run> {
  const newest = new Map<Region, Run>();
  for (const run of runs) if (run.region !== null && !newest.has(run.region)) newest.set(run.region, run);
  return newest;
}
