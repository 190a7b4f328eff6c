import { z } from 'zod';
import type { Kysely } from 'kysely';
import { prepared } from '../store/prepared.js';
import type { Database } from '../store/schema.js';
import { inTransaction } from '../store/transaction.js';
import { requireRole, type Actor } from './actor.js';
import { newId } from './ids.js';
import { systemClock, type Clock } from './ports/clock.js';
import { Problem, problems } from './problem.js';
import { ADMINS, ANY_ROLE, isRole } from './roles.js';
import { ROLES, type Role } from '../shared/vocabulary.js';
import { iso } from './time.js';
import { parseInput, text } from './validation.js';

export const TeamRecord = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  tokenRole: z.enum(ROLES).describe('The role the calling token acts with.'),
  requireTwoFactor: z.boolean().describe('Whether members must sign in with a second factor: the dashboard sends those without one to enrol first.'),
});
export type TeamRecord = z.infer<typeof TeamRecord>;

export const MemberRecord = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  joinedAt: z.string(),
  invited: z
    .boolean()
    .describe('True while the person has not chosen a password yet: they were invited and have not joined. An Admin can make their link again.'),
});
export type MemberRecord = z.infer<typeof MemberRecord>;

const TeamInput = z.strictObject({ name: text(200) });

export const RenameTeamInput = z
  .strictObject({
    name: text(200).optional().describe('The team’s new name: 1-200 characters.'),
    requireTwoFactor: z
      .boolean()
      .optional()
      .describe('Owners only: true sends every member without two-factor sign-in to enrol before anything else in the dashboard. Tokens are not affected.'),
  })
  .refine((v) => v.name !== undefined || v.requireTwoFactor !== undefined, { message: 'send `name`, `requireTwoFactor` or both' });

export class TeamService {
  private readonly findTeam;

  constructor(
    private readonly db: Kysely<Database>,
    /** Creation and joining times, and whether an invitation is still open. */
    private readonly clock: Clock = systemClock,
  ) {
    this.findTeam = prepared(db, (id: string) => db.selectFrom('teams').selectAll().where('id', '=', id));
  }

  async current(actor: Actor): Promise<TeamRecord> {
    requireRole(actor, ANY_ROLE);
    const [team] = await this.findTeam(actor.teamId);
    if (!team) throw problems.notFound('team');
    return { id: team.id, name: team.name, createdAt: iso(team.created_at), tokenRole: actor.role, requireTwoFactor: team.require_two_factor === 1 };
  }

  /** Renames the actor's team (Admins and Owners); whether it requires two-factor sign-in is the Owners' to say. */
  async rename(actor: Actor, input: unknown): Promise<TeamRecord> {
    requireRole(actor, ADMINS);
    const { name, requireTwoFactor } = parseInput(RenameTeamInput, input);
    if (requireTwoFactor !== undefined && actor.role !== 'Owner') {
      throw new Problem('forbidden', 'Only an Owner may change whether the team requires two-factor sign-in.');
    }
    await this.db
      .updateTable('teams')
      .set({
        ...(name !== undefined && { name }),
        ...(requireTwoFactor !== undefined && { require_two_factor: requireTwoFactor ? 1 : 0 }),
      })
      .where('id', '=', actor.teamId)
      .execute();
    return this.current(actor);
  }

  async members(actor: Actor): Promise<MemberRecord[]> {
    requireRole(actor, ANY_ROLE);
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.name', 'u.email', 'u.password_hash', 'u.verified_at', 'm.role', 'm.joined_at'])
      .where('m.team_id', '=', actor.teamId)
      .orderBy('m.joined_at')
      .orderBy('u.id')
      .execute();
    return rows.map(memberRecord);
  }

  /* Operator actions: the CLI and bootstrap, which act on the installation rather than as a member. */

  async create(input: unknown): Promise<{ id: string; name: string }> {
    const { name } = parseInput(TeamInput, input);
    const now = this.clock.now();
    const id = newId(now);
    await this.db.insertInto('teams').values({ id, name, created_at: now }).execute();
    return { id, name };
  }

  /**
   * Adds a user to a team. A user without a password who still holds a valid set-password link
   * (an open invitation) stays in the one team that invited them until they have chosen a
   * password: whoever was given the link must not get a credential that acts in another team.
   */
  async addMember(teamId: string, userId: string, role: string, db: Kysely<Database> = this.db): Promise<MemberRecord> {
    await this.requireTeam(teamId, db);
    const checkedRole = requireKnownRole(role);
    const existing = await db.selectFrom('memberships').select('role').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    if (existing) throw problems.invalidField('email', 'is already a member of that team');
    const now = this.clock.now();
    if (await hasOpenInvitation(db, userId, now)) throw problems.invalidField('email', PENDING_INVITATION);
    await db.insertInto('memberships').values({ team_id: teamId, user_id: userId, role: checkedRole, joined_at: now }).execute();
    return this.member(teamId, userId, db);
  }

