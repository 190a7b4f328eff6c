import { DURATION_BUCKETS_MS } from '../shared/histograms.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export function bucketIndex(durationMs: number): number {
  return DURATION_BUCKETS_MS.findIndex((bound) => durationMs <= bound);
}

/** The 95th percentile from a histogram, as the upper bound of the bucket it falls in (the last finite bound for the open bucket). */
export function percentileFromHistogram(counts: readonly number[], quantile = 0.95): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i]!;
    if (seen >= quantile * total) return Math.min(DURATION_BUCKETS_MS[i]!, DURATION_BUCKETS_MS[DURATION_BUCKETS_MS.length - 2]!);
  }
  return null;
}
