import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import { isUuid } from './ids.js';
import { Problem, problems } from './problem.js';
import { ADMINS } from './roles.js';
import { ROLES, type Role } from '../shared/vocabulary.js';
import type { SessionService } from './sessions.js';
import { MemberRecord, type TeamService } from './teams.js';
import type { UserService } from './users.js';
import { parseInput, text } from './validation.js';

export const ChangeRoleInput = z.strictObject({
  role: z.enum(ROLES).describe('Member, Admin or Owner. Only an Owner grants or takes away Owner; the last Owner keeps the role.'),
});

export const InviteMemberInput = z.strictObject({
  email: z.email().max(320).describe('The person’s email address. An existing user is added; otherwise a user is created.'),
  role: z.enum(ROLES).default('Member').describe('Member (default), Admin or Owner (Owners only).'),
  name: text(200).optional().describe('A display name for a new user; default the part of the email before @.'),
});

export const InvitedMemberRecord = MemberRecord.extend({
  invitation: z
    .object({
      setPasswordUrl: z.string().describe('A one-time link for the new user to choose a password and sign in. Pass it on; it is shown only in this answer.'),
      expiresAt: z.string(),
    })
    .nullable()
    .describe('Set when the user has no password yet (a new user); null when they can already sign in.'),
});
export type InvitedMemberRecord = z.infer<typeof InvitedMemberRecord>;

const OWNER_ONLY = 'Only an Owner can grant or take away the Owner role.';
const LAST_OWNER_ROLE = 'cannot change: this member is the last Owner of the team; make another member Owner first';
const LAST_OWNER_REMOVE = 'is the last Owner of the team; make another member Owner first';

/**
 * Team membership as members manage it (roles Admin and Owner): change roles, remove, invite.
 * The operator actions underneath (add, set role, remove) are TeamService's; the rules of who may
 * do what to whom are here:
 * - an Admin can neither make nor unmake Owners (nor remove one);
 * - the team's last Owner can be neither demoted nor removed, also when two such changes run at
 *   once (each is judged and written under the team's lock).
 */
export class TeamMemberService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly teams: TeamService,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly publicUrl: string,
  ) {}

  async changeRole(actor: Actor, userId: string, input: unknown): Promise<MemberRecord> {
    requireRole(actor, ADMINS);
    const current = await this.roleOf(actor.teamId, userId);
    const { role } = parseInput(ChangeRoleInput, input);
    if (actor.role !== 'Owner' && (role === 'Owner' || current === 'Owner')) throw new Problem('forbidden', OWNER_ONLY);
    return this.underTeamLock(actor, userId, async (trx, now) => {
      if (now.target === 'Owner' && role !== 'Owner') await this.requireAnotherOwner(trx, actor.teamId, 'role', LAST_OWNER_ROLE);
      if (now.actor !== 'Owner' && (role === 'Owner' || now.target === 'Owner')) throw new Problem('forbidden', OWNER_ONLY);
      return this.teams.setRole(actor.teamId, userId, role, trx);
    });
  }

  async remove(actor: Actor, userId: string): Promise<void> {
    requireRole(actor, ADMINS);
    const current = await this.roleOf(actor.teamId, userId);
    if (actor.role !== 'Owner' && current === 'Owner') throw new Problem('forbidden', OWNER_ONLY);
    await this.underTeamLock(actor, userId, async (trx, now) => {
      if (now.target === 'Owner') await this.requireAnotherOwner(trx, actor.teamId, 'userId', LAST_OWNER_REMOVE);
      if (now.actor !== 'Owner' && now.target === 'Owner') throw new Problem('forbidden', OWNER_ONLY);
      await this.teams.removeMember(actor.teamId, userId, trx);
    });
  }

  /**
   * Adds a person by email. An existing user is added as is and never gets a set-password link
   * (the link would let this team's member act as a user of other teams). A new user is created
   * without a password, in one transaction with the membership and a one-time set-password link
   * (7 days) that the answer carries.
   */
  async invite(actor: Actor, input: unknown): Promise<InvitedMemberRecord> {
    requireRole(actor, ADMINS);
    const { email, role, name } = parseInput(InviteMemberInput, input);
    if (actor.role !== 'Owner' && role === 'Owner') throw new Problem('forbidden', OWNER_ONLY);
    const existing = await this.users.findByEmail(email);
    if (existing) return { ...(await this.addExisting(actor.teamId, existing.id, role)), invitation: null };
    try {
      return await this.db.transaction().execute(async (trx) => {
        const user = await this.users.create({ email, ...(name !== undefined && { name }) }, trx);
        const member = await this.teams.addMember(actor.teamId, user.id, role, trx);
        const setup = await this.sessions.createPasswordSetup(user.id, actor.userId, trx);
        return { ...member, invitation: { setPasswordUrl: `${this.publicUrl}/set-password#${setup.secret}`, expiresAt: setup.expiresAt } };
      });
    } catch (error) {
      // Another team invited the same new email at the same moment and committed first: this
      // answer is then the one for an existing user, without a link.
      const raced = await this.users.findByEmail(email);
      if (!raced) throw error;
      return { ...(await this.addExisting(actor.teamId, raced.id, role)), invitation: null };
    }
  }

  private async addExisting(teamId: string, userId: string, role: Role): Promise<MemberRecord> {
    const already = await this.db.selectFrom('memberships').select('role').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    if (already) throw problems.invalidField('email', 'is already a member of this team');
    return this.teams.addMember(teamId, userId, role);
  }

  /**
   * Runs a change to a member in one transaction that holds the team's lock, with the current
   * roles of the target and of the acting member read under it: two changes made at the same time
   * (two Owners demoting each other) are judged one after the other, never both against the state
   * before either.
   */
  private async underTeamLock<T>(
    actor: Actor,
    userId: string,
    work: (trx: Kysely<Database>, now: { target: Role; actor: Role | undefined }) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.teams.lock(trx, actor.teamId))) throw problems.notFound('member');
      const rows = await trx
        .selectFrom('memberships')
        .select(['user_id', 'role'])
        .where('team_id', '=', actor.teamId)
        .where('user_id', 'in', [userId, actor.userId])
        .execute();
      const target = rows.find((r) => r.user_id === userId)?.role as Role | undefined;
      if (!target) throw problems.notFound('member');
      return work(trx, { target, actor: rows.find((r) => r.user_id === actor.userId)?.role as Role | undefined });
    });
  }

  /** The member's role; 404 for an id that is no member of the team (or no UUID). */
  private async roleOf(teamId: string, userId: string): Promise<Role> {
    if (!isUuid(userId)) throw problems.notFound('member');
    const row = await this.db.selectFrom('memberships').select('role').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw problems.notFound('member');
    return row.role as Role;
  }

  private async requireAnotherOwner(trx: Kysely<Database>, teamId: string, field: string, message: string): Promise<void> {
    const owners = await trx
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('role', '=', 'Owner')
      .executeTakeFirstOrThrow();
    if (owners.n <= 1) throw problems.invalidField(field, message);
  }
}
