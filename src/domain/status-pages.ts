import { CompiledQuery, type Kysely } from 'kysely';
import { z } from 'zod';
import { OVERALL_STATUSES, type IncidentStatus, type MonitorType, type OverallStatus, type PublicMonitorStatus, type Severity } from '../shared/vocabulary.js';
import { definitionOf } from '../monitor-types/definitions.js';
import { prepared } from '../store/prepared.js';
import { rollupsByDay } from './rollup-days.js';
import type { Dialect } from '../store/database.js';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import { newId } from './ids.js';
import { systemClock, type Clock } from './ports/clock.js';
import { problems } from './problem.js';
import { ADMINS, ANY_ROLE } from './roles.js';
import { iso } from './time.js';
import { distinctIds, inFieldOrder, parseCollecting, parseInput, text, uuid } from './validation.js';
import { monitorsNotInTeam } from './monitors.js';
import { Slices } from '../shared/slices.js';
import { activeOccurrence, nextOccurrence } from './maintenance/occurrences.js';
import type { MaintenanceWindowService } from './maintenance/service.js';
import { CustomDomainInput, DOMAIN_TAKEN, GroupsInput, StatusPageGroup, displayOrder, groupErrors } from './status-pages/page-fields.js';

/* Limits and windows of the public page. */

export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;
export const MAX_PAGE_MONITORS = 100;
/** Days of uptime bars, today included. */
export const UPTIME_DAYS = 90;
/** Resolved incidents stay on the page this long after they were resolved. */
export const INCIDENT_WINDOW_DAYS = 14;
/** Maintenance starting within this long is announced. */
export const MAINTENANCE_AHEAD_MS = 7 * 86_400_000;
/** At most this many incidents (open first, then newest) are shown. */
export const MAX_PUBLIC_INCIDENTS = 100;
export const DAY_MS = 86_400_000;

export const SLUG_TAKEN = 'is already taken';
export { MONITOR_NOT_IN_TEAM } from './monitors.js';

/* Requests and records */

export const StatusPageInput = z.strictObject({
  slug: z
    .string()
    .regex(SLUG_PATTERN, 'must be 1-64 characters of a-z, 0-9 and -')
    .describe('Where the page lives, `/status/<slug>`: 1-64 characters of a-z, 0-9 and -, unique across every team.'),
  title: text(200).describe('The page heading, 1-200 characters.'),
  monitorIds: z
    .array(uuid())
    .max(MAX_PAGE_MONITORS)
    .superRefine(distinctIds)
    .describe(`The monitors the page shows, in this order: up to ${MAX_PAGE_MONITORS} monitors of your team (may be empty).`),
  showTargets: z
    .boolean()
    .default(false)
    .describe("Optional, default false: show each monitor's host on the page (an HTTP monitor's URL host, never its path, query or credentials)."),
  groups: GroupsInput,
  customDomain: CustomDomainInput,
});
export type StatusPageInput = z.output<typeof StatusPageInput>;

const FIELD_ORDER = ['slug', 'title', 'monitorIds', 'showTargets', 'groups', 'customDomain'] as const;

