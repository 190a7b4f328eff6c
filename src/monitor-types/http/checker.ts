import http from 'node:http';
import type { LookupFunction } from 'node:net';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { assertionsNeedBody, type AssertionVerdict, type BodyText } from '../../domain/assertions/evaluate.js';
import { secretBlanker, type SecretToBlank } from '../../domain/secrets/blank-secrets.js';
import { ASSERTION_LIMITS, REQUEST_LIMITS } from '../../shared/limits.js';
import { readBody } from './body-reader.js';
import type { CheckResult, HttpCheckTarget, HttpTimings } from '../../checks/check-result.js';
import { toCheckError, withReason, type CheckError } from '../../net/check-error.js';
import { judgeAnswer, judgingTimeoutMessage } from './judge-answer.js';
import { checkNamesOnLeaf, checkServerIdentity, readPeerCertificate } from '../../net/peer-certificate.js';
import { clientCertificateContext } from '../../net/trust-store.js';
import { CERTIFICATE_NOT_VERIFIED, type SeenCertificate } from '../../domain/status/apply-runs.js';
import { isRedirect, nextHop, type Hop } from './redirects.js';
import { assertHostAllowed, createPolicyLookup, type TargetPolicy } from '../../net/target-policy.js';
import { SettleOnce } from '../../net/settle-once.js';
import type { TypeChecker } from '../checkers.js';

export interface HttpCheckOptions {
  targetPolicy: TargetPolicy;
  userAgent: string;
  /** How much of the body is read (and discarded) before the connection is dropped, when no assertion reads it. Default 64 KiB. */
  bodyCapBytes?: number;
  /** How much of the decoded body assertions read. Default 1 MiB. */
  assertionBodyBytes?: number;
  /** Trust store for https URLs (see createTrustContext); Node's default roots otherwise. */
  secureContext?: tls.SecureContext;
  /** The policy lookup to connect with (createPolicyLookup); one for the target policy when absent. */
  lookup?: LookupFunction;
  /** Epoch ms the certificate's days remaining count from (the check's start); the system clock when absent. */
  now?: number;
}

/** `tlsVerify: false`: every name is accepted (the chain too, by `rejectUnauthorized: false`). */
const ANY_NAME = (): undefined => undefined;

const DEFAULT_BODY_CAP_BYTES = 64 * 1024;

// Moments of one request, in performance.now() milliseconds; a phase not completed has none.
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

/** What was received, for the assertions. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body?: BodyText;
}

/**
 * One check: a request to the target over a fresh connection, and, with `followRedirects`, up to
 * five more after redirects; `timeoutMs` for the whole exchange. The final answer is judged: its
 * status, then the assertions (the body is read, up to 1 MiB decoded, only when one needs it).
 * Never throws: every outcome is a CheckResult.
 *
 * Credentials (`auth`) and the monitor's headers, which may carry them too, go only to the origin
 * of the monitor's URL: a hop to another origin is made without them. Every hop is subject to the
 * target policy, as the first request is.
 */
