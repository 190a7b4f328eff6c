import { escapeHtml } from '../../shared/html.js';
import { INCIDENT_STATUS_TEXT } from '../../shared/vocabulary.js';
import type { EmailMessage } from '../alerts/messages.js';
import type { NoticeContent } from './notices.js';

/*
 * The words subscribers read: one email per notice (a plain-text and an HTML part, the
 * unsubscribe link in both), the confirmation email, and the JSON a webhook subscriber receives.
 * Times are written in UTC with the zone named: a mail is read anywhere.
 */

const MAINTENANCE_WORDS = {
  'maintenance.scheduled': ['Maintenance scheduled', 'is scheduled'],
  'maintenance.started': ['Maintenance started', 'has started'],
  'maintenance.ended': ['Maintenance ended', 'has ended'],
} as const;

/** `2026-11-21T09:40:12.000Z` → `2026-11-21 09:40 UTC` */
function when(isoTime: string): string {
  return `${isoTime.slice(0, 10)} ${isoTime.slice(11, 16)} UTC`;
}

/** The headline and the lines of a notice, shared by both parts of the mail. */
function describe(notice: NoticeContent): { subject: string; heading: string; lines: string[]; link: string } {
  const page = notice.page.title;
  if (notice.maintenance) {
    const m = notice.maintenance;
    const [label, verb] = MAINTENANCE_WORDS[notice.type as keyof typeof MAINTENANCE_WORDS];
    return {
      subject: `[${page}] ${label}: ${m.title}`,
      heading: `${m.title} ${verb}`,
      lines: [`From ${when(m.startsAt)} to ${when(m.endsAt)}.`, `Affects ${m.affects.join(', ')}.`],
      link: notice.page.url,
    };
  }
  const incident = notice.incident!;
  const status = INCIDENT_STATUS_TEXT[incident.status];
  const lines: string[] = [];
  if (notice.update) lines.push(notice.update.message);
  if (incident.affects.length > 0) lines.push(`Affects ${incident.affects.join(', ')}.`);
  const prefix = notice.type === 'incident.opened' ? 'New incident' : status;
  return {
    subject: `[${page}] ${prefix}: ${incident.title}`,
    heading: `${incident.title} (${status})`,
    lines,
    link: incident.url,
  };
}

function mail(subject: string, heading: string, lines: string[], action: { text: string; url: string }, unsubscribeUrl: string, reason: string): EmailMessage {
  const text = [heading, '', ...lines.flatMap((l) => [l, '']), `${action.text}: ${action.url}`, '', '--', reason, `Unsubscribe: ${unsubscribeUrl}`, ''].join(
    '\n',
  );
  const paragraphs = lines.map((l) => `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(l)}</p>`).join('');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f5f6f8;color:#101828;font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #e4e7ec;border-radius:12px">` +
    `<h1 style="margin:0 0 16px;font-size:18px;line-height:1.4">${escapeHtml(heading)}</h1>${paragraphs}` +
    `<p style="margin:16px 0 0"><a href="${escapeHtml(action.url)}" style="color:#1849a9">${escapeHtml(action.text)}</a></p></div>` +
    `<p style="max-width:560px;margin:16px auto 0;color:#475467;font-size:13px">${escapeHtml(reason)} ` +
    `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#475467">Unsubscribe</a></p></body></html>`;
  return { subject, text, html };
}

export function noticeEmail(notice: NoticeContent, unsubscribeUrl: string): EmailMessage {
  const { subject, heading, lines, link } = describe(notice);
  return mail(subject, heading, lines, { text: 'View the status page', url: link }, unsubscribeUrl, `You are subscribed to updates of ${notice.page.title}.`);
}

export function confirmEmail(page: { title: string; url: string }, confirmUrl: string, unsubscribeUrl: string): EmailMessage {
  return mail(
    `Confirm your subscription to ${page.title}`,
    `Confirm your subscription to ${page.title}`,
    [
      'Someone, hopefully you, asked to be told by email of incidents and maintenance on this status page.',
      'Nothing is sent until you confirm. The link holds for 48 hours.',
    ],
    { text: 'Confirm the subscription', url: confirmUrl },
    unsubscribeUrl,
    'If you did not ask for this, ignore this mail.',
  );
}

/** The JSON body a webhook subscriber receives for a notice (signed when sent). */
export function noticeWebhookBody(notice: NoticeContent): string {
  return JSON.stringify(notice);
}
