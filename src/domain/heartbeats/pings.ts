/*
 * What a heartbeat's job can say, and what receiving it answers: the HTTP endpoints speak this,
 * the check engine (src/checks/heartbeat-pings.ts) implements it.
 */

/** The job succeeded, started, failed, or ended with an exit code (0 = success). */
export type Ping = { kind: 'success' } | { kind: 'start' } | { kind: 'fail' } | { kind: 'exit'; code: number };

export type PingAnswer = { status: 'ok' } | { status: 'unknown' } | { status: 'rate-limited'; retryAfterSeconds: number };

export interface PingReceiver {
  /** `log`: what the job sent in a POST body, already cut to size; null for none. */
  receive(key: string, ping: Ping, log: string | null): Promise<PingAnswer>;
}