export const StatusPageRecord = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  url: z.string().describe('The public page: `{base_url}/status/<slug>`.'),
  monitorIds: z.array(z.string()).describe('The listed monitors in display order; deleted monitors drop out.'),
  showTargets: z.boolean().describe("Whether the page shows each monitor's host."),
  groups: z
    .array(StatusPageGroup)
    .nullable()
    .describe('The groups in display order (then the monitors in no group); null without groups. Deleted monitors drop out.'),
  customDomain: z.string().nullable().describe('The host name the page is also answered at (lower case); null when none.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StatusPageRecord = z.output<typeof StatusPageRecord>;

const NoFields = z.strictObject({});

const CHANGE_TOKEN = CompiledQuery.raw('select total_changes() as c, (select data_version from pragma_data_version) as v');

/* The public model: what /status/<slug>, its JSON summary and its Atom feed show. Nothing else of the team. */

export interface UptimeDay {
  /** UTC date, `YYYY-MM-DD`. */
  date: string;
  /** Percent of successful checks that day over every region, or null without checks. */
  uptime: number | null;
  /** Whether the monitor was checked in maintenance that day (those checks count in no uptime). */
  maintenance: boolean;
}

/** A maintenance occurrence the page shows: under way, or starting within 7 days. */
export interface PublicMaintenance {
  title: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
  /** Names of the listed monitors it covers. */
  affects: string[];
}

export interface PublicMonitor {
  id: string;
  name: string;
  /** The host, only when the page opts in (`showTargets`); else null. */
  target: string | null;
  status: PublicMonitorStatus;
  /** Percent over the 90 days, weighted by checks (days without data do not count); null without any. */
  uptime90d: number | null;
  /** The same over the last 30 days (what a phone's shorter bar shows). */
  uptime30d: number | null;
  /** Oldest first; the last one is today (so far). */
  days: UptimeDay[];
  /** Checks and failures of each of `days` (maintenance not counted): what a badge over fewer days sums. Not published. */
  dayCounts: Array<[checks: number, failures: number]>;
}

export interface PublicIncidentUpdate {
  status: IncidentStatus | null;
  message: string;
  createdAt: string;
}

export interface PublicIncident {
  id: string;
  title: string;
  /** As far as posted updates tell: the newest posted status, `resolved` once resolved. */
  status: IncidentStatus;
  severity: Severity;
  /** Names of the listed monitor it concerns (none for a team-wide incident). */
  affects: string[];
  createdAt: string;
  resolvedAt: string | null;
  /** The newest public moment: opening, a posted update or resolution. */
  updatedAt: string;
  /** Only updates posted to the status page, newest first. */
  updates: PublicIncidentUpdate[];
}

/** A heading of the page and its monitors; `name` null for the monitors in no group. */
export interface PublicSection {
  name: string | null;
  monitors: PublicMonitor[];
}

export interface PublicStatusPage {
  /** The page's id: the feed's stable id, whatever the slug becomes. */
  pageId: string;
  slug: string;
  title: string;
  url: string;
  showTargets: boolean;
  status: OverallStatus;
  /** Every listed monitor in display order: the groups' in group order, then the others. */
  monitors: PublicMonitor[];
  /** The same monitors under their headings. */
  sections: PublicSection[];
  /** Open incidents, newest first. */
  activeIncidents: PublicIncident[];
  /** Resolved within the last 14 days, newest first. */
  recentIncidents: PublicIncident[];
  /** Maintenance under way, then maintenance starting within 7 days, soonest first. */
  maintenance: PublicMaintenance[];
  /** UTC dates of the incident history, today first (14 days). */
  historyDays: string[];
  /** The newest public moment (page change or incident), for feeds. */
  updatedAt: string;
}

/**
 * What a public request reads every time, cheaply (two indexed queries): the page, the live state
 * of its monitors and a fingerprint of the team's shown incidents. `key` changes whenever
 * anything the page shows changes, except the uptime counts of today (see the cache's TTL).
 */
export interface PublicState {
  pageId: string;
  teamId: string;
  slug: string;
  title: string;
  showTargets: boolean;
  groups: StatusPageGroup[] | null;
  pageUpdatedAt: number;
  monitors: ListedMonitor[];
  /** Start of today (UTC). */
  today: number;
  key: string;
}

interface ListedMonitor {
  id: string;
  name: string;
  type: string;
  status: string;
  paused: number;
  maintenance: number;
  url: string | null;
  host: string | null;
  port: number | null;
}

/**
 * The team's one public status page: the record (GET/PUT/DELETE /api/v1/status-pages/current)
 * and the public model behind /status/<slug>. Judging order, first failure wins: role (403,
 * decided before the page is looked at so it leaks nothing), then the page (404), then the body (400).
 */
export class StatusPageService {
  private readonly stateQuery;
  private readonly incidentFingerprintQuery;
  private readonly windowFingerprintQuery;
  private readonly byTeamQuery;
  private readonly listedQuery;
  private readonly domainQuery;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string,
    /** SQLite can tell cheaply whether anything changed at all (see `changeToken`). */
    private readonly dialect: Dialect,
    /** Edit times, today's uptime and which incidents are recent. */
    private readonly clock: Clock = systemClock,
    /** The team's maintenance windows, of which the page shows those touching its monitors. */
    private readonly windows?: Pick<MaintenanceWindowService, 'scheduled'>,
  ) {
    this.stateQuery = prepared(db, (slug: string) =>
      db
        .selectFrom('status_pages as p')
        .leftJoin('status_page_monitors as l', 'l.page_id', 'p.id')
        .leftJoin('monitors as m', (join) => join.onRef('m.id', '=', 'l.monitor_id').onRef('m.team_id', '=', 'p.team_id').on('m.deleted_at', 'is', null))
        .select([
          'p.id as page_id',
          'p.team_id',
          'p.slug',
          'p.title',
          'p.show_targets',
          'p.groups',
          'p.updated_at as page_updated_at',
          'm.id as monitor_id',
          'm.name',
          'm.type',
          'm.status',
          'm.paused',
          'm.maintenance',
          'm.url',
          'm.host',
          'm.port',
        ])
        .where('p.slug', '=', slug)
        .orderBy('l.position'),
    );
    this.incidentFingerprintQuery = prepared(db, (teamId: string, since: number) =>
      db
        .selectFrom('incidents')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('updated_at').as('latest'), eb.fn.sum('updated_at').as('total')])
        .where('team_id', '=', teamId)
        .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', since)])),
    );
    this.windowFingerprintQuery = prepared(db, (teamId: string) =>
      db
        .selectFrom('maintenance_windows')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('updated_at').as('latest')])
        .where('team_id', '=', teamId),
    );
    this.domainQuery = prepared(db, (host: string) => db.selectFrom('status_pages').select('slug').where('custom_domain', '=', host));
    this.byTeamQuery = prepared(db, (teamId: string) => db.selectFrom('status_pages').selectAll().where('team_id', '=', teamId));
    this.listedQuery = prepared(db, (pageId: string) =>
      db
        .selectFrom('status_page_monitors as l')
        .innerJoin('monitors as m', 'm.id', 'l.monitor_id')
        .select('m.id')
        .where('l.page_id', '=', pageId)
        .where('m.deleted_at', 'is', null)
        .orderBy('l.position'),
    );
  }

  /** The team's page; 404 when it has none. */
  async current(actor: Actor): Promise<StatusPageRecord> {
    requireRole(actor, ANY_ROLE);
    const [row] = await this.byTeamQuery(actor.teamId);
    if (!row) throw problems.notFound('status page');
    return this.record(row, await this.listedIds(row.id));
  }

  /**
   * Creates the team's page or replaces it whole (a field left out takes its default). Answers
   * the record either way; a request that changes nothing writes nothing.
   */
  async put(actor: Actor, input: unknown): Promise<StatusPageRecord> {
    requireRole(actor, ADMINS);
    const fields = await this.validate(actor.teamId, input);
    const [existing] = await this.byTeamQuery(actor.teamId);
    if (existing) {
      const listed = await this.listedIds(existing.id);
      const same =
        existing.slug === fields.slug &&
        existing.title === fields.title &&
        existing.show_targets === (fields.showTargets ? 1 : 0) &&
        existing.groups === groupsColumn(fields.groups) &&
        existing.custom_domain === fields.customDomain &&
        listed.join() === fields.monitorIds.join();
      if (same) return this.record(existing, listed);
    }
    const now = this.clock.now();
    const id = newId(now);
    const columns = {
      slug: fields.slug,
      title: fields.title,
      show_targets: fields.showTargets ? 1 : 0,
      groups: groupsColumn(fields.groups),
      custom_domain: fields.customDomain,
    };
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const saved = await trx
          .insertInto('status_pages')
          .values({ id, team_id: actor.teamId, ...columns, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('team_id').doUpdateSet({ ...columns, updated_at: now }))
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('status_page_monitors').where('page_id', '=', saved.id).execute();
        if (fields.monitorIds.length > 0) {
          await trx
            .insertInto('status_page_monitors')
            .values(fields.monitorIds.map((monitorId, position) => ({ page_id: saved.id, position, monitor_id: monitorId })))
            .execute();
        }
        return saved;
      });
      return this.record(row, fields.monitorIds);
    } catch (error) {
      // Another team took the slug (or the domain) between the check and the write.
      if (isConflict(error, 'slug')) throw problems.invalidField('slug', SLUG_TAKEN);
      if (isConflict(error, 'custom_domain')) throw problems.invalidField('customDomain', DOMAIN_TAKEN);
      throw error;
    }
  }

  async remove(actor: Actor, input?: unknown): Promise<void> {
    requireRole(actor, ADMINS);
    const [existing] = await this.byTeamQuery(actor.teamId);
    if (!existing) throw problems.notFound('status page');
    parseInput(NoFields, input);
    await this.db.deleteFrom('status_pages').where('id', '=', existing.id).execute();
  }

  /* Public: no actor. Unknown slugs are undefined; nothing of the team beyond the page is read out. */

  /** The slug of the page answered at `host` (a lower-case host name without port); undefined for none. */
  async slugForDomain(host: string): Promise<string | undefined> {
    return (await this.domainQuery(host))[0]?.slug;
  }

  /**
   * A token that changes whenever anything in the store may have changed, or null when the store
   * cannot tell cheaply (PostgreSQL: then every request reads the state). SQLite: the connection's
   * count of changed rows (every write of this process) and the file's data version (which commits
   * of other processes, such as the CLI, move). One statement, no table read.
   */
  async changeToken(): Promise<string | null> {
    if (this.dialect !== 'sqlite') return null;
    const { rows } = await this.db.executeQuery<{ c: number; v: number }>(CHANGE_TOKEN);
    return `${rows[0]!.v}:${rows[0]!.c}`;
  }

  /** The cheap per-request part (see PublicState). */
  async publicState(slug: string, now = this.clock.now()): Promise<PublicState | undefined> {
    if (!SLUG_PATTERN.test(slug)) return undefined;
    const rows = await this.stateQuery(slug);
    const first = rows[0];
    if (!first) return undefined;
    const monitors: ListedMonitor[] = [];
    for (const r of rows) {
      if (r.monitor_id === null) continue;
      monitors.push({
        id: r.monitor_id,
        name: r.name!,
        type: r.type!,
        status: r.status!,
        paused: r.paused!,
        maintenance: r.maintenance!,
        url: r.url,
        host: r.host,
        port: r.port,
      });
    }
    const today = startOfDay(now);
    const [fingerprint] = await this.incidentFingerprintQuery(first.team_id, now - INCIDENT_WINDOW_DAYS * DAY_MS);
    const showTargets = first.show_targets === 1;
    const groups = first.groups === null ? null : (JSON.parse(first.groups) as StatusPageGroup[]);
    const monitorKey = monitors
      .map((m) => `${m.id}|${m.status}|${m.paused}|${m.maintenance}|${m.name}${showTargets ? `|${String(m.url)}|${String(m.host)}|${String(m.port)}` : ''}`)
      .join('\n');
    // Windows: any change moves their count or newest stamp; the hour moves what "within 7 days" takes in.
    const [windows] = await this.windowFingerprintQuery(first.team_id);
    const hour = Math.floor(now / 3_600_000);
    const key = [
      first.page_id,
      first.page_updated_at,
      first.groups,
      today,
      fingerprint?.n,
      fingerprint?.latest,
      fingerprint?.total,
      windows?.n,
      windows?.latest,
      hour,
      monitorKey,
    ].join('\n');
    return {
      pageId: first.page_id,
      teamId: first.team_id,
      slug: first.slug,
      title: first.title,
      showTargets,
      groups,
      pageUpdatedAt: first.page_updated_at,
      monitors,
      today,
      key,
    };
  }

  /** The whole public model of the page; undefined for an unknown slug. `state` saves reading it again. */
  async publicView(slug: string, state?: PublicState, now = this.clock.now()): Promise<PublicStatusPage | undefined> {
    const s = state ?? (await this.publicState(slug, now));
    if (!s) return undefined;
    const sections = displayOrder(await this.publicMonitors(s), s.groups);
    const monitors = sections.flatMap((section) => section.monitors);
    const { active, recent } = await this.publicIncidents(s, now);
    const maintenance = await this.publicMaintenance(s, now);
    const status = overallStatus(monitors, active);
    const historyDays = Array.from({ length: INCIDENT_WINDOW_DAYS }, (_, i) => isoDate(s.today - i * DAY_MS));
    const latest = [s.pageUpdatedAt, ...[...active, ...recent].map((i) => Date.parse(i.updatedAt))];
    return {
      pageId: s.pageId,
      slug: s.slug,
      title: s.title,
      url: this.pageUrl(s.slug),
      showTargets: s.showTargets,
      status,
      monitors,
      sections,
      activeIncidents: active,
      recentIncidents: recent,
      maintenance,
      historyDays,
      updatedAt: iso(Math.max(...latest)),
    };
  }

  pageUrl(slug: string): string {
    return `${this.publicUrl}/status/${slug}`;
  }

  /* Internals. */

  private record(
    row: {
      id: string;
      slug: string;
      title: string;
      show_targets: number;
      groups: string | null;
      custom_domain: string | null;
      created_at: number;
      updated_at: number;
    },
    monitorIds: string[],
  ): StatusPageRecord {
    const listed = new Set(monitorIds);
    const groups = row.groups === null ? null : (JSON.parse(row.groups) as StatusPageGroup[]);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      url: this.pageUrl(row.slug),
      monitorIds,
      showTargets: row.show_targets === 1,
      groups: groups && groups.map((g) => ({ name: g.name, monitorIds: g.monitorIds.filter((id) => listed.has(id)) })),
      customDomain: row.custom_domain,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }

  private async listedIds(pageId: string): Promise<string[]> {
    return (await this.listedQuery(pageId)).map((r) => r.id);
  }

  /**
   * The body, plus what a schema cannot know: the slug is free (or already the team's) and every
   * monitor is one of the team's. Every failing field is reported, in the order of the fields.
   */
  private async validate(teamId: string, input: unknown): Promise<StatusPageInput> {
    const { value, errors } = parseCollecting(StatusPageInput, input);
    const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    const failed = (field: string) => errors.some((e) => e.field === field || e.field.startsWith(`${field}.`));

    if (typeof body.slug === 'string' && !failed('slug')) {
      const owner = await this.db.selectFrom('status_pages').select('team_id').where('slug', '=', body.slug).executeTakeFirst();
      if (owner && owner.team_id !== teamId) errors.push({ field: 'slug', message: SLUG_TAKEN });
    }
    if (Array.isArray(body.monitorIds) && !failed('monitorIds')) {
      errors.push(...(await monitorsNotInTeam(this.db, teamId, body.monitorIds as string[], 'monitorIds')));
    }
    if (value && value.groups && !failed('monitorIds') && !failed('groups')) errors.push(...groupErrors(value.groups, value.monitorIds));
    if (value && value.customDomain !== null && !failed('customDomain')) {
      const owner = await this.db.selectFrom('status_pages').select('team_id').where('custom_domain', '=', value.customDomain).executeTakeFirst();
      if (owner && owner.team_id !== teamId) errors.push({ field: 'customDomain', message: DOMAIN_TAKEN });
    }
    if (errors.length > 0) throw problems.validation(inFieldOrder(errors, FIELD_ORDER));
    const lower = (ids: string[]) => ids.map((id) => id.toLowerCase());
    return {
      ...value!,
      monitorIds: lower(value!.monitorIds),
      groups: value!.groups && value!.groups.map((g) => ({ name: g.name, monitorIds: lower(g.monitorIds) })),
    };
  }

  private async publicMonitors(s: PublicState): Promise<PublicMonitor[]> {
    const first = s.today - (UPTIME_DAYS - 1) * DAY_MS;
    const counts = new Map<string, Map<number, { checks: number; failures: number; maintenance: number }>>();
    if (s.monitors.length > 0) {
      // Every region's rollups (built-in, extra ones served by probes, a heartbeat's pings): a day's
      // uptime counts each check of the monitor wherever it ran.
      const byDay = await rollupsByDay(
        this.db,
        s.monitors.map((m) => m.id),
        first,
      );
      const rows = await this.db
        .selectFrom(byDay.as('d'))
        .select((eb) => [
          'monitor_id',
          'bucket_start',
          eb.fn.sum<number>('checks').as('checks'),
          eb.fn.sum<number>('failures').as('failures'),
          eb.fn.sum<number>('maintenance').as('maintenance'),
        ])
        .where('bucket_start', '<=', s.today)
        .groupBy(['monitor_id', 'bucket_start'])
        .execute();
      for (const r of rows) {
        let days = counts.get(r.monitor_id);
        if (!days) counts.set(r.monitor_id, (days = new Map<number, { checks: number; failures: number; maintenance: number }>()));
        days.set(r.bucket_start, { checks: r.checks, failures: r.failures, maintenance: r.maintenance });
      }
    }
    return s.monitors.map((m) => {
      const days: UptimeDay[] = [];
      const dayCounts: Array<[number, number]> = [];
      const total = { checks: 0, failures: 0 };
      const last30 = { checks: 0, failures: 0 };
      for (let i = 0; i < UPTIME_DAYS; i++) {
        const start = first + i * DAY_MS;
        const c = counts.get(m.id)?.get(start);
        days.push({ date: isoDate(start), uptime: c && c.checks > 0 ? uptimePercent(c.checks, c.failures) : null, maintenance: (c?.maintenance ?? 0) > 0 });
        dayCounts.push([c?.checks ?? 0, c?.failures ?? 0]);
        if (!c) continue;
        total.checks += c.checks;
        total.failures += c.failures;
        if (i >= UPTIME_DAYS - 30) {
          last30.checks += c.checks;
          last30.failures += c.failures;
        }
      }
      return {
        id: m.id,
        name: m.name,
        target: s.showTargets ? targetOf(m) : null,
        status: publicMonitorStatus(m),
        uptime90d: total.checks > 0 ? uptimePercent(total.checks, total.failures) : null,
        uptime30d: last30.checks > 0 ? uptimePercent(last30.checks, last30.failures) : null,
        days,
        dayCounts,
      };
    });
  }

  /** Occurrences under way or starting within 7 days of the windows shown on status pages that cover a listed monitor (named by listed monitors only). */
  private async publicMaintenance(s: PublicState, now: number): Promise<PublicMaintenance[]> {
    if (!this.windows || s.monitors.length === 0) return [];
    const names = new Map(s.monitors.map((m) => [m.id, m.name]));
    const shown: Array<PublicMaintenance & { start: number }> = [];
    const slices = new Slices();
    for (const w of await this.windows.scheduled(s.teamId)) {
      await slices.turn();
      const affects = w.monitorIds.filter((id) => names.has(id)).map((id) => names.get(id)!);
      if (!w.showOnStatusPage || affects.length === 0) continue;
      const active = activeOccurrence(w, now);
      const next = nextOccurrence(w, now);
      for (const o of [active, next && next.start <= now + MAINTENANCE_AHEAD_MS ? next : null]) {
        if (o) shown.push({ title: w.title, startsAt: iso(o.start), endsAt: iso(o.end), active: o === active, affects, start: o.start });
      }
    }
    return shown.sort((a, b) => Number(b.active) - Number(a.active) || a.start - b.start).map(({ start: _start, ...m }) => m);
  }

  /**
   * Open incidents and those resolved within the window, of the team as a whole or of a listed
   * monitor: an incident of a monitor the page does not list would name it, so it stays hidden.
   */
  private async publicIncidents(s: PublicState, now: number): Promise<{ active: PublicIncident[]; recent: PublicIncident[] }> {
    const since = now - INCIDENT_WINDOW_DAYS * DAY_MS;
    const names = new Map(s.monitors.map((m) => [m.id, m.name]));
    const rows = (
      await this.db
        .selectFrom('incidents')
        .select(['id', 'monitor_id', 'title', 'severity', 'created_at', 'resolved_at'])
        .where('team_id', '=', s.teamId)
        .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', since)]))
        .execute()
    )
      .filter((r) => r.monitor_id === null || names.has(r.monitor_id))
      // Open first, then newest.
      .sort((a, b) => Number(a.resolved_at !== null) - Number(b.resolved_at !== null) || b.created_at - a.created_at || (a.id < b.id ? 1 : -1))
      .slice(0, MAX_PUBLIC_INCIDENTS);
    const updates = new Map<string, Array<{ status: string | null; message: string; created_at: number }>>();
    if (rows.length > 0) {
      const posted = await this.db
        .selectFrom('incident_updates')
        .select(['incident_id', 'status', 'message', 'created_at'])
        .where(
          'incident_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('posted_to_status_page', '=', 1)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      for (const u of posted) {
        const list = updates.get(u.incident_id) ?? [];
        list.push(u);
        updates.set(u.incident_id, list);
      }
    }
    const active: PublicIncident[] = [];
    const recent: PublicIncident[] = [];
    for (const r of rows) {
      const posted = updates.get(r.id) ?? [];
      // An unposted update may have moved the incident on; the page tells only what was posted.
      const postedStatus = posted.find((u) => u.status !== null && u.status !== 'resolved')?.status as IncidentStatus | undefined;
      const status: IncidentStatus = r.resolved_at !== null ? 'resolved' : (postedStatus ?? 'investigating');
      const latest = Math.max(r.created_at, r.resolved_at ?? 0, ...posted.map((u) => u.created_at));
      const incident: PublicIncident = {
        id: r.id,
        title: r.title,
        status,
        severity: r.severity as Severity,
        affects: r.monitor_id ? [names.get(r.monitor_id)!] : [],
        createdAt: iso(r.created_at),
        resolvedAt: r.resolved_at === null ? null : iso(r.resolved_at),
        updatedAt: iso(latest),
        updates: posted.map((u) => ({ status: u.status as IncidentStatus | null, message: u.message, createdAt: iso(u.created_at) })),
      };
      (r.resolved_at === null ? active : recent).push(incident);
    }
    return { active, recent };
  }
}

