import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { MaintenanceWindowsTable } from '../../store/tables/maintenance.js';
import { requireRole, type Actor } from '../actor.js';
import { isUuid, newId } from '../ids.js';
import { NoFields } from '../monitor-schemas.js';
import { systemClock, type Clock } from '../ports/clock.js';
import { monitorsNotInTeam } from '../monitors.js';
import { KEY_TAKEN, isKeyConflict } from '../keys.js';
import { problems } from '../problem.js';
import { ADMINS, ANY_ROLE, WRITERS } from '../roles.js';
import { iso } from '../time.js';
import { inFieldOrder, parseCollecting, parseInput } from '../validation.js';
import { Slices } from '../../shared/slices.js';
import { contradiction, ruleParts } from './contradictions.js';
import { activeOccurrence, localDate, nextOccurrence, type WindowTiming } from './occurrences.js';
import { normaliseRrule } from './rrule.js';
import { CreateMaintenanceWindowInput, FIELD_ORDER, MAX_OCCURRENCE_MS, UpdateMaintenanceWindowInput, type MaintenanceWindowRecord } from './schema.js';

type WindowRow = Selectable<MaintenanceWindowsTable>;

/** A window as the sweep and the status page read it: its timing and the monitors it covers. */
export interface ScheduledWindow extends WindowTiming {
  id: string;
  teamId: string;
  title: string;
  showOnStatusPage: boolean;
  monitorIds: string[];
}

/**
 * Maintenance windows of a team: the one service REST, MCP and the dashboard call. What happens to
 * monitors when an occurrence starts or ends is the sweep's (src/checks/maintenance-sweep.ts); this
 * service tells it after every change so that a new or moved window takes effect at once.
 */
