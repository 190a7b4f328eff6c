/*
 * How an uptime percentage is shown, on the dashboard and on public status pages alike. Pure
 * TypeScript that imports nothing.
 */

/**
 * An uptime percentage as text: cut (never rounded up) to at most two decimals, trailing zeros
 * dropped. Only exactly 100 reads "100%": any downtime at all shows below it, however little
 * (99.9999 → "99.99%", 99.9 → "99.9%", 0 → "0%").
 */
export function formatUptime(percent: number): string {
  if (percent >= 100) return '100%';
  // The nudge absorbs binary fractions such as 0.29 × 100 = 28.999999999999996, and the cap keeps
  // anything below 100 from reaching it.
  const hundredths = Math.min(9999, Math.max(0, Math.floor(percent * 100 + 1e-6)));
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  if (fraction === 0) return `${whole}%`;
  return `${whole}.${fraction % 10 === 0 ? fraction / 10 : String(fraction).padStart(2, '0')}%`;
}

/** At least this uptime (percent) is good; below the second bound it is bad; in between, a warning. */
export const UPTIME_GOOD = 99.9;
export const UPTIME_WARN = 95;

export type UptimeLevel = 'good' | 'warn' | 'bad';

export function uptimeLevel(percent: number): UptimeLevel {
  if (percent >= UPTIME_GOOD) return 'good';
  if (percent >= UPTIME_WARN) return 'warn';
  return 'bad';
}
