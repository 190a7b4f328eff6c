import { z } from 'zod';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../store/schema.js';
import type { IncidentsTable } from '../store/tables/incidents.js';
import { requireRole, type Actor } from './actor.js';
import { isUuid, newId } from './ids.js';
import { stopTimers } from './alerts/on-call.js';
import { appendEvent } from './events.js';
import { recordIncidentNotice } from './status-pages/notices.js';
import { NoFields } from './monitor-schemas.js';
import type { MonitorService } from './monitors.js';
import { systemClock, type Clock } from './ports/clock.js';
import { problems } from './problem.js';
import { ADMINS, ANY_ROLE, WRITERS } from './roles.js';
import { iso, isoOrNull } from './time.js';
import { parseInput, text, uuid } from './validation.js';
import { INCIDENT_SOURCES, INCIDENT_STATUSES, SEVERITIES, UPDATE_STATUSES, type IncidentStatus } from '../shared/vocabulary.js';
import { IncidentCause, causesOf } from './incident-causes.js';
import { readsRunTexts } from './run-texts.js';

/** The list answers the newest incidents only; no parameter changes this count. */
export const INCIDENT_LIST_LIMIT = 100;
export const DEFAULT_CLOSING_NOTE = 'Incident closed manually';
export const RECOVERY_NOTE = 'Monitor recovered';
/** A monitor's incident resolved less than this long ago is reopened, not followed by a new one. */
export const REOPEN_WINDOW_MS = 5 * 60_000;
/** What kind of entry a timeline update is, beyond its message: null for a plain one. */
export const UPDATE_KINDS = ['reopened', 'acknowledged'] as const;

type Db = Kysely<Database> | Transaction<Database>;

export const AcknowledgedVia = z
  .object({
    channel: z.string().describe('The type of the channel whose alert carried the link (`email`, `slack`, `webhook`, …).'),
    deliveryId: z.string().describe('The delivery (see the deliveries log) that carried the link.'),
  })
  .describe("Which alert's acknowledge link acknowledged the incident.");
export type AcknowledgedVia = z.infer<typeof AcknowledgedVia>;

/* Records */

export const IncidentUpdateRecord = z.object({
  id: z.string(),
  incidentId: z.string(),
  message: z.string(),
  status: z.enum(INCIDENT_STATUSES).nullable().describe('The status this update set, or null when it set none.'),
  postedToStatusPage: z.boolean().describe('Whether the update appears on the public status page.'),
  createdAt: z.string(),
  kind: z
    .enum(UPDATE_KINDS)
    .nullable()
    .describe(
      '`reopened`: the monitor went down again within 5 minutes of recovering and the incident was reopened; ' +
        '`acknowledged`: someone acknowledged the incident (not shown on the status page); null for any other update.',
    ),
  acknowledgedVia: AcknowledgedVia.nullable().describe("On an `acknowledged` entry made through an alert's link: which alert; null otherwise."),
});
export type IncidentUpdateRecord = z.infer<typeof IncidentUpdateRecord>;

export const IncidentRecord = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  severity: z.enum(SEVERITIES),
  monitorId: z.string().nullable(),
  source: z
    .enum(INCIDENT_SOURCES)
    .describe('`manual`: created through REST, MCP or the dashboard; `monitor`: opened automatically when the monitor went down.'),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable().describe('When someone said they are on it (acknowledge); null until then.'),
  acknowledgedBy: z
    .string()
    .nullable()
    .describe('The id of the user who acknowledged it; null until then, and when acknowledged through the link of an alert.'),
  acknowledgedVia: AcknowledgedVia.nullable().describe(
    'When acknowledged through the link of an alert: the channel type and delivery that carried it; null otherwise.',
  ),
  acknowledgedByName: z
    .string()
    .nullable()
    .describe('The name of the user who acknowledged it, as their account says now; null when `acknowledgedBy` is null or the account is gone.'),
  cause: IncidentCause.nullable().describe(
    'What opened it: the newest failed run of its monitor at the moment it opened; null for an incident opened by hand, or once that run was pruned.',
  ),
  updates: z.array(IncidentUpdateRecord).describe('The timeline, oldest first.'),
});
export type IncidentRecord = z.infer<typeof IncidentRecord>;

/**
 * What an acknowledge link's page shows: the incident's title, state and context (its monitor,
 * since when, and the failed run's region and stable error code, never a message quoted from the
 * target: whoever holds the link may not be a member).
 */