  /**
   * The operator's `lookout member add`: adds the user and verifies the account, since the operator
   * vouches for it (contract-2 §H2 rule 17). A user with an open invitation is still refused, as
   * for every addition.
   */
  async addMemberVouched(teamId: string, userId: string, role: string): Promise<MemberRecord> {
    return inTransaction(this.db, async (trx) => {
      const member = await this.addMember(teamId, userId, role, trx);
      await trx.updateTable('users').set({ verified_at: this.clock.now() }).where('id', '=', userId).where('verified_at', 'is', null).execute();
      return member;
    });
  }

  async setRole(teamId: string, userId: string, role: string, db: Kysely<Database> = this.db): Promise<MemberRecord> {
    await this.requireTeam(teamId, db);
    const checkedRole = requireKnownRole(role);
    const result = await db
      .updateTable('memberships')
      .set({ role: checkedRole })
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new Problem('not-found', 'That user is not a member of that team.');
    return this.member(teamId, userId, db);
  }

  /**
   * Removes a member and revokes their tokens for the team, so that adding them back later revives
   * none. A member who never chose a password also loses their unused set-password links: those
   * were made by this team, and must not later act as the user in a team that adds them next.
   */
  async removeMember(teamId: string, userId: string, db: Kysely<Database> = this.db): Promise<void> {
    await this.requireTeam(teamId, db);
    await inTransaction(db, async (trx) => {
      const now = this.clock.now();
      const result = await trx.deleteFrom('memberships').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
      if (result.numDeletedRows === 0n) throw new Problem('not-found', 'That user is not a member of that team.');
      await trx
        .updateTable('access_tokens')
        .set({ revoked_at: now })
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .updateTable('password_setups')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where((eb) => eb.exists(eb.selectFrom('users').select('id').where('id', '=', userId).where('password_hash', 'is', null)))
        .execute();
    });
  }

  /** Serializes changes to a team's memberships (see `lockTeam`). */
  lock(trx: Kysely<Database>, teamId: string): Promise<boolean> {
    return lockTeam(trx, teamId);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  private async member(teamId: string, userId: string, db: Kysely<Database> = this.db): Promise<MemberRecord> {
    const row = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.name', 'u.email', 'u.password_hash', 'u.verified_at', 'm.role', 'm.joined_at'])
      .where('m.team_id', '=', teamId)
      .where('m.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return memberRecord(row);
  }

  private async requireTeam(teamId: string, db: Kysely<Database> = this.db): Promise<void> {
    const team = await db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
    if (!team) throw new Problem('not-found', `No team has the id "${teamId}".`);
  }
}

/** A member is invited (not joined) while the account an invitation made has no password: the operator's accounts are verified from the start. */
function memberRecord(row: {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  verified_at: number | null;
  role: string;
  joined_at: number;
}): MemberRecord {
  const invited = row.password_hash === null && row.verified_at === null;
  return { userId: row.id, name: row.name, email: row.email, role: row.role as Role, joinedAt: iso(row.joined_at), invited };
}

export const PENDING_INVITATION =
  'has not chosen a password yet and their invitation to another team is still open; they can be added once they have chosen one';

/** Whether a user without a password holds a set-password link that still works. */
export async function hasOpenInvitation(db: Kysely<Database>, userId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('password_setups as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select('p.id')
    .where('p.user_id', '=', userId)
    .where('u.password_hash', 'is', null)
    .where('p.used_at', 'is', null)
    .where('p.expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

function requireKnownRole(role: string): Role {
  if (!isRole(role)) throw problems.invalidField('role', `must be one of ${ROLES.join(', ')}`);
  return role;
}

/**
 * Serializes changes to what a team holds (memberships, its monitor count): a no-op write to the
 * team's row, which holds the row lock (PostgreSQL) or the database write lock (SQLite) until the
 * transaction ends. A check made after it (such as "another Owner remains" or "below the monitor
 * cap") stays true until the transaction commits. False when there is no such team.
 */
export async function lockTeam(trx: Kysely<Database>, teamId: string): Promise<boolean> {
  const result = await trx
    .updateTable('teams')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', teamId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
