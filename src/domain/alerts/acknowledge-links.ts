import type { SecretBox } from '../secrets/secret-box.js';

/** How long a link in an alert acknowledges its incident: a week, longer than anyone waits to answer a page. */
export const ACKNOWLEDGE_LINK_TTL_MS = 7 * 24 * 3_600_000;

const PURPOSE = 'acknowledge-incident';

/**
 * One-click acknowledgement from an alert (email, Slack): a link to `/ack/<incident>` signed with
 * the installation's key, valid for a week. Whoever holds the link may acknowledge that incident
 * and nothing else; opening it only shows a confirmation page (mail scanners open links), and the
 * page's button acknowledges.
 */
export class AcknowledgeLinks {
  constructor(
    private readonly box: SecretBox,
    private readonly publicUrl: string,
  ) {}

  url(incidentId: string, now: number): string {
    const expires = Math.floor((now + ACKNOWLEDGE_LINK_TTL_MS) / 1000);
    const signature = this.box.sign(PURPOSE, `${incidentId}.${expires}`);
    return `${this.publicUrl}/ack/${incidentId}?e=${expires}&s=${encodeURIComponent(signature)}`;
  }

  /** Whether the link's expiry and signature are the ones `url` made for the incident, and it has not expired. */
  valid(incidentId: string, expires: string | undefined, signature: string | undefined, now: number): boolean {
    if (expires === undefined || signature === undefined || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 < now) return false;
    return this.box.signs(PURPOSE, `${incidentId.toLowerCase()}.${expires}`, signature);
  }
}
