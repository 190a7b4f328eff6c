/*
 * Histogram buckets, each defined once. Pure TypeScript that imports nothing.
 */

/** Upper bounds (ms) of the check-duration histogram kept in each rollup row (columns h0..h11); p95 figures are one of these bounds. */
export const DURATION_BUCKETS_MS = [50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, Infinity] as const;

/** Upper bounds (s) of the `lookout_check_duration_seconds` metric: up to the longest timeout (120 s). */
export const CHECK_DURATION_BUCKETS_SECONDS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120] as const;

/** Upper bounds (s) of the `lookout_scheduler_lateness_seconds` metric. */
export const LATENESS_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;
