import type { ProviderUrls } from '../config.js';
import type { ProviderChannel } from '../domain/alerts/messages.js';
import { urlSecrets } from '../domain/alerts/channels.js';
import { parseProviderMessage } from '../domain/alerts/provider-message.js';

/** One HTTP request to a provider, with the plain secrets it carries (to blank them from what is logged). */
export interface ProviderRequest {
  url: string;
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string;
  secrets: string[];
}

/**
 * The request for a stored delivery: the message as rendered into the outbox, plus the
 * channel's secrets put where the provider wants them (the URL, a header, the body), opened
 * only now (`open` is handed each sealed value with the name of its field). A provider with a fixed address is reached at the configured base address.
 */
export function providerRequest(
  channel: ProviderChannel,
  payload: string,
  open: (sealed: string, field: string) => string,
  urls: ProviderUrls,
): ProviderRequest {
  const message = parseProviderMessage(payload);
  const request = (url: string, secrets: string[] = [], changes: Partial<ProviderRequest> = {}): ProviderRequest => ({
    url,
    method: 'POST',
    headers: { ...message.headers },
    body: message.body,
    secrets,
    ...changes,
  });
  switch (channel.type) {
    case 'discord':
    case 'teams':
      return request(channel.webhookUrl, urlSecrets(channel.webhookUrl));
    case 'telegram': {
      // The token is part of the path (https://core.telegram.org/bots/api#making-requests); its
      // format, checked when it was saved, has nothing a path would read differently.
      const token = open(channel.botToken, 'botToken');
      return request(`${urls.telegram}/bot${token}/sendMessage`, [token]);
    }
    case 'pagerduty': {
      const routingKey = open(channel.routingKey, 'routingKey');
      const event = JSON.parse(message.body) as Record<string, unknown>;
      return request(`${urls.pagerduty}/v2/enqueue`, [routingKey], { body: JSON.stringify({ routing_key: routingKey, ...event }) });
    }
    case 'opsgenie': {
      const apiKey = open(channel.apiKey, 'apiKey');
      const base = channel.region === 'eu' ? urls.opsgenieEu : urls.opsgenie;
      return request(`${base}${message.path ?? '/v2/alerts'}`, [apiKey, `GenieKey ${apiKey}`], {
        headers: { ...message.headers, Authorization: `GenieKey ${apiKey}` },
      });
    }
    case 'ntfy': {
      if (channel.token === null) return request(channel.url, urlSecrets(channel.url));
      const token = open(channel.token, 'token');
      return request(channel.url, [token, `Bearer ${token}`, ...urlSecrets(channel.url)], {
        headers: { ...message.headers, Authorization: `Bearer ${token}` },
      });
    }
    case 'pushover': {
      const credentials = { token: open(channel.appToken, 'appToken'), user: open(channel.userKey, 'userKey') };
      const body = `${new URLSearchParams(credentials).toString()}&${message.body}`;
      return request(`${urls.pushover}/1/messages.json`, [credentials.token, credentials.user], { body });
    }
    case 'custom': {
      // Opened only now; a channel stored before secret headers existed has none.
      const secretHeaders = (channel.secretHeaders ?? []).map((h) => [h.name, open(h.value, 'secretHeaders')] as const);
      return request(channel.url, [...secretHeaders.map(([, value]) => value), ...urlSecrets(channel.url)], {
        method: channel.method,
        headers: { ...message.headers, ...Object.fromEntries(channel.headers.map((h) => [h.name, h.value])), ...Object.fromEntries(secretHeaders) },
      });
    }
  }
}
