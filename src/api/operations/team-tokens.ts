import { z } from 'zod';
import { ADMINS } from '../../domain/roles.js';
import type { TeamTokenService } from '../../domain/team-tokens.js';
import { TeamTokenRecord } from '../../domain/team-tokens.js';
import { listOf, type Operation } from '../operation.js';

const TAG = 'Team';

/** Admins and Owners overseeing every member's tokens; every rule is in TeamTokenService. */
export function teamTokenOperations({ teamTokens: tokens }: { teamTokens: TeamTokenService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/teams/current/tokens',
      operationId: 'listTeamTokens',
      tag: TAG,
      summary: 'Every member’s active personal access tokens in this team, newest first.',
      roles: ADMINS,
      description: 'The token values themselves are never shown; `parentId` names the token a token was created with.',
      success: { status: 200, description: 'The tokens.', schema: z.object({ data: z.array(TeamTokenRecord) }) },
      problems: ['forbidden'],
      handler: async ({ actor }) => listOf(await tokens.list(actor)),
    },
    {
      method: 'DELETE',
      path: '/api/v1/teams/current/tokens/{id}',
      operationId: 'revokeTeamToken',
      tag: TAG,
      summary: 'Revoke any member’s token: it, and every token created with it, stops working at once.',
      roles: ADMINS,
      description: 'An id that is no active token of this team is not found.',
      success: { status: 204, description: 'Revoked; no body.' },
      problems: ['forbidden', 'not-found'],
      handler: ({ actor, params }) => tokens.revoke(actor, params.id!),
    },
  ];
}
