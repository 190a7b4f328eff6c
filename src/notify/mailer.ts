import type { Transporter } from 'nodemailer';
import type { EmailMessage } from '../domain/alerts/messages.js';
import type { PostResult } from './http-post.js';

/**
 * Mail for `email` channels through the SMTP server of `SMTP_URL` (nodemailer URL form, e.g.
 * `smtp://user:pass@mail.example.com:587` or `smtps://…:465`). An optional `from` query
 * parameter sets the sender; the default is `Lookout <lookout@<host of PUBLIC_URL>>`.
 * Without SMTP_URL every email delivery fails with a message saying so.
 */
export class Mailer {
  private transport: Transporter | null = null;
  private readonly from: string;
  private readonly url: string | null = null;
  /** Why no mail can be sent, or null when SMTP_URL is usable. */
  private readonly unusable: string | null = null;
  private readonly timeoutMs: number;

  constructor(smtpUrl: string | null, options: { publicUrl: string; timeoutMs: number }) {
    this.from = `Lookout <lookout@${new URL(options.publicUrl).hostname}>`;
    this.timeoutMs = options.timeoutMs;
    if (!smtpUrl) {
      this.unusable = 'smtp-not-configured: set SMTP_URL to send email alerts';
      return;
    }
    try {
      const parsed = new URL(smtpUrl);
      this.from = parsed.searchParams.get('from') ?? this.from;
      parsed.searchParams.delete('from');
      this.url = parsed.toString();
    } catch {
      this.unusable = 'smtp-not-configured: SMTP_URL is not a URL (smtp://user:password@host:port or smtps://…)';
    }
  }

  async send(to: string[], message: EmailMessage, headers: Record<string, string>, messageId: string): Promise<PostResult> {
    if (this.unusable || !this.url) return { ok: false, statusCode: null, error: this.unusable };
    try {
      // Loaded on the first mail only: most processes (the CLI, API-only nodes) never send one.
      const { default: nodemailer } = await import('nodemailer');
      // One transport, one connection per message (no pool): nothing stays open between alerts.
      this.transport ??= nodemailer.createTransport({
        url: this.url,
        connectionTimeout: this.timeoutMs,
        greetingTimeout: this.timeoutMs,
        socketTimeout: this.timeoutMs,
      });
      await this.transport.sendMail({ from: this.from, to, subject: message.subject, text: message.text, html: message.html, headers, messageId });
      return { ok: true, statusCode: null, error: null };
    } catch (error) {
      const e = error as { code?: string; responseCode?: number; message?: string };
      return { ok: false, statusCode: null, error: `smtp: ${e.responseCode ? `${e.responseCode} ` : ''}${e.message ?? String(error)}` };
    }
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}
