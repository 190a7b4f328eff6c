import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import { isUuid } from './ids.js';
import { Problem, problems } from './problem.js';
import { ADMINS, ROLES, type Role } from './roles.js';
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
      setPasswordUrl: z
        .string()
        .describe('A one-time link for the new user to choose a password and sign in. Pass it on; it is shown only in this answer.'),
      expiresAt: z.string(),
    })
    .nullable()
    .describe('Set when the user has no password yet (a new user); null when they can already sign in.'),
});
export type InvitedMemberRecord = z.infer<typeof InvitedMemberRecord>;

const OWNER_ONLY = 'Only an Owner can grant or take away the Owner role.';

/**
 * Team membership as members manage it (roles Admin and Owner): change roles, remove, invite.
 * The operator actions underneath (add, set role, remove) are TeamService's; the rules of who may
 * do what to whom are here:
 * - an Admin can neither make nor unmake Owners (nor remove one);
 * - the team's last Owner can be neither demoted nor removed.
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
    if (current === 'Owner' && role !== 'Owner') await this.requireAnotherOwner(actor.teamId, 'role', 'cannot change: this member is the last Owner of the team; make another member Owner first');
    return this.teams.setRole(actor.teamId, userId, role);
  }

  async remove(actor: Actor, userId: string): Promise<void> {
    requireRole(actor, ADMINS);
    const current = await this.roleOf(actor.teamId, userId);
    if (actor.role !== 'Owner' && current === 'Owner') throw new Problem('forbidden', OWNER_ONLY);
    if (current === 'Owner') await this.requireAnotherOwner(actor.teamId, 'userId', 'is the last Owner of the team; make another member Owner first');
    await this.teams.removeMember(actor.teamId, userId);
  }

  /**
   * Adds a person by email. An existing user is added as is; a new one is created without a
   * password, and the answer carries a one-time set-password link (7 days) for them.
   */
  async invite(actor: Actor, input: unknown): Promise<InvitedMemberRecord> {
    requireRole(actor, ADMINS);
    const { email, role, name } = parseInput(InviteMemberInput, input);
    if (actor.role !== 'Owner' && role === 'Owner') throw new Problem('forbidden', OWNER_ONLY);
    let user = await this.users.findByEmail(email);
    if (user) {
      const already = await this.db
        .selectFrom('memberships')
        .select('role')
        .where('team_id', '=', actor.teamId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (already) throw problems.invalidField('email', 'is already a member of this team');
    } else {
      user = { ...(await this.users.create({ email, ...(name !== undefined && { name }) })), passwordHash: null };
    }
    const member = await this.teams.addMember(actor.teamId, user.id, role);
    let invitation: InvitedMemberRecord['invitation'] = null;
    if (user.passwordHash === null) {
      const setup = await this.sessions.createPasswordSetup(user.id, actor.userId);
      invitation = { setPasswordUrl: `${this.publicUrl}/set-password#${setup.secret}`, expiresAt: setup.expiresAt };
    }
    return { ...member, invitation };
  }

  /** The member's role; 404 for an id that is no member of the team (or no UUID). */
  private async roleOf(teamId: string, userId: string): Promise<Role> {
    if (!isUuid(userId)) throw problems.notFound('member');
    const row = await this.db
      .selectFrom('memberships')
      .select('role')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw problems.notFound('member');
    return row.role as Role;
  }

  private async requireAnotherOwner(teamId: string, field: string, message: string): Promise<void> {
    const owners = await this.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('role', '=', 'Owner')
      .executeTakeFirstOrThrow();
    if (Number(owners.n) <= 1) {
      throw problems.invalidField(field, message);
    }
  }
}
