/*
 * What a heartbeat's job can say, and what receiving it answers: the HTTP endpoints speak this,
 * the check engine (src/checks/heartbeat-pings.ts) implements it.
 */

/** The job succeeded, started, failed, or ended with an exit code (0 = success). */
export type Ping = { kind: 'success' } | { kind: 'start' } | { kind: 'fail' } | { kind: 'exit'; code: number };

export type PingAnswer = { status: 'ok' } | { status: 'unknown' } | { status: 'rate-limited'; retryAfterSeconds: number };

/** What a ping's key is worth, known before its body is read. */
export type PingAdmission = { status: 'known' } | { status: 'unknown' } | { status: 'rate-limited'; retryAfterSeconds: number };

export interface PingReceiver {
  /**
   * Looks the key up before anything else (its body is not read yet): an unknown key spends from
   * the client address's budget for unknown keys, and is refused past it; a known key never does.
   */
  admit(key: string, address: string): Promise<PingAdmission>;
  /** `log`: what the job sent in a POST body, already cut to size; null for none. */
  receive(key: string, ping: Ping, log: string | null): Promise<PingAnswer>;
}
