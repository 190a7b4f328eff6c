import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import { isUuid } from './ids.js';
import { Problem, problems } from './problem.js';
import { ADMINS } from './roles.js';
import { ROLES, type Role } from '../shared/vocabulary.js';
import { NO_ACCOUNT_MAIL, type AccountMail } from './ports/account-mail.js';
import { setPasswordUrl, type SessionService } from './sessions.js';
import { MemberRecord, type TeamService } from './teams.js';
import type { UserAccount, UserService } from './users.js';
import { parseInput, text } from './validation.js';

export const ChangeRoleInput = z.strictObject({
  role: z.enum(ROLES).describe('Viewer (reads only), Member, Admin or Owner. Only an Owner grants or takes away Owner; the last Owner keeps the role.'),
});

export const InviteMemberInput = z.strictObject({
  email: z.email().max(320).describe('The person’s email address. An existing user is added; otherwise a user is created.'),
  role: z.enum(ROLES).default('Member').describe('Viewer (reads everything, changes nothing), Member (default), Admin or Owner (Owners only).'),
  name: text(200).optional().describe('A display name for a new user; default the part of the email before @.'),
});

const LinkInvitation = z
  .object({
    setPasswordUrl: z
      .string()
      .describe(
        'A one-time link for the new user to choose a password and sign in. Pass it on; it is shown only in this answer. Using it does not verify the account.',
      ),
    expiresAt: z.string(),
  })
  .describe('No mail server is configured: the link is answered to the inviter to pass on.');

const MailedInvitation = z
  .object({
    sentTo: z.string().describe('The address the one-time set-password link was mailed to; the link is in no answer.'),
    expiresAt: z.string(),
  })
  .describe('SMTP is configured: the link went only to the person’s mailbox, and using it verifies the account.');

export const InvitedMemberRecord = MemberRecord.extend({
  invitation: z
    .union([MailedInvitation, LinkInvitation])
    .nullable()
    .describe('Set when the user has no password yet (a new user): where the link went, or the link itself; null when they can already sign in.'),
});
export type InvitedMemberRecord = z.infer<typeof InvitedMemberRecord>;

/** Names no team: the refusal must not tell the inviter where else the address is known. */
export const UNVERIFIED_ACCOUNT = 'this address has an account that was never verified by email; the operator can reset it';
const MAIL_FAILED = 'The invitation could not be mailed, so nobody was added; try again later, or ask the operator to check SMTP_URL.';

