import { isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { certificateErrorCode, toCheckError, type CertificateInfo, type CheckError, type SslCheckResult, type SslCheckTarget } from './check-result.js';
import { checkServerIdentity, readPeerCertificate } from './peer-certificate.js';
import { assertHostAllowed, createPolicyLookup, type TargetPolicy } from './target-policy.js';
import { systemClock } from '../domain/ports/clock.js';

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
    let settled = false;
    const finish = (error: CheckError | null, certificate: CertificateInfo | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      const ok = error === null;
      resolve({
        ok,
        durationMs: Math.round(performance.now() - started),
        error,
        statusCode: null,
        timings: null,
        certificate,
        assertions: [],
        warnings: [],
        expiringSoon: ok && certificate !== null && target.warningDays !== null && certificate.daysRemaining <= target.warningDays,
      });
    };
    // One timer for the whole operation, DNS included.
    const timer = setTimeout(() => finish({ code: 'timeout', message: `no TLS handshake within ${target.timeoutMs} ms` }, null), target.timeoutMs);

    try {
      assertHostAllowed(target.host, options.targetPolicy);
      socket = tls.connect({
        host: target.host,
        port: target.port,
        servername: isIP(target.host) ? undefined : target.host, // TLS forbids IP literals as SNI
        secureContext: options.secureContext,
        lookup: options.lookup ?? createPolicyLookup(options.targetPolicy),
        // Verification failures are classified below instead of aborting the handshake, so the
        // result can still carry the certificate. Node has already run tls.checkServerIdentity
        // against the host when the chain verified.
        rejectUnauthorized: false,
        checkServerIdentity,
      });
    } catch (err) {
      finish(toCheckError(err, 'tls-error'), null);
      return;
    }
    const connected = socket;
    connected.once('secureConnect', () => {
      // A throw inside a socket listener would escape every caller and end the process.
      try {
        const { certificate, unreadable } = readPeerCertificate(connected, options.now ?? systemClock.now());
        if (unreadable !== undefined) {
          finish({ code: 'tls-error', message: `cannot read the certificate: ${unreadable}` }, null);
          return;
        }
        // Set only when the chain was not trusted.
        const failure = connected.authorizationError as Error | undefined;
        finish(failure ? verificationError(String(failure), target.host, certificate) : null, certificate);
      } catch (err) {
        finish(toCheckError(err, 'tls-error'), null);
      }
    });
    connected.on('error', (err) => finish(toCheckError(err, 'tls-error'), null));
  });
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