export interface IncidentLinkView {
  id: string;
  title: string;
  resolved: boolean;
  acknowledgedAt: string | null;
  createdAt: string;
  resolvedAt: string | null;
  monitorName: string | null;
  cause: { region: IncidentCause['region']; code: string | null } | null;
}

/* Inputs, fields in the order of the interface's table */

export const CreateIncidentInput = z.strictObject({
  title: text(200).describe('What is wrong, as users should read it: 1-200 characters.'),
  monitorId: uuid()
    .nullable()
    .optional()
    .describe('Optional: the id of a monitor of your team this incident is about; an id of no such monitor is 404 not-found.'),
  message: text(4000)
    .optional()
    .describe('Optional, up to 4000 characters: becomes the first timeline update (status investigating, shown on the status page).'),
  severity: z.enum(SEVERITIES).default('major').describe('minor, major or critical; default major.'),
});

export const IncidentUpdateInput = z.strictObject({
  message: text(4000).describe('The timeline entry: 1-4000 characters.'),
  status: z
    .enum(UPDATE_STATUSES)
    .optional()
    .describe('Optional: investigating, identified or monitoring; omitted leaves the status unchanged. To close the incident, resolve it instead.'),
  postedToStatusPage: z.boolean().default(true).describe('Whether the update appears on the public status page; default true.'),
});

export const ResolveIncidentInput = z.strictObject({
  message: text(4000).optional().describe(`Optional closing note, 1-4000 characters; default "${DEFAULT_CLOSING_NOTE}".`),
});

/**
 * Incidents of a team: the one service REST, MCP and the dashboard call. Automatic incidents
 * (opened and resolved from monitor status changes) go through `MonitorIncidents` below.
 */
