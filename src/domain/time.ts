/** Records show times as ISO 8601 UTC with milliseconds; the store keeps epoch milliseconds. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}
