import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../store/schema.js';
import { requireRole, type Actor } from '../actor.js';
import { systemClock, type Clock } from '../ports/clock.js';
import { ADMINS } from '../roles.js';
import { isoOrNull } from '../time.js';
import type { RegionNames } from './region-names.js';

/** Who asked for a region's work last: the server itself (embedded), a `lookout worker`, or a remote probe. */
export const SERVED_BY = ['server', 'worker', 'probe'] as const;
export type ServedBy = (typeof SERVED_BY)[number];

/**
 * A region that nobody asked work for within this many of a monitor's intervals is stale for
 * that monitor (contract-2 §P): its old result no longer counts toward down or degraded.
 */
export const STALE_AFTER_INTERVALS = 3;

/** A region shows who serves it while they asked within this long: 3 × the shortest interval (60 s). */
const SERVED_WITHIN_MS = 3 * 60_000;

/** How often one process writes that a region asked for work: often enough for any interval (60 s and up). */
const PRESENCE_WRITE_MS = 5_000;

export const RegionRecord = z.object({
  name: z.string().describe('The region: a built-in one or one of LOOKOUT_EXTRA_REGIONS.'),
  servedBy: z
    .enum(SERVED_BY)
    .nullable()
    .describe('Who asked for its checks within the last 3 minutes: the server itself, a `lookout worker`, a remote probe; null when nobody did.'),
  lastSeenAt: z.string().nullable().describe('When the region last asked for work; null when it never did.'),
  checksPerMinute: z.int().describe('Checks of the region recorded in the minute before it last asked for work.'),
  lagSeconds: z.number().describe('How late its checks started then (seconds after they were due), or how long the oldest check waited for a probe.'),
});
export type RegionRecord = z.infer<typeof RegionRecord>;

/** What a region's server, worker or probe reported when it asked for work. */
export interface RegionActivityReport {
  checksPerMinute: number;
  lagMs: number;
}

/** When each region last asked for work (epoch ms), as the run recorder and monitor records read it. */
export type RegionPresence = ReadonlyMap<string, number>;

/**
 * Which of a monitor's regions are stale at `now`: nobody asked for their work within 3 × the
 * monitor's interval. The order is the monitor's.
 */
export function staleRegions(regions: readonly string[], intervalSeconds: number, presence: RegionPresence, now: number): string[] {
  const since = now - STALE_AFTER_INTERVALS * intervalSeconds * 1000;
  return regions.filter((region) => (presence.get(region) ?? -Infinity) < since);
}

/** The regions and who serves them: presence written by whoever asks for work, read by the run recorder, monitors and `GET /api/v1/regions`. */
export class RegionService {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly names: RegionNames,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Notes that a region asked for work. Written at most every few seconds per region and process:
   * staleness is measured in minutes.
   */
  async markServed(region: string, servedBy: ServedBy, report: RegionActivityReport): Promise<void> {
    const now = this.clock.now();
    if (now - (this.written.get(region) ?? -Infinity) < PRESENCE_WRITE_MS) return;
    this.written.set(region, now);
    const values = { served_by: servedBy, last_seen_at: now, checks_per_minute: Math.round(report.checksPerMinute), lag_ms: Math.round(report.lagMs) };
    await this.db
      .insertInto('region_presence')
      .values({ region, ...values })
      .onConflict((oc) => oc.column('region').doUpdateSet(values))
      .execute();
  }

  /** When each region last asked for work. */
  async presence(db: Kysely<Database> = this.db): Promise<RegionPresence> {
    return readPresence(db);
  }

  /** Every region of the installation with who serves it (Admins and Owners: it shows the installation's setup). */
  async list(actor: Actor): Promise<RegionRecord[]> {
    requireRole(actor, ADMINS);
    const rows = await this.db.selectFrom('region_presence').selectAll().execute();
    const byName = new Map(rows.map((row) => [row.region, row]));
    const now = this.clock.now();
    return this.names.known().map((name) => {
      const row = byName.get(name);
      const served = row !== undefined && now - row.last_seen_at <= SERVED_WITHIN_MS;
      return {
        name,
        servedBy: served ? (row.served_by as ServedBy) : null,
        lastSeenAt: isoOrNull(row?.last_seen_at ?? null),
        checksPerMinute: served ? row.checks_per_minute : 0,
        lagSeconds: served ? row.lag_ms / 1000 : 0,
      };
    });
  }
}

/** When each region last asked for work, read in whatever transaction the caller is in. */
export async function readPresence(db: Kysely<Database>): Promise<RegionPresence> {
  const rows = await db.selectFrom('region_presence').select(['region', 'last_seen_at']).execute();
  return new Map(rows.map((row) => [row.region, row.last_seen_at]));
}