export class IncidentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly monitors: Pick<MonitorService, 'existsInTeam'>,
    /** Incident and timeline times are read on it. */
    private readonly clock: Clock = systemClock,
  ) {}

  async list(actor: Actor): Promise<IncidentRecord[]> {
    requireRole(actor, ANY_ROLE);
    const rows = await this.db
      .selectFrom('incidents')
      .selectAll()
      .where('team_id', '=', actor.teamId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(INCIDENT_LIST_LIMIT)
      .execute();
    return withUpdates(this.db, rows, actor);
  }

  async get(actor: Actor, id: string): Promise<IncidentRecord> {
    requireRole(actor, ANY_ROLE);
    return (await withUpdates(this.db, [await this.find(this.db, actor, id)], actor))[0]!;
  }

  async create(actor: Actor, input: unknown): Promise<IncidentRecord> {
    requireRole(actor, WRITERS);
    const { title, message, severity, ...rest } = parseInput(CreateIncidentInput, input);
    const monitorId = rest.monitorId?.toLowerCase() ?? null;
    if (monitorId && !(await this.monitors.existsInTeam(actor.teamId, monitorId))) throw problems.notFound('monitor');
    const now = stamp(this.clock.now());
    const id = newId(now);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('incidents')
        .values({
          id,
          team_id: actor.teamId,
          monitor_id: monitorId,
          title,
          status: 'investigating',
          severity,
          source: 'manual',
          created_at: now,
          updated_at: now,
          resolved_at: null,
        })
        .execute();
      const first = message === undefined ? null : await insertUpdate(trx, id, { message, status: 'investigating', postedToStatusPage: true }, now);
      await recordIncidentNotice(trx, 'incident.opened', id, first?.id ?? null, now);
    });
    return this.get(actor, id);
  }

  async postUpdate(actor: Actor, id: string, input: unknown): Promise<IncidentUpdateRecord> {
    requireRole(actor, WRITERS);
    const incident = await this.findOpen(this.db, actor, id);
    const { message, status, postedToStatusPage } = parseInput(IncidentUpdateInput, input);
    return this.db.transaction().execute(async (trx) => {
      // Conditional on still being open: a resolve that won the race makes this a 404 too.
      const now = stamp(this.clock.now());
      const changed = await trx
        .updateTable('incidents')
        .set({ updated_at: now, ...(status && { status }) })
        .where('id', '=', incident.id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) throw problems.notFound('incident');
      const update = await insertUpdate(trx, incident.id, { message, status: status ?? null, postedToStatusPage }, now);
      // Subscribers of the status page hear what it shows, and an unposted update it does not.
      if (postedToStatusPage) await recordIncidentNotice(trx, 'incident.updated', incident.id, update.id, now);
      return update;
    });
  }

  async resolve(actor: Actor, id: string, input: unknown): Promise<IncidentRecord> {
    requireRole(actor, ADMINS);
    const incident = await this.findOpen(this.db, actor, id);
    const { message } = parseInput(ResolveIncidentInput, input);
    await this.db.transaction().execute(async (trx) => {
      if (!(await resolveIncident(trx, incident.id, message ?? DEFAULT_CLOSING_NOTE, stamp(this.clock.now())))) throw problems.notFound('incident');
    });
    return this.get(actor, id);
  }

  /**
   * Says someone is on the open incident: sets when and who, once. A second acknowledge changes
   * nothing (the first one stands); a resolved incident is not found.
   */
  async acknowledge(actor: Actor, id: string, input?: unknown): Promise<IncidentRecord> {
    requireRole(actor, WRITERS);
    const incident = await this.findOpen(this.db, actor, id);
    parseInput(NoFields, input);
    await this.markAcknowledged(incident, { by: actor.userId, via: null });
    return this.get(actor, id);
  }

  /**
   * What the page behind an alert's acknowledge link shows of the incident (its id comes from a
   * link whose signature the caller checked): undefined when there is no such incident.
   */
  async linkView(id: string): Promise<IncidentLinkView | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db.selectFrom('incidents').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirst();
    if (!row) return undefined;
    const monitor =
      row.monitor_id === null ? undefined : await this.db.selectFrom('monitors').select('name').where('id', '=', row.monitor_id).executeTakeFirst();
    const cause = (await causesOf(this.db, [row], false)).get(row.id);
    return {
      id: row.id,
      title: row.title,
      resolved: row.resolved_at !== null,
      acknowledgedAt: isoOrNull(row.acknowledged_at),
      createdAt: iso(row.created_at),
      resolvedAt: isoOrNull(row.resolved_at),
      monitorName: monitor?.name ?? null,
      cause: cause ? { region: cause.region, code: cause.error?.code ?? null } : null,
    };
  }

  /**
   * Acknowledges through an alert's link (checked by the caller, which binds the incident and the
   * delivery that carried it): nobody in particular, so `acknowledgedBy` stays null, and
   * `acknowledgedVia` names the delivery and its channel type.
   */
  async acknowledgeByLink(id: string, deliveryId: string): Promise<IncidentLinkView | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db.selectFrom('incidents').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirst();
    if (row && row.resolved_at === null) {
      const delivery = await this.db
        .selectFrom('deliveries')
        .select('channel')
        .where('id', '=', deliveryId)
        .where('team_id', '=', row.team_id)
        .executeTakeFirst();
      // The delivery may have been pruned since: the link still holds, the channel is then unknown.
      const channel = delivery ? ((JSON.parse(delivery.channel) as { type?: string }).type ?? 'unknown') : 'unknown';
      await this.markAcknowledged(row, { by: null, via: { channel, deliveryId } });
    }
    return this.linkView(id);
  }

  /**
   * Sets when, by whom and through what, once, with a timeline entry (kept off the status page), and
   * tells the monitor's channels (a paging service marks its alert acknowledged).
   */
  private async markAcknowledged(incident: Selectable<IncidentsTable>, who: { by: string | null; via: AcknowledgedVia | null }): Promise<void> {
    const { by, via } = who;
    const at = stamp(this.clock.now());
    await this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('incidents')
        .set({ acknowledged_at: at, acknowledged_by: by, acknowledged_via: via && JSON.stringify(via) })
        .where('id', '=', incident.id)
        .where('acknowledged_at', 'is', null)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) return;
      await stopTimers(trx, incident.id);
      const message = via ? `Acknowledged through the link in a ${via.channel} alert` : 'Acknowledged';
      await insertUpdate(trx, incident.id, { message, status: null, postedToStatusPage: false, kind: 'acknowledged', acknowledgedVia: via }, at);
      if (incident.monitor_id !== null) {
        await appendEvent(trx, {
          type: 'incident.acknowledged',
          monitorId: incident.monitor_id,
          teamId: incident.team_id,
          incidentId: incident.id,
          acknowledgedBy: by,
          occurredAt: iso(at),
        });
      }
    });
  }

  /** A path id that is not a UUID, unknown or another team's: one identical 404. */
  private async find(db: Db, actor: Actor, id: string): Promise<Selectable<IncidentsTable>> {
    const row = isUuid(id)
      ? await db.selectFrom('incidents').selectAll().where('id', '=', id.toLowerCase()).where('team_id', '=', actor.teamId).executeTakeFirst()
      : undefined;
    if (!row) throw problems.notFound('incident');
    return row;
  }

  /** As `find`, and a resolved incident is gone (404) for updates and a second resolve. */
  private async findOpen(db: Db, actor: Actor, id: string): Promise<Selectable<IncidentsTable>> {
    const row = await this.find(db, actor, id);
    if (row.resolved_at !== null) throw problems.notFound('incident');
    return row;
  }
}