export function runHttpCheck(target: HttpCheckTarget, options: HttpCheckOptions): Promise<CheckResult> {
  const exchangeStart = performance.now();
  let marks: Marks = { start: exchangeStart, literal: false, secure: false };
  const bodyCap = options.bodyCapBytes ?? DEFAULT_BODY_CAP_BYTES;
  const assertions = target.assertions ?? [];
  const needsBody = assertionsNeedBody(assertions);
  const lookup = options.lookup ?? createPolicyLookup(options.targetPolicy);
  // The options beyond the defaults; none of this is made for a monitor that sets none of them.
  const verify = target.tlsVerify !== false;
  const family = target.ipFamily === 'ipv4' ? 4 : target.ipFamily === 'ipv6' ? 6 : undefined;
  const proxy = target.proxy ?? null;
  return new Promise((resolve) => {
    let request: http.ClientRequest | undefined;
    /** The certificate of the newest https connection, read once it was made. */
    let certificate: SeenCertificate | null = null;
    let madeTls = false;
    let stopBody: (() => void) | undefined;
    let statusCode: number | null = null;
    let origin: string | null = null;
    let redirects = 0;

    const finish = (error: CheckError | null, received?: Received): void => {
      if (!once.claim()) return;
      stopBody?.();
      request?.destroy();
      const end = performance.now();
      const durationMs = Math.round(end - exchangeStart);
      const secrets = secretsOf(target);
      const record = (verdict: AssertionVerdict | null): void => {
        // Any other message may quote the target too (an error it caused, a redirect it gave).
        if (error !== null && secrets.length > 0) error = { ...error, message: secretBlanker(secrets)(error.message) };
        const outcomes = verdict?.outcomes ?? [];
        resolve({
          ok: error === null,
          durationMs,
          error: error && withReason(error),
          statusCode,
          timings: timings(marks, exchangeStart, end),
          certificate,
          // Read with the monitor's credentials: shown to Admins and Owners only.
          assertions: credentialed(target) ? outcomes.map((outcome) => ({ ...outcome, credentialed: true as const })) : outcomes,
          warnings: !verify && madeTls ? [...(verdict?.warnings ?? []), CERTIFICATE_NOT_VERIFIED] : (verdict?.warnings ?? []),
        });
      };
      if (!received || assertions.length === 0) {
        record(null);
        return;
      }
      // Costly judgements run on a judging thread (judge-answer.ts): the run waits, the event loop does not.
      void judgeAnswer(assertions, { responseTimeMs: durationMs, headers: received.headers, body: received.body }, secrets).then((verdict) => {
        if (verdict.timedOut) error = { code: 'assertion-timeout', message: judgingTimeoutMessage(assertions) };
        else if (error === null && verdict.failure !== null) error = { code: 'assertion-failed', message: verdict.failure };
        record(verdict);
      });
    };
    const once = new SettleOnce(target.timeoutMs, () => finish({ code: 'timeout', message: `no complete response within ${target.timeoutMs} ms` }));

    /** The final answer: its status is judged, its body read as far as the assertions (or the timing) need. */
    const judge = (response: http.IncomingMessage, redirectNote: string): void => {
      const outcome: CheckError | null =
        statusCode === target.expectedStatus
          ? null
          : { code: 'status-mismatch', message: `expected ${target.expectedStatus}, got ${String(statusCode)}${redirectNote}` };
      response.on('error', (err) => finish(toCheckError(err, 'connection-reset')));
      if (needsBody) {
        const limit = options.assertionBodyBytes ?? ASSERTION_LIMITS.bodyBytes;
        stopBody = readBody(response, { limit, rawLimit: 2 * limit }, (body) => finish(outcome, { headers: response.headers, body }));
        return;
      }
      // The body is read only to time the exchange; past the cap the connection is dropped, so an
      // endless body cannot hold the check or its memory.
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= bodyCap) finish(outcome, { headers: response.headers });
      });
      response.on('end', () => finish(outcome, { headers: response.headers }));
    };

    const send = (hop: Hop): void => {
      marks = { start: performance.now(), literal: false, secure: false };
      const secure = hop.url.protocol === 'https:';
      try {
        origin ??= hop.url.origin;
        marks.literal = isIP(hop.url.hostname.replace(/^\[|\]$/g, '')) !== 0;
        marks.secure = secure;
        assertHostAllowed(hop.url.hostname, options.targetPolicy);
        // The proxy's address is judged as a target's is: its IP literal here, its name by the lookup.
        if (proxy) assertHostAllowed(proxy.host, options.targetPolicy);
        // https.request hands secureContext on to tls.connect; its RequestOptions type omits it.
        const requestOptions: https.RequestOptions & Pick<tls.ConnectionOptions, 'secureContext'> = {
          method: hop.method,
          headers: requestHeaders(target, hop, hop.url.origin === origin, options.userAgent),
          agent: false, // a fresh connection per check, closed after it
          lookup,
          secureContext: options.secureContext,
          checkServerIdentity,
        };
        if (secure && target.clientCertificate) {
          requestOptions.secureContext = clientCertificateContext(options.secureContext, target.clientCertificate.certificate, target.clientCertificate.key);
        }
        if (!verify) Object.assign(requestOptions, { rejectUnauthorized: false, checkServerIdentity: ANY_NAME });
        if (family !== undefined) requestOptions.family = family;
        if (proxy && secure) {
          tunnel(hop, requestOptions, proxy);
          return;
        }
        if (proxy) {
          // An http target through the proxy: the request in absolute form, to the proxy.
          const headers = { ...(requestOptions.headers as Record<string, string>), Host: hop.url.host, ...proxyAuthorization(proxy) };
          request = http.request({ ...requestOptions, host: proxy.host, port: proxy.port, path: hop.url.href, headers });
        } else request = secure ? https.request(hop.url, requestOptions) : http.request(hop.url, requestOptions);
      } catch (err) {
        finish(toCheckError(err, 'connection-reset'));
        return;
      }
      exchange(request, hop, marks);
    };

    /**
     * An https target through the proxy: `CONNECT host:port` to the proxy, then the TLS handshake
     * with the target inside the tunnel (the proxy sees neither the request nor its credentials).
     */
    const tunnel = (hop: Hop, requestOptions: https.RequestOptions & Pick<tls.ConnectionOptions, 'secureContext'>, via: NonNullable<typeof proxy>): void => {
      const hopMarks = marks;
      const host = hop.url.hostname.replace(/^\[|\]$/g, '');
      const authority = `${hop.url.hostname}:${hop.url.port || '443'}`;
      const connect = http.request({
        host: via.host,
        port: via.port,
        method: 'CONNECT',
        path: authority,
        headers: { Host: authority, 'User-Agent': options.userAgent, ...proxyAuthorization(via) },
        agent: false,
        lookup,
        ...(family === undefined ? {} : { family }),
      });
      request = connect;
      connect.on('socket', (socket) => {
        hopMarks.socket = performance.now();
        socket.once('lookup', (err: Error | null) => {
          if (!err) hopMarks.lookup = performance.now();
        });
        socket.once('connect', () => (hopMarks.connect = performance.now()));
      });
      connect.on('error', (err) => {
        if (connect === request) finish(toCheckError(err, 'connection-reset'));
      });
      connect.on('connect', (answer, socket) => {
        if (once.settled || connect !== request) {
          socket.destroy();
          return;
        }
        if (answer.statusCode !== 200) {
          socket.destroy();
          finish({ code: 'connection-refused', message: `the proxy answered CONNECT ${authority} with ${String(answer.statusCode)}` });
          return;
        }
        let tunnelled: http.ClientRequest;
        try {
          tunnelled = https.request(hop.url, {
            ...requestOptions,
            agent: undefined,
            // The handshake with the target, over the proxy's connection.
            createConnection: () =>
              tls.connect({
                socket,
                servername: isIP(host) === 0 ? host : undefined,
                secureContext: requestOptions.secureContext,
                rejectUnauthorized: requestOptions.rejectUnauthorized ?? true,
                checkServerIdentity: requestOptions.checkServerIdentity,
              }),
          });
        } catch (err) {
          socket.destroy();
          finish(toCheckError(err, 'tls-error'));
          return;
        }
        request = tunnelled;
        exchange(tunnelled, hop, hopMarks);
      });
      connect.end();
    };

    /** One request's exchange: its phases timed, its answer judged or its redirect followed. */
    const exchange = (current: http.ClientRequest, hop: Hop, hopMarks: Marks): void => {
      current.on('socket', (socket) => {
        hopMarks.socket ??= performance.now();
        // Before its handshake can end (it needs the network): the names are checked on the leaf alone.
        if (socket instanceof tls.TLSSocket) checkNamesOnLeaf(socket);
        // Also emitted, with the error, when the name did not resolve.
        socket.once('lookup', (err: Error | null) => {
          if (!err) hopMarks.lookup = performance.now();
        });
        socket.once('connect', () => (hopMarks.connect = performance.now()));
        socket.once('secureConnect', () => {
          hopMarks.secureConnect = performance.now();
          // An https run carries the certificate it saw, as an SSL run does (also when not verified).
          madeTls = true;
          if (socket instanceof tls.TLSSocket) certificate = readPeerCertificate(socket, options.now ?? Date.now()).certificate;
        });
        // Ahead of the HTTP parser's own listener, which may fail the request on these very bytes.
        socket.prependOnceListener('data', () => (hopMarks.firstByte = performance.now()));
      });
      current.on('response', (response) => {
        if (once.settled) return;
        statusCode = response.statusCode ?? null;
        if (!target.followRedirects || statusCode === null || !isRedirect(statusCode)) {
          judge(response, '');
          return;
        }
        if (redirects >= REQUEST_LIMITS.redirects) {
          judge(response, ` after ${redirects} redirects, the most followed`);
          return;
        }
        const next = nextHop(hop, statusCode, response.headers.location);
        if ('reason' in next) {
          judge(response, ` (a redirect that cannot be followed: ${next.reason})`);
          return;
        }
        // The redirect's own body is not needed: its connection goes, and the next hop gets a fresh one.
        redirects++;
        response.on('error', () => {});
        current.destroy();
        send(next.hop);
      });
      // An error with no code of its own between connecting and the end of the handshake is the handshake's.
      current.on('error', (err) => {
        if (current !== request) return; // a hop already left behind
        finish(toCheckError(err, hopMarks.secure && hopMarks.connect !== undefined && hopMarks.secureConnect === undefined ? 'tls-error' : 'connection-reset'));
      });
      if (hop.body === null) current.end();
      else current.end(hop.body);
    };

    let first: URL;
    try {
      first = new URL(target.url);
    } catch (err) {
      finish(toCheckError(err, 'connection-reset'));
      return;
    }
    send({ url: first, method: target.method, body: target.body ?? null });
  });
}

