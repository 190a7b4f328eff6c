import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import { isUuid } from './ids.js';
import { systemClock, type Clock } from './ports/clock.js';
import { problems } from './problem.js';
import { ADMINS } from './roles.js';
import { ROLES, type Role } from '../shared/vocabulary.js';
import { revokeWithDescendants, type TokenService } from './tokens.js';
import { isoOrNull, iso } from './time.js';

export const TeamTokenRecord = z.object({
  id: z.string(),
  name: z.string(),
  userId: z.string().describe('The member the token acts as.'),
  email: z.string(),
  role: z.enum(ROLES).describe('The member’s current role in the team: the role the token acts with.'),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable().describe('When the token last authenticated a request (kept to within about 30 seconds).'),
  parentId: z.string().nullable().describe('The token this one was created with; null when it was created from a dashboard session or by the operator.'),
});
export type TeamTokenRecord = z.infer<typeof TeamTokenRecord>;

/**
 * Every member's active personal access tokens of the team, for Admins and Owners to oversee:
 * list (never the secrets) and revoke any, together with the tokens created with it.
 */
export class TeamTokenService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(actor: Actor): Promise<TeamTokenRecord[]> {
    requireRole(actor, ADMINS);
    await this.tokens.flushLastUse();
    const rows = await this.db
      .selectFrom('access_tokens as t')
      .innerJoin('memberships as m', (join) => join.onRef('m.team_id', '=', 't.team_id').onRef('m.user_id', '=', 't.user_id'))
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.name', 't.user_id', 'u.email', 'm.role', 't.created_at', 't.expires_at', 't.last_used_at', 't.parent_id'])
      .where('t.team_id', '=', actor.teamId)
      .where('t.revoked_at', 'is', null)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      userId: r.user_id,
      email: r.email,
      role: r.role as Role,
      createdAt: iso(r.created_at),
      expiresAt: isoOrNull(r.expires_at),
      lastUsedAt: isoOrNull(r.last_used_at),
      parentId: r.parent_id,
    }));
  }

  /** Revokes an active token of the team and its descendants; any other id is not found. */
  async revoke(actor: Actor, tokenId: string): Promise<void> {
    requireRole(actor, ADMINS);
    if (!isUuid(tokenId)) throw problems.notFound('token');
    await this.db.transaction().execute(async (trx) => {
      const token = await trx
        .selectFrom('access_tokens')
        .select('id')
        .where('id', '=', tokenId)
        .where('team_id', '=', actor.teamId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!token) throw problems.notFound('token');
      await revokeWithDescendants(trx, [token.id], this.clock.now());
    });
  }
}
