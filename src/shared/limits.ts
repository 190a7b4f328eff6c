/*
 * The bounds the API enforces, for the server (which validates with them) and the dashboard (which
 * offers choices within them). Pure TypeScript that imports nothing.
 */

/** A monitor's fields: lengths in characters, [min, max] ranges inclusive. */
export const MONITOR_LIMITS = {
  nameLength: 200,
  intervalSeconds: [60, 3600],
  timeoutSeconds: [1, 120],
  urlLength: 2048,
  expectedStatus: [100, 599],
  secretLength: 4096,
  usernameLength: 200,
  headerNameLength: 200,
  hostLength: 253,
  port: [1, 65535],
  defaultPort: 443,
  warningDays: [1, 3650],
} as const;

/** Days until a personal access token expires, [min, max] inclusive, however it is created. */
export const TOKEN_EXPIRY_DAYS = [1, 3650] as const;