/**
 * The headers of one request. To the monitor's own origin: its headers and its credentials. To any
 * other origin (a redirect elsewhere): neither, since a custom header may carry a credential too.
 *
 * No Accept-Encoding unless the monitor sets one: decompressing costs a check more CPU than judging
 * the body does, to save bandwidth a health check does not need. A body the server compresses anyway
 * is decoded all the same.
 */
function requestHeaders(target: HttpCheckTarget, hop: Hop, ownOrigin: boolean, userAgent: string): Record<string, string> {
  const own = ownOrigin ? (target.headers ?? []) : [];
  // The monitor's own header wins over the default of the same name (User-Agent), whatever its case.
  const overridden = new Set(own.map(({ name }) => name.toLowerCase()));
  const headers: Record<string, string> = overridden.has('user-agent') ? {} : { 'User-Agent': userAgent };
  for (const { name, value } of own) headers[name] = value;
  if (ownOrigin) Object.assign(headers, authHeaders(target.auth));
  if (hop.body !== null) headers['Content-Length'] = String(Buffer.byteLength(hop.body));
  return headers;
}

/** The proxy's credentials, sent to the proxy only (on CONNECT, or on a request to an http target through it). */
function proxyAuthorization(proxy: NonNullable<HttpCheckTarget['proxy']>): Record<string, string> {
  if (proxy.username === null && proxy.password === null) return {};
  return { 'Proxy-Authorization': `Basic ${Buffer.from(`${proxy.username ?? ''}:${proxy.password ?? ''}`).toString('base64')}` };
}

