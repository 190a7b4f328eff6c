import type { Insertable, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { FieldError } from '../domain/problem.js';
import type { SecretBox } from '../domain/secrets/secret-box.js';
import type { MonitorsTable } from '../store/tables/monitors.js';
import type { CheckedStatus, MonitorType, Region } from '../shared/vocabulary.js';
import type { RecordState } from '../domain/monitor-fields.js';
import { normalAssertion, type AnyAssertionInput } from '../domain/assertions/assertion-schema.js';

/*
 * What a monitor type is, part by part. Each type's folder declares one of these in its
 * definition.ts, and definitions.ts lists them typed over the type union, so that a type missing a
 * part, or a part missing a type, does not compile.
 */

/** A monitor's stored row, and the name of one of its columns. */
export type MonitorRow = Selectable<MonitorsTable>;
export type MonitorColumn = keyof MonitorsTable;

/** What a run of a monitor can carry besides its outcome and timing (the run record's fields of that name). */
export const RUN_DETAILS = ['statusCode', 'timings', 'certificate', 'dns', 'ping', 'domain', 'assertions', 'log'] as const;
export type RunDetail = (typeof RUN_DETAILS)[number];

/** The columns the target labels read: alert messages name the target whole, public status pages only its address. */
export type TargetRow = Pick<MonitorRow, 'url' | 'host' | 'port' | 'record_type' | 'cron' | 'timezone' | 'period_seconds'>;
export type PublicTargetRow = Pick<MonitorRow, 'url' | 'host' | 'port'>;

/** What every monitor's record has, computed once from the common columns: the record builds its answer around it. */
export interface RecordParts {
  /** The common fields of a checked monitor, in their public order: name, interval, timeout, regions, then the state. */
  common: { name: string; intervalSeconds: number; timeoutSeconds: number; regions: Region[] } & RecordState;
  state: RecordState;
  /**
   * A heartbeat's `pingUrl` from its sealed key; absent for records that leave the team
   * (notification payloads), which then carry none.
   */
  pingUrlOf?: (sealedKey: string, monitorId: string) => string | null;
}

/** What a new row's columns are made with: the monitor's id (secrets are sealed for their place) and the secret box. */
export interface ColumnContext {
  monitorId: string;
  secrets: SecretBox;
}

/** A PATCH's columns being gathered: `put` keeps a value only when it differs from the stored one. */
export interface ColumnChange extends ColumnContext {
  put<K extends MonitorColumn>(column: K, value: Updateable<MonitorsTable>[K]): void;
  /** Sets columns whatever they hold now (a credential replaced whole). */
  set(columns: Updateable<MonitorsTable>): void;
  /** A stored column no record reads (a sealed secret, a client certificate's PEM), read only when a rule needs it. */
  storedSecret(column: StoredOnlyColumn): Promise<string | null>;
}

/** What every monitor loaded for a check has, whatever its type. */
export interface CheckCommon {
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

/** The columns a record never reads: sealed secrets, and a client certificate's PEM. */
export type StoredOnlyColumn = SealedColumn | 'client_certificate';
/** A monitor's column holding one sealed secret that its check opens. */
export type SealedColumn = 'auth_secret' | 'client_key_secret' | 'proxy_password_secret';

/** Opens a secret sealed in one of the monitor's columns (it throws SecretBoxError when no key opens it). */
export type OpenSecret = (sealed: string, monitorId: string, column: SealedColumn) => string;

/** The SQL of one type's own fields in the list query, for each dialect: `'field', expression` pairs (see monitor-list-sql.ts). */
export interface ListSql {
  sqlite: string;
  postgres: string;
}

/**
 * One monitor type. `Create`, `Update` and `Record` are its Zod schemas; `ForCheck` the monitor as
 * its checker receives it (never for a type that is not checked); `Column` its own columns.
 */
export interface MonitorTypeDefinition<
  T extends MonitorType = MonitorType,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Record extends z.ZodType = z.ZodType,
  ForCheck = unknown,
  Column extends MonitorColumn = MonitorColumn,
> {
  readonly type: T;
  /** How people name it: the MCP tools' descriptions say "<title> monitors only". */
  readonly title: string;

  /* Fields and rules. */
  /** Its own fields, each with its rules, in their public order (the validation problem's order follows it). */
  readonly fields: z.ZodObject;
  readonly create: Create;
  readonly update: Update;
  /** The fields a create body must have (the MCP tools advertise them as required for the type). */
  readonly requiredOnCreate: readonly string[];
  /** Its fields as one sentence, for the MCP tools' descriptions. */
  readonly fieldSummary: string;
  /** Whether Lookout checks it (interval, timeout, regions, a checker); an unchecked type reports its runs (heartbeat). */
  readonly checked: boolean;
  /** Rules between fields of a create body that the schema cannot judge one field at a time. */
  problemsOnCreate(input: Readonly<globalThis.Record<string, unknown>>): FieldError[];
  /** The same rules on what a PATCH leaves: each field sent, or else the stored one. */
  problemsOnUpdate(current: Pick<MonitorRow, Column>, input: Readonly<globalThis.Record<string, unknown>>): FieldError[];

  /* Stored columns. */
  /** The columns its record reads, besides the common ones. */
  readonly columns: readonly Column[];
  /** The columns a new monitor of this type is stored with (the others stay empty). */
  createColumns(fields: z.output<Create>, context: ColumnContext): Partial<Insertable<MonitorsTable>>;
  /** Puts the columns a validated PATCH changes (only its own fields can be in it). */
  changeColumns(changes: Partial<z.output<Update>>, current: Pick<MonitorRow, Column | 'id'>, change: ColumnChange): void | Promise<void>;
  /** Columns that follow from a change of others (a heartbeat's deadline from its schedule). */
  followChange(current: Pick<MonitorRow, Column | 'id'>, set: Updateable<MonitorsTable>, now: number): void;

  /* Answer shape. */
  readonly record: Record;
  toRecord(row: Pick<MonitorRow, Column | 'id'>, parts: RecordParts): z.output<Record>;
  /** The same record written by the database, for the list (monitor-list-sql.ts); equal to toRecord's, field for field. */
  readonly listSql: ListSql;

  /* Checks. */
  /** The monitor as its checker receives it, secrets opened; null for a type Lookout does not check. */
  readonly forCheck: ((row: MonitorRow, common: CheckCommon, open: OpenSecret) => ForCheck) | null;
  /** What its runs carry besides outcome and timing: the run record answers the others as empty. */
  readonly runDetails: readonly RunDetail[];

  /* Labels. */
  /** What it watches, as alert messages name it (never a secret). */
  target(row: TargetRow): string;
  /** What it watches, as a public status page may show it; null for nothing to show. */
  publicTarget(row: PublicTargetRow): string | null;
}

/* Column helpers the definitions share. */

/** A JSON list column's items (null stands for none). */
export function parseList<T>(json: string | null): T[] {
  return json === null ? [] : (JSON.parse(json) as T[]);
}

/** A JSON list column of the items given (undefined: not given, so unchanged); an empty list is stored as null, answered as empty all the same. */
export function listColumn(items: readonly unknown[] | null | undefined): string | null | undefined {
  return items === undefined ? undefined : items === null || items.length === 0 ? null : JSON.stringify(items);
}

/** The assertions column of a list (severity filled in; undefined: not given). */
export function assertionsColumn(assertions: readonly AnyAssertionInput[] | null | undefined): string | null | undefined {
  return listColumn(assertions?.map(normalAssertion) ?? assertions);
}

/** A 0/1 column of a boolean (undefined: not given). */
export function flagColumn(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}

/** The fields of a body that `fields` lists and the body has. */
export function sentOf<F extends string>(input: Readonly<globalThis.Record<string, unknown>>, fields: readonly F[]): ReadonlySet<F> {
  return new Set(fields.filter((field) => field in input));
}

/** Rules between fields: none. */
export const NO_PROBLEMS = (): FieldError[] => [];
/** Columns that follow from others: none. */
export const NOTHING_FOLLOWS = (): void => undefined;

/* The list query's SQL helpers (monitor-list-sql.ts): a stored epoch-milliseconds column as the ISO text records answer. */

/** SQLite: the `unixepoch` modifier rounds to the nearest millisecond, so `%f` prints exactly the milliseconds stored. */
export const sqliteIso = (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;

export const postgresIso = (column: string) =>
  `to_char(to_timestamp(${column} / 1000) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad((${column} % 1000)::text, 3, '0') || 'Z'`;
