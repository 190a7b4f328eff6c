import net from 'node:net';
import type { Transporter } from 'nodemailer';
import { assertHostAllowed, createPolicyLookup, type TargetPolicy } from '../net/target-policy.js';
import type { EmailMessage } from '../domain/alerts/messages.js';
import type { PostResult } from './http-post.js';

/**
 * Mail for `email` channels through the SMTP server of `SMTP_URL` (nodemailer URL form, e.g.
 * `smtp://user:pass@mail.example.com:587` or `smtps://…:465`). An optional `from` query
 * parameter sets the sender; the default is `Lookout <lookout@<host of PUBLIC_URL>>`.
 * Without SMTP_URL every email delivery fails with a message saying so. The SMTP server is held
 * to the target policy like any other destination: its address is judged when connecting.
 */
export class Mailer {
  private transport: Transporter | null = null;
  private readonly from: string;
  private readonly url: string | null = null;
  /** Why no mail can be sent, or null when SMTP_URL is usable. */
  private readonly unusable: string | null = null;
  private readonly timeoutMs: number;
  private readonly targetPolicy: TargetPolicy;

  constructor(smtpUrl: string | null, options: { publicUrl: string; timeoutMs: number; targetPolicy: TargetPolicy }) {
    this.from = `Lookout <lookout@${new URL(options.publicUrl).hostname}>`;
    this.timeoutMs = options.timeoutMs;
    this.targetPolicy = options.targetPolicy;
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

  /** Whether SMTP_URL is set and usable: mail can at least be tried. */
  get configured(): boolean {
    return this.unusable === null && this.url !== null;
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
        getSocket: (options, callback) => this.connect(options.host, options.port, options.secure === true, callback),
      });
      await this.transport.sendMail({ from: this.from, to, subject: message.subject, text: message.text, html: message.html, headers, messageId });
      return { ok: true, statusCode: null, error: null };
    } catch (error) {
      const e = error as { code?: string; responseCode?: number; message?: string };
      if (e.code === 'ERR_TARGET_BLOCKED') return { ok: false, statusCode: null, error: `target-blocked: ${e.message ?? ''}` };
      return { ok: false, statusCode: null, error: `smtp: ${e.responseCode ? `${e.responseCode} ` : ''}${e.message ?? String(error)}` };
    }
  }

  /**
   * Opens the TCP connection to the SMTP server for nodemailer, which then speaks SMTP (and TLS,
   * for smtps or STARTTLS) over it. The host is judged by the target policy before connecting and
   * every address it resolves to when connecting, as for checks, so the mail relay cannot be
   * pointed at an address the installation refuses.
   */
  private connect(
    host: string | undefined,
    port: number | string | undefined,
    secure: boolean,
    callback: (error: Error | null, options?: { connection: net.Socket }) => void,
  ): void {
    const target = host ?? 'localhost';
    try {
      assertHostAllowed(target, this.targetPolicy);
    } catch (error) {
      callback(error as Error);
      return;
    }
    // nodemailer's own default ports.
    const socket = net.connect({ host: target, port: Number(port) || (secure ? 465 : 587), lookup: createPolicyLookup(this.targetPolicy) });
    const timer = setTimeout(() => socket.destroy(new Error(`connection timeout: no connection within ${this.timeoutMs} ms`)), this.timeoutMs);
    const failed = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      callback(error);
    };
    socket.once('error', failed);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeListener('error', failed);
      callback(null, { connection: socket });
    });
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}
