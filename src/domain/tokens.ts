import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import { systemClock, type Clock } from './ports/clock.js';
import type { Actor } from './actor.js';
import { newId } from './ids.js';
import { Problem, problems } from './problem.js';
import { isRole } from './roles.js';
import { isoOrNull, iso } from './time.js';
import { intRange, parseInput } from './validation.js';
import { TOKEN_EXPIRY_DAYS } from '../shared/limits.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_PATTERN = /^lkt_[A-Za-z0-9]{40}$/;
const BEARER = /^Bearer +(\S+)\s*$/i;

export function generateToken(): string {
  let body = '';
  for (let i = 0; i < 40; i++) body += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `lkt_${body}`;
}

/** Only this digest is stored: a leaked database does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const TokenRecord = z.object({
  id: z.string(),
  name: z.string(),
  teamId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TokenRecord = z.infer<typeof TokenRecord>;

export interface CreatedToken {
  id: string;
  token: string;
  teamId: string;
  userId: string;
  expiresAt: string | null;
}

/** Days until a token expires: one bound however the token is made (API, dashboard, MCP, CLI). */
export const ExpiresInDays = intRange(...TOKEN_EXPIRY_DAYS);
const TokenExpiry = z.object({ expiresInDays: ExpiresInDays.optional() });

/** How often last-use times reach the database; a request itself never writes. */
const LAST_USED_FLUSH_MS = 30_000;

export class TokenService {
  private readonly lastUsed = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;

  /** The token with its member's current role: one indexed lookup on every request. */
  private readonly findActive;

  constructor(
    private readonly db: Kysely<Database>,
    /** Token expiry is read on it. */
    private readonly clock: Clock = systemClock,
  ) {
    this.findActive = prepared(db, (tokenHash: string) =>
      db
        .selectFrom('access_tokens as t')
        .innerJoin('memberships as m', (join) => join.onRef('m.team_id', '=', 't.team_id').onRef('m.user_id', '=', 't.user_id'))
        .select(['t.id', 't.team_id', 't.user_id', 't.expires_at', 'm.role'])
        .where('t.token_hash', '=', tokenHash)
        .where('t.revoked_at', 'is', null),
    );
  }

  /**
   * Resolves an Authorization header to the acting member. Every failure throws the same
   * 401 so that the answer never tells which check failed.
   */
  async authenticate(authorization: string | undefined, now = this.clock.now()): Promise<Actor> {
    const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
    if (!token || !TOKEN_PATTERN.test(token)) throw problems.unauthorized();
    const [row] = await this.findActive(hashToken(token));
    if (!row || (row.expires_at !== null && row.expires_at <= now) || !isRole(row.role)) throw problems.unauthorized();
    this.lastUsed.set(row.id, now);
    return { tokenId: row.id, teamId: row.team_id, userId: row.user_id, role: row.role };
  }

