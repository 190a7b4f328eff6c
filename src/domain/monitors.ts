import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../store/database.js';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import type { MonitorsTable } from '../store/tables/monitors.js';
import { inTransaction } from '../store/transaction.js';
import { requireRole, type Actor } from './actor.js';
import { isUuid, newId } from './ids.js';
import { monitorListJson } from './monitor-list-sql.js';
import { systemClock, type Clock } from './ports/clock.js';
import { MONITOR_TYPES, type CheckedStatus, type DegradedReason, type DnsRecordType, type MonitorStatus, type Region } from '../shared/vocabulary.js';
import { MONITOR_LIMITS } from '../shared/limits.js';
import { deadlineAfterPing, type HeartbeatSchedule } from './heartbeats/schedule.js';
import { newPingKey, pingKeyHash, pingUrl } from './heartbeats/ping-keys.js';
import { normalAssertion, type AnyAssertionInput, type Assertion, type HttpAssertion } from './assertions/assertion-schema.js';
import {
  MonitorCreate,
  MonitorListQuery,
  NoFields,
  UntypedMonitorCreateCheck,
  heartbeatScheduleProblems,
  httpRequestProblems,
  inFieldOrder,
  updateSchemaFor,
  type AnyMonitorUpdate,
  type HeartbeatScheduleShape,
  type HttpRequestShape,
  type CertificateRecord,
  type MonitorAuthInput,
  type MonitorAuthRecord,
  type DnsMonitorRecord,
  type MonitorRecord,
  type TcpMonitorRecord,
} from './monitor-schemas.js';
import { SECRET_BOUND_FIELDS, heldSecretFields, secretNeededAgain, type SecretBoundField } from './monitor-secrets.js';
import { POLICY_NOT_IN_TEAM, type NotificationPolicyService } from './notification-policies.js';
import { KEY_TAKEN, digestMatches, isKeyConflict, sealedDigest } from './keys.js';
import { Problem, problems, type FieldError } from './problem.js';
import { ADMINS, ANY_ROLE, WRITERS } from './roles.js';
import { monitorSecretAt } from './secrets/places.js';
import { SecretBoxError, type SecretBox } from './secrets/secret-box.js';
import { lockTeam } from './teams.js';
import { iso, isoOrNull } from './time.js';
import { parseInput } from './validation.js';

/** Every column a record needs: the sealed secret is not among them. */
const RECORD_COLUMNS = [
  'id',
  'team_id',
  'type',
  'name',
  'interval_seconds',
  'timeout_seconds',
  'failure_threshold',
  'recovery_threshold',
  'regions',
  'notification_policy_id',
  'key',
  'secrets_digest',
  'paused',
  'maintenance',
  'status',
  'degraded_reasons',
  'last_checked_at',
  'certificate',
  'created_at',
  'updated_at',
  'url',
  'method',
  'expected_status',
  'auth_type',
  'auth_username',
  'auth_header_name',
  'request_headers',
  'request_body',
  'follow_redirects',
  'assertions',
  'host',
  'port',
  'warning_days',
  'tls',
  'record_type',
  'resolver',
  'period_seconds',
  'cron',
  'timezone',
  'grace_seconds',
  'ping_key',
  'heartbeat_deadline',
] as const satisfies ReadonlyArray<keyof MonitorsTable>;

type RecordRow = Pick<Selectable<MonitorsTable>, (typeof RECORD_COLUMNS)[number]>;

/** Credentials as the check sends them: internal only, never part of an answer. */
export interface CheckAuth {
  type: MonitorAuthInput['type'];
  secret: string;
  username: string | null;
  headerName: string | null;
}

interface CheckCommon {
  id: string;
  teamId: string;
  name: string;
  intervalSeconds: number;
  timeoutSeconds: number;
  regions: Region[];
  notificationPolicyId: string | null;
  /** The stored status: pending, up, degraded or down. */
  status: CheckedStatus;
  /** Epoch milliseconds, or null before the first completed check. */
  lastCheckedAt: number | null;
}

/** A header an HTTP monitor sends. */
export interface RequestHeader {
  name: string;
  value: string;
}

/** What an HTTP check sends and judges, beyond the URL and the expected status. */
export interface HttpCheckSettings {
  url: string;
  method: string;
  expectedStatus: number;
  auth: CheckAuth | null;
  headers: RequestHeader[];
  body: string | null;
  followRedirects: boolean;
  assertions: Assertion[];
}

