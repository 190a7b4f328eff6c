import type { DeliveredEvent } from './channels.js';
import type { ProviderMessage } from './provider-message.js';
import { clip, dashboardLinks, wording, type Alert } from './wording.js';

/*
 * Push channels: ntfy and Pushover put a title, a short text and one link on a phone.
 */

/** ntfy's priority (1-5) and tags (emoji short codes it shows before the title) per event. */
const NTFY_STYLE: Record<DeliveredEvent, { priority: number; tags: string }> = {
  'monitor.down': { priority: 5, tags: 'rotating_light' },
  'monitor.degraded': { priority: 4, tags: 'warning' },
  'monitor.up': { priority: 3, tags: 'white_check_mark' },
  'certificate.expiring': { priority: 4, tags: 'lock' },
  'domain.expiring': { priority: 4, tags: 'hourglass' },
  'monitor.reminder': { priority: 5, tags: 'rotating_light' },
  'incident.escalated': { priority: 5, tags: 'sos' },
  'incident.acknowledged': { priority: 3, tags: 'eyes' },
  'monitor.flapping': { priority: 4, tags: 'rotating_light' },
  test: { priority: 3, tags: 'bell' },
};

/** ntfy turns a body larger than this (in bytes) into an attachment instead of a message. */
const NTFY_MESSAGE_BYTES = 4096;

/**
 * A header value that is printable ASCII as it is, or else an RFC 2047 encoded word (UTF-8,
 * base64), which ntfy decodes in its Title and Tags headers: a header cannot carry raw UTF-8 or
 * a line break, and a monitor's name may hold both.
 */
export function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

function clipBytes(text: string, maxBytes: number): string {
  let clipped = text;
  while (Buffer.byteLength(clipped, 'utf8') > maxBytes) clipped = clip(clipped, Math.floor(clipped.length * 0.9));
  return clipped;
}

/**
 * A message published to the topic URL: the body is the text, headers give the title,
 * priority, tags and the link opened on a tap. An access token goes into Authorization when sent.
 * https://docs.ntfy.sh/publish/
 */
export function ntfyMessage(alert: Alert, publicUrl: string, priority: number | null): ProviderMessage {
  const { headline, details } = wording(alert);
  const style = NTFY_STYLE[alert.event];
  const headers: Record<string, string> = {
    'Content-Type': 'text/plain; charset=utf-8',
    Title: headerText(clip(headline, 250)),
    Priority: String(priority ?? style.priority),
    Tags: style.tags,
  };
  // As ASCII (an international host name in its xn-- form), which is all a header can hold.
  if (alert.monitor) headers.Click = new URL(dashboardLinks(publicUrl).monitor(alert.monitor.id)).href;
  return { headers, body: clipBytes([...details, alert.occurredAt].join('\n'), NTFY_MESSAGE_BYTES) };
}

/** Pushover's priorities: 1 (high) sounds through quiet hours; 2 would need acknowledging in the app. */
const PUSHOVER_PRIORITY: Record<DeliveredEvent, number> = {
  'monitor.down': 1,
  'monitor.degraded': 0,
  'monitor.up': 0,
  'certificate.expiring': 0,
  'domain.expiring': 0,
  'monitor.reminder': 1,
  'incident.escalated': 1,
  'incident.acknowledged': 0,
  'monitor.flapping': 1,
  test: 0,
};

/**
 * The form Pushover's message API takes (title 250, message 1024, url 512 characters). The
 * application token and user key are parameters of the same form: they are put in front of it
 * when sent.
 * https://pushover.net/api
 */
export function pushoverMessage(alert: Alert, publicUrl: string): ProviderMessage {
  const { headline, details } = wording(alert);
  const form = new URLSearchParams({
    title: clip(headline, 250),
    message: clip(details.join('\n'), 1024),
    priority: String(PUSHOVER_PRIORITY[alert.event]),
    timestamp: String(Math.floor(Date.parse(alert.occurredAt) / 1000)),
  });
  if (alert.monitor) {
    form.set('url', dashboardLinks(publicUrl).monitor(alert.monitor.id));
    form.set('url_title', 'Open in Lookout');
  }
  return { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() };
}
