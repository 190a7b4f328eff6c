import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { AccountMail, EmailChangeMail, SetPasswordMail } from '../domain/ports/account-mail.js';
import { Mailer } from './mailer.js';
import { escapeHtml } from '../shared/html.js';

/**
 * Mail to an account's own address (set-password links of invitations) through the SMTP server of
 * `SMTP_URL`, held to the target policy like alert mail. Sent while the request waits, so the
 * inviter learns at once when the mail server refused it.
 */
export class AccountMailer implements AccountMail {
  private readonly mailer: Mailer;
  private readonly host: string;

  constructor(
    settings: Pick<Config, 'smtpUrl' | 'publicUrl' | 'targetPolicy'>,
    timeoutMs: number,
    private readonly logger?: Logger,
  ) {
    this.mailer = new Mailer(settings.smtpUrl, { publicUrl: settings.publicUrl, timeoutMs, targetPolicy: settings.targetPolicy });
    this.host = new URL(settings.publicUrl).hostname;
  }

  get configured(): boolean {
    return this.mailer.configured;
  }

  async sendSetPasswordLink(mail: SetPasswordMail): Promise<void> {
    await this.send(mail.to, setPasswordMessage(mail), 'invitation mail not sent');
  }

  async sendEmailChangeLink(mail: EmailChangeMail): Promise<void> {
    await this.send(mail.to, emailChangeMessage(mail), 'address confirmation mail not sent');
  }

  private async send(to: string, message: { subject: string; text: string; html: string }, failure: string): Promise<void> {
    const result = await this.mailer.send([to], message, {}, `<${randomUUID()}@${this.host}>`);
    if (!result.ok) {
      // The reason is for the operator; the inviter is told only that the mail did not go.
      this.logger?.warn({ reason: result.error }, failure);
      throw new Error(result.error ?? 'the mail was not sent');
    }
  }
}

/** The invitation: who invited them to which team, the link, and until when it works. */
export function setPasswordMessage(mail: SetPasswordMail): { subject: string; text: string; html: string } {
  const until = new Date(mail.expiresAt).toUTCString();
  const intro = `${mail.invitedBy} added you to the team "${mail.teamName}" on Lookout.`;
  const ask = 'Choose a password to sign in with this one-time link';
  const ignore = 'If you did not expect this, ignore this mail: nothing happens unless the link is used.';
  return {
    subject: `Choose your Lookout password (team "${mail.teamName}")`,
    text: `${intro}\n\n${ask} (it works until ${until}):\n\n${mail.url}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)} (it works until ${escapeHtml(until)}):</p>` +
      `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(mail.url)}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}

/** The confirmation of a new sign-in address: which account asks, the link, and until when it works. */
export function emailChangeMessage(mail: EmailChangeMail): { subject: string; text: string; html: string } {
  const until = new Date(mail.expiresAt).toUTCString();
  const intro = `The Lookout account ${mail.from} asked to sign in with this address from now on.`;
  const ask = 'Confirm it with this one-time link';
  const ignore = 'If you did not ask for this, ignore this mail: the account keeps its address unless the link is used.';
  return {
    subject: 'Confirm your new Lookout sign-in address',
    text: `${intro}\n\n${ask} (it works until ${until}):\n\n${mail.url}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)} (it works until ${escapeHtml(until)}):</p>` +
      `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(mail.url)}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}
