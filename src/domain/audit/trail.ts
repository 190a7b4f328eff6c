import type { Kysely } from 'kysely';
import type { Dialect } from '../../store/database.js';
import type { Database } from '../../store/schema.js';
import { AuditScope, auditInsert, outsideAudit, runAudited, type AuditTeams, type PendingAuditEntry } from '../../store/audit-trail.js';
import { isSessionActor, type Actor } from '../actor.js';
import { isUuid, newId } from '../ids.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { AuditSurface } from './log.js';
import { auditTargetOf } from './targets.js';

/** Where an API call came from: the surface and the client's address. */
export interface AuditOrigin {
  surface: AuditSurface;
  ip: string | null;
}

/** One API call to audit: who, through what, which operation, on what. */
export interface AuditedCall {
  actor: Actor;
  origin: AuditOrigin;
  operationId: string;
  /** The operation's path after `/api/v1` (`/monitors/{id}/pause`). */
  path: string;
  params: Record<string, string>;
  body: unknown;
}

/** At most this many field names per entry, each cut to 100 characters: a body's names are the client's. */
const MAX_CHANGES = 50;

/** The names of the top-level fields sent (never a value): `["name", "auth"]`. */
export function changedFields(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body)
    .slice(0, MAX_CHANGES)
    .map((name) => name.slice(0, 100));
}

/** `session:<id>` callers are the dashboard's signed-in users; the others act with a personal access token. */
function actorOf(actor: Actor): Pick<PendingAuditEntry, 'actorType' | 'actorId' | 'actorUserId'> {
  return isSessionActor(actor)
    ? { actorType: 'user', actorId: actor.userId, actorUserId: actor.userId }
    : { actorType: 'token', actorId: actor.tokenId, actorUserId: actor.userId };
}

/** The surface a REST call came through: the dashboard signs in with the session cookie, everything else with a token. */
export function restSurfaceOf(actor: Actor): AuditSurface {
  return isSessionActor(actor) ? 'dashboard' : 'rest';
}

/** What the CLI's commands act on and whose log shows it, by the command's first word. */
const CLI_TARGETS: Readonly<Record<string, { type: string; created?: { table: string; column: string }; teams: AuditTeams }>> = {
  team: { type: 'team', created: { table: 'teams', column: 'id' }, teams: { of: 'target-team' } },
  user: { type: 'user', created: { table: 'users', column: 'id' }, teams: { of: 'target-user' } },
  member: { type: 'member', teams: { team: null } },
  token: { type: 'token', created: { table: 'access_tokens', column: 'id' }, teams: { of: 'target-token' } },
  // Every team's secrets are sealed again: every team's log says so.
  secrets: { type: 'secret-key', teams: { everyTeam: true } },
};

/**
 * Writes the audit log: each API call and CLI command runs as one audited call, whose entry the
 * store writes in the transaction of its first change (src/store/audit-trail.ts); a call that
 * changed nothing in the store (check now queues a job) has its entry written alone once it
 * succeeded. Sign-ins and failed sign-ins are written by the session service.
 */
export class AuditTrail {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Runs an operation's handler as one audited call. */
  async operation<T>(call: AuditedCall, work: () => Promise<T>): Promise<T> {
    const target = auditTargetOf(call.path);
    const pathId = target.param !== undefined ? (call.params[target.param] ?? call.params.id) : undefined;
    const targetId =
      pathId !== undefined
        ? isUuid(pathId)
          ? pathId.toLowerCase()
          : pathId
        : target.self === 'team'
          ? call.actor.teamId
          : target.self === 'user'
            ? call.actor.userId
            : null;
    const at = this.clock.now();
    const entry: PendingAuditEntry = {
      id: newId(at),
      at,
      teams: { team: call.actor.teamId },
      ...actorOf(call.actor),
      surface: call.origin.surface,
      action: call.operationId,
      targetType: target.type,
      targetId,
      ip: call.origin.ip,
      changes: changedFields(call.body),
    };
    const scope = new AuditScope(entry, target.created ?? null);
    const result = await runAudited(scope, work);
    if (!scope.written) {
      // Nothing was stored (a queued check, a test alert): the entry stands alone.
      if (entry.targetId === null) entry.targetId = idOfResult(result);
      await this.writeAlone(entry);
    }
    return result;
  }

  /**
   * Runs an operator command (`lookout member set-role`: `member.set-role`) as one audited call:
   * `cli.<command>`, actor `cli`, in the log of the team it names (`--team`), of the team, user or
   * token it made or acts on, or of every team for the installation's key. A command that writes
   * nothing (a list, a backup) leaves no entry.
   */
  async command<T>(command: string, options: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
    const at = this.clock.now();
    const known = CLI_TARGETS[command.split('.')[0]!];
    const team = typeof options.team === 'string' ? options.team : undefined;
    const id = typeof options.id === 'string' ? options.id : null;
    const entry: PendingAuditEntry = {
      id: newId(at),
      at,
      teams: team !== undefined ? { team } : (known?.teams ?? { team: null }),
      actorType: 'cli',
      actorId: null,
      actorUserId: null,
      surface: 'cli',
      action: `cli.${command}`,
      targetType: known?.type ?? null,
      targetId: id,
      ip: null,
      changes: Object.keys(options).filter((name) => name !== 'json' && !/password|token|secret/i.test(name)),
    };
    const scope = new AuditScope(entry, known?.created ?? null);
    const result = await runAudited(scope, work);
    // A command that changes things but stored nothing this time (a rotation with nothing to seal) is still told.
    if (!scope.written && known) await this.writeAlone(entry);
    return result;
  }

  /** A sign-in, written in the transaction that opens the session (`trx`). */
  async signedIn(trx: Kysely<Database>, user: { id: string }, teamId: string, origin: AuditOrigin, action = 'signIn'): Promise<void> {
    const at = this.clock.now();
    const entry: PendingAuditEntry = {
      id: newId(at),
      at,
      teams: { team: teamId },
      actorType: 'user',
      actorId: user.id,
      actorUserId: user.id,
      surface: origin.surface,
      action,
      targetType: 'user',
      targetId: user.id,
      ip: origin.ip,
      changes: [],
    };
    await trx.executeQuery(auditInsert(this.dialect, entry));
  }

  /**
   * A failed sign-in, which changes nothing and so is written alone: in the log of each team of
   * the account it named, or of no team (kept for the operator) when no account has that address.
   */
  async signInFailed(userId: string | null, origin: AuditOrigin): Promise<void> {
    const at = this.clock.now();
    await this.writeAlone({
      id: newId(at),
      at,
      teams: userId === null ? { team: null } : { of: 'target-user' },
      actorType: 'user',
      actorId: userId,
      // The account's email; an address that is no account's (a guess) is not kept.
      actorUserId: userId,
      surface: origin.surface,
      action: 'signInFailed',
      targetType: 'user',
      targetId: userId,
      ip: origin.ip,
      changes: [],
    });
  }

  private async writeAlone(entry: PendingAuditEntry): Promise<void> {
    await outsideAudit(() => this.db.executeQuery(auditInsert(this.dialect, entry)));
  }
}

/** The id a creating call answered (`{"id": …}`), when the store did not show it. */
function idOfResult(result: unknown): string | null {
  if (result === null || typeof result !== 'object') return null;
  const id = (result as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}
