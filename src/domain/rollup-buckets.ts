import { DURATION_BUCKETS_MS } from '../shared/histograms.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The rollups' histogram columns, one per duration bucket (DURATION_BUCKETS_MS). */
export const HISTOGRAM_COLUMNS = ['h0', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8', 'h9', 'h10', 'h11'] as const;

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
