import { createHmac } from 'node:crypto';

/**
 * `Lookout-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the
 * channel secret; a channel without a secret sends no signature header.
 * A receiver recomputes it with the channel secret over the exact bytes it received, and may
 * refuse old `t` values to stop replays.
 */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
