import type { DeliveredEvent } from './channels.js';
import type { ProviderMessage } from './provider-message.js';
import { clip, dashboardLinks, wording, type Alert } from './wording.js';
import { escapeHtml } from '../../shared/html.js';

/*
 * Chat channels: Discord, Microsoft Teams and Telegram. Each says what Slack says (the headline,
 * the details, links to the dashboard), in the provider's own format and within its limits.
 */

/** Red, orange, green, yellow, blue: what a colour bar says before the text is read. */
const COLOURS: Record<DeliveredEvent, number> = {
  'monitor.down': 0xe5484d,
  'monitor.degraded': 0xf76b15,
  'monitor.up': 0x30a46c,
  'certificate.expiring': 0xffc53d,
  'domain.expiring': 0xffc53d,
  'monitor.reminder': 0xe5484d,
  'incident.escalated': 0xe5484d,
  'incident.acknowledged': 0x0090ff,
  'monitor.flapping': 0xe5484d,
  test: 0x0090ff,
};

/** The links of an alert, labelled: the dashboard's pages, and the one that acknowledges. */
function linksOf(alert: Alert, publicUrl: string): Array<{ label: string; url: string }> {
  const links = dashboardLinks(publicUrl);
  const list: Array<{ label: string; url: string }> = [];
  if (alert.monitor) list.push({ label: 'Open monitor in Lookout', url: links.monitor(alert.monitor.id) });
  if (alert.incidentId) list.push({ label: 'Open incident', url: links.incident(alert.incidentId) });
  if (alert.acknowledgeUrl) list.push({ label: 'Acknowledge', url: alert.acknowledgeUrl });
  return list;
}

/** Discord reads Markdown in content and embeds: a monitor's name is shown as written. */
function discordEscape(text: string): string {
  return text.replace(/[\\*_~`|>#[\]()-]/g, (c) => `\\${c}`);
}

/**
 * Discord's execute-webhook body: `content` for the notification and one embed for the details
 * (limits: content 2000, title 256, description 4096 characters). `allowed_mentions` with an
 * empty `parse` keeps a monitor named "@everyone" from pinging anybody.
 * https://discord.com/developers/docs/resources/webhook#execute-webhook
 * https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
export function discordMessage(alert: Alert, publicUrl: string): ProviderMessage {
  const { headline, details } = wording(alert);
  const links = linksOf(alert, publicUrl);
  const description = [...details.map((d) => `• ${discordEscape(d)}`), ...links.map((l) => `[${l.label}](${l.url})`)].join('\n');
  return {
    body: JSON.stringify({
      username: 'Lookout',
      content: clip(discordEscape(headline), 2000),
      embeds: [
        {
          title: clip(headline, 256),
          ...(links[0] && { url: links[0].url }),
          description: clip(description, 4096),
          color: COLOURS[alert.event],
          timestamp: alert.occurredAt,
          footer: { text: `Event ${alert.id}` },
        },
      ],
      allowed_mentions: { parse: [] },
    }),
  };
}

/**
 * A Teams Workflows webhook ("When a Teams webhook request is received" → "Post card in a chat or
 * channel") takes a message whose attachment is an Adaptive Card.
 * https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using#send-adaptive-cards-using-an-incoming-webhook
 * https://adaptivecards.io/explorer/AdaptiveCard.html
 */
export function teamsMessage(alert: Alert, publicUrl: string): ProviderMessage {
  const { headline, details } = wording(alert);
  const colour = alert.event === 'monitor.down' ? 'Attention' : alert.event === 'monitor.up' ? 'Good' : alert.event === 'test' ? 'Accent' : 'Warning';
  const card = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body: [
      { type: 'TextBlock', text: headline, weight: 'Bolder', size: 'Medium', color: colour, wrap: true },
      ...details.map((text) => ({ type: 'TextBlock', text, wrap: true, spacing: 'Small' })),
      { type: 'TextBlock', text: `${alert.occurredAt} · Event ${alert.id}`, isSubtle: true, size: 'Small', wrap: true },
    ],
    actions: linksOf(alert, publicUrl).map((l) => ({ type: 'Action.OpenUrl', title: l.label, url: l.url })),
  };
  return {
    body: JSON.stringify({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
    }),
  };
}

/** Telegram's limit for one message, in characters after entities are parsed. */
const TELEGRAM_TEXT_LENGTH = 4096;

/**
 * The Bot API's sendMessage body, in its HTML mode (only &, < and > need escaping). The bot
 * token is not here: it is part of the URL, added when the message is sent.
 * https://core.telegram.org/bots/api#sendmessage
 * https://core.telegram.org/bots/api#html-style
 */
export function telegramMessage(alert: Alert, publicUrl: string, chatId: string): ProviderMessage {
  const { headline, details } = wording(alert);
  const links = linksOf(alert, publicUrl).map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>`);
  const footer = [...links, `<i>${escapeHtml(alert.occurredAt)}</i>`].join('\n');
  // The details are cut as plain text, so that no tag or entity is cut in half.
  const room = TELEGRAM_TEXT_LENGTH - footer.length - 300;
  const text = [`<b>${escapeHtml(clip(headline, 256))}</b>`, escapeHtml(clip(details.join('\n'), Math.max(room, 100))), footer].join('\n\n');
  return {
    body: JSON.stringify({ chat_id: chatId, text, parse_mode: 'HTML', link_preview_options: { is_disabled: true } }),
  };
}
