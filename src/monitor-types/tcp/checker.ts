import net, { isIP } from 'node:net';
import tls from 'node:tls';
import { checkNamesOnLeaf } from '../../net/peer-certificate.js';
import type { Assertion } from '../../domain/assertions/assertion-schema.js';
import { evaluateAssertions, type AssertionVerdict } from '../../domain/assertions/evaluate.js';
import { systemClock } from '../../domain/ports/clock.js';
import type { CertificateInfo, CheckResult, HttpTimings } from '../../checks/check-result.js';
import { toCheckError, withReason, type CheckError } from '../../net/check-error.js';
import { judgeHandshake, tlsOptionsFor, type SslCheckOptions } from '../ssl/checker.js';
import { assertHostAllowed, createPolicyLookup } from '../../net/target-policy.js';
import { SettleOnce } from '../../net/settle-once.js';
import type { TypeChecker } from '../checkers.js';

export interface TcpCheckTarget {
  /** A host name or an IP address, as for an SSL check. */
  host: string;
  port: number;
  /** Whether a TLS handshake follows the connection, its certificate judged as an SSL check judges it. */
  tls: boolean;
  timeoutMs: number;
  /** Only `responseTime` assertions mean anything here: a connection has no body, headers or records. */
  assertions: readonly Assertion[];
}

/** As for an SSL check: the target policy, the trust store, the policy lookup and the run's start. */
export type TcpCheckOptions = SslCheckOptions;

// Moments of the connection, in performance.now() milliseconds; a phase not completed has none.
interface Marks {
  /** Whether a connection was attempted at all (the target policy may refuse an IP literal first). */
  opened?: boolean;
  lookup?: number;
  connect?: number;
  secureConnect?: number;
}

/**
 * One connection to host:port, and with `tls` a TLS handshake over it; `timeoutMs` for the whole
 * of it, name resolution included. Succeeds when all of it completes in time (and the certificate
 * holds); the connection is then closed at once, nothing is sent. Never throws.
 */
export function runTcpCheck(target: TcpCheckTarget, options: TcpCheckOptions): Promise<CheckResult> {
  const start = performance.now();
  const marks: Marks = {};
  const literal = isIP(target.host) !== 0;
  return new Promise((resolve) => {
    let socket: net.Socket | undefined;
    let secure: tls.TLSSocket | undefined;

    /** `completed`: the connection (and handshake) was made, so there is a time to judge. */
    const finish = (error: CheckError | null, completed: boolean, certificate: CertificateInfo | null = null): void => {
      if (!once.claim()) return;
      secure?.destroy();
      socket?.destroy();
      const end = performance.now();
      const durationMs = Math.round(end - start);
      let verdict: AssertionVerdict | null = null;
      if (completed && target.assertions.length > 0) {
        // Only the response time is judged: at once, on the event loop.
        verdict = evaluateAssertions(target.assertions, { responseTimeMs: durationMs });
        if (error === null && verdict.failure !== null) error = { code: 'assertion-failed', message: verdict.failure };
      }
      resolve({
        ok: error === null,
        durationMs,
        error: error && withReason(error),
        statusCode: null,
        timings: timings(marks, literal, target.tls, start, end),
        certificate,
        assertions: verdict?.outcomes ?? [],
        warnings: verdict?.warnings ?? [],
      });
    };
    // One timer for the whole operation, DNS included.
    const once = new SettleOnce(target.timeoutMs, () => {
      const handshaking = target.tls && marks.connect !== undefined;
      finish(
        {
          code: 'timeout',
          message: handshaking ? `connected, but no TLS handshake within ${target.timeoutMs} ms` : `no connection within ${target.timeoutMs} ms`,
        },
        false,
      );
    });

    try {
      assertHostAllowed(target.host, options.targetPolicy);
      socket = net.connect({ host: target.host, port: target.port, lookup: options.lookup ?? createPolicyLookup(options.targetPolicy) });
      marks.opened = true;
    } catch (err) {
      finish(toCheckError(err, 'connection-reset'), false);
      return;
    }
    const plain = socket;
    // Also emitted, with the error, when the name did not resolve or its address is blocked.
    plain.once('lookup', (err: Error | null) => {
      if (!err) marks.lookup = performance.now();
    });
    plain.on('error', (err) => finish(toCheckError(err, marks.connect !== undefined && target.tls ? 'tls-error' : 'connection-reset'), false));
    plain.once('connect', () => {
      marks.connect = performance.now();
      if (!target.tls) {
        finish(null, true);
        return;
      }
      try {
        secure = tls.connect({ ...tlsOptionsFor(target.host, options.secureContext), socket: plain, host: target.host });
        checkNamesOnLeaf(secure);
      } catch (err) {
        finish(toCheckError(err, 'tls-error'), false);
        return;
      }
      const handshake = secure;
      handshake.once('secureConnect', () => {
        marks.secureConnect = performance.now();
        const { error, certificate } = judgeHandshake(handshake, target.host, options.now ?? systemClock.now());
        finish(error, true, certificate);
      });
      handshake.on('error', (err) => finish(toCheckError(err, 'tls-error'), false));
    });
  });
}

/** The phases the check completed: resolving (0 for an IP literal), connecting, the handshake (null without `tls`). */
function timings(marks: Marks, literal: boolean, secure: boolean, start: number, end: number): HttpTimings {
  const resolved = literal ? (marks.opened ? start : undefined) : marks.lookup; // nothing to resolve for an IP literal
  const connected = resolved === undefined ? undefined : marks.connect;
  const handshaken = connected === undefined ? undefined : marks.secureConnect;
  const span = (from: number | undefined, to: number | undefined) => (from === undefined || to === undefined ? null : Math.round(to - from));
  return {
    dnsMs: span(start, resolved),
    connectMs: span(resolved, connected),
    tlsMs: secure ? span(connected, handshaken) : null,
    ttfbMs: null,
    totalMs: Math.round(end - start),
  };
}

/** A TCP monitor's check. */
export const tcpChecker: TypeChecker<'tcp'> = (monitor, { targetPolicy, secureContext, lookup }, startedAt) =>
  runTcpCheck(
    { host: monitor.host, port: monitor.port, tls: monitor.tls, timeoutMs: monitor.timeoutSeconds * 1000, assertions: monitor.assertions },
    { targetPolicy, secureContext, lookup, now: startedAt },
  );
