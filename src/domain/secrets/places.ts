import type { SecretPlace } from './secret-box.js';

/*
 * Where each stored secret lives, as its sealed value is bound to it (SecretBox). Sealing and
 * opening name the place through these, and rotation (SECRET_COLUMNS in secrets.ts) too, so the
 * three always agree.
 */

/** A monitor's column that holds one sealed value. */
export type MonitorSecretColumn = 'auth_secret' | 'client_key_secret' | 'proxy_password_secret' | 'ping_key';

export function monitorSecretAt(monitorId: string, column: MonitorSecretColumn): SecretPlace {
  return { table: 'monitors', id: monitorId, field: column };
}

/**
 * A secret field of a notification channel, inside its policy's `channels` list. Bound to the
 * channel's type and field, not to its index: a secret kept when the list is edited may move to
 * another index, and the policy's channels are one row, edited as a whole.
 */
export function channelSecretAt(policyId: string, channelType: string, field: string): SecretPlace {
  return { table: 'notification_policies', id: policyId, field: `channels.${channelType}.${field}` };
}

/** A webhook subscriber's signing secret (its row of `status_page_subscribers`). */
export function subscriberSecretAt(subscriberId: string): SecretPlace {
  return { table: 'status_page_subscribers', id: subscriberId, field: 'secret' };
}

/** A person's TOTP key (their row of `two_factor`, whose id is the user's). */
export function twoFactorSecretAt(userId: string): SecretPlace {
  return { table: 'two_factor', id: userId, field: 'secret' };
}
