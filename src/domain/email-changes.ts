import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { requireRole, type Actor } from './actor.js';
import { newId } from './ids.js';
import { NO_ACCOUNT_MAIL, type AccountMail } from './ports/account-mail.js';
import { systemClock, type Clock } from './ports/clock.js';
import { Problem, problems } from './problem.js';
import { ANY_ROLE } from './roles.js';
import type { SessionService } from './sessions.js';
import { iso } from './time.js';
import { parseInput } from './validation.js';

/** How long the confirmation link of a new address works. */
export const EMAIL_CHANGE_MS = 24 * 3_600_000;
const LINK_PATTERN = /^lke_[A-Za-z0-9_-]{43}$/;
const NOT_A_LINK = 'is not a valid confirmation link; it may have been used, replaced by a newer one, or have expired';
const NO_MAIL = 'Changing your address needs a mail server to confirm the new one; ask the operator to set SMTP_URL.';
const MAIL_FAILED = 'The confirmation could not be mailed, so nothing changed; try again later, or ask the operator to check SMTP_URL.';

export const EmailChangeInput = z.strictObject({
  newEmail: z.email().max(320).describe('The address to sign in with from now on: it changes once the link mailed to it is opened.'),
  currentPassword: z.string().min(1).max(1024).describe('The password the account signs in with now.'),
});

export const ConfirmEmailInput = z.strictObject({
  token: z.string().min(1).max(200).describe('The secret from the confirmation link (the part after `#`).'),
});

export const EmailChangeRecord = z.object({
  sentTo: z.string().describe('The new address the one-time confirmation link was mailed to.'),
  expiresAt: z.string().describe('When the link stops working (24 hours).'),
});

export const ConfirmedEmailRecord = z.object({
  email: z.string().describe('The address the account signs in with from now on.'),
});

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The dashboard page that takes a confirmation link's secret (in the fragment, never sent to a server log). */
export function confirmEmailUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/confirm-email#${secret}`;
}

/**
 * A person's own sign-in address. It changes only through a link mailed to the new address, as an
 * invitation verifies an account (contract-2 §H2 rule 17): an address nobody has confirmed never
 * becomes a way into the account, and a mistyped one changes nothing. Asking needs the current
 * password; confirming ends every session of the account, which signs in again with the new address.
 */
export class EmailChangeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: Pick<SessionService, 'checkOwnPassword'>,
    private readonly publicUrl: string,
    private readonly mail: AccountMail = NO_ACCOUNT_MAIL,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Mails a confirmation link to the new address; the account keeps its address until it is opened. */
  async request(actor: Actor, input: unknown): Promise<z.infer<typeof EmailChangeRecord>> {
    requireRole(actor, ANY_ROLE);
    const { newEmail, currentPassword } = parseInput(EmailChangeInput, input);
    if (!this.mail.configured) throw new Problem('unavailable', NO_MAIL);
    await this.sessions.checkOwnPassword(actor, currentPassword);
    const address = newEmail.toLowerCase();
    const user = await this.db.selectFrom('users').select('email').where('id', '=', actor.userId).executeTakeFirstOrThrow();
    if (address === user.email) throw problems.invalidField('newEmail', 'is already your address');
    if (await this.taken(address)) throw problems.invalidField('newEmail', 'is already the address of another account');
    const now = this.clock.now();
    const secret = `lke_${randomBytes(32).toString('base64url')}`;
    const id = newId(now);
    await this.db.transaction().execute(async (trx) => {
      // One pending change per account: a newer request replaces the link of an earlier one.
      await trx.deleteFrom('email_changes').where('user_id', '=', actor.userId).execute();
      await trx
        .insertInto('email_changes')
        .values({
          id,
          user_id: actor.userId,
          new_email: address,
          token_hash: digest(secret),
          created_at: now,
          expires_at: now + EMAIL_CHANGE_MS,
          used_at: null,
        })
        .execute();
    });
    const expiresAt = iso(now + EMAIL_CHANGE_MS);
    try {
      await this.mail.sendEmailChangeLink({ to: address, url: confirmEmailUrl(this.publicUrl, secret), expiresAt, from: user.email });
    } catch {
      await this.db.deleteFrom('email_changes').where('id', '=', id).execute();
      throw new Problem('unavailable', MAIL_FAILED);
    }
    return { sentTo: address, expiresAt };
  }

  /** Opens a confirmation link: the address changes, the account is verified, its sessions end. */
  async confirm(input: unknown): Promise<z.infer<typeof ConfirmedEmailRecord>> {
    const { token } = parseInput(ConfirmEmailInput, input);
    const now = this.clock.now();
    const change = LINK_PATTERN.test(token)
      ? await this.db
          .selectFrom('email_changes')
          .select(['id', 'user_id', 'new_email', 'expires_at'])
          .where('token_hash', '=', digest(token))
          .where('used_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!change || change.expires_at <= now) throw problems.invalidField('token', NOT_A_LINK);
    // Another account may have taken the address since the link was sent.
    if (await this.taken(change.new_email, change.user_id)) throw problems.invalidField('token', 'names an address another account has taken since');
    await this.db.transaction().execute(async (trx) => {
      const claimed = await trx.updateTable('email_changes').set({ used_at: now }).where('id', '=', change.id).where('used_at', 'is', null).executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) throw problems.invalidField('token', NOT_A_LINK);
      // The new address's mailbox was reached: the account is verified for it.
      await trx.updateTable('users').set({ email: change.new_email, verified_at: now }).where('id', '=', change.user_id).execute();
      await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', change.user_id).where('revoked_at', 'is', null).execute();
    });
    return { email: change.new_email };
  }

  private async taken(address: string, exceptUserId?: string): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('email', '=', address);
    if (exceptUserId) query = query.where('id', '<>', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }
}
