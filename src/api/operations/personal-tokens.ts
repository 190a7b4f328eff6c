import { z } from 'zod';
import { CreateTokenInput, CreatedTokenRecord, PersonalTokenRecord } from '../../domain/personal-tokens.js';
import { ACCOUNT_HOLDERS, ANY_ROLE } from '../../domain/roles.js';
import type { PersonalTokenService } from '../../domain/personal-tokens.js';
import { listOf, type Operation } from '../operation.js';

const TAG = 'Tokens';

/** The caller's own personal access tokens; every rule is in PersonalTokenService. */
export function personalTokenOperations({ personalTokens: tokens }: { personalTokens: PersonalTokenService }): Operation[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/tokens',
      operationId: 'listTokens',
      tag: TAG,
      summary: 'Your active personal access tokens in this team, newest first, with when each was last used.',
      roles: ANY_ROLE,
      description: 'Only your own tokens; the token values themselves are never shown again.',
      success: { status: 200, description: 'The tokens.', schema: z.object({ data: z.array(PersonalTokenRecord) }) },
      problems: [],
      handler: async ({ actor }) => listOf(await tokens.list(actor)),
    },
    {
      method: 'POST',
      path: '/api/v1/tokens',
      operationId: 'createToken',
      tag: TAG,
      summary: 'Create a personal access token for yourself in this team. The token is shown only in this answer.',
      roles: ACCOUNT_HOLDERS,
      description: 'The token acts with your current role in this team. At most 50 active tokens per member and team.',
      body: CreateTokenInput,
      success: { status: 201, description: 'The created token, with `token` shown this once.', schema: CreatedTokenRecord },
      problems: ['validation', 'forbidden'],
      handler: ({ actor, body }) => tokens.create(actor, body),
    },
    {
      method: 'DELETE',
      path: '/api/v1/tokens/{id}',
      operationId: 'revokeToken',
      tag: TAG,
      summary: 'Revoke one of your tokens: it stops working at once.',
      roles: ACCOUNT_HOLDERS,
      description: 'Only your own tokens (any other id is not found).',
      success: { status: 204, description: 'Revoked; no body.' },
      problems: ['forbidden', 'not-found'],
      handler: ({ actor, params }) => tokens.revoke(actor, params.id!),
    },
  ];
}
