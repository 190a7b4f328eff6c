import type { CheckErrorCode } from '../shared/vocabulary.js';

/**
 * Why an outbound connection failed, as a stable code and a message: what a check's run records, and
 * what an alert delivery's log says with the same codes.
 */
export interface CheckError {
  code: CheckErrorCode;
  message: string;
}

// OpenSSL verification results (tls `authorizationError`) and Node's name check, by outcome.
const CERTIFICATE_CODES: Record<string, CheckErrorCode> = {
  CERT_HAS_EXPIRED: 'certificate-expired',
  CERT_NOT_YET_VALID: 'certificate-not-yet-valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'hostname-mismatch',
  // A certificate Lookout cannot read (a date that is not a time, names that cannot be parsed).
  ERROR_IN_CERT_NOT_BEFORE_FIELD: 'tls-error',
  ERROR_IN_CERT_NOT_AFTER_FIELD: 'tls-error',
  ERR_TLS_CERT_UNREADABLE: 'tls-error',
};
const VERIFY_FAILURES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_REVOKED',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'CERT_CHAIN_TOO_LONG',
]);

/** The code for a certificate verification failure, or null when `code` is not one. */
export function certificateErrorCode(code: string): CheckErrorCode | null {
  return CERTIFICATE_CODES[code] ?? (VERIFY_FAILURES.has(code) ? 'certificate-untrusted' : null);
}

// Node's socket and resolver error codes; ERR_TARGET_BLOCKED comes from target-policy.ts.
const NETWORK_CODES: Record<string, CheckErrorCode> = {
  ERR_TARGET_BLOCKED: 'target-blocked',
  ETIMEDOUT: 'timeout',
  ENOTFOUND: 'dns-failure',
  EAI_AGAIN: 'dns-failure',
  EAI_FAIL: 'dns-failure',
  ECONNREFUSED: 'connection-refused',
  EHOSTUNREACH: 'connection-refused',
  ENETUNREACH: 'connection-refused',
  // A family the machine has no address of (::1 where IPv6 is off): that address cannot be reached.
  EADDRNOTAVAIL: 'connection-refused',
  ECONNRESET: 'connection-reset',
  ECONNABORTED: 'connection-reset',
  EPIPE: 'connection-reset',
};

/** Every Node, OpenSSL and Lookout error code toCheckError classifies by name (others by prefix or fallback). */
export function classifiedErrorCodes(): string[] {
  return [...Object.keys(NETWORK_CODES), ...Object.keys(CERTIFICATE_CODES), ...VERIFY_FAILURES];
}

/**
 * What each code says when the error that caused it says nothing (an `Error` with an empty
 * message, a value thrown that is not an error): every failed run says why.
 */
const REASONS: Record<CheckErrorCode, string> = {
  timeout: 'no answer in time',
  'dns-failure': 'the name could not be resolved',
  'connection-refused': 'the connection was refused',
  'connection-reset': 'the connection was closed before the check completed',
  'tls-error': 'the TLS handshake failed',
  'status-mismatch': 'the answer had another status than expected',
  'certificate-expired': 'certificate expired',
  'certificate-not-yet-valid': 'certificate is not valid yet',
  'certificate-untrusted': 'certificate is not trusted',
  'hostname-mismatch': 'certificate is not valid for the host',
  'target-blocked': 'the target is blocked by the target policy',
  'assertion-failed': 'an assertion failed',
  'assertion-timeout': 'judging the assertions took longer than allowed',
  'heartbeat-missed': 'no ping came in time',
  'heartbeat-failed': 'the job reported a failure',
  'dns-nxdomain': 'the name does not exist (NXDOMAIN)',
  'dns-servfail': 'the DNS server failed to answer (SERVFAIL)',
  'ping-no-reply': 'no echo reply came back',
  'domain-expired': 'the domain registration has expired',
  'rdap-error': 'the registry did not say when the domain expires',
};

/** `error` as a run records it: its message, or what its code says when the message is blank. */
export function withReason(error: CheckError): CheckError {
  return error.message.trim() === '' ? { code: error.code, message: REASONS[error.code] } : error;
}

/**
 * Classifies an error from a check's socket. `fallback` is used for errors with no code of their
 * own (an HTTP parser error, a bad header value): there is no closed-list code that fits them better.
 *
 * A connection to a name with several addresses (`localhost`: 127.0.0.1 and ::1) that fails on
 * every one ends in an AggregateError whose own message is empty; it is classified and described by
 * the last attempt, so the message names the last address tried.
 */
export function toCheckError(err: unknown, fallback: CheckErrorCode): CheckError {
  const attempts: unknown[] = err instanceof AggregateError && Array.isArray(err.errors) ? err.errors : [];
  const cause = attempts.length > 0 ? attempts.at(-1) : err;
  const code = (cause as { code?: unknown } | null)?.code ?? (err as { code?: unknown } | null)?.code;
  let message = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
  if (attempts.length > 0) message = `${message || describeAttempt(cause)} (the last of ${attempts.length} addresses tried; none connected)`;
  if (typeof code !== 'string') return withReason({ code: fallback, message });
  const mapped =
    NETWORK_CODES[code] ??
    certificateErrorCode(code) ??
    (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO' ? 'tls-error' : fallback);
  return withReason({ code: mapped, message });
}

/** `address:port` of a failed connection attempt, from the fields Node's socket errors carry. */
function describeAttempt(attempt: unknown): string {
  const { address, port, code } = (attempt ?? {}) as { address?: unknown; port?: unknown; code?: unknown };
  const where =
    typeof address === 'string' ? (typeof port === 'number' ? `${address.includes(':') ? `[${address}]` : address}:${port}` : address) : 'an address';
  return `connecting to ${where} failed${typeof code === 'string' ? ` (${code})` : ''}`;
}
