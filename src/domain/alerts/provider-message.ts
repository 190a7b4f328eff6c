/**
 * What the outbox keeps for a channel that speaks a provider's API (every type but webhook, Slack
 * and email, whose stored payloads predate it): the request as rendered once when the delivery
 * was made, so that every attempt sends the same thing. It holds no secret: the sender adds the
 * channel's secrets where the provider wants them (a header, the URL, a field of the body).
 */
export interface ProviderMessage {
  /** Appended to the provider's API address when its path depends on the event (Opsgenie's close). */
  path?: string;
  /** Headers that carry part of the message (ntfy's title and priority). */
  headers?: Record<string, string>;
  /** The body, exactly as sent (or, where a secret goes into it, before it is added). */
  body: string;
}

export function parseProviderMessage(payload: string): ProviderMessage {
  return JSON.parse(payload) as ProviderMessage;
}
