import { isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import type { CertificateInfo, SslCheckResult, SslCheckTarget } from '../../checks/check-result.js';
import { certificateErrorCode, toCheckError, withReason, type CheckError } from '../../net/check-error.js';
import { checkNamesOnLeaf, checkServerIdentity, readPeerCertificate } from '../../net/peer-certificate.js';
import { assertHostAllowed, createPolicyLookup, type TargetPolicy } from '../../net/target-policy.js';
import { systemClock } from '../../domain/ports/clock.js';
import { SettleOnce } from '../../net/settle-once.js';
import type { TypeChecker } from '../checkers.js';

export interface SslCheckOptions {
  targetPolicy: TargetPolicy;
  /** Trust store to validate against (see createTrustContext); Node's default roots otherwise. */
  secureContext?: tls.SecureContext;
  /** The policy lookup to connect with (createPolicyLookup); one for the target policy when absent. */
  lookup?: LookupFunction;
  /**
   * When the run started, which the certificate's days remaining (and so `expiringSoon`) count
   * from; the system clock when absent. Whether the certificate is valid at all is TLS's judgement,
   * always on the machine's clock.
   */
  now?: number;
}

/** One TLS handshake to host:port, judged on chain, name and validity window. Never throws. */
export function runSslCheck(target: SslCheckTarget, options: SslCheckOptions): Promise<SslCheckResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let socket: tls.TLSSocket | undefined;
    const finish = (error: CheckError | null, certificate: CertificateInfo | null): void => {
      if (!once.claim()) return;
      socket?.destroy();
      const ok = error === null;
      resolve({
        ok,
        durationMs: Math.round(performance.now() - started),
        error: error && withReason(error),
        statusCode: null,
        timings: null,
        certificate,
        assertions: [],
        warnings: [],
        expiringSoon: ok && certificate !== null && target.warningDays !== null && certificate.daysRemaining <= target.warningDays,
      });
    };
    // One timer for the whole operation, DNS included.
    const once = new SettleOnce(target.timeoutMs, () => finish({ code: 'timeout', message: `no TLS handshake within ${target.timeoutMs} ms` }, null));

    try {
      assertHostAllowed(target.host, options.targetPolicy);
      socket = tls.connect({
        ...tlsOptionsFor(target.host, options.secureContext),
        host: target.host,
        port: target.port,
        lookup: options.lookup ?? createPolicyLookup(options.targetPolicy),
      });
      checkNamesOnLeaf(socket);
    } catch (err) {
      finish(toCheckError(err, 'tls-error'), null);
      return;
    }
    const connected = socket;
    connected.once('secureConnect', () => {
      const verdict = judgeHandshake(connected, target.host, options.now ?? systemClock.now());
      finish(verdict.error, verdict.certificate);
    });
    connected.on('error', (err) => finish(toCheckError(err, 'tls-error'), null));
  });
}

/**
 * How a check opens TLS to `host` (with `host`, `port` and `lookup`, or over a connected `socket`).
 * Verification failures are classified by judgeHandshake instead of aborting the handshake, so the
 * result can still carry the certificate; Node runs the name check (checkServerIdentity) against
 * the host when the chain verified.
 */
export function tlsOptionsFor(host: string, secureContext: tls.SecureContext | undefined): tls.ConnectionOptions {
  return {
    servername: isIP(host) ? undefined : host, // TLS forbids IP literals as SNI
    secureContext,
    rejectUnauthorized: false,
    checkServerIdentity,
  };
}

export interface HandshakeVerdict {
  /** What is wrong with the peer's certificate (chain, name, validity window); null when nothing. */
  error: CheckError | null;
  certificate: CertificateInfo | null;
}

/**
 * Judges a completed handshake of a socket opened with tlsOptionsFor: the peer's certificate as
 * Lookout reports it (days remaining counted from `now`) and whether it is to be trusted. Never
 * throws, since it runs inside socket listeners, where a throw would escape every caller and end
 * the process.
 */
export function judgeHandshake(socket: tls.TLSSocket, host: string, now: number): HandshakeVerdict {
  try {
    const { certificate, unreadable } = readPeerCertificate(socket, now);
    if (unreadable !== undefined) return { error: { code: 'tls-error', message: `cannot read the certificate: ${unreadable}` }, certificate: null };
    // Set only when the chain was not trusted.
    const failure = socket.authorizationError as Error | undefined;
    return { error: failure ? verificationError(String(failure), host, certificate) : null, certificate };
  } catch (err) {
    return { error: toCheckError(err, 'tls-error'), certificate: null };
  }
}

function verificationError(failure: string, host: string, certificate: CertificateInfo | null): CheckError {
  const code = certificateErrorCode(failure) ?? 'certificate-untrusted';
  switch (code) {
    case 'certificate-expired':
      return { code, message: certificate ? `certificate expired at ${certificate.validTo}` : 'certificate expired' };
    case 'certificate-not-yet-valid':
      return { code, message: certificate ? `certificate is not valid before ${certificate.validFrom}` : 'certificate is not valid yet' };
    case 'tls-error':
      return { code, message: `cannot read the certificate (${failure})` };
    case 'hostname-mismatch':
      return { code, message: `certificate is not valid for ${host}` };
    default:
      return { code, message: `certificate is not trusted (${failure})` };
  }
}

/** An SSL monitor's check. */
export const sslChecker: TypeChecker<'ssl'> = (monitor, { targetPolicy, secureContext, lookup }, startedAt) =>
  runSslCheck(
    { host: monitor.host, port: monitor.port, timeoutMs: monitor.timeoutSeconds * 1000, warningDays: monitor.warningDays },
    { targetPolicy, secureContext, lookup, now: startedAt },
  );