/** Whether the check is made with a secret (credentials, a client certificate, a proxy's password): what it reads is for Admins and Owners only. */
function credentialed(target: HttpCheckTarget): boolean {
  return target.auth !== null || Boolean(target.clientCertificate) || Boolean(target.proxy?.password);
}

function authHeaders(auth: HttpCheckTarget['auth']): Record<string, string> {
  if (auth?.type === 'bearer') return { Authorization: `Bearer ${auth.secret}` };
  if (auth?.type === 'basic') return { Authorization: `Basic ${Buffer.from(`${auth.username ?? ''}:${auth.secret}`).toString('base64')}` };
  if (auth?.type === 'header') return { [auth.headerName ?? '']: auth.secret };
  return {};
}

/**
 * What must never show in what a run says, should the target echo the credentials back: the
 * secret, the header value it is sent as (`Bearer <token>`), and for Basic the pair whose base64
 * is sent, so that the blanker knows `user:secret` too.
 */
function secretsOf(target: HttpCheckTarget): SecretToBlank[] {
  const auth = target.auth;
  const proxyPassword = target.proxy?.password ?? null;
  if (!auth && proxyPassword === null) return [];
  const secrets: SecretToBlank[] = [];
  if (auth) {
    const pair: SecretToBlank[] = auth.type === 'basic' ? [{ user: auth.username ?? '', secret: auth.secret }] : [];
    secrets.push(auth.secret, ...pair, ...Object.values(authHeaders(auth)));
  }
  if (proxyPassword !== null) secrets.push(proxyPassword, { user: target.proxy!.username ?? '', secret: proxyPassword });
  return secrets;
}

/** The phases the final request completed; `totalMs` (the whole exchange, redirects included) always. */
function timings(marks: Marks, exchangeStart: number, end: number): HttpTimings {
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
    totalMs: Math.round(end - exchangeStart),
  };
}

/** An HTTP monitor's check. */
export const httpChecker: TypeChecker<'http'> = (monitor, { targetPolicy, userAgent, secureContext, lookup }, startedAt) =>
  runHttpCheck(
    {
      url: monitor.url,
      method: monitor.method as 'GET',
      expectedStatus: monitor.expectedStatus,
      timeoutMs: monitor.timeoutSeconds * 1000,
      auth: monitor.auth,
      headers: monitor.headers,
      body: monitor.body,
      followRedirects: monitor.followRedirects,
      assertions: monitor.assertions,
      tlsVerify: monitor.tlsVerify,
      clientCertificate: monitor.clientCertificate,
      proxy: monitor.proxy,
      ipFamily: monitor.ipFamily,
    },
    { targetPolicy, userAgent, secureContext, lookup, now: startedAt },
  );
