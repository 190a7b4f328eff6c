import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type OperationNode,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * The audit trail's plumbing in the store: an entry waiting for the change it describes, and the
 * driver that writes it in the transaction of that change.
 *
 * Why here: every service opens its own transactions (or writes one statement without any), so the
 * one place every change of every operation passes through is the database driver. An operation
 * (or a CLI command) runs inside an `AuditScope`; the first transaction of that scope that writes
 * anything gets the scope's entry inserted just before its COMMIT, and a write made outside any
 * transaction is wrapped in one that holds the entry too. So the entry and the change commit or roll
 * back together, and an operation added later is audited without a line of its own. The rules (who
 * the actor is, which resource, which fields) are the domain's (src/domain/audit/); this file only
 * carries the row.
 */

/**
 * Which teams an entry is written for: one (null: none, kept for the operator only), every team, or
 * found from the target when the entry is written: the target team itself, each team of the target
 * user (none: one entry of no team), the team of the target token.
 */
export type AuditTeams = { team: string | null } | { everyTeam: true } | { of: 'target-team' | 'target-user' | 'target-token' };

/** The row an entry becomes; `actorUserId` names the user whose email is copied into the entry, in the same transaction. */
export interface PendingAuditEntry {
  id: string;
  at: number;
  teams: AuditTeams;
  actorType: string;
  actorId: string | null;
  actorUserId: string | null;
  surface: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  changes: string[];
}

/**
 * One audited call. `capture`: for a call that creates what it acts on, the table and column whose
 * first inserted value is the target's id (the new monitor's `monitors.id`).
 */
export class AuditScope {
  /** Set once the entry is committed; later transactions of the call write no second one. */
  written = false;
  /** Closed when the call ends: work it started that outlives it is not part of it. */
  open = true;
  constructor(
    readonly entry: PendingAuditEntry,
    readonly capture: { table: string; column: string } | null = null,
  ) {}
}

const scopes = new AsyncLocalStorage<AuditScope>();

/**
 * Audited calls under way. When none is, the storage is disabled: on Node 20 and 22 an enabled
 * AsyncLocalStorage keeps async hooks on for the whole process, and every `await` of the check
 * engine then costs two to three times as much (measured: 1,000,000 awaits, 50 ms of CPU, 140 ms
 * with the hooks on). The next audited call enables it again. Disabling drops the store of every
 * context, which only work a closed call left running still held: it writes no entry either way.
 */
let openCalls = 0;

/** Runs `work` as one audited call; the scope closes when it settles. */
export async function runAudited<T>(scope: AuditScope, work: () => Promise<T>): Promise<T> {
  openCalls++;
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.open = false;
    if (--openCalls === 0) scopes.disable();
  }
}

/** Runs `work` outside any audited call (the entry written alone after a call that wrote nothing). */
export function outsideAudit<T>(work: () => T): T {
  return scopes.exit(work);
}

/** Names what the current audited call acts on, when only the call learns it (the CLI finds a user by email). */
export function noteAuditTarget(id: string): void {
  const scope = pendingScope();
  if (scope && scope.entry.targetId === null) scope.entry.targetId = id;
}

function pendingScope(): AuditScope | undefined {
  const scope = scopes.getStore();
  return scope?.open && !scope.written ? scope : undefined;
}

type StoreDialect = 'sqlite' | 'postgres';

/**
 * The statements that write one entry (or one per team) on `connection`. An entry id is unique, and
 * a second attempt with the same id (two transactions of one call racing to commit first) writes nothing.
 */
export function auditInsert(dialect: StoreDialect, entry: PendingAuditEntry): CompiledQuery {
  const p = dialect === 'postgres' ? (n: number) => `$${n}` : () => '?';
  const columns = 'id, team_id, at, actor_type, actor_id, actor_email, surface, action, target_type, target_id, ip, changes';
  const email = `(select email from users where id = ${p(5)})`;
  // Typed where PostgreSQL cannot infer it (a SELECT list has no target column to learn from).
  const at = dialect === 'postgres' ? `cast(${p(2)} as bigint)` : p(2);
  const values = `${at}, ${p(3)}, ${p(4)}, ${email}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)}`;
  const parameters = [
    entry.id,
    entry.at,
    entry.actorType,
    entry.actorId,
    entry.actorUserId,
    entry.surface,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.ip,
    JSON.stringify(entry.changes),
  ];
  const teams = entry.teams;
  if ('team' in teams) {
    const teamValue = dialect === 'postgres' ? `$${parameters.length + 1}` : '?';
    // SQLite numbers `?` in order of appearance: the team goes second, so it is put there.
    const sqlText =
      dialect === 'postgres'
        ? `insert into audit_log (${columns}) values ($1, ${teamValue}, ${values}) on conflict (id) do nothing`
        : `insert into audit_log (${columns}) values (?, ?, ${values}) on conflict (id) do nothing`;
    const ordered = dialect === 'postgres' ? [...parameters, teams.team] : [parameters[0], teams.team, ...parameters.slice(1)];
    return CompiledQuery.raw(sqlText, ordered);
  }
  // One row per team, each with its own id (the entry's id, a dot, the team's id).
  const n = parameters.length;
  const target = entry.targetId;
  const from =
    'everyTeam' in teams
      ? { sql: 'select id as team_id from teams', parameters: [] as unknown[] }
      : teams.of === 'target-team'
        ? { sql: `select id as team_id from teams where id = ${p(n + 1)}`, parameters: [target] }
        : teams.of === 'target-token'
          ? { sql: `select team_id from access_tokens where id = ${p(n + 1)}`, parameters: [target] }
          : {
              sql: `select team_id from memberships where user_id = ${p(n + 1)}
                union all select null where not exists (select 1 from memberships where user_id = ${p(n + 2)})`,
              parameters: [target, target],
            };
  const idOf = `${dialect === 'postgres' ? 'cast($1 as text)' : '?'} || coalesce('.' || t.team_id, '')`;
  const select = `select ${idOf}, t.team_id, ${values} from (${from.sql}) as t`;
  const sqlText = `insert into audit_log (${columns}) ${select} where true on conflict (id) do nothing`;
  return CompiledQuery.raw(sqlText, [...parameters, ...from.parameters]);
}

