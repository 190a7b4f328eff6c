import type { SecretBox } from '../secrets/secret-box.js';

/** How long a link in an alert acknowledges its incident: a day, longer than anyone waits to answer a page. */
export const ACKNOWLEDGE_LINK_TTL_MS = 24 * 3_600_000;

const PURPOSE = 'acknowledge-incident';
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a link is worth: the delivery that carried it when it holds, or why not. */
export type LinkCheck = { status: 'valid'; deliveryId: string } | { status: 'expired' } | { status: 'invalid' };

/**
 * One-click acknowledgement from an alert (email, Slack): a link to `/ack/<incident>` signed with
 * the installation's key, naming the delivery that carries it (so an acknowledgement says which
 * alert and channel it came through), valid for 24 hours. Whoever holds the link may acknowledge
 * that incident and nothing else; opening it only shows a confirmation page (mail scanners open
 * links), and the page's button acknowledges.
 */
export class AcknowledgeLinks {
  constructor(
    private readonly box: SecretBox,
    private readonly publicUrl: string,
  ) {}

  url(incidentId: string, deliveryId: string, now: number): string {
    const expires = Math.floor((now + ACKNOWLEDGE_LINK_TTL_MS) / 1000);
    const signature = this.box.sign(PURPOSE, `${incidentId}.${deliveryId}.${expires}`);
    return `${this.publicUrl}/ack/${incidentId}?d=${deliveryId}&e=${expires}&s=${encodeURIComponent(signature)}`;
  }

  /**
   * Whether the link is one `url` made for the incident and a delivery, and not expired. An expired
   * link is told apart only when its signature holds (anything altered is simply invalid).
   */
  check(incidentId: string, query: { d?: unknown; e?: unknown; s?: unknown }, now: number): LinkCheck {
    const { d: deliveryId, e: expires, s: signature } = query;
    // A repeated parameter arrives as an array: not a link this class made.
    if (typeof deliveryId !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') return { status: 'invalid' };
    if (!ID.test(deliveryId) || !/^\d{1,12}$/.test(expires)) return { status: 'invalid' };
    if (!this.box.signs(PURPOSE, `${incidentId.toLowerCase()}.${deliveryId.toLowerCase()}.${expires}`, signature)) return { status: 'invalid' };
    return Number(expires) * 1000 < now ? { status: 'expired' } : { status: 'valid', deliveryId: deliveryId.toLowerCase() };
  }
}
