import type { SessionService } from '../../domain/sessions.js';
import { ChangePasswordInput } from '../../domain/sessions.js';
import { ANY_ROLE } from '../../domain/roles.js';
import type { UserService } from '../../domain/users.js';
import { ProfileRecord, UpdateProfileInput } from '../../domain/users.js';
import type { Operation } from '../operation.js';

const TAG = 'Account';

/** The signed-in person's own account: name and password. Thin adapters over UserService and SessionService. */
export function accountOperations({ users, sessions }: { users: UserService; sessions: SessionService }): Operation[] {
  return [
    {
      method: 'PATCH',
      path: '/api/v1/account',
      operationId: 'updateAccount',
      tag: TAG,
      summary: 'Change your own name.',
      description: 'Your team and every other team you belong to see the new name at once.',
      roles: ANY_ROLE,
      body: UpdateProfileInput,
      success: { status: 200, description: 'Your account.', schema: ProfileRecord },
      problems: ['validation'],
      handler: ({ actor, body }) => users.updateProfile(actor, body),
    },
    {
      method: 'POST',
      path: '/api/v1/account/password',
      operationId: 'changePassword',
      tag: TAG,
      summary: 'Change your own password, given the current one.',
      description:
        'A wrong `currentPassword` is 400 on that field and counts as a failed sign-in of the account (10 in 15 minutes, then 429). ' +
        'Every other session of yours ends; the one that made the change stays signed in. Personal access tokens keep working.',
      roles: ANY_ROLE,
      body: ChangePasswordInput,
      success: { status: 204, description: 'Changed; no body.' },
      problems: ['validation', 'rate-limited'],
      handler: ({ actor, body }) => sessions.changePassword(actor, body),
    },
  ];
}