/**
 * Automatic incidents, driven by monitor status changes inside the event processor's
 * transaction. At most one automatic incident is open per monitor (a unique index says so too).
 */
export const MonitorIncidents = {
  /** The open incident linked to the monitor, automatic or manual, automatic first. */
  async findOpen(trx: Db, monitorId: string): Promise<{ id: string; source: string } | undefined> {
    return trx
      .selectFrom('incidents')
      .select(['id', 'source'])
      .where('monitor_id', '=', monitorId)
      .where('resolved_at', 'is', null)
      .orderBy('source', 'desc') // 'monitor' before 'manual'
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  },

  async open(trx: Db, monitor: { id: string; teamId: string; name: string }, message: string, at: number): Promise<string> {
    const id = newId(at);
    await trx
      .insertInto('incidents')
      .values({
        id,
        team_id: monitor.teamId,
        monitor_id: monitor.id,
        title: downTitle(monitor.name),
        status: 'investigating',
        severity: 'major',
        source: 'monitor',
        created_at: at,
        updated_at: at,
        resolved_at: null,
      })
      .execute();
    const first = await insertUpdate(trx, id, { message, status: 'investigating', postedToStatusPage: true }, at);
    await recordIncidentNotice(trx, 'incident.opened', id, first.id, at);
    return id;
  },

  /**
   * Reopens the monitor's automatic incident when it resolved less than `REOPEN_WINDOW_MS` before
   * `at`, with a `reopened` timeline entry: a flapping monitor keeps one incident (and one entry on
   * the status page) instead of opening one per flap. Returns the incident, or undefined when there
   * is none to reopen. Its acknowledgement stands: whoever was on it still is.
   */
  async reopenRecent(trx: Db, monitorId: string, message: string, at: number): Promise<string | undefined> {
    const recent = await trx
      .selectFrom('incidents')
      .select(['id', 'resolved_at'])
      .where('monitor_id', '=', monitorId)
      .where('source', '=', 'monitor')
      .where('resolved_at', '>', at - REOPEN_WINDOW_MS)
      .orderBy('resolved_at', 'desc')
      .executeTakeFirst();
    if (!recent || recent.resolved_at! > at) return undefined;
    const changed = await trx
      .updateTable('incidents')
      .set({ status: 'investigating', resolved_at: null, updated_at: at })
      .where('id', '=', recent.id)
      .where('resolved_at', '=', recent.resolved_at)
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) return undefined;
    const after = Math.max(1, Math.round((at - recent.resolved_at!) / 1000));
    const reopened = await insertUpdate(
      trx,
      recent.id,
      {
        message: `Reopened: the monitor went down again ${after} s after it recovered. ${message}`,
        status: 'investigating',
        postedToStatusPage: true,
        kind: 'reopened',
      },
      at,
    );
    await recordIncidentNotice(trx, 'incident.updated', recent.id, reopened.id, at);
    return recent.id;
  },

  /** A timeline entry that changes nothing else. */
  async note(trx: Db, incidentId: string, message: string, at: number): Promise<void> {
    await trx.updateTable('incidents').set({ updated_at: at }).where('id', '=', incidentId).execute();
    const update = await insertUpdate(trx, incidentId, { message, status: null, postedToStatusPage: true }, at);
    await recordIncidentNotice(trx, 'incident.updated', incidentId, update.id, at);
  },

  async resolve(trx: Db, incidentId: string, at: number): Promise<boolean> {
    return resolveIncident(trx, incidentId, RECOVERY_NOTE, at);
  },
};

let lastStamp = 0;
/** Now, strictly increasing within the process: writes of one millisecond keep their order in lists and timelines. */
function stamp(now: number): number {
  lastStamp = Math.max(now, lastStamp + 1);
  return lastStamp;
}

