import http from 'node:http';
import type { LookupFunction } from 'node:net';
import https from 'node:https';
import { isIP } from 'node:net';
import type tls from 'node:tls';
import { toCheckError, type CheckError, type CheckResult, type HttpCheckTarget, type HttpTimings } from './check-result.js';
import { checkServerIdentity } from './peer-certificate.js';
import { assertHostAllowed, createPolicyLookup, type TargetPolicy } from './target-policy.js';

export interface HttpCheckOptions {
  targetPolicy: TargetPolicy;
  userAgent: string;
  /** How much of the body is read (and discarded) before the connection is dropped. Default 64 KiB. */
  bodyCapBytes?: number;
  /** Trust store for https URLs (see createTrustContext); Node's default roots otherwise. */
  secureContext?: tls.SecureContext;
  /** The policy lookup to connect with (createPolicyLookup); one for the target policy when absent. */
  lookup?: LookupFunction;
}

const DEFAULT_BODY_CAP_BYTES = 64 * 1024;

// Moments of the exchange, in performance.now() milliseconds; a phase not completed has none.
interface Marks {
  start: number;
  /** Whether the target is an IP literal (nothing to resolve) or an https URL (a handshake to time). */
  literal: boolean;
  secure: boolean;
  socket?: number;
  lookup?: number;
  connect?: number;
  secureConnect?: number;
  firstByte?: number;
}

/**
 * One request to the target over a fresh connection, redirects not followed, `timeoutMs` for the
 * whole exchange. Never throws: every outcome is a CheckResult.
 */
export function runHttpCheck(target: HttpCheckTarget, options: HttpCheckOptions): Promise<CheckResult> {
  const marks: Marks = { start: performance.now(), literal: false, secure: false };
  const bodyCap = options.bodyCapBytes ?? DEFAULT_BODY_CAP_BYTES;
  return new Promise((resolve) => {
    let request: http.ClientRequest | undefined;
    let statusCode: number | null = null;
    let settled = false;
    const finish = (error: CheckError | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request?.destroy();
      const end = performance.now();
      resolve({
        ok: error === null,
        durationMs: Math.round(end - marks.start),
        error,
        statusCode,
        timings: timings(marks, end),
        certificate: null,
      });
    };
    const timer = setTimeout(() => finish({ code: 'timeout', message: `no complete response within ${target.timeoutMs} ms` }), target.timeoutMs);

    try {
      const url = new URL(target.url);
      marks.literal = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
      marks.secure = url.protocol === 'https:';
      assertHostAllowed(url.hostname, options.targetPolicy);
      // https.request hands secureContext on to tls.connect; its RequestOptions type omits it.
      const requestOptions: https.RequestOptions & Pick<tls.ConnectionOptions, 'secureContext'> = {
        method: target.method,
        headers: requestHeaders(target, options.userAgent),
        agent: false, // a fresh connection per check, closed after it
        lookup: options.lookup ?? createPolicyLookup(options.targetPolicy),
        secureContext: options.secureContext,
        checkServerIdentity,
      };
      request = url.protocol === 'https:' ? https.request(url, requestOptions) : http.request(url, requestOptions);
    } catch (err) {
      finish(toCheckError(err, 'connection-reset'));
      return;
    }

    request.on('socket', (socket) => {
      marks.socket = performance.now();
      // Also emitted, with the error, when the name did not resolve.
      socket.once('lookup', (err: Error | null) => {
        if (!err) marks.lookup = performance.now();
      });
      socket.once('connect', () => (marks.connect = performance.now()));
      socket.once('secureConnect', () => (marks.secureConnect = performance.now()));
      // Ahead of the HTTP parser's own listener, which may fail the request on these very bytes.
      socket.prependOnceListener('data', () => (marks.firstByte = performance.now()));
    });
    request.on('response', (response) => {
      statusCode = response.statusCode ?? null;
      const outcome: CheckError | null =
        statusCode === target.expectedStatus ? null : { code: 'status-mismatch', message: `expected ${target.expectedStatus}, got ${String(statusCode)}` };
      // The body is read only to time the exchange; past the cap the connection is dropped, so an
      // endless body cannot hold the check or its memory.
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= bodyCap) finish(outcome);
      });
      response.on('end', () => finish(outcome));
      response.on('error', (err) => finish(toCheckError(err, 'connection-reset')));
    });
    // An error with no code of its own between connecting and the end of the handshake is the handshake's.
    request.on('error', (err) =>
      finish(toCheckError(err, marks.secure && marks.connect !== undefined && marks.secureConnect === undefined ? 'tls-error' : 'connection-reset')),
    );
    request.end();
  });
}

function requestHeaders(target: HttpCheckTarget, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = { 'User-Agent': userAgent };
  const auth = target.auth;
  if (auth?.type === 'bearer') headers.Authorization = `Bearer ${auth.secret}`;
  if (auth?.type === 'basic') {
    headers.Authorization = `Basic ${Buffer.from(`${auth.username ?? ''}:${auth.secret}`).toString('base64')}`;
  }
  if (auth?.type === 'header') headers[auth.headerName ?? ''] = auth.secret;
  return headers;
}

/** The phases the exchange completed; `totalMs` always. */
function timings(marks: Marks, end: number): HttpTimings {
  const resolved = marks.literal ? (marks.socket === undefined ? undefined : marks.start) : marks.lookup; // no lookup for IP literals
  const connected = resolved === undefined ? undefined : marks.connect;
  const handshaken = connected === undefined ? undefined : marks.secureConnect;
  const ready = marks.secure ? handshaken : connected;
  const firstByte = ready === undefined ? undefined : marks.firstByte;
  const span = (from: number | undefined, to: number | undefined) => (from === undefined || to === undefined ? null : Math.round(to - from));
  return {
    dnsMs: span(marks.start, resolved),
    connectMs: span(resolved, connected),
    tlsMs: marks.secure ? span(connected, handshaken) : null,
    ttfbMs: span(ready, firstByte),
    totalMs: Math.round(end - marks.start),
  };
}
