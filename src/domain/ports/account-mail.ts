/** A set-password link to be mailed to the address of the account it acts for. */
export interface SetPasswordMail {
  to: string;
  url: string;
  /** ISO time after which the link no longer works. */
  expiresAt: string;
  /** The team the person was invited to, named in the mail (never in any answer to a member). */
  teamName: string;
  /** Who invited them, by name and email. */
  invitedBy: string;
}

/** A link that confirms a new sign-in address, mailed to that new address. */
export interface EmailChangeMail {
  to: string;
  url: string;
  expiresAt: string;
  /** The address it replaces, named so that the reader knows which account asks. */
  from: string;
}

/**
 * Mail to an account's own address. When it is configured (SMTP), an invitation's set-password
 * link goes only there: whoever uses it has read that mailbox, which verifies the account.
 * A port of the domain; src/notify implements it with the installation's SMTP server.
 */
export interface AccountMail {
  /** Whether mail can be sent at all (SMTP configured). */
  readonly configured: boolean;
  /** Sends the link; rejects with a readable message when the SMTP server does not take it. */
  sendSetPasswordLink(mail: SetPasswordMail): Promise<void>;
  /** Sends the confirmation of a new address; rejects like `sendSetPasswordLink`. */
  sendEmailChangeLink(mail: EmailChangeMail): Promise<void>;
}

/** No mail: links are handed to whoever made them, and using one verifies nothing. */
export const NO_ACCOUNT_MAIL: AccountMail = {
  configured: false,
  sendSetPasswordLink: () => Promise.reject(new Error('smtp-not-configured: set SMTP_URL to send mail')),
  sendEmailChangeLink: () => Promise.reject(new Error('smtp-not-configured: set SMTP_URL to send mail')),
};
