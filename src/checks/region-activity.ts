/** Seconds kept: one minute, one slot per second. */
const SLOTS = 60;

interface Slot {
  second: number;
  checks: number;
  latenessMs: number;
}

/**
 * Checks recorded per region over the last minute and how late they started: what a region's
 * presence reports (`GET /api/v1/regions`, the dashboard) and /metrics show. Read on real time:
 * it describes this process's work, not the rules' clock.
 */
export class RegionActivity {
  private readonly slots = new Map<string, Slot[]>();

  note(region: string, latenessMs: number, now = Date.now()): void {
    const second = Math.floor(now / 1000);
    let ring = this.slots.get(region);
    if (!ring) {
      ring = Array.from({ length: SLOTS }, () => ({ second: -1, checks: 0, latenessMs: 0 }));
      this.slots.set(region, ring);
    }
    const slot = ring[second % SLOTS]!;
    if (slot.second !== second) Object.assign(slot, { second, checks: 0, latenessMs: 0 });
    slot.checks++;
    slot.latenessMs += Math.max(0, latenessMs);
  }

  /** Checks in the last minute and their mean lateness. */
  snapshot(region: string, now = Date.now()): { checksPerMinute: number; lagMs: number } {
    const since = Math.floor(now / 1000) - SLOTS;
    let checks = 0;
    let lateness = 0;
    for (const slot of this.slots.get(region) ?? []) {
      if (slot.second > since) {
        checks += slot.checks;
        lateness += slot.latenessMs;
      }
    }
    return { checksPerMinute: checks, lagMs: checks === 0 ? 0 : lateness / checks };
  }
}