const OWNER_ONLY = 'Only an Owner can grant or take away the Owner role.';
const LAST_OWNER_ROLE = 'cannot change: this member is the last Owner of the team; make another member Owner first';
const LAST_OWNER_REMOVE = 'is the last Owner of the team; make another member Owner first';
const NOT_INVITED = 'has already chosen a password and joined; there is no invitation to make again';
/** Names no team, like UNVERIFIED_ACCOUNT: the refusal must not tell where else the account is. */
const HELD_ELSEWHERE = 'belongs to another team as well; the operator can reset their account';

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
    /** Where set-password links go when SMTP is configured. */
    private readonly mail: AccountMail = NO_ACCOUNT_MAIL,
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
      if (now.target === 'Owner') await this.requireAnotherOwner(trx, actor.teamId, 'userId', LAST_OWNER_REMOVE, (name) => `${name} ${LAST_OWNER_REMOVE}.`);
      if (now.actor !== 'Owner' && now.target === 'Owner') throw new Problem('forbidden', OWNER_ONLY);
      await this.teams.removeMember(actor.teamId, userId, trx);
    });
  }

  /**
   * Adds a person by email. An existing user is added as is and never gets a set-password link
   * (the link would let this team's member act as a user of other teams), and an unverified one
   * that another team holds, or whose password was chosen through a link nobody mailed, is
   * refused: whoever chose that password may not be its owner (contract-2 §H2 rule 17).
   * A new user is created without a password, in one transaction with the membership and a
   * one-time set-password link (7 days). With SMTP configured the link is only mailed to the
   * address, and using it verifies the account; without, the answer carries it.
   */
  async invite(actor: Actor, input: unknown): Promise<InvitedMemberRecord> {
    requireRole(actor, ADMINS);
    const { email, role, name } = parseInput(InviteMemberInput, input);
    if (actor.role !== 'Owner' && role === 'Owner') throw new Problem('forbidden', OWNER_ONLY);
    const existing = await this.users.findByEmail(email);
    if (existing) return { ...(await this.addExisting(actor.teamId, existing, role)), invitation: null };
    const mailed = this.mail.configured;
    let created: { member: MemberRecord; setup: { secret: string; expiresAt: string } };
    try {
      created = await this.db.transaction().execute(async (trx) => {
        const user = await this.users.createInvited({ email, ...(name !== undefined && { name }) }, trx);
        const member = await this.teams.addMember(actor.teamId, user.id, role, trx);
        const setup = await this.sessions.createPasswordSetup(user.id, { createdBy: actor.userId, verifies: mailed }, trx);
        return { member, setup };
      });
    } catch (error) {
      // Another team invited the same new email at the same moment and committed first: this
      // answer is then the one for an existing user, without a link.
      const raced = await this.users.findByEmail(email);
      if (!raced) throw error;
      return { ...(await this.addExisting(actor.teamId, raced, role)), invitation: null };
    }
    const { member, setup } = created;
    const url = setPasswordUrl(this.publicUrl, setup.secret);
    if (!mailed) return { ...member, invitation: { setPasswordUrl: url, expiresAt: setup.expiresAt } };
    try {
      await this.mail.sendSetPasswordLink({ to: member.email, url, expiresAt: setup.expiresAt, ...(await this.invitationContext(actor)) });
    } catch {
      // Nobody can use a link that never left: undo the invitation, so that it can be made again.
      await this.withdrawInvitation(member.userId);
      throw new Problem('unavailable', MAIL_FAILED);
    }
    return { ...member, invitation: { sentTo: member.email, expiresAt: setup.expiresAt } };
  }

  private async addExisting(teamId: string, user: UserAccount, role: Role): Promise<MemberRecord> {
    const memberships = await this.db.selectFrom('memberships').select('team_id').where('user_id', '=', user.id).execute();
    if (memberships.some((m) => m.team_id === teamId)) throw problems.invalidField('email', 'is already a member of this team');
    if (user.verifiedAt === null && (memberships.length > 0 || user.passwordHash !== null)) throw problems.invalidField('email', UNVERIFIED_ACCOUNT);
    return this.teams.addMember(teamId, user.id, role);
  }

  /** What the invitation mail says about where it comes from: the team and the inviter. */
  private async invitationContext(actor: Actor): Promise<{ teamName: string; invitedBy: string }> {
    const team = await this.db.selectFrom('teams').select('name').where('id', '=', actor.teamId).executeTakeFirst();
    const inviter = await this.db.selectFrom('users').select(['name', 'email']).where('id', '=', actor.userId).executeTakeFirst();
    return { teamName: team?.name ?? 'a team', invitedBy: inviter ? `${inviter.name} <${inviter.email}>` : 'a team member' };
  }

  /** Removes a user this invitation has just created (nobody else can hold it: it has no password and no delivered link). */
  private async withdrawInvitation(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('password_setups').where('user_id', '=', userId).execute();
      await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
      await trx.deleteFrom('users').where('id', '=', userId).where('password_hash', 'is', null).where('verified_at', 'is', null).execute();
    });
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

  /**
   * Refuses when the team has one Owner left. `detail` words the refusal as a sentence for people
   * (the member's name in it) where a field name would mean nothing to them.
   */
  private async requireAnotherOwner(trx: Kysely<Database>, teamId: string, field: string, message: string, detail?: (name: string) => string): Promise<void> {
    const owners = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.name')
      .where('m.team_id', '=', teamId)
      .where('m.role', '=', 'Owner')
      .limit(2)
      .execute();
    if (owners.length > 1) return;
    if (!detail) throw problems.invalidField(field, message);
    throw new Problem('validation', detail(owners[0]?.name ?? 'This member'), { errors: [{ field, message }] });
  }

  /**
   * Makes an invited member's set-password link again (the earlier one stops working): mailed with
   * SMTP configured, else answered to pass on, as the invitation was. Only for a member an
   * invitation made who has not chosen a password yet and belongs to no other team: a link acts as
   * the account wherever it is. (An account the operator made is theirs to reset.)
   */
  async resendInvitation(actor: Actor, userId: string): Promise<InvitedMemberRecord> {
    requireRole(actor, ADMINS);
    const role = await this.roleOf(actor.teamId, userId);
    if (actor.role !== 'Owner' && role === 'Owner') throw new Problem('forbidden', OWNER_ONLY);
    const user = await this.db.selectFrom('users').select(['password_hash', 'verified_at']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.password_hash !== null || user.verified_at !== null) throw problems.invalidField('userId', NOT_INVITED);
    const teams = await this.db.selectFrom('memberships').select('team_id').where('user_id', '=', userId).execute();
    if (teams.some((t) => t.team_id !== actor.teamId)) throw problems.invalidField('userId', HELD_ELSEWHERE);
    const mailed = this.mail.configured;
    const setup = await this.sessions.createPasswordSetup(userId, { createdBy: actor.userId, verifies: mailed });
    const member = (await this.teams.members(actor)).find((m) => m.userId === userId);
    if (!member) throw problems.notFound('member');
    const url = setPasswordUrl(this.publicUrl, setup.secret);
    if (!mailed) return { ...member, invitation: { setPasswordUrl: url, expiresAt: setup.expiresAt } };
    try {
      await this.mail.sendSetPasswordLink({ to: member.email, url, expiresAt: setup.expiresAt, ...(await this.invitationContext(actor)) });
    } catch {
      // The new link never left, and the old one no longer works: nothing to undo but to say so.
      throw new Problem('unavailable', 'The invitation could not be mailed; try again later, or ask the operator to check SMTP_URL.');
    }
    return { ...member, invitation: { sentTo: member.email, expiresAt: setup.expiresAt } };
  }
}
