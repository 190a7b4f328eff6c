import type { ProviderUrls } from '../config.js';
import type { ChannelOf, ChannelType } from '../domain/alerts/channels.js';
import type { ProviderMessage } from '../domain/alerts/provider-message.js';

/** One HTTP request to a provider, with the plain secrets it carries (to blank them from what is logged). */
export interface ProviderRequest {
  url: string;
  method: 'POST' | 'PUT';
  /** Besides Lookout's own (User-Agent, Lookout-Event-Id, Lookout-Event); JSON unless a Content-Type is among them. */
  headers: Record<string, string>;
  body: string;
  secrets: string[];
}

/** What one attempt of a delivery hands its channel to build the request from. */
export interface DeliveryAttempt {
  /** The payload as rendered into the outbox when the delivery was made: every attempt sends it. */
  payload: string;
  /** Opens one of the channel's sealed secrets, named by its field: secrets are opened only now. */
  open: (sealed: string, field: string) => string;
  /** The base addresses of the providers with a fixed one (`LOOKOUT_<PROVIDER>_API_URL`). */
  urls: ProviderUrls;
  /** Epoch ms when the attempt started: the time a webhook's signature vouches for. */
  at: number;
}

/** A channel delivered over HTTP: the request of one attempt, which `postJson` sends. */
export interface HttpSender<T extends ChannelType> {
  transport: 'http';
  request(channel: ChannelOf<T>, attempt: DeliveryAttempt): ProviderRequest;
}

/** A channel delivered by mail, through the SMTP server of SMTP_URL: where the stored message goes. */
export interface MailSender<T extends ChannelType> {
  transport: 'mail';
  recipients(channel: ChannelOf<T>): string[];
}

/** How one channel type is delivered; each has a file in `notify/channels/`, listed in CHANNEL_SENDERS. */
export type ChannelSender<T extends ChannelType> = HttpSender<T> | MailSender<T>;

/**
 * The request for a provider's message as the outbox keeps it (a ProviderMessage: body, headers and
 * perhaps a path), posted to `url`; `changes` put the channel's secrets where the provider wants them.
 */
export function messageRequest(message: ProviderMessage, url: string, secrets: string[] = [], changes: Partial<ProviderRequest> = {}): ProviderRequest {
  return { url, method: 'POST', headers: { ...message.headers }, body: message.body, secrets, ...changes };
}
