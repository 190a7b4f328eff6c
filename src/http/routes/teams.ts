import { z } from 'zod';
import type { Services } from '../../composition/services.js';
import { MemberRecord, TeamRecord } from '../../domain/teams.js';
import { listOf, type ApiRoute } from '../api-route.js';

export function teamRoutes(services: Services): ApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/teams/current',
      operationId: 'getTeam',
      tag: 'Team',
      summary: 'The team the token belongs to, with the role the token acts with.',
      success: { status: 200, description: 'The team.', schema: TeamRecord },
      problems: [],
      handler: ({ actor }) => services.teams.current(actor),
    },
    {
      method: 'GET',
      path: '/api/v1/teams/current/members',
      operationId: 'listTeamMembers',
      tag: 'Team',
      summary: 'Every member of the team with role and join date.',
      success: { status: 200, description: 'The members, earliest joined first.', schema: z.object({ data: z.array(MemberRecord) }) },
      problems: [],
      handler: async ({ actor }) => listOf(await services.teams.members(actor)),
    },
  ];
}
