import type { Region } from '../shared/vocabulary.js';

/*
 * How a run that has no region or no duration is stored. A heartbeat's runs come from its job, not
 * from a region, and a job that did not say when it started has no duration; the columns for both
 * were made NOT NULL for checked monitors, so these stand in for null and are answered as null.
 */

/** The region column of a heartbeat's runs (and its rollups and region results). */
export const PUSH_REGION = 'ping';

/** The duration column of a run without a duration. */
export const NO_DURATION = -1;

export function regionOf(stored: string): Region | null {
  return stored === PUSH_REGION ? null : stored;
}

export function durationOf(stored: number): number | null {
  return stored === NO_DURATION ? null : stored;
}
