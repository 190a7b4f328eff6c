import type { NoChecker } from '../checkers.js';

/**
 * A heartbeat is not checked: its job reports by pinging it (checks/heartbeat-pings.ts), and a
 * deadline passed without a success ping is a failed run (checks/heartbeat-sweep.ts).
 */
export const heartbeatChecker: NoChecker = { checked: false, runsFrom: 'pings and the deadline sweep' };