export class MaintenanceWindowService {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Kysely<Database>,
    /** Stamps, and what is active now. */
    private readonly clock: Clock = systemClock,
  ) {
    // The runtime's time zone data loads on first use, a one-time cost of a tenth of a second or
    // more on a busy machine: paid here, at start, rather than by the first request that names a zone.
    localDate(0, 'Europe/Berlin');
  }

  async list(actor: Actor): Promise<MaintenanceWindowRecord[]> {
    requireRole(actor, ANY_ROLE);
    const rows = await this.db.selectFrom('maintenance_windows').selectAll().where('team_id', '=', actor.teamId).orderBy('starts_at').orderBy('id').execute();
    return this.records(rows);
  }

  async get(actor: Actor, id: string): Promise<MaintenanceWindowRecord> {
    requireRole(actor, ANY_ROLE);
    return (await this.records([await this.find(actor, id)]))[0]!;
  }

  async create(actor: Actor, input: unknown): Promise<MaintenanceWindowRecord> {
    requireRole(actor, WRITERS);
    const fields = await this.validate(actor.teamId, CreateMaintenanceWindowInput, input, undefined);
    const now = this.clock.now();
    const id = newId(now);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('maintenance_windows')
        .values({ id, team_id: actor.teamId, ...columnsOf(fields), ended_occurrence: null, created_at: now, updated_at: now })
        .execute()
        .catch(keyTaken);
      await coverMonitors(trx, id, fields.monitorIds);
    });
    this.changed();
    return this.get(actor, id);
  }

  /** Changes the fields sent. A change of timing starts afresh: an occurrence ended early counts again if it covers now. */
  async update(actor: Actor, id: string, input: unknown): Promise<MaintenanceWindowRecord> {
    requireRole(actor, WRITERS);
    const current = await this.find(actor, id);
    const fields = await this.validate(actor.teamId, UpdateMaintenanceWindowInput, input, current);
    const timing =
      fields.startsAt !== current.starts_at || fields.endsAt !== current.ends_at || fields.rrule !== current.rrule || fields.timezone !== current.timezone;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('maintenance_windows')
        .set({
          ...columnsOf(fields),
          ...(timing && { ended_occurrence: null }),
          updated_at: this.clock.now(),
        })
        .where('id', '=', current.id)
        .execute()
        .catch(keyTaken);
      if (fields.monitorIdsSent) {
        await trx.deleteFrom('maintenance_window_monitors').where('window_id', '=', current.id).execute();
        await coverMonitors(trx, current.id, fields.monitorIds);
      }
    });
    this.changed();
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: string, input?: unknown): Promise<void> {
    requireRole(actor, ADMINS);
    const current = await this.find(actor, id);
    parseInput(NoFields, input);
    await this.db.deleteFrom('maintenance_windows').where('id', '=', current.id).execute();
    this.changed();
  }

  /** Ends the occurrence under way now; a window with none is answered as it is (ending twice changes nothing). */
  async end(actor: Actor, id: string, input?: unknown): Promise<MaintenanceWindowRecord> {
    requireRole(actor, WRITERS);
    const current = await this.find(actor, id);
    parseInput(NoFields, input);
    const active = activeOccurrence(timingOf(current), this.clock.now());
    if (active) {
      await this.db
        .updateTable('maintenance_windows')
        .set({ ended_occurrence: active.start, updated_at: this.clock.now() })
        .where('id', '=', current.id)
        .execute();
      this.changed();
    }
    return this.get(actor, id);
  }

  /** Tells `listener` after a window was created, changed, ended or deleted (in this process). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every window of every team with its monitors (deleted monitors left out): what the sweep follows. */
  async scheduled(teamId?: string): Promise<ScheduledWindow[]> {
    let query = this.db.selectFrom('maintenance_windows').selectAll();
    if (teamId !== undefined) query = query.where('team_id', '=', teamId);
    const rows = await query.orderBy('starts_at').orderBy('id').execute();
    const covered = await this.monitorsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      ...timingOf(r),
      id: r.id,
      teamId: r.team_id,
      title: r.title,
      showOnStatusPage: r.show_on_status_page === 1,
      monitorIds: covered.get(r.id) ?? [],
    }));
  }

  /* Internals. */

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** A path id that is not a UUID, unknown or another team's: one identical 404. */
  private async find(actor: Actor, id: string): Promise<WindowRow> {
    const row = isUuid(id)
      ? await this.db.selectFrom('maintenance_windows').selectAll().where('id', '=', id.toLowerCase()).where('team_id', '=', actor.teamId).executeTakeFirst()
      : undefined;
    if (!row) throw problems.notFound('maintenance window');
    return row;
  }

  private async monitorsOf(windowIds: string[]): Promise<Map<string, string[]>> {
    const byWindow = new Map<string, string[]>();
    if (windowIds.length === 0) return byWindow;
    const rows = await this.db
      .selectFrom('maintenance_window_monitors as w')
      .innerJoin('monitors as m', 'm.id', 'w.monitor_id')
      .select(['w.window_id', 'w.monitor_id'])
      .where('w.window_id', 'in', windowIds)
      .where('m.deleted_at', 'is', null)
      .orderBy('m.created_at')
      .orderBy('m.id')
      .execute();
    for (const r of rows) byWindow.set(r.window_id, [...(byWindow.get(r.window_id) ?? []), r.monitor_id]);
    return byWindow;
  }

  private async records(rows: WindowRow[]): Promise<MaintenanceWindowRecord[]> {
    const covered = await this.monitorsOf(rows.map((r) => r.id));
    const now = this.clock.now();
    const slices = new Slices();
    const records: MaintenanceWindowRecord[] = [];
    for (const r of rows) {
      // Each window's occurrences cost little, but a team may hold many: others get their turn.
      await slices.turn();
      const timing = timingOf(r);
      const next = nextOccurrence(timing, now);
      records.push({
        id: r.id,
        title: r.title,
        monitorIds: covered.get(r.id) ?? [],
        startsAt: iso(r.starts_at),
        endsAt: iso(r.ends_at),
        rrule: r.rrule,
        timezone: r.timezone,
        showOnStatusPage: r.show_on_status_page === 1,
        key: r.key,
        active: activeOccurrence(timing, now) !== null,
        nextStartsAt: next ? iso(next.start) : null,
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
      });
    }
    return records;
  }

  /**
   * The body merged over the stored window, plus what a schema cannot know: the monitors are the
   * team's, the occurrence is well formed (judged on `endsAt`) and the rule gives an occurrence.
   * Every failing field is reported, in the order of the fields.
   */
  private async validate(
    teamId: string,
    schema: typeof CreateMaintenanceWindowInput | typeof UpdateMaintenanceWindowInput,
    input: unknown,
    current: WindowRow | undefined,
  ): Promise<WindowFields> {
    const parsed = parseCollecting<typeof schema>(schema, input);
    const value: Partial<CreateMaintenanceWindowInput> | undefined = parsed.value;
    const errors = parsed.errors;
    const failed = (field: string) => errors.some((e) => e.field === field || e.field.startsWith(`${field}.`) || e.field === 'body');
    const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;

    const ids = Array.isArray(body.monitorIds) && !failed('monitorIds') ? (body.monitorIds as string[]).map((id) => id.toLowerCase()) : [];
    errors.push(...(await monitorsNotInTeam(this.db, teamId, ids, 'monitorIds')));
    const startsAt = typeof value?.startsAt === 'string' ? Date.parse(value.startsAt) : current?.starts_at;
    const endsAt = typeof value?.endsAt === 'string' ? Date.parse(value.endsAt) : current?.ends_at;
    if (startsAt !== undefined && endsAt !== undefined && !failed('startsAt') && !failed('endsAt')) {
      if (endsAt <= startsAt) errors.push({ field: 'endsAt', message: 'must be after startsAt' });
      else if (endsAt - startsAt > MAX_OCCURRENCE_MS) errors.push({ field: 'endsAt', message: 'must be at most 7 days after startsAt' });
    }
    const rrule = value?.rrule === undefined ? (current?.rrule ?? null) : value.rrule === null ? null : normaliseRrule(value.rrule);
    const timezone = value?.timezone ?? current?.timezone ?? 'UTC';
    if (errors.length === 0 && rrule !== null) {
      const timing = { startsAt: startsAt!, endsAt: endsAt!, rrule, timezone, endedOccurrence: null };
      // What the first occurrence fixes (its weekday, its month) can make a rule impossible: decided
      // without searching; the search for a first occurrence stops 5 years ahead.
      const never = contradiction(ruleParts(rrule), localDate(startsAt!, timezone));
      if (never) errors.push({ field: 'rrule', message: `never gives an occurrence: ${never}` });
      else if (nextOccurrence(timing, startsAt! - 1) === null) errors.push({ field: 'rrule', message: 'gives no occurrence within 5 years of startsAt' });
    }
    if (typeof value?.key === 'string' && !failed('key')) {
      const holder = await this.db.selectFrom('maintenance_windows').select('id').where('team_id', '=', teamId).where('key', '=', value.key).executeTakeFirst();
      if (holder && holder.id !== current?.id) errors.push({ field: 'key', message: KEY_TAKEN });
    }
    if (errors.length > 0) throw problems.validation(inFieldOrder(errors, FIELD_ORDER));
    const stored = current ? await this.monitorsOf([current.id]) : new Map<string, string[]>();
    return {
      title: value!.title ?? current!.title,
      monitorIds: value!.monitorIds ? ids : (stored.get(current!.id) ?? []),
      monitorIdsSent: value!.monitorIds !== undefined,
      startsAt: startsAt!,
      endsAt: endsAt!,
      rrule,
      timezone,
      showOnStatusPage: value!.showOnStatusPage ?? current!.show_on_status_page === 1,
      key: value!.key === undefined ? current!.key : value!.key,
    };
  }
}

