import type { Run } from './api/types.js';

/** The newest run of each region. */
export function newestPerRegion(runs: Run[]): Map<string, Run> {
  const newest = new Map<string, Run>();
  for (const run of runs) if (!newest.has(run.region)) newest.set(run.region, run);
  return newest;
}