/** `<monitor name> is down`, within the 200 characters of a title. */
function downTitle(name: string): string {
  const suffix = ' is down';
  return name.length + suffix.length <= 200 ? name + suffix : `${name.slice(0, 199 - suffix.length)}…${suffix}`;
}

async function resolveIncident(trx: Db, incidentId: string, message: string, at: number): Promise<boolean> {
  const changed = await trx
    .updateTable('incidents')
    .set({ status: 'resolved', resolved_at: at, updated_at: at })
    .where('id', '=', incidentId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (changed.numUpdatedRows === 0n) return false;
  await stopTimers(trx, incidentId);
  const update = await insertUpdate(trx, incidentId, { message, status: 'resolved', postedToStatusPage: true }, at);
  await recordIncidentNotice(trx, 'incident.resolved', incidentId, update.id, at);
  return true;
}

async function insertUpdate(
  trx: Db,
  incidentId: string,
  update: {
    message: string;
    status: IncidentStatus | null;
    postedToStatusPage: boolean;
    kind?: (typeof UPDATE_KINDS)[number];
    acknowledgedVia?: AcknowledgedVia | null;
  },
  at: number,
): Promise<IncidentUpdateRecord> {
  const kind = update.kind ?? null;
  const acknowledgedVia = update.acknowledgedVia ?? null;
  // The timeline reads in the order things were decided: an event stamped no later than the
  // incident's newest update (two regions' runs finishing out of order) is written a millisecond
  // after it (ids made for a past millisecond do not sort by when they were made).
  const newest = await trx
    .selectFrom('incident_updates')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('incident_id', '=', incidentId)
    .executeTakeFirst();
  if (newest?.at != null && at <= newest.at) at = newest.at + 1;
  const id = newId(at);
  await trx
    .insertInto('incident_updates')
    .values({
      id,
      incident_id: incidentId,
      message: update.message,
      status: update.status,
      posted_to_status_page: update.postedToStatusPage ? 1 : 0,
      created_at: at,
      kind,
      acknowledged_via: acknowledgedVia && JSON.stringify(acknowledgedVia),
    })
    .execute();
  return {
    id,
    incidentId,
    message: update.message,
    status: update.status,
    postedToStatusPage: update.postedToStatusPage,
    createdAt: iso(at),
    kind,
    acknowledgedVia,
  };
}

async function withUpdates(db: Db, rows: Selectable<IncidentsTable>[], actor: Actor): Promise<IncidentRecord[]> {
  if (rows.length === 0) return [];
  const updates = await db
    .selectFrom('incident_updates')
    .selectAll()
    .where(
      'incident_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const byIncident = new Map<string, IncidentUpdateRecord[]>();
  for (const u of updates) {
    const list = byIncident.get(u.incident_id) ?? [];
    list.push({
      id: u.id,
      incidentId: u.incident_id,
      message: u.message,
      status: u.status as IncidentStatus | null,
      postedToStatusPage: u.posted_to_status_page === 1,
      createdAt: iso(u.created_at),
      kind: u.kind as IncidentUpdateRecord['kind'],
      acknowledgedVia: u.acknowledged_via === null ? null : (JSON.parse(u.acknowledged_via) as AcknowledgedVia),
    });
    byIncident.set(u.incident_id, list);
  }
  const names = await acknowledgerNames(db, rows);
  const causes = await causesOf(db, rows, readsRunTexts(actor));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status as IncidentStatus,
    severity: r.severity as IncidentRecord['severity'],
    monitorId: r.monitor_id,
    source: r.source as IncidentRecord['source'],
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    resolvedAt: isoOrNull(r.resolved_at),
    acknowledgedAt: isoOrNull(r.acknowledged_at),
    acknowledgedBy: r.acknowledged_by,
    acknowledgedVia: r.acknowledged_via === null ? null : (JSON.parse(r.acknowledged_via) as AcknowledgedVia),
    acknowledgedByName: (r.acknowledged_by !== null && names.get(r.acknowledged_by)) || null,
    cause: causes.get(r.id) ?? null,
    updates: byIncident.get(r.id) ?? [],
  }));
}

async function acknowledgerNames(db: Db, rows: Selectable<IncidentsTable>[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.acknowledged_by).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const users = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(users.map((u) => [u.id, u.name]));
}