interface WindowFields {
  title: string;
  monitorIds: string[];
  monitorIdsSent: boolean;
  startsAt: number;
  endsAt: number;
  rrule: string | null;
  timezone: string;
  showOnStatusPage: boolean;
  key: string | null;
}

export function timingOf(row: WindowRow): WindowTiming {
  return { startsAt: row.starts_at, endsAt: row.ends_at, rrule: row.rrule, timezone: row.timezone, endedOccurrence: row.ended_occurrence };
}

function keyTaken(error: unknown): never {
  if (isKeyConflict(error, 'maintenance_windows')) throw problems.invalidField('key', KEY_TAKEN);
  throw error;
}

async function coverMonitors(trx: Transaction<Database>, windowId: string, monitorIds: string[]): Promise<void> {
  await trx
    .insertInto('maintenance_window_monitors')
    .values(monitorIds.map((monitorId) => ({ window_id: windowId, monitor_id: monitorId })))
    .execute();
}

/** A window's stored columns for the fields given (as validated). */
function columnsOf(fields: WindowFields) {
  return {
    title: fields.title,
    key: fields.key,
    starts_at: fields.startsAt,
    ends_at: fields.endsAt,
    rrule: fields.rrule,
    timezone: fields.timezone,
    show_on_status_page: fields.showOnStatusPage ? 1 : 0,
  };
}