/** The Kysely dialect with the auditing driver around its own. */
export function auditingDialect(inner: Dialect, dialect: StoreDialect): Dialect {
  return {
    createDriver: () => new AuditingDriver(inner.createDriver(), dialect),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
  };
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const WRITE_SQL = /^\s*(insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;

/** Whether a statement changes rows: Kysely's own queries by their node, raw SQL by its words. */
function writes(query: CompiledQuery): boolean {
  if (WRITE_NODES.has(query.query.kind)) return true;
  return query.query.kind === 'RawNode' && WRITE_SQL.test(query.sql);
}

/** A connection that knows whether it is in a transaction and whether that transaction wrote. */
class AuditingConnection implements DatabaseConnection {
  inTransaction = false;
  wrote = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: AuditingDriver,
  ) {}

  /** Not async: most statements (every one of the check engine's) pass straight through, without a promise of their own. */
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const scope = pendingScope();
    if (!scope || !writes(query)) return this.inner.executeQuery<R>(query);
    if (this.inTransaction) {
      this.wrote = true;
      captureTarget(scope, query);
      return this.inner.executeQuery<R>(query);
    }
    return this.writeWithEntry(scope, query);
  }

  /** A write outside any transaction: it and the entry commit together. */
  private async writeWithEntry<R>(scope: AuditScope, query: CompiledQuery): Promise<QueryResult<R>> {
    await this.driver.inner.beginTransaction(this.inner, {});
    try {
      captureTarget(scope, query);
      const result = await this.inner.executeQuery<R>(query);
      await this.inner.executeQuery(auditInsert(this.driver.dialect, scope.entry));
      await this.driver.inner.commitTransaction(this.inner);
      scope.written = true;
      return result;
    } catch (error) {
      await this.driver.inner.rollbackTransaction(this.inner).catch(() => {});
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** The connection this driver handed out (Kysely gives each back to the driver that made it). */
function own(connection: DatabaseConnection): AuditingConnection {
  if (!(connection instanceof AuditingConnection)) throw new Error('a connection of another driver');
  return connection;
}

class AuditingDriver implements Driver {
  constructor(
    readonly inner: Driver,
    readonly dialect: StoreDialect,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  /** Each connection of the inner driver keeps its wrapper: Kysely acquires one for every statement. */
  private readonly wrappers = new WeakMap<DatabaseConnection, AuditingConnection>();

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(inner);
    if (!wrapper) this.wrappers.set(inner, (wrapper = new AuditingConnection(inner, this)));
    // As a new one would be, whatever the last holder left.
    wrapper.inTransaction = false;
    wrapper.wrote = false;
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = own(connection);
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.wrote = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = own(connection);
    const scope = c.wrote ? pendingScope() : undefined;
    c.inTransaction = false;
    c.wrote = false;
    if (scope) await c.inner.executeQuery(auditInsert(this.dialect, scope.entry));
    await this.inner.commitTransaction(c.inner);
    if (scope) scope.written = true;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = own(connection);
    c.inTransaction = false;
    c.wrote = false;
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(own(connection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(own(connection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(own(connection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(own(connection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The id of what a creating call made: the first value inserted into the scope's table and column. */
function captureTarget(scope: AuditScope, query: CompiledQuery): void {
  const capture = scope.capture;
  if (!capture || scope.entry.targetId !== null || query.query.kind !== 'InsertQueryNode') return;
  const node = query.query as unknown as {
    into?: { table?: { identifier?: { name?: string } } };
    columns?: ReadonlyArray<{ column?: { name?: string } }>;
    values?: { kind: string; values?: ReadonlyArray<{ kind: string; values?: readonly unknown[] }> };
  };
  if (node.into?.table?.identifier?.name !== capture.table) return;
  const index = node.columns?.findIndex((c) => c.column?.name === capture.column) ?? -1;
  const row = node.values?.kind === 'ValuesNode' ? node.values.values?.[0] : undefined;
  if (index < 0 || !row) return;
  const value = row.kind === 'PrimitiveValueListNode' ? row.values?.[index] : valueOf(row.values?.[index] as OperationNode | undefined);
  if (typeof value === 'string') scope.entry.targetId = value;
}

function valueOf(node: OperationNode | undefined): unknown {
  return node?.kind === 'ValueNode' ? (node as unknown as { value: unknown }).value : undefined;
}
