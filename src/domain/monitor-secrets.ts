import type { MonitorRecord } from './monitor-schemas.js';

/*
 * The secrets a monitor may hold, and what they are bound to. A credential is given for one
 * request: whoever may edit a monitor but does not know its secret must not be able to send that
 * secret with another request (another path, method or body), nor read through the checks what
 * the credential protects. Each secret is named by the field that carries it in a PATCH, so that
 * the answer says which one must be sent again.
 */

/**
 * Each secret field of a monitor, with whether a monitor (as answered) holds it: `auth`, the
 * client certificate's key and the proxy's password. A new secret joins with one line here.
 */
export const MONITOR_SECRET_FIELDS = {
  auth: (monitor: MonitorRecord) => 'auth' in monitor && monitor.auth !== null,
  clientCertificate: (monitor: MonitorRecord) => 'clientCertificate' in monitor && monitor.clientCertificate !== null,
  // A proxy holds a secret when it has a password; one without credentials is bound to nothing.
  proxy: (monitor: MonitorRecord) => 'proxySet' in monitor && monitor.proxySet,
} as const satisfies Record<string, (monitor: MonitorRecord) => boolean>;

export type MonitorSecretField = keyof typeof MONITOR_SECRET_FIELDS;

/** The fields that make the request a secret is sent with; changing one needs the secret again. */
export const SECRET_BOUND_FIELDS = ['url', 'method', 'headers', 'body', 'followRedirects', 'assertions'] as const;
export type SecretBoundField = (typeof SECRET_BOUND_FIELDS)[number];

/** The secret fields the monitor holds. */
export function heldSecretFields(monitor: MonitorRecord): MonitorSecretField[] {
  return (Object.keys(MONITOR_SECRET_FIELDS) as MonitorSecretField[]).filter((field) => MONITOR_SECRET_FIELDS[field](monitor));
}

/** Whether the monitor holds any secret: its runs' texts read from the target are then for Admins and Owners only. */
export function holdsSecret(monitor: MonitorRecord): boolean {
  return heldSecretFields(monitor).length > 0;
}

/** The message on a secret field that must be sent again because `changed` fields change. */
export function secretNeededAgain(changed: readonly SecretBoundField[]): string {
  return (
    `must be sent again (the credentials, or null to remove them) when ${changed.join(', ')} change${changed.length === 1 ? 's' : ''}: ` +
    'stored credentials are bound to the request they were given for'
  );
}
