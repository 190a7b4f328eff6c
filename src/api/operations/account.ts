import type { SessionService } from '../../domain/sessions.js';
import { ChangePasswordInput } from '../../domain/sessions.js';
import { ACCOUNT_HOLDERS } from '../../domain/roles.js';
import type { UserService } from '../../domain/users.js';
import { ProfileRecord, UpdateProfileInput } from '../../domain/users.js';
import type { Operation } from '../operation.js';
import { ConfirmEmailInput, ConfirmedEmailRecord, EmailChangeInput, EmailChangeRecord, type EmailChangeService } from '../../domain/email-changes.js';

const TAG = 'Account';

/** The signed-in person's own account: name and password. Thin adapters over UserService and SessionService. */
export function accountOperations({
  users,
  sessions,
  emailChanges,
}: {
  users: UserService;
  sessions: SessionService;
  emailChanges: EmailChangeService;
}): Operation[] {
  return [
    {
      method: 'PATCH',
      path: '/api/v1/account',
      operationId: 'updateAccount',
      tag: TAG,
      summary: 'Change your own name.',
      description: 'Your team and every other team you belong to see the new name at once.',
      roles: ACCOUNT_HOLDERS,
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
      roles: ACCOUNT_HOLDERS,
      body: ChangePasswordInput,
      success: { status: 204, description: 'Changed; no body.' },
      problems: ['validation', 'rate-limited'],
      handler: ({ actor, body }) => sessions.changePassword(actor, body),
    },
    {
      method: 'POST',
      path: '/api/v1/account/email',
      operationId: 'requestEmailChange',
      tag: TAG,
      summary: 'Ask to sign in with another address: a confirmation link is mailed to it.',
      description:
        'Needs the current password (a wrong one counts as a failed sign-in) and a mail server (`SMTP_URL`; without, 503). ' +
        'The address does not change until the one-time link mailed to the new address is opened (24 hours; a newer request replaces it). ' +
        'An address of another account is 400 on `newEmail`.',
      roles: ACCOUNT_HOLDERS,
      body: EmailChangeInput,
      success: { status: 202, description: 'The link was mailed; nothing changed yet.', schema: EmailChangeRecord },
      problems: ['validation', 'rate-limited', 'unavailable'],
      handler: ({ actor, body }) => emailChanges.request(actor, body),
    },
    {
      method: 'POST',
      path: '/api/v1/account/email/confirm',
      operationId: 'confirmEmailChange',
      tag: TAG,
      summary: 'Confirm a new sign-in address with the link mailed to it.',
      description:
        'No token needed: `token` is the secret after `#` in the link. The account signs in with the new address from now on and is verified; ' +
        'every session of it ends (sign in again). A link works once and for 24 hours.',
      roles: 'public',
      body: ConfirmEmailInput,
      success: { status: 200, description: 'The address changed.', schema: ConfirmedEmailRecord },
      problems: ['validation'],
      handler: ({ body }) => emailChanges.confirm(body),
    },
  ];
}