  /**
   * Issues a token for a member of the team; the plain token is returned once and never stored.
   *
   * With `parentId` (a token creating a token) the new token never outlives its parent: without an
   * asked expiry it takes the parent's; an asked expiry later than the parent's is refused. The
   * parent must still be active when the new token is written (the parent's row is locked for it),
   * so that a revocation running at the same time cannot miss the new token.
   */
  async create(input: { teamId: string; userId: string; name?: string; expiresInDays?: number; parentId?: string }): Promise<CreatedToken> {
    parseInput(TokenExpiry, { expiresInDays: input.expiresInDays });
    const member = await this.db
      .selectFrom('memberships')
      .select('role')
      .where('team_id', '=', input.teamId)
      .where('user_id', '=', input.userId)
      .executeTakeFirst();
    if (!member) throw new Problem('not-found', 'The user is not a member of that team.');
    const now = this.clock.now();
    const token = generateToken();
    const id = newId(now);
    let expiresAt = input.expiresInDays === undefined ? null : now + input.expiresInDays * 86_400_000;
    await this.db.transaction().execute(async (trx) => {
      const parentId = input.parentId ?? null;
      if (parentId !== null) {
        // A no-op write that takes the parent's row lock (PostgreSQL) or the write lock (SQLite)
        // and succeeds only while the parent is active.
        const held = await trx
          .updateTable('access_tokens')
          .set((eb) => ({ revoked_at: eb.ref('revoked_at') }))
          .where('id', '=', parentId)
          .where('team_id', '=', input.teamId)
          .where('user_id', '=', input.userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        const parent = await trx.selectFrom('access_tokens').select('expires_at').where('id', '=', parentId).executeTakeFirst();
        if (held.numUpdatedRows === 0n || !parent || (parent.expires_at !== null && parent.expires_at <= now)) throw problems.unauthorized();
        if (parent.expires_at !== null) {
          if (expiresAt === null) expiresAt = parent.expires_at;
          else if (expiresAt > parent.expires_at) {
            throw problems.invalidField(
              'expiresInDays',
              `must not reach past the expiry of the token making this request (${iso(parent.expires_at)}); ask for fewer days or omit it to expire with that token`,
            );
          }
        }
      }
      await trx
        .insertInto('access_tokens')
        .values({
          id,
          team_id: input.teamId,
          user_id: input.userId,
          name: input.name ?? 'token',
          token_hash: hashToken(token),
          created_at: now,
          expires_at: expiresAt,
          revoked_at: null,
          last_used_at: null,
          parent_id: parentId,
        })
        .execute();
    });
    return { id, token, teamId: input.teamId, userId: input.userId, expiresAt: isoOrNull(expiresAt) };
  }

  /** Revokes a token and every token created with it, transitively (idempotent). */
  async revoke(tokenId: string): Promise<TokenRecord> {
    await this.db.transaction().execute((trx) => revokeWithDescendants(trx, [tokenId], this.clock.now()));
    const found = await this.find(tokenId);
    if (!found) throw new Problem('not-found', 'No token has that id.');
    return found;
  }

  async find(tokenId: string): Promise<TokenRecord | undefined> {
    const row = await this.db.selectFrom('access_tokens').selectAll().where('id', '=', tokenId).executeTakeFirst();
    if (!row) return undefined;
    const pending = this.lastUsed.get(row.id);
    return {
      id: row.id,
      name: row.name,
      teamId: row.team_id,
      userId: row.user_id,
      createdAt: iso(row.created_at),
      expiresAt: isoOrNull(row.expires_at),
      lastUsedAt: isoOrNull(pending ?? row.last_used_at),
      revokedAt: isoOrNull(row.revoked_at),
    };
  }

  /** Starts writing last-use times in the background, one batch at a time. */
  startRecordingLastUse(): void {
    this.flushTimer ??= setInterval(() => void this.flushLastUse().catch(() => {}), LAST_USED_FLUSH_MS).unref();
  }

  /**
   * Writes the pending last-use times, one row per statement and without a transaction: a last-use
   * time needs no atomicity, and a transaction holding some token rows while waiting for others
   * deadlocks on PostgreSQL with any other writer of the same rows (a second flush from a token
   * listing or another node, a member's removal revoking their tokens). Flushes also run one at a
   * time in this process, in id order.
   */
  flushLastUse(): Promise<void> {
    const run = this.flushing.then(() => this.writeLastUse());
    this.flushing = run.catch(() => {});
    return run;
  }

  private async writeLastUse(): Promise<void> {
    if (this.lastUsed.size === 0) return;
    const batch = [...this.lastUsed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.lastUsed.clear();
    for (const [id, at] of batch) {
      await this.db.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    }
  }

  async stop(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.flushTimer = null;
    await this.flushLastUse();
  }
}

/** Ids per statement when walking token descendants: well below every driver's parameter limit. */
const IDS_PER_STATEMENT = 500;

/**
 * Revokes the tokens and, level by level, every token created with them; returns how many were
 * revoked now. Each level is read by a statement of its own, after the level above was written:
 * a child that a concurrent create committed while that write waited for its lock is still seen.
 */
export async function revokeWithDescendants(trx: Kysely<Database>, tokenIds: string[], now: number): Promise<number> {
  let revoked = 0;
  const seen = new Set<string>(tokenIds);
  let level = [...seen];
  while (level.length > 0) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += IDS_PER_STATEMENT) {
      const ids = level.slice(i, i + IDS_PER_STATEMENT);
      const result = await trx.updateTable('access_tokens').set({ revoked_at: now }).where('id', 'in', ids).where('revoked_at', 'is', null).executeTakeFirst();
      revoked += Number(result.numUpdatedRows);
      const children = await trx.selectFrom('access_tokens').select('id').where('parent_id', 'in', ids).execute();
      for (const { id } of children) {
        if (seen.has(id)) continue;
        seen.add(id);
        next.push(id);
      }
    }
    level = next;
  }
  return revoked;
}