/* Pure helpers, exported for the renderers and tests. */

/**
 * The banner: a major outage when every listed monitor with a known status is down or a critical
 * incident is open; a partial outage when any is degraded or down or any other incident is open.
 */
export function overallStatus(monitors: Pick<PublicMonitor, 'status'>[], active: Pick<PublicIncident, 'severity'>[]): OverallStatus {
  const known = monitors.filter((m) => m.status === 'operational' || m.status === 'degraded' || m.status === 'down');
  let level = 0;
  if (known.length > 0 && known.every((m) => m.status === 'down')) level = 2;
  else if (known.some((m) => m.status !== 'operational')) level = 1;
  for (const incident of active) level = Math.max(level, incident.severity === 'critical' ? 2 : 1);
  return OVERALL_STATUSES[level]!;
}

/** Percent of successful checks, cut (never rounded up) to three decimals: a failure never shows as 100. */
export function uptimePercent(checks: number, failures: number): number {
  return Math.floor(((checks - failures) / checks) * 100_000) / 1000;
}

export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function publicMonitorStatus(m: Pick<ListedMonitor, 'status' | 'paused' | 'maintenance'>): PublicMonitorStatus {
  if (m.paused) return 'paused';
  if (m.maintenance) return 'maintenance';
  switch (m.status) {
    case 'up':
      return 'operational';
    case 'degraded':
      return 'degraded';
    case 'down':
      return 'down';
    default:
      return 'no-data';
  }
}

/**
 * What a listed monitor watches, as the public may see it: its type's `publicTarget` (an HTTP
 * monitor's host only, never a path, query or credentials; none for a heartbeat).
 */
function targetOf(m: ListedMonitor): string | null {
  return definitionOf(m.type as MonitorType).publicTarget(m);
}

/** Whether `error` is another page holding the same value of a unique column (`slug` or `custom_domain`). */
function isConflict(error: unknown, column: 'slug' | 'custom_domain'): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | undefined;
  if (e?.code === '23505') return e.constraint === `status_pages_${column}`;
  return typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT') && (e.message ?? '').includes(`status_pages.${column}`);
}

function groupsColumn(groups: StatusPageGroup[] | null): string | null {
  return groups === null ? null : JSON.stringify(groups);
}
