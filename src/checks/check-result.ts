import type { Assertion } from '../domain/assertions/assertion-schema.js';
import type { AssertionOutcome } from '../domain/assertions/evaluate.js';
import type { RequestHeader } from '../domain/monitor-for-check.js';
import type { SeenCertificate } from '../domain/status/apply-runs.js';
import type { CheckError } from '../net/check-error.js';

/**
 * Phases of one HTTP exchange, whole milliseconds. `dnsMs`, `connectMs`, `tlsMs` and `ttfbMs` are
 * the durations of consecutive phases (ttfb = from the connection being ready to the first response
 * byte); `totalMs` is the whole exchange, always present, also when the check failed. A phase the
 * exchange did not complete (the name did not resolve, the connection was refused, the handshake
 * failed, no byte came back before the timeout) is null, as is every phase after it. `dnsMs` is 0
 * for IP literals, `tlsMs` null for http URLs.
 */
export interface HttpTimings {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  ttfbMs: number | null;
  totalMs: number;
}

/** The certificate a check saw: the domain's record of it, which the status decision reads. */
export type CertificateInfo = SeenCertificate;

export interface CheckResult {
  ok: boolean;
  durationMs: number;
  error: CheckError | null;
  statusCode: number | null;
  timings: HttpTimings | null;
  certificate: CertificateInfo | null;
  /** Each assertion's outcome, when an answer came to judge; empty otherwise. */
  assertions: AssertionOutcome[];
  /** Failing assertions of severity `degraded`. */
  warnings: string[];
  /** DNS checks: the answer code and records. */
  dns?: DnsAnswer | null;
  /** Ping checks: what was sent and what came back. */
  ping?: PingSummary | null;
  /** Domain checks: the registration's expiry as the registry told it. */
  domain?: DomainExpiry | null;
  /**
   * Warnings that say something about the run without making the monitor degraded (a domain
   * within its warning days): stored with the run's warnings, never judged by the status decision.
   */
  notes?: string[];
}

/** What a ping check sent and got back; the round trips are null when no reply came. */
export interface PingSummary {
  sent: number;
  received: number;
  rttMinMs: number | null;
  rttAvgMs: number | null;
  rttMaxMs: number | null;
}

/** What a domain check learnt from the registry: the expiry (ISO; null when the registry gave none), the registrar and where it asked. */
export interface DomainExpiry {
  expiresAt: string | null;
  registrar: string | null;
  rdapUrl: string | null;
}

/** What a DNS check was answered: the code (null when no answer came) and the records as text. */
export interface DnsAnswer {
  rcode: string | null;
  records: string[];
}

export interface SslCheckResult extends CheckResult {
  /** True when the check succeeded and the certificate expires within `warningDays`. */
  expiringSoon: boolean;
}

export interface HttpCheckTarget {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  expectedStatus: number;
  timeoutMs: number;
  auth: {
    type: 'bearer' | 'basic' | 'header';
    secret: string;
    username?: string | null;
    headerName?: string | null;
  } | null;
  /** Headers sent besides User-Agent and the credentials. */
  headers?: readonly RequestHeader[];
  /** The request body (POST, PUT, DELETE). */
  body?: string | null;
  /** Follow up to 5 redirects and judge the final answer. */
  followRedirects?: boolean;
  assertions?: readonly Assertion[];
  /** False: any certificate and name is accepted, and the run says `certificate not verified`. Default true. */
  tlsVerify?: boolean;
  /** Presented to https targets that ask for one. */
  clientCertificate?: { certificate: string; key: string } | null;
  /** An HTTP proxy every request goes through (CONNECT for https). */
  proxy?: { host: string; port: number; username: string | null; password: string | null } | null;
  /** Which addresses of the host to connect to; `auto` (any) when absent. */
  ipFamily?: 'auto' | 'ipv4' | 'ipv6';
}

export interface SslCheckTarget {
  host: string;
  port: number;
  timeoutMs: number;
  warningDays: number | null;
}
