import { ChangeRoleInput, InviteMemberInput, InvitedMemberRecord } from '../../domain/team-members.js';
import { ADMINS } from '../../domain/roles.js';
import type { TeamMemberService } from '../../domain/team-members.js';
import { MemberRecord } from '../../domain/teams.js';
import type { Operation } from '../operation.js';

const TAG = 'Team';
const MEMBER = '/api/v1/teams/current/members/{userId}';

/** Members managing members; every rule is in TeamMemberService. */
export function teamMemberOperations({ teamMembers: members }: { teamMembers: TeamMemberService }): Operation[] {
  return [
    {
      method: 'POST',
      path: '/api/v1/teams/current/members',
      operationId: 'inviteTeamMember',
      tag: TAG,
      summary: 'Add a person to the team by email.',
      roles: ADMINS,
      description:
        'Only an Owner can add an Owner. An existing user is added and signs in as before, and the answer never carries a link for them. ' +
        'An existing account that was never verified by email (its password was chosen through a link that was handed to an inviter, not mailed) ' +
        'and that belongs to a team or has a password is refused (400, `email`); so is a user whose invitation to another team is still open. ' +
        'The operator verifies such an account with `lookout user reset` or `lookout member add`. ' +
        'For an email without a user, a user without a password is created with a one-time set-password link (valid 7 days): with SMTP configured ' +
        'the link is only mailed to the address (`invitation.sentTo`), and using it verifies the account; without, the answer carries `invitation.setPasswordUrl` ' +
        'to pass on, and the account stays unverified. When the mail server refuses the mail, nobody is added (503).',
      body: InviteMemberInput,
      success: {
        status: 201,
        description: 'The new member, with where the set-password link went (or the link) when one was made.',
        schema: InvitedMemberRecord,
      },
      problems: ['validation', 'forbidden', 'unavailable'],
      mcp: {
        name: 'invite_team_member',
        title: 'Invite a person to your team',
        description:
          'Adds a person to your team by email, with a role (Member by default; Owner only by an Owner). A new person gets a one-time set-password link: ' +
          'mailed to them when the server has SMTP (`invitation.sentTo`), else answered as `invitation.setPasswordUrl` for you to pass on. ' +
          'An account that was never verified by email and is already in another team is refused on `email`.',
      },
      handler: ({ actor, body }) => members.invite(actor, body),
    },
    {
      method: 'PATCH',
      path: MEMBER,
      operationId: 'changeTeamMemberRole',
      tag: TAG,
      summary: 'Change a member’s role.',
      roles: ADMINS,
      description:
        'An Admin can neither make nor unmake Owners; the last Owner cannot be demoted (400), also by two changes made at once. ' +
        'The member’s tokens and sessions act with the new role at once.',
      body: ChangeRoleInput,
      success: { status: 200, description: 'The member with the new role.', schema: MemberRecord },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: ({ actor, params, body }) => members.changeRole(actor, params.userId!, body),
    },
    {
      method: 'DELETE',
      path: MEMBER,
      operationId: 'removeTeamMember',
      tag: TAG,
      summary: 'Remove a member from the team.',
      roles: ADMINS,
      description: 'An Admin cannot remove an Owner; the last Owner cannot be removed (400). The member’s tokens for this team stop working at once.',
      success: { status: 204, description: 'Removed; no body.' },
      problems: ['validation', 'forbidden', 'not-found'],
      handler: ({ actor, params }) => members.remove(actor, params.userId!),
    },
    {
      method: 'POST',
      path: `${MEMBER}/invitation`,
      operationId: 'resendInvitation',
      tag: TAG,
      summary: 'Make an invited member’s set-password link again.',
      roles: ADMINS,
      description:
        'For a member who has not chosen a password yet (`invited`). The earlier link stops working; the new one is valid 7 days and goes where ' +
        'invitations go: mailed to the address with SMTP configured, else answered as `invitation.setPasswordUrl`. ' +
        'A member who has joined, or whose account belongs to another team as well, is 400 on `userId`; an Admin cannot re-invite an Owner (403).',
      success: { status: 200, description: 'The member, with where the new link went (or the link).', schema: InvitedMemberRecord },
      problems: ['validation', 'forbidden', 'not-found', 'unavailable'],
      handler: ({ actor, params }) => members.resendInvitation(actor, params.userId!),
    },
  ];
}