/** A monitor as the check engine runs it, with the decrypted credentials. Heartbeats are not checked: they are pinged. */
export type MonitorForCheck =
  | (CheckCommon & { type: 'http' } & HttpCheckSettings)
  | (CheckCommon & { type: 'ssl'; host: string; port: number; warningDays: number | null })
  | (CheckCommon & { type: 'tcp'; host: string; port: number; tls: boolean; assertions: Assertion[] })
  | (CheckCommon & { type: 'dns'; hostname: string; recordType: DnsRecordType; resolver: string | null; assertions: Assertion[] });

/** What a scheduler needs to plan checks, for every monitor that is neither paused nor deleted. */
export interface ScheduledMonitor {
  id: string;
  teamId: string;
  intervalSeconds: number;
  regions: Region[];
  lastCheckedAt: number | null;
}

export interface MonitorSettings {
  /** Monitors one team may have (deleted ones do not count); null: no cap. */
  maxMonitorsPerTeam: number | null;
  /** `{base_url}`, which a heartbeat's `pingUrl` starts with. */
  publicUrl: string;
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
  private readonly listQuery: (teamId: string) => Promise<string>;
  private readonly findQuery;
  private readonly activeQuery;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
    private readonly policies: NotificationPolicyService,
    dialect: Dialect,
    private readonly settings: MonitorSettings = { maxMonitorsPerTeam: null, publicUrl: 'http://localhost:3000' },
    /** Creation, change and deletion times. */
    private readonly clock: Clock = systemClock,
  ) {
    this.listQuery = monitorListJson(db, dialect, (sealed, monitorId) => this.pingUrlOf(sealed, monitorId));
    this.findQuery = prepared(db, (monitorId: string, teamId: string) =>
      db.selectFrom('monitors').select(RECORD_COLUMNS).where('id', '=', monitorId).where('team_id', '=', teamId).where('deleted_at', 'is', null),
    );
    this.activeQuery = prepared(db, (monitorId: string) =>
      db.selectFrom('monitors').selectAll().where('id', '=', monitorId).where('deleted_at', 'is', null).where('paused', '=', 0),
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
    return this.listQuery(actor.teamId);
  }

  /**
   * The list narrowed by the query's `key` (GET /monitors?key=): the team's live monitor with that
   * key, as a list of none or one; null when the query names no key (the whole list applies).
   */
  async listWithKey(actor: Actor, query: unknown): Promise<MonitorRecord[] | null> {
    requireRole(actor, ANY_ROLE);
    const { key } = parseInput(MonitorListQuery, query);
    if (key === undefined) return null;
    const row = await this.db
      .selectFrom('monitors')
      .select(RECORD_COLUMNS)
      .where('team_id', '=', actor.teamId)
      .where('key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? [this.record(row)] : [];
  }

  async get(actor: Actor, monitorId: string): Promise<MonitorRecord> {
    requireRole(actor, ANY_ROLE);
    return this.record(await this.find(actor, monitorId));
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
      [...capError, ...requestProblemsOnCreate(input), ...scheduleProblemsOnCreate(input), ...digestProblems(input)],
      capError,
    )) as MonitorCreate;
    const now = this.clock.now();
    const checked = fields.type !== 'heartbeat';
    const row: Insertable<MonitorsTable> = {
      ...EMPTY_TYPE_COLUMNS,
      id: newId(now),
      team_id: actor.teamId,
      type: fields.type,
      name: fields.name,
      // A heartbeat is not checked: it has no interval, timeout or regions of its own.
      interval_seconds: checked ? fields.intervalSeconds : 0,
      timeout_seconds: checked ? fields.timeoutSeconds : 0,
      failure_threshold: fields.failureThreshold,
      recovery_threshold: fields.recoveryThreshold,
      regions: JSON.stringify(checked ? fields.regions : []),
      notification_policy_id: fields.notificationPolicyId?.toLowerCase() ?? null,
      key: fields.key ?? null,
      secrets_digest: fields.secretsDigest ? sealedDigest(fields.secretsDigest) : null,
      paused: 0,
      status: 'pending',
      last_checked_at: null,
      certificate: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    switch (fields.type) {
      case 'http':
        Object.assign(
          row,
          { url: fields.url, method: fields.method, expected_status: fields.expectedStatus },
          this.authColumns(row.id, fields.auth ?? null),
          requestColumns({
            headers: fields.headers ?? null,
            body: fields.body ?? null,
            followRedirects: fields.followRedirects,
            assertions: fields.assertions ?? null,
          }),
        );
        break;
      case 'ssl':
        Object.assign(row, { host: fields.host, port: fields.port, warning_days: fields.warningDays ?? null });
        break;
      case 'tcp':
        Object.assign(row, { host: fields.host, port: fields.port, tls: fields.tls ? 1 : 0, assertions: assertionColumn(fields.assertions ?? null) });
        break;
      case 'dns':
        Object.assign(row, {
          host: fields.hostname,
          record_type: fields.recordType,
          resolver: fields.resolver ?? null,
          assertions: assertionColumn(fields.assertions ?? null),
        });
        break;
      case 'heartbeat':
        Object.assign(
          row,
          {
            period_seconds: fields.periodSeconds ?? null,
            cron: fields.cron ?? null,
            timezone: fields.timezone ?? 'UTC',
            grace_seconds: fields.graceSeconds,
          },
          this.pingKeyColumns(row.id),
        );
        break;
    }
    const created = await inTransaction(this.db, async (trx) => {
      // With a cap, count and insert under the team's lock, so that creates at the same moment
      // cannot pass the count together.
      if (this.settings.maxMonitorsPerTeam !== null) {
        await lockTeam(trx, actor.teamId);
        const cap = await this.capError(actor.teamId, trx);
        if (cap.length > 0) throw problems.validation(cap);
      }
      const inserted = await trx.insertInto('monitors').values(row).returning(RECORD_COLUMNS).executeTakeFirstOrThrow().catch(keyTaken);
      if (checked) await storeDueNow(trx, inserted.id, fields.regions, now);
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
        ...requestProblemsOnUpdate(current, input),
        ...scheduleProblemsOnUpdate(current, input),
        ...digestProblems(input),
      ],
      [],
      current.id,
    );
    const set = await this.columnChanges(current, changes);
    if (Object.keys(set).length === 0) return this.record(current);
    // Another schedule for a heartbeat that has been pinged: the deadline follows from its last success ping.
    if (current.type === 'heartbeat' && current.heartbeat_deadline !== null && scheduleChanged(set)) {
      set.heartbeat_deadline = deadlineAfterPing(scheduleOf({ ...current, ...set }), this.clock.now());
    }
    // Another interval or other regions: checked at once.
    const replanned = current.paused === 0 && (set.interval_seconds !== undefined || set.regions !== undefined);
    const updated = await this.write(current, set, 'updated', replanned).catch(keyTaken);
    if (!updated) throw problems.notFound('monitor');
    return this.record(updated);
  }

  /** Soft delete: never listed, found or checked again. The sealed secret is erased with it. */
  async delete(actor: Actor, monitorId: string, input?: unknown): Promise<void> {
    requireRole(actor, ADMINS);
    const current = await this.find(actor, monitorId);
    parseInput(NoFields, input);
    const now = this.clock.now();
    const result = await this.db
      .updateTable('monitors')
      .set({ deleted_at: now, updated_at: now, auth_secret: null })
      .where('id', '=', current.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
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
    return this.setPaused(current, { paused: 1, heartbeat_deadline: null, heartbeat_started_at: null }, 'paused');
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
    if (!row || row.type === 'heartbeat') return undefined;
    const common: CheckCommon = {
      id: row.id,
      teamId: row.team_id,
      name: row.name,
      intervalSeconds: row.interval_seconds,
      timeoutSeconds: row.timeout_seconds,
      regions: JSON.parse(row.regions) as Region[],
      notificationPolicyId: row.notification_policy_id,
      status: row.status as CheckCommon['status'],
      lastCheckedAt: row.last_checked_at,
    };
    switch (row.type) {
      case 'ssl':
        return { ...common, type: 'ssl', host: row.host!, port: row.port!, warningDays: row.warning_days };
      case 'tcp':
        return { ...common, type: 'tcp', host: row.host!, port: row.port!, tls: row.tls === 1, assertions: parseList<Assertion>(row.assertions) };
      case 'dns':
        return {
          ...common,
          type: 'dns',
          hostname: row.host!,
          recordType: row.record_type as DnsRecordType,
          resolver: row.resolver,
          assertions: parseList<Assertion>(row.assertions),
        };
    }
    const auth: CheckAuth | null =
      row.auth_type === null || row.auth_secret === null
        ? null
        : {
            type: row.auth_type as CheckAuth['type'],
            secret: this.secrets.open(row.auth_secret, monitorSecretAt(row.id, 'auth_secret')),
            username: row.auth_username,
            headerName: row.auth_header_name,
          };
    return {
      ...common,
      type: 'http',
      url: row.url!,
      method: row.method!,
      expectedStatus: row.expected_status!,
      auth,
      headers: parseList<RequestHeader>(row.request_headers),
      body: row.request_body,
      followRedirects: row.follow_redirects === 1,
      assertions: parseList<Assertion>(row.assertions),
    };
  }

  /** Every monitor that should be checked (not paused, not deleted), across teams, oldest first. */
  async listActiveForCheck(): Promise<ScheduledMonitor[]> {
    const rows = await this.db
      .selectFrom('monitors')
      .select(['id', 'team_id', 'interval_seconds', 'regions', 'last_checked_at'])
      .where('deleted_at', 'is', null)
      .where('paused', '=', 0)
      .where('type', '!=', 'heartbeat')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      teamId: r.team_id,
      intervalSeconds: r.interval_seconds,
      regions: JSON.parse(r.regions) as Region[],
      lastCheckedAt: r.last_checked_at,
    }));
  }

  /** The record of a monitor that is not deleted, whatever its team (webhook payloads); undefined otherwise. */
  async findRecord(monitorId: string): Promise<MonitorRecord | undefined> {
    if (!isUuid(monitorId)) return undefined;
    const row = await this.db
      .selectFrom('monitors')
      .select(RECORD_COLUMNS)
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
    if (current.type !== 'heartbeat') throw problems.invalidField('monitor', `is a ${current.type} monitor; only heartbeat monitors have a ping key`);
    const updated = await this.write(current, this.pingKeyColumns(current.id), 'updated', false);
    if (!updated) throw problems.notFound('monitor');
    return this.record(updated);
  }

  /* Internals. */

  /** The record as the team sees it: a heartbeat's `pingUrl` with its key opened. */
  private record(row: RecordRow): MonitorRecord {
    return toRecord(row, this.pingUrlOf);
  }

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

  private pingKeyColumns(monitorId: string): Pick<Updateable<MonitorsTable>, 'ping_key' | 'ping_key_hash'> {
    const key = newPingKey();
    return { ping_key: this.secrets.seal(key, monitorSecretAt(monitorId, 'ping_key')), ping_key_hash: pingKeyHash(key) };
  }

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
    errors.push(...more.filter((extra) => !errors.some((e) => e.field === extra.field)));
    if (errors.length > 0) throw problems.validation(inFieldOrder(errors, wholeBody));
    return value as z.output<S>;
  }

  /** The columns a validated PATCH actually changes (none when every sent value equals the stored one). */
  private async columnChanges(current: RecordRow, changes: Partial<AnyMonitorUpdate>): Promise<Updateable<MonitorsTable>> {
    const set: Updateable<MonitorsTable> = {};
    const put = <K extends keyof MonitorsTable>(column: K, value: Updateable<MonitorsTable>[K]) => {
      if (value !== undefined && value !== current[column as keyof RecordRow]) set[column] = value;
    };
    put('name', changes.name);
    put('interval_seconds', changes.intervalSeconds);
    put('timeout_seconds', changes.timeoutSeconds);
    put('failure_threshold', changes.failureThreshold);
    put('recovery_threshold', changes.recoveryThreshold);
    put('regions', changes.regions && JSON.stringify(changes.regions));
    put('notification_policy_id', changes.notificationPolicyId === null ? null : changes.notificationPolicyId?.toLowerCase());
    // Each type's schema lets only its own fields through, so the others are undefined here.
    put('url', changes.url);
    put('method', changes.method);
    put('expected_status', changes.expectedStatus);
    if (changes.auth !== undefined && !(await this.sameAuth(current, changes.auth))) Object.assign(set, this.authColumns(current.id, changes.auth));
    const request = requestColumns(changes);
    put('request_headers', request.request_headers);
    put('request_body', request.request_body);
    put('follow_redirects', request.follow_redirects);
    put('assertions', request.assertions);
    put('host', changes.host ?? changes.hostname);
    put('port', changes.port);
    put('warning_days', changes.warningDays);
    put('tls', changes.tls === undefined ? undefined : changes.tls ? 1 : 0);
    put('record_type', changes.recordType);
    put('resolver', changes.resolver);
    put('period_seconds', changes.periodSeconds);
    put('cron', changes.cron);
    // Without cron the zone means nothing: it is kept as UTC.
    put('timezone', changes.cron === null ? 'UTC' : changes.timezone);
    put('grace_seconds', changes.graceSeconds);
    put('key', changes.key);
    // The same digest again changes nothing; another one is sealed afresh.
    if (changes.secretsDigest === null || (changes.secretsDigest && !digestMatches(current.secrets_digest, changes.secretsDigest))) {
      put('secrets_digest', changes.secretsDigest && sealedDigest(changes.secretsDigest));
    }
    // New secrets without a digest: the stored one no longer vouches for them.
    if (set.auth_secret !== undefined && changes.secretsDigest === undefined && current.secrets_digest !== null) set.secrets_digest = null;
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
    const missing = heldSecretFields(this.record(current)).filter((field) => !(field in input));
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

  private async sameAuth(current: RecordRow, auth: MonitorAuthInput | null): Promise<boolean> {
    if (auth === null) return current.auth_type === null;
    if (current.auth_type !== auth.type) return false;
    if (current.auth_username !== (auth.type === 'basic' ? auth.username : null)) return false;
    if (current.auth_header_name !== (auth.type === 'header' ? auth.headerName : null)) return false;
    const row = await this.db.selectFrom('monitors').select('auth_secret').where('id', '=', current.id).executeTakeFirst();
    if (row?.auth_secret == null) return false;
    try {
      return this.secrets.open(row.auth_secret, monitorSecretAt(current.id, 'auth_secret')) === auth.secret;
    } catch (error) {
      // A stored secret no key opens (or one sealed for another place) is replaced by the one sent.
      if (error instanceof SecretBoxError) return false;
      throw error;
    }
  }

  private authColumns(monitorId: string, auth: MonitorAuthInput | null) {
    return {
      auth_type: auth?.type ?? null,
      auth_username: auth?.type === 'basic' ? auth.username : null,
      auth_header_name: auth?.type === 'header' ? auth.headerName : null,
      auth_secret: auth ? this.secrets.seal(auth.secret, monitorSecretAt(monitorId, 'auth_secret')) : null,
    };
  }

  private async setPaused(current: RecordRow, set: Updateable<MonitorsTable>, kind: 'paused' | 'resumed'): Promise<MonitorRecord> {
    const updated = await this.write(current, set, kind, kind === 'resumed', true);
    if (!updated) {
      // Someone else paused, resumed or deleted it meanwhile: answer with what is there now.
      const now = await this.db.selectFrom('monitors').select(RECORD_COLUMNS).where('id', '=', current.id).where('deleted_at', 'is', null).executeTakeFirst();
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
        .returning(RECORD_COLUMNS)
        .executeTakeFirst();
      if (row && dueNow) await storeDueNow(trx, row.id, JSON.parse(row.regions) as Region[], now);
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
 * Records, with the change that causes it, that a monitor's checks are due at once (made,
 * resumed, or given another interval or other regions). The scheduler plans them under this due
 * time when the change's notice reaches it; should it die before, the scheduler that takes over
 * finds it past and catches the checks up under it, rather than taking the monitor for one it
 * knows nothing of and planning its first check as late as the end of its catch-up window.
 */
export async function storeDueNow(trx: Kysely<Database>, monitorId: string, regions: readonly Region[], now: number): Promise<void> {
  if (regions.length === 0) return;
  await trx
    .insertInto('check_schedules')
    .values(regions.map((region) => ({ monitor_id: monitorId, region, next_due_at: now })))
    .onConflict((oc) => oc.columns(['monitor_id', 'region']).doUpdateSet((eb) => ({ next_due_at: eb.ref('excluded.next_due_at') })))
    .execute();
}

/**
 * The request columns of the fields given (undefined: not given, so unchanged). Empty lists are
 * stored as null: the record answers both as an empty list.
 */
function requestColumns(fields: {
  headers?: RequestHeader[] | null;
  body?: string | null;
  followRedirects?: boolean;
  assertions?: AnyAssertionInput[] | null;
}): Pick<Updateable<MonitorsTable>, 'request_headers' | 'request_body' | 'follow_redirects' | 'assertions'> {
  const list = (items: unknown[] | null | undefined) => (items === undefined ? undefined : items === null || items.length === 0 ? null : JSON.stringify(items));
  return {
    request_headers: list(fields.headers?.map(({ name, value }) => ({ name, value })) ?? fields.headers),
    request_body: fields.body,
    follow_redirects: fields.followRedirects === undefined ? undefined : fields.followRedirects ? 1 : 0,
    assertions: list(fields.assertions?.map(normalAssertion) ?? fields.assertions),
  };
}

/** The assertions column of a list (null for none). */
function assertionColumn(assertions: AnyAssertionInput[] | null): string | null {
  return requestColumns({ assertions }).assertions ?? null;
}

/** Every type's own columns, empty: a new row starts from these and sets those of its type. */
const EMPTY_TYPE_COLUMNS = {
  url: null,
  method: null,
  expected_status: null,
  auth_type: null,
  auth_username: null,
  auth_header_name: null,
  auth_secret: null,
  request_headers: null,
  request_body: null,
  follow_redirects: 0,
  assertions: null,
  host: null,
  port: null,
  warning_days: null,
  tls: 0,
  record_type: null,
  resolver: null,
  period_seconds: null,
  cron: null,
  timezone: null,
  grace_seconds: null,
  ping_key: null,
  ping_key_hash: null,
  heartbeat_deadline: null,
  heartbeat_started_at: null,
} satisfies Partial<Insertable<MonitorsTable>>;

/** A heartbeat's schedule from its row. */
export function scheduleOf(row: Pick<MonitorsTable, 'period_seconds' | 'cron' | 'timezone' | 'grace_seconds'>): HeartbeatSchedule {
  return {
    periodSeconds: row.period_seconds,
    cron: row.cron,
    timezone: row.timezone ?? 'UTC',
    graceSeconds: row.grace_seconds ?? MONITOR_LIMITS.defaultGraceSeconds,
  };
}

function scheduleChanged(set: Updateable<MonitorsTable>): boolean {
  return set.period_seconds !== undefined || set.cron !== undefined || set.timezone !== undefined || set.grace_seconds !== undefined;
}

const SCHEDULE_FIELDS = ['periodSeconds', 'cron', 'timezone'] as const;

function sentScheduleFields(input: Record<string, unknown>): HeartbeatScheduleShape['sent'] {
  return new Set(SCHEDULE_FIELDS.filter((field) => field in input));
}

/** A heartbeat's create body has a period or a cron expression, not both. */
function scheduleProblemsOnCreate(input: unknown): FieldError[] {
  if (!isObject(input) || input.type !== 'heartbeat') return [];
  return heartbeatScheduleProblems({ periodSeconds: input.periodSeconds, cron: input.cron, timezone: input.timezone, sent: sentScheduleFields(input) });
}

/** The same rule on what a PATCH leaves: each field sent, or else the stored one. */
function scheduleProblemsOnUpdate(current: RecordRow, input: unknown): FieldError[] {
  if (current.type !== 'heartbeat' || !isObject(input)) return [];
  return heartbeatScheduleProblems({
    periodSeconds: 'periodSeconds' in input ? input.periodSeconds : current.period_seconds,
    cron: 'cron' in input ? input.cron : current.cron,
    timezone: input.timezone,
    sent: sentScheduleFields(input),
  });
}

function parseList<T>(json: string | null): T[] {
  return json === null ? [] : (JSON.parse(json) as T[]);
}

const REQUEST_FIELDS = ['method', 'body', 'auth', 'headers'] as const;

function sentFields(input: Record<string, unknown>): HttpRequestShape['sent'] {
  return new Set(REQUEST_FIELDS.filter((field) => field in input));
}

/** The rules between request fields on a create body (nothing stored yet). */
function requestProblemsOnCreate(input: unknown): FieldError[] {
  if (!isObject(input) || input.type !== 'http') return [];
  return httpRequestProblems({ method: input.method, body: input.body, auth: input.auth, headers: input.headers, sent: sentFields(input) });
}

/** The same rules on what a PATCH leaves: each field sent, or else the stored one. */
function requestProblemsOnUpdate(current: RecordRow, input: unknown): FieldError[] {
  if (current.type !== 'http' || !isObject(input)) return [];
  const storedAuth = current.auth_type === null ? null : { type: current.auth_type, headerName: current.auth_header_name };
  return httpRequestProblems({
    method: 'method' in input ? input.method : current.method,
    body: 'body' in input ? input.body : current.request_body,
    auth: 'auth' in input ? input.auth : storedAuth,
    headers: 'headers' in input ? input.headers : parseList(current.request_headers),
    sent: sentFields(input),
  });
}

/**
 * A digest vouches for the secrets sent with it, never for ones stored before: a body that sets
 * one carries the secrets too (an HTTP monitor's `auth`).
 */
function digestProblems(input: unknown): FieldError[] {
  if (!isObject(input) || typeof input.secretsDigest !== 'string') return [];
  if (isObject(input.auth)) return [];
  return [{ field: 'secretsDigest', message: 'must be sent with the secrets it is a digest of (auth)' }];
}

/** The unique index on the team's live keys, met by a write that raced another: the same 400 as the check before it. */
function keyTaken(error: unknown): never {
  if (isKeyConflict(error, 'monitors')) throw problems.invalidField('key', KEY_TAKEN);
  throw error;
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

/**
 * Row → the public Monitor record (fields and their order are part of the API). No secret, only
 * whether one is set; a heartbeat's `pingUrl` only with `pingUrlOf` (records for the team, not for
 * notification payloads that leave it).
 */
export function toRecord(row: RecordRow, pingUrlOf?: (sealedKey: string, monitorId: string) => string | null): MonitorRecord {
  const state = {
    key: row.key,
    secretsDigest: row.secrets_digest,
    notificationPolicyId: row.notification_policy_id,
    failureThreshold: row.failure_threshold,
    recoveryThreshold: row.recovery_threshold,
    status: (row.paused ? 'paused' : row.maintenance ? 'maintenance' : row.status) as MonitorStatus,
    degradedReasons: !row.paused && !row.maintenance && row.status === 'degraded' ? (JSON.parse(row.degraded_reasons) as DegradedReason[]) : [],
    paused: row.paused === 1,
    lastCheckedAt: isoOrNull(row.last_checked_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  if (row.type === 'heartbeat') {
    return {
      id: row.id,
      type: 'heartbeat',
      name: row.name,
      ...state,
      periodSeconds: row.period_seconds,
      cron: row.cron,
      timezone: row.timezone ?? 'UTC',
      graceSeconds: row.grace_seconds ?? MONITOR_LIMITS.defaultGraceSeconds,
      pingUrl: pingUrlOf && row.ping_key !== null ? pingUrlOf(row.ping_key, row.id) : null,
      deadlineAt: isoOrNull(row.heartbeat_deadline),
    };
  }
  const common = {
    name: row.name,
    intervalSeconds: row.interval_seconds,
    timeoutSeconds: row.timeout_seconds,
    regions: JSON.parse(row.regions) as Region[],
    ...state,
  };
  switch (row.type) {
    case 'ssl':
      return {
        id: row.id,
        type: 'ssl',
        ...common,
        host: row.host!,
        port: row.port!,
        warningDays: row.warning_days,
        certificate: certificateOf(row.certificate),
      };
    case 'tcp':
      return {
        id: row.id,
        type: 'tcp',
        ...common,
        host: row.host!,
        port: row.port!,
        tls: row.tls === 1,
        assertions: parseList<TcpMonitorRecord['assertions'][number]>(row.assertions),
      };
    case 'dns':
      return {
        id: row.id,
        type: 'dns',
        ...common,
        hostname: row.host!,
        recordType: row.record_type as DnsRecordType,
        resolver: row.resolver,
        assertions: parseList<DnsMonitorRecord['assertions'][number]>(row.assertions),
      };
  }
  const auth: MonitorAuthRecord | null =
    row.auth_type === null
      ? null
      : {
          type: row.auth_type as MonitorAuthRecord['type'],
          username: row.auth_username,
          headerName: row.auth_header_name,
          secretSet: true,
        };
  return {
    id: row.id,
    type: 'http',
    ...common,
    url: row.url!,
    method: row.method as 'GET',
    expectedStatus: row.expected_status!,
    auth,
    headers: parseList<RequestHeader>(row.request_headers),
    body: row.request_body,
    followRedirects: row.follow_redirects === 1,
    assertions: parseList<HttpAssertion>(row.assertions),
  };
}

function certificateOf(json: string | null): CertificateRecord | null {
  if (json === null) return null;
  const c = JSON.parse(json) as CertificateRecord;
  return { subject: c.subject, issuer: c.issuer, validFrom: c.validFrom, validTo: c.validTo, daysRemaining: c.daysRemaining };
}
