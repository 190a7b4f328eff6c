import type { Insertable, Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../store/database.js';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import type { MonitorsTable } from '../store/tables/monitors.js';
import { inTransaction } from '../store/transaction.js';
import { storeDueNow } from './check-schedules.js';
import { requireRole, type Actor } from './actor.js';
import { isUuid, newId } from './ids.js';
import { monitorListJson } from './monitor-list-sql.js';
import { readPresence } from './probes/regions.js';
import type { RegionNames } from './probes/region-names.js';
import { systemClock, type Clock } from './ports/clock.js';
import type { RdapDirectory } from './ports/rdap-directory.js';
import { MONITOR_TYPES, REGION_NAME, type MonitorType } from '../shared/vocabulary.js';
import { pingKeyColumns, pingUrl } from './heartbeats/ping-keys.js';
import { definitionOf } from '../monitor-types/definitions.js';
import type { ColumnChange, OpenSecret } from '../monitor-types/definition.js';
import {
  MonitorCreate,
  MonitorListQuery,
  NoFields,
  UntypedMonitorCreateCheck,
  inFieldOrder,
  updateSchemaFor,
  type AnyMonitorUpdate,
  type MonitorRecord,
} from './monitor-schemas.js';
import { SECRET_BOUND_FIELDS, heldSecretFields, secretNeededAgain, type SecretBoundField } from './monitor-secrets.js';
import { POLICY_NOT_IN_TEAM, type NotificationPolicyService } from './notification-policies.js';
import { KEY_TAKEN, digestMatches, isKeyConflict, sealedDigest } from './keys.js';
import { Problem, problems, type FieldError } from './problem.js';
import { ADMINS, ANY_ROLE, WRITERS, seesPingUrls } from './roles.js';
import { monitorSecretAt } from './secrets/places.js';
import { SecretBoxError, type SecretBox } from './secrets/secret-box.js';
import { lockTeam } from './teams.js';
import { releaseSuppressed } from './dependencies.js';
import { parseInput } from './validation.js';
import { CHECK_ROW_COLUMNS, CHECKED_TYPES, monitorForCheck, type MonitorForCheck, type ScheduledMonitor } from './monitor-for-check.js';
import { NO_PING_URL, RECORD_ROW_COLUMNS, toRecord, type RecordRow } from './monitor-record.js';

export interface MonitorSettings {
  /** Monitors one team may have (deleted ones do not count); null: no cap. */
  maxMonitorsPerTeam: number | null;
  /** `{base_url}`, which a heartbeat's `pingUrl` starts with. */
  publicUrl: string;
  /** Which TLDs have an RDAP registry: a domain monitor of another is refused. Not judged when absent. */
  rdap?: RdapDirectory;
  /** The regions a monitor may list: the built-in ones and LOOKOUT_EXTRA_REGIONS. All names pass without it. */
  regions?: Pick<RegionNames, 'isKnown' | 'known'>;
}

export interface MonitorChange {
  kind: 'created' | 'updated' | 'paused' | 'resumed' | 'deleted';
  monitorId: string;
  teamId: string;
  /**
   * When the change makes the monitor's checks due at once (made, resumed, another interval or
   * other regions): the due time stored with it, which the scheduler plans them under.
   */
  dueAt?: number;
}

/**
 * Monitors: every rule of the REST API, MCP tools and dashboard lives here. Judging order, first
 * failure wins: role (403, decided before the monitor is looked at so it leaks nothing), then the
 * monitor (404), then the body (400).
 */
export class MonitorService {
  private readonly listeners = new Set<(change: MonitorChange) => void>();
  /* The queries every read takes, compiled once. */
  private readonly listQuery: (teamId: string, showPingUrls: boolean) => Promise<string>;
  private readonly findQuery;
  private readonly activeQuery;
  private readonly scheduledQuery;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
    private readonly policies: NotificationPolicyService,
    dialect: Dialect,
    private readonly settings: MonitorSettings = { maxMonitorsPerTeam: null, publicUrl: 'http://localhost:3000' },
    /** Creation, change and deletion times. */
    private readonly clock: Clock = systemClock,
  ) {
    this.listQuery = monitorListJson(
      db,
      dialect,
      (sealed, monitorId) => this.pingUrlOf(sealed, monitorId),
      () => this.clock.now(),
    );
    this.findQuery = prepared(db, (monitorId: string, teamId: string) =>
      db.selectFrom('monitors').select(RECORD_ROW_COLUMNS).where('id', '=', monitorId).where('team_id', '=', teamId).where('deleted_at', 'is', null),
    );
    this.activeQuery = prepared(db, (monitorId: string) =>
      db.selectFrom('monitors').select(CHECK_ROW_COLUMNS).where('id', '=', monitorId).where('deleted_at', 'is', null).where('paused', '=', 0),
    );
    this.scheduledQuery = prepared(db, (monitorId: string) =>
      db
        .selectFrom('monitors')
        .select(['id', 'team_id', 'interval_seconds', 'regions', 'last_checked_at'])
        .where('id', '=', monitorId)
        .where('deleted_at', 'is', null)
        .where('paused', '=', 0)
        .where('type', 'in', CHECKED_TYPES),
    );
  }

  /** Every monitor of the team that is not deleted, oldest first. */
  async list(actor: Actor): Promise<MonitorRecord[]> {
    return JSON.parse(await this.listJson(actor)) as MonitorRecord[];
  }

  /**
   * The same list as JSON text (an array of records), written by the database in one query:
   * the REST list sends it as is (see monitor-list-sql.ts for why).
   */
  async listJson(actor: Actor): Promise<string> {
    requireRole(actor, ANY_ROLE);
    return this.listQuery(actor.teamId, seesPingUrls(actor.role));
  }

  /**
   * The list narrowed by the query (GET /monitors?key=…&tag=…): the team's live monitor with that
   * key (a list of none or one), and those holding every tag given, oldest first; null when the
   * query names neither (the whole list applies, written by the database).
   */
  async listFiltered(actor: Actor, query: unknown): Promise<MonitorRecord[] | null> {
    requireRole(actor, ANY_ROLE);
    const { key, tag } = parseInput(MonitorListQuery, query);
    if (key === undefined && tag === undefined) return null;
    const rows = await this.db
      .selectFrom('monitors')
      .select(RECORD_ROW_COLUMNS)
      .where('team_id', '=', actor.teamId)
      .$if(key !== undefined, (q) => q.where('key', '=', key!))
      // Tags are few per monitor and stored as a JSON list: a row without any tag is left out here, the list is judged below.
      .$if(tag !== undefined && tag.length > 0, (q) => q.where('tags', 'is not', null))
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const wanted = tag ?? [];
    return Promise.all(rows.filter((row) => wanted.length === 0 || hasEveryTag(row.tags, wanted)).map((row) => this.record(row, actor)));
  }

  async get(actor: Actor, monitorId: string): Promise<MonitorRecord> {
    requireRole(actor, ANY_ROLE);
    return this.record(await this.find(actor, monitorId), actor);
  }

  async create(actor: Actor, input: unknown): Promise<MonitorRecord> {
    requireRole(actor, WRITERS);
    const knownType = isObject(input) && (MONITOR_TYPES as readonly unknown[]).includes(input.type);
    // A team at its cap can create no monitor, whatever the body: reported on the body as a whole,
    // with the body's own errors.
    const capError = await this.capError(actor.teamId);
    // A body without a known type never passes; validating it still reports every common field.
    const fields = (await this.validate(
      knownType ? MonitorCreate : UntypedMonitorCreateCheck,
      input,
      actor.teamId,
      // The rules between a type's fields, judged on a body of a known type.
      [
        ...capError,
        ...(knownType ? definitionOf(input.type as MonitorType).problemsOnCreate(input) : []),
        ...digestProblems(input),
        ...this.unknownRegions(input),
      ],
      capError,
    )) as MonitorCreate;
    if (fields.type === 'domain') await this.judgeDomain(fields.domain);
    const now = this.clock.now();
    const definition = definitionOf(fields.type);
    // A type that is not checked (heartbeat) has no interval, timeout or regions of its own.
    const checked = definition.checked && 'regions' in fields ? fields : null;
    const id = newId(now);
    const row: Insertable<MonitorsTable> = {
      id,
      team_id: actor.teamId,
      type: fields.type,
      name: fields.name,
      interval_seconds: checked?.intervalSeconds ?? 0,
      timeout_seconds: checked?.timeoutSeconds ?? 0,
      failure_threshold: fields.failureThreshold,
      recovery_threshold: fields.recoveryThreshold,
      regions: JSON.stringify(checked?.regions ?? []),
      notification_policy_id: fields.notificationPolicyId?.toLowerCase() ?? null,
      key: fields.key ?? null,
      secrets_digest: fields.secretsDigest ? sealedDigest(fields.secretsDigest) : null,
      tags: tagsColumn(fields.tags),
      depends_on: fields.dependsOn?.toLowerCase() ?? null,
      paused: 0,
      status: 'pending',
      last_checked_at: null,
      certificate: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      // Its type's own columns; the other types' stay empty.
      ...definition.createColumns(fields, { monitorId: id, secrets: this.secrets }),
    };
    const created = await inTransaction(this.db, async (trx) => {
      // With a cap, count and insert under the team's lock, so that creates at the same moment
      // cannot pass the count together.
      if (this.settings.maxMonitorsPerTeam !== null) {
        await lockTeam(trx, actor.teamId);
        const cap = await this.capError(actor.teamId, trx);
        if (cap.length > 0) throw problems.validation(cap);
      }
      const inserted = await trx.insertInto('monitors').values(row).returning(RECORD_ROW_COLUMNS).executeTakeFirstOrThrow().catch(keyTaken);
      if (checked) await storeDueNow(trx, inserted.id, checked.regions, now);
      return inserted;
    });
    this.emit({ kind: 'created', monitorId: created.id, teamId: created.team_id, ...(checked ? { dueAt: now } : {}) });
    return this.record(created);
  }

  /**
   * Changes only the fields sent. `auth`, `notificationPolicyId` and `warningDays`: omitted
   * keeps, null clears, a value replaces. A request that changes nothing writes nothing and
   * leaves `updatedAt` as it was.
   */
  async update(actor: Actor, monitorId: string, input: unknown): Promise<MonitorRecord> {
    requireRole(actor, WRITERS);
    const current = await this.find(actor, monitorId);
    const changes = await this.validate(
      updateSchemaFor(current.type),
      input,
      actor.teamId,
      [
        ...(await this.secretsLeftBehind(current, input)),
        ...(isObject(input) ? definitionOf(current.type).problemsOnUpdate(current, input) : []),
        ...digestProblems(input),
        // Sent regions must all be known now; a monitor that lists a region since removed from
        // LOOKOUT_EXTRA_REGIONS stays valid (and stale there) until its regions are edited.
        ...this.unknownRegions(input),
      ],
      [],
      current.id,
    );
    if (current.type === 'domain' && typeof (changes as { domain?: unknown }).domain === 'string')
      await this.judgeDomain((changes as { domain: string }).domain);
    const set = await this.columnChanges(current, changes);
    if (Object.keys(set).length === 0) return this.record(current);
    definitionOf(current.type).followChange(current, set, this.clock.now());
    // Another interval or other regions: checked at once.
    const replanned = current.paused === 0 && (set.interval_seconds !== undefined || set.regions !== undefined);
    const updated = await this.write(current, set, 'updated', replanned).catch(keyTaken);
    if (!updated) throw problems.notFound('monitor');
    // Held back by a monitor it no longer depends on: alerts now if still down.
    if (set.depends_on !== undefined && current.suppressed_by !== null && set.depends_on !== current.suppressed_by) {
      await releaseSuppressed(this.db, { monitorId: current.id }, this.clock.now());
      return this.get(actor, current.id);
    }
    return this.record(updated);
  }

  /** A domain whose TLD no registry serves over RDAP is refused: its runs could never tell an expiry. */
  private async judgeDomain(domain: string): Promise<void> {
    if (!this.settings.rdap) return;
    const served = await this.settings.rdap.serves(domain, this.clock.now());
    // An unreadable directory judges nothing: the runs say `rdap-error` until it can be read.
    if (served === false) {
      throw problems.invalidField(
        'domain',
        `has a top-level domain (.${domain.slice(domain.lastIndexOf('.') + 1)}) with no RDAP service in IANA’s bootstrap file`,
      );
    }
  }

  /** Soft delete: never listed, found or checked again. The sealed secret is erased with it. */
  async delete(actor: Actor, monitorId: string, input?: unknown): Promise<void> {
    requireRole(actor, ADMINS);
    const current = await this.find(actor, monitorId);
    parseInput(NoFields, input);
    const now = this.clock.now();
    const result = await inTransaction(this.db, async (trx) => {
      const deleted = await trx
        .updateTable('monitors')
        .set({ deleted_at: now, updated_at: now, ...NO_SECRETS })
        .where('id', '=', current.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (deleted.numUpdatedRows === 0n) return deleted;
      // Its dependents depend on nothing now; those it held back alert now if still down.
      await releaseSuppressed(trx, { parentId: current.id }, now);
      await trx.updateTable('monitors').set({ depends_on: null }).where('depends_on', '=', current.id).execute();
      return deleted;
    });
    if (result.numUpdatedRows === 0n) throw problems.notFound('monitor');
    this.emit({ kind: 'deleted', monitorId: current.id, teamId: current.team_id });
  }

  /** Stops the checks. Pausing a paused monitor changes nothing. */
  async pause(actor: Actor, monitorId: string, input?: unknown): Promise<MonitorRecord> {
    requireRole(actor, WRITERS);
    const current = await this.find(actor, monitorId);
    parseInput(NoFields, input);
    if (current.paused) return this.record(current);
    // A paused heartbeat expects nothing; it waits for its first ping again once resumed.
    const paused = await this.setPaused(current, { paused: 1, heartbeat_deadline: null, heartbeat_started_at: null }, 'paused');
    // A paused monitor is not down: those it held back alert now if still down.
    await releaseSuppressed(this.db, { parentId: current.id }, this.clock.now());
    return paused;
  }

  /** Checks run again, at once; the status is `pending` until a check completes. Resuming a running monitor changes nothing. */
  async resume(actor: Actor, monitorId: string, input?: unknown): Promise<MonitorRecord> {
    requireRole(actor, WRITERS);
    const current = await this.find(actor, monitorId);
    parseInput(NoFields, input);
    if (!current.paused) return this.record(current);
    // Results from before the pause do not count: the status is computed afresh from new checks.
    return this.setPaused(current, { paused: 0, status: 'pending', region_results: null, region_streaks: null }, 'resumed');
  }

  /* For the check engine, notifications and other services: internal, no actor, never sent to a client as is. */

  /** The monitor with decrypted credentials, or undefined when it is unknown, deleted or paused. */
  async findActiveForCheck(monitorId: string): Promise<MonitorForCheck | undefined> {
    if (!isUuid(monitorId)) return undefined;
    const [row] = await this.activeQuery(monitorId.toLowerCase());
    return row && monitorForCheck(row, this.openSecret);
  }

  /**
   * findActiveForCheck of many monitors in one query (a batch of checks handed to a probe): by id,
   * the monitor, or the SecretBoxError its stored secret gave (that monitor alone cannot be
   * checked). An id it does not hold is unknown, deleted or paused.
   */
  async findActiveForCheckMany(monitorIds: readonly string[]): Promise<Map<string, MonitorForCheck | SecretBoxError>> {
    const found = new Map<string, MonitorForCheck | SecretBoxError>();
    const ids = [...new Set(monitorIds.filter(isUuid).map((id) => id.toLowerCase()))];
    if (ids.length === 0) return found;
    const rows = await this.db
      .selectFrom('monitors')
      .select(CHECK_ROW_COLUMNS)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .where('paused', '=', 0)
      .execute();
    for (const row of rows) {
      try {
        const monitor = monitorForCheck(row, this.openSecret);
        if (monitor) found.set(row.id, monitor);
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error;
        found.set(row.id, error);
      }
    }
    return found;
  }

  /**
   * Every monitor that should be checked (not paused, not deleted), across teams, by id; or, with
   * `page`, the next `limit` of them after the id `after` (null: from the first). A reader that
   * takes them a page at a time leaves the event loop free between pages: one statement for 50,000
   * monitors holds it for a quarter of a second.
   */
  async listActiveForCheck(page?: { after: string | null; limit: number }): Promise<ScheduledMonitor[]> {
    let query = this.db
      .selectFrom('monitors')
      .select(['id', 'team_id', 'interval_seconds', 'regions', 'last_checked_at'])
      .where('deleted_at', 'is', null)
      .where('paused', '=', 0)
      .where('type', 'in', CHECKED_TYPES)
      .orderBy('id');
    if (page) query = query.where('id', '>', page.after ?? '').limit(page.limit);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id,
      teamId: r.team_id,
      intervalSeconds: r.interval_seconds,
      regions: JSON.parse(r.regions) as string[],
      lastCheckedAt: r.last_checked_at,
    }));
  }

  /**
   * What the scheduler plans a monitor by, or undefined when it is not to be checked (unknown,
   * deleted, paused, or of a type that is not checked). Reads only those columns: the checker's
   * view (findActiveForCheck) opens sealed credentials the scheduler never uses.
   */
  async findScheduled(monitorId: string): Promise<ScheduledMonitor | undefined> {
    if (!isUuid(monitorId)) return undefined;
    const [row] = await this.scheduledQuery(monitorId.toLowerCase());
    return (
      row && {
        id: row.id,
        teamId: row.team_id,
        intervalSeconds: row.interval_seconds,
        regions: JSON.parse(row.regions) as string[],
        lastCheckedAt: row.last_checked_at,
      }
    );
  }

  /** The record of a monitor that is not deleted, whatever its team (webhook payloads); undefined otherwise. */
  async findRecord(monitorId: string): Promise<MonitorRecord | undefined> {
    if (!isUuid(monitorId)) return undefined;
    const row = await this.db
      .selectFrom('monitors')
      .select(RECORD_ROW_COLUMNS)
      .where('id', '=', monitorId.toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Whether the id names a monitor of the team that is not deleted (references from incidents and status pages). */
  async existsInTeam(teamId: string, monitorId: string): Promise<boolean> {
    if (!isUuid(monitorId)) return false;
    const row = await this.db
      .selectFrom('monitors')
      .select('id')
      .where('id', '=', monitorId.toLowerCase())
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Tells `listener` after a monitor was created, changed, paused, resumed or deleted (in this
   * process), so a scheduler can check new and resumed monitors at once. Returns an unsubscribe.
   */
  onChange(listener: (change: MonitorChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A new ping key for a heartbeat monitor: the old one is unknown (404) from this moment. Answers
   * the monitor with its new `pingUrl`.
   */
  async newPingKey(actor: Actor, monitorId: string, input?: unknown): Promise<MonitorRecord> {
    requireRole(actor, WRITERS);
    const current = await this.find(actor, monitorId);
    parseInput(NoFields, input);
    // A type has a ping key when its definition stores one (heartbeat).
    if (!(definitionOf(current.type).columns as readonly string[]).includes('ping_key'))
      throw problems.invalidField('monitor', `is a ${current.type} monitor, which has no ping key`);
    const updated = await this.write(current, pingKeyColumns(this.secrets, current.id), 'updated', false);
    if (!updated) throw problems.notFound('monitor');
    return this.record(updated);
  }

  /* Internals. */

  /** A region the body lists that is not one of this installation's. */
  private unknownRegions(input: unknown): FieldError[] {
    const names = this.settings.regions;
    if (!names || !isObject(input) || !Array.isArray(input.regions)) return [];
    const index = input.regions.findIndex((region) => typeof region === 'string' && REGION_NAME.test(region) && !names.isKnown(region));
    if (index < 0) return [];
    return [
      { field: `regions.${index}`, message: `"${String(input.regions[index])}" is not a region of this installation (known: ${names.known().join(', ')})` },
    ];
  }

  /** The record as the team sees it: a heartbeat's `pingUrl` with its key opened (null for a Viewer reading it). */
  private async record(row: RecordRow, reader?: Actor): Promise<MonitorRecord> {
    const pingUrlOf = reader && !seesPingUrls(reader.role) ? NO_PING_URL : this.pingUrlOf;
    return toRecord(row, pingUrlOf, { presence: await readPresence(this.db), now: this.clock.now() });
  }

  /** Opens a secret sealed for one of a monitor's columns. */
  private readonly openSecret: OpenSecret = (sealed, monitorId, column) => this.secrets.open(sealed, monitorSecretAt(monitorId, column));

  /**
   * Null when the key cannot be opened (sealed with a key this installation no longer has, or
   * copied from another row): the monitor is still answered, pings still work (they are matched by
   * the key's digest), and making a new key (`POST …/ping-key`) gives it a URL again.
   */
  private readonly pingUrlOf = (sealedKey: string, monitorId: string): string | null => {
    try {
      return pingUrl(this.settings.publicUrl, this.secrets.open(sealedKey, monitorSecretAt(monitorId, 'ping_key')));
    } catch {
      return null;
    }
  };

  /**
   * The error for a team that already has `maxMonitorsPerTeam` monitors (deleted ones do not
   * count), or none. Judged once with the body's other errors, and again under the team's lock
   * right before the insert.
   */
  private async capError(teamId: string, db: Kysely<Database> = this.db): Promise<FieldError[]> {
    const max = this.settings.maxMonitorsPerTeam;
    if (max === null) return [];
    const { n } = await db
      .selectFrom('monitors')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(n) < max ? [] : [{ field: 'body', message: `the team already has ${max} monitors, the most allowed; delete one first` }];
  }

  /** The id of the team's live monitor with this key, or null. */
  private async keyHolder(teamId: string, key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('monitors')
      .select('id')
      .where('team_id', '=', teamId)
      .where('key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The monitor of the actor's team: a malformed, unknown, deleted or foreign id is the same 404. */
  private async find(actor: Actor, monitorId: string): Promise<RecordRow> {
    if (!isUuid(monitorId)) throw problems.notFound('monitor');
    const [row] = await this.findQuery(monitorId.toLowerCase(), actor.teamId);
    if (!row) throw problems.notFound('monitor');
    return row;
  }

  /**
   * Validates a body against `schema`, plus the one rule a schema cannot know: the notification
   * policy must be one of the team's. Every failing field is reported, in FIELD_ORDER.
   */
  private async validate<S extends z.ZodType>(
    schema: S,
    input: unknown,
    teamId: string,
    more: FieldError[] = [],
    /** Those of `more` that concern the body as a whole: reported first. */
    wholeBody: FieldError[] = [],
    /** The monitor being changed, which may keep its own key. */
    ownId?: string,
  ): Promise<z.output<S>> {
    let value: z.output<S> | undefined;
    let errors: FieldError[] = [];
    try {
      value = parseInput(schema, input);
    } catch (error) {
      if (!(error instanceof Problem) || !error.extra.errors) throw error;
      errors = [...error.extra.errors];
    }
    const policyId = isObject(input) ? input.notificationPolicyId : undefined;
    if (
      typeof policyId === 'string' &&
      isUuid(policyId) &&
      !errors.some((e) => e.field === 'notificationPolicyId') &&
      !(await this.policies.existsInTeam(teamId, policyId))
    ) {
      errors.push({ field: 'notificationPolicyId', message: POLICY_NOT_IN_TEAM });
    }
    const key = isObject(input) ? input.key : undefined;
    if (typeof key === 'string' && !errors.some((e) => e.field === 'key')) {
      const holder = await this.keyHolder(teamId, key);
      if (holder !== null && holder !== ownId) errors.push({ field: 'key', message: KEY_TAKEN });
    }
    const dependsOn = isObject(input) ? input.dependsOn : undefined;
    if (typeof dependsOn === 'string' && isUuid(dependsOn) && !errors.some((e) => e.field === 'dependsOn')) {
      const message = await this.dependencyProblem(teamId, dependsOn.toLowerCase(), ownId);
      if (message !== null) errors.push({ field: 'dependsOn', message });
    }
    errors.push(...more.filter((extra) => !errors.some((e) => e.field === extra.field)));
    if (errors.length > 0) throw problems.validation(inFieldOrder(errors, wholeBody));
    return value as z.output<S>;
  }

  /**
   * Why the monitor `ownId` (none for a new one) cannot depend on `parentId`, or null: the parent
   * must be another live monitor of the team, and following `dependsOn` from it must never come
   * back to `ownId` (a loop would hold back each other's alerts for ever). The chain is at most as
   * long as the team has monitors; each step is one indexed read, and a chain that is already a
   * loop (written before this rule, or by two changes racing) ends the walk too.
   */
  private async dependencyProblem(teamId: string, parentId: string, ownId: string | undefined): Promise<string | null> {
    if (parentId === ownId) return 'must name another monitor: a monitor cannot depend on itself';
    const seen = new Set<string>();
    let next: string | null = parentId;
    while (next !== null && !seen.has(next)) {
      seen.add(next);
      const row = await this.db
        .selectFrom('monitors')
        .select('depends_on')
        .where('id', '=', next)
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return next === parentId ? MONITOR_NOT_IN_TEAM : null;
      if (ownId !== undefined && row.depends_on === ownId) return 'must not make a loop: that monitor depends on this one (directly or through others)';
      next = row.depends_on;
    }
    return null;
  }

  /** The columns a validated PATCH actually changes (none when every sent value equals the stored one). */
  private async columnChanges(current: RecordRow, changes: Partial<AnyMonitorUpdate>): Promise<Updateable<MonitorsTable>> {
    const set: Updateable<MonitorsTable> = {};
    const put: ColumnChange['put'] = (column, value) => {
      if (value !== undefined && value !== current[column as keyof RecordRow]) set[column] = value;
    };
    put('name', changes.name);
    put('interval_seconds', changes.intervalSeconds);
    put('timeout_seconds', changes.timeoutSeconds);
    put('failure_threshold', changes.failureThreshold);
    put('recovery_threshold', changes.recoveryThreshold);
    put('regions', changes.regions && JSON.stringify(changes.regions));
    put('notification_policy_id', changes.notificationPolicyId === null ? null : changes.notificationPolicyId?.toLowerCase());
    put('tags', changes.tags && tagsColumn(changes.tags));
    put('depends_on', changes.dependsOn === null ? null : changes.dependsOn?.toLowerCase());
    // Each type's schema lets only its own fields through: its definition puts their columns.
    await definitionOf(current.type).changeColumns(changes, current, {
      monitorId: current.id,
      secrets: this.secrets,
      put,
      set: (columns) => Object.assign(set, columns),
      storedSecret: async (column) => (await this.db.selectFrom('monitors').select(column).where('id', '=', current.id).executeTakeFirst())?.[column] ?? null,
    });
    put('key', changes.key);
    // The same digest again changes nothing; another one is sealed afresh.
    if (changes.secretsDigest === null || (changes.secretsDigest && !digestMatches(current.secrets_digest, changes.secretsDigest))) {
      put('secrets_digest', changes.secretsDigest && sealedDigest(changes.secretsDigest));
    }
    // New secrets without a digest: the stored one no longer vouches for them.
    const newSecrets = set.auth_secret !== undefined || set.client_key_secret !== undefined || set.proxy_password_secret !== undefined;
    if (newSecrets && changes.secretsDigest === undefined && current.secrets_digest !== null) set.secrets_digest = null;
    return set;
  }

  /**
   * A stored secret is bound to its request (see monitor-secrets.ts): a PATCH that changes a field
   * of the request must send each secret again (or null), or that secret's field is in error. A
   * field sent with the value it has changes nothing and needs no secret; a value the schema
   * refuses is reported on its own field.
   */
  private async secretsLeftBehind(current: RecordRow, input: unknown): Promise<FieldError[]> {
    if (!isObject(input)) return [];
    const missing = heldSecretFields(await this.record(current)).filter((field) => !(field in input));
    if (missing.length === 0) return [];
    const schema = updateSchemaFor(current.type);
    const changed: SecretBoundField[] = [];
    for (const field of SECRET_BOUND_FIELDS) {
      if (!(field in input)) continue;
      const parsed = schema.safeParse({ [field]: input[field] });
      if (parsed.success && Object.keys(await this.columnChanges(current, parsed.data)).length > 0) changed.push(field);
    }
    if (changed.length === 0) return [];
    return missing.map((field) => ({ field, message: secretNeededAgain(changed) }));
  }

  private async setPaused(current: RecordRow, set: Updateable<MonitorsTable>, kind: 'paused' | 'resumed'): Promise<MonitorRecord> {
    const updated = await this.write(current, set, kind, kind === 'resumed', true);
    if (!updated) {
      // Someone else paused, resumed or deleted it meanwhile: answer with what is there now.
      const now = await this.db
        .selectFrom('monitors')
        .select(RECORD_ROW_COLUMNS)
        .where('id', '=', current.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!now) throw problems.notFound('monitor');
      return this.record(now);
    }
    return this.record(updated);
  }

  /**
   * Writes a change to a monitor that is not deleted, with the due time it makes when `dueNow`,
   * and tells the listeners. Undefined when the monitor is gone, or (`samePaused`) was paused or
   * resumed by someone else meanwhile.
   */
  private async write(current: RecordRow, set: Updateable<MonitorsTable>, kind: MonitorChange['kind'], dueNow: boolean, samePaused = false) {
    const now = this.clock.now();
    const updated = await inTransaction(this.db, async (trx) => {
      const row = await trx
        .updateTable('monitors')
        .set({ ...set, updated_at: now })
        .where('id', '=', current.id)
        .where('deleted_at', 'is', null)
        .$if(samePaused, (query) => query.where('paused', '=', current.paused))
        .returning(RECORD_ROW_COLUMNS)
        .executeTakeFirst();
      if (row && dueNow) await storeDueNow(trx, row.id, JSON.parse(row.regions) as string[], now);
      return row;
    });
    if (updated) this.emit({ kind, monitorId: updated.id, teamId: updated.team_id, ...(dueNow ? { dueAt: now } : {}) });
    return updated;
  }

  private emit(change: MonitorChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure must not fail the request that made the change.
      }
    }
  }
}

/**
 * A digest vouches for the secrets sent with it, never for ones stored before: a body that sets
 * one carries the secrets too (an HTTP monitor's `auth`).
 */
function digestProblems(input: unknown): FieldError[] {
  if (!isObject(input) || typeof input.secretsDigest !== 'string') return [];
  if (isObject(input.auth) || isObject(input.clientCertificate) || typeof input.proxy === 'string') return [];
  return [{ field: 'secretsDigest', message: 'must be sent with the secrets it is a digest of (auth, clientCertificate, proxy)' }];
}

/** Every sealed secret column, emptied when the monitor is deleted. */
const NO_SECRETS = { auth_secret: null, client_key_secret: null, proxy_password_secret: null } as const;

/** The unique index on the team's live keys, met by a write that raced another: the same 400 as the check before it. */
function keyTaken(error: unknown): never {
  if (isKeyConflict(error, 'monitors')) throw problems.invalidField('key', KEY_TAKEN);
  throw error;
}
/** Whether a stored tags column holds every tag wanted. */
function hasEveryTag(column: string | null, wanted: readonly string[]): boolean {
  if (column === null) return false;
  const tags = JSON.parse(column) as string[];
  return wanted.every((tag) => tags.includes(tag));
}

/** The tags column of a list of tags (already sorted by the schema); none is stored as null. */
function tagsColumn(tags: readonly string[]): string | null {
  return tags.length === 0 ? null : JSON.stringify(tags);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export const MONITOR_NOT_IN_TEAM = 'must name a monitor of your team';

/** An error for each id of `ids` that names no monitor of the team (field `<field>.<index>`); references from status pages and maintenance windows. */
export async function monitorsNotInTeam(db: Kysely<Database>, teamId: string, ids: string[], field: string): Promise<FieldError[]> {
  if (ids.length === 0) return [];
  const wanted = ids.map((id) => id.toLowerCase());
  const found = new Set(
    (await db.selectFrom('monitors').select('id').where('team_id', '=', teamId).where('deleted_at', 'is', null).where('id', 'in', wanted).execute()).map(
      (r) => r.id,
    ),
  );
  return wanted.flatMap((id, i) => (found.has(id) ? [] : [{ field: `${field}.${i}`, message: MONITOR_NOT_IN_TEAM }]));
}
