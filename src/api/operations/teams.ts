import { z } from 'zod';
import { ADMINS, ANY_ROLE } from '../../domain/roles.js';
import type { TeamService } from '../../domain/teams.js';
import { MemberRecord, RenameTeamInput, TeamRecord } from '../../domain/teams.js';
import { listOf, type Operation } from '../operation.js';

export function teamOperations({ teams }: { teams: TeamService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/teams/current',
      operationId: 'getTeam',
      tag: 'Team',
      summary: 'The team the token belongs to, with the role the token acts with.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'The team.', schema: TeamRecord },
      problems: [],
      mcp: {
        name: 'get_team',
        title: 'Get your team',
        description: 'The team your token belongs to, with `tokenRole`: the role (Viewer, Member, Admin, Owner) your calls act with.',
      },
      handler: ({ actor }) => teams.current(actor),
    },
    {
      method: 'PATCH',
      path: '/api/v1/teams/current',
      operationId: 'renameTeam',
      tag: 'Team',
      summary: 'Rename the team, or require two-factor sign-in of its members.',
      description:
        'The new name shows at once in every member’s team switcher and in invitation mails. ' +
        '`requireTwoFactor` is for Owners only (403 for an Admin): members without two-factor sign-in are sent to enrol before anything else in the dashboard.',
      roles: ADMINS,
      body: RenameTeamInput,
      success: { status: 200, description: 'The renamed team.', schema: TeamRecord },
      problems: ['validation', 'forbidden'],
      handler: ({ actor, body }) => teams.rename(actor, body),
    },
    {
      method: 'GET',
      path: '/api/v1/teams/current/members',
      operationId: 'listTeamMembers',
      tag: 'Team',
      summary: 'Every member of the team with role and join date.',
      roles: ANY_ROLE,
      success: { status: 200, description: 'The members, earliest joined first.', schema: z.object({ data: z.array(MemberRecord) }) },
      problems: [],
      mcp: {
        name: 'list_team_members',
        title: 'List team members',
        description: 'Every member of your team with name, email, role (Viewer, Member, Admin, Owner) and join date, earliest joined first.',
      },
      handler: async ({ actor }) => listOf(await teams.members(actor)),
    },
  ];
}
