import http from 'node:http';
import type { LookupFunction } from 'node:net';
import https from 'node:https';
import type tls from 'node:tls';
import {
  toCheckError,
  type CheckError,
  type CheckResult,
  type HttpCheckTarget,
  type HttpTimings,
} from './check-result.js';
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

// Moments of the exchange, in performance.now() milliseconds.
interface Marks {
  start: number;
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
  const marks: Marks = { start: performance.now() };
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
        timings: statusCode === null ? null : timings(marks, end),
        certificate: null,
      });
    };
    const timer = setTimeout(
      () => finish({ code: 'timeout', message: `no complete response within ${target.timeoutMs} ms` }),
      target.timeoutMs,
    );

    try {
      const url = new URL(target.url);
      assertHostAllowed(url.hostname, options.targetPolicy);
      // https.request hands secureContext on to tls.connect; its RequestOptions type omits it.
      const requestOptions: https.RequestOptions & Pick<tls.ConnectionOptions, 'secureContext'> = {
        method: target.method,
        headers: requestHeaders(target, options.userAgent),
        agent: false, // a fresh connection per check, closed after it
        lookup: options.lookup ?? createPolicyLookup(options.targetPolicy),
        secureContext: options.secureContext,
      };
      request = url.protocol === 'https:' ? https.request(url, requestOptions) : http.request(url, requestOptions);
    } catch (err) {
      finish(toCheckError(err, 'connection-reset'));
      return;
    }

    request.on('socket', (socket) => {
      socket.once('lookup', () => (marks.lookup = performance.now()));
      socket.once('connect', () => (marks.connect = performance.now()));
      socket.once('secureConnect', () => (marks.secureConnect = performance.now()));
      socket.once('data', () => (marks.firstByte = performance.now()));
    });
    request.on('response', (response) => {
      statusCode = response.statusCode ?? null;
      const outcome: CheckError | null =
        statusCode === target.expectedStatus
          ? null
          : { code: 'status-mismatch', message: `expected ${target.expectedStatus}, got ${statusCode}` };
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
    request.on('error', (err) => finish(toCheckError(err, 'connection-reset')));
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

function timings(marks: Marks, end: number): HttpTimings {
  const resolved = marks.lookup ?? marks.start; // no lookup for IP literals
  const connected = marks.connect ?? resolved;
  const ready = marks.secureConnect ?? connected;
  const firstByte = marks.firstByte ?? ready;
  return {
    dnsMs: Math.round(resolved - marks.start),
    connectMs: Math.round(connected - resolved),
    tlsMs: marks.secureConnect === undefined ? null : Math.round(marks.secureConnect - connected),
    ttfbMs: Math.round(firstByte - ready),
    totalMs: Math.round(end - marks.start),
  };
}
