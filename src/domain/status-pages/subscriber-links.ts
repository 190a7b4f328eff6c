import type { SecretBox } from '../secrets/secret-box.js';

/** How long a confirmation link holds: two days, long enough to find the mail, short enough to be worth little if leaked. */
export const CONFIRM_LINK_TTL_MS = 48 * 3_600_000;

const CONFIRM = 'status-subscriber-confirm';
const UNSUBSCRIBE = 'status-subscriber-unsubscribe';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NUMBER = /^[0-9a-z]{1,12}$/;

export type ConfirmCheck = 'valid' | 'expired' | 'invalid';

/** A confirmation token taken apart: whose it is and what its signature must hold. */
export interface ConfirmToken {
  subscriberId: string;
  expires: string;
  signature: string;
}

/**
 * The capability links of subscriptions, signed with the installation's key so that nothing
 * guessable and nothing usable is stored: a confirmation link names the subscriber, the moment it
 * last became pending (a link from before an unsubscription is worth nothing) and its expiry; an
 * unsubscribe link names the subscriber alone and holds for as long as the subscription. Both are
 * made when a message is sent, never kept in the outbox.
 */
export class SubscriberLinks {
  constructor(
    private readonly box: SecretBox,
    private readonly publicUrl: string,
  ) {}

  /**
   * The signature covers the moment the subscriber became pending, which the link does not carry
   * (the store has it): a path segment holds 100 characters at most, and a link made before the
   * subscriber was unsubscribed and came back no longer matches.
   */
  confirmUrl(slug: string, subscriberId: string, pendingSince: number, expiresAt: number): string {
    const expires = Math.floor(expiresAt / 1000).toString(36);
    return `${this.publicUrl}/status/${slug}/confirm/${subscriberId}.${expires}.${this.box.sign(CONFIRM, `${subscriberId}.${pendingSince}.${expires}`)}`;
  }

  unsubscribeUrl(slug: string, subscriberId: string): string {
    return `${this.publicUrl}/status/${slug}/unsubscribe/${subscriberId}.${this.box.sign(UNSUBSCRIBE, subscriberId)}`;
  }

  readConfirm(token: string): ConfirmToken | undefined {
    const [id, expires, keyId, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !id || !ID.test(id) || !expires || !NUMBER.test(expires) || !keyId || !mac) return undefined;
    return { subscriberId: id, expires, signature: `${keyId}.${mac}` };
  }

  checkConfirm(token: ConfirmToken, pendingSince: number, now: number): ConfirmCheck {
    if (!this.box.signs(CONFIRM, `${token.subscriberId}.${pendingSince}.${token.expires}`, token.signature)) return 'invalid';
    return parseInt(token.expires, 36) * 1000 < now ? 'expired' : 'valid';
  }

  /** The subscriber an unsubscribe token names, when its signature holds. */
  checkUnsubscribe(token: string): string | undefined {
    const [id, keyId, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !id || !ID.test(id) || !keyId || !mac) return undefined;
    return this.box.signs(UNSUBSCRIBE, id, `${keyId}.${mac}`) ? id : undefined;
  }
}
