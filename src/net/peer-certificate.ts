import tls from 'node:tls';
import type { SeenCertificate } from '../domain/status/apply-runs.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Subject and issuer are cut here: a peer chooses them, and each run stores them. */
const NAME_MAX_CHARS = 256;

/**
 * What the peer's leaf certificate says, as Lookout reports it. `certificate` is null when the
 * peer sent none; `unreadable` says why a certificate that was sent cannot be reported.
 */
export type PeerCertificateReading = { certificate: SeenCertificate | null; unreadable?: undefined } | { certificate: null; unreadable: string };

/**
 * Reads the leaf certificate of a connected TLS socket; days remaining count from `now`. Never throws: the peer chooses every byte
 * of its certificate (dates that are not times, empty or repeated names, odd alternative names),
 * and nothing it sends may end a check, let alone the process.
 */
export function readPeerCertificate(socket: tls.TLSSocket, now: number): PeerCertificateReading {
  let cert: Partial<tls.PeerCertificate> | null;
  try {
    cert = peerCertificateOf(socket);
  } catch (error) {
    return { certificate: null, unreadable: `the certificate cannot be decoded (${describe(error)})` };
  }
  if (!cert?.raw) return { certificate: null };
  const validFrom = toTime(cert.valid_from);
  const validTo = toTime(cert.valid_to);
  if (validFrom === null) return { certificate: null, unreadable: "the certificate's notBefore field is not a valid time" };
  if (validTo === null) return { certificate: null, unreadable: "the certificate's notAfter field is not a valid time" };
  if (typeof cert.fingerprint256 !== 'string') return { certificate: null, unreadable: 'the certificate has no fingerprint' };
  return {
    certificate: {
      subject: cut(first(cert.subject?.CN) ?? formatName(cert.subject)),
      issuer: cut(first(cert.issuer?.CN) ?? first(cert.issuer?.O) ?? formatName(cert.issuer)),
      validFrom: new Date(validFrom).toISOString(),
      validTo: new Date(validTo).toISOString(),
      daysRemaining: Math.floor((validTo - now) / DAY_MS),
      fingerprint256: cert.fingerprint256,
    },
  };
}

/**
 * Node's name check, for `checkServerIdentity`: the peer's names are matched against the host,
 * and anything unexpected in them is a verification failure rather than an exception thrown
 * inside the socket's handshake callback (where nothing could catch it).
 */
export function checkServerIdentity(host: string, cert: tls.PeerCertificate): Error | undefined {
  try {
    return tls.checkServerIdentity(host, cert);
  } catch (error) {
    return Object.assign(new Error(`the certificate's names cannot be read (${describe(error)})`), { code: 'ERR_TLS_CERT_UNREADABLE' });
  }
}

/**
 * Makes the handshake of `socket` check the peer's names on its leaf certificate alone. Node's own
 * check after a handshake asks for the peer's certificate with its whole chain of issuers
 * (`getPeerCertificate(true)`), each converted to an object and its issuer looked up in the trust
 * store, only to read the leaf's names: with the full trust store that costs more CPU than the
 * handshake itself (~1.5-2.5 ms against ~0.1-0.3 ms for the leaf, docs/benchmarks.md). The chain
 * is still verified in full by OpenSSL during the handshake; nothing here reads it. Call it before
 * the handshake completes (right after tls.connect, or on the request's `socket` event).
 */
export function checkNamesOnLeaf(socket: tls.TLSSocket): void {
  const leafOnly = (): tls.PeerCertificate => tls.TLSSocket.prototype.getPeerCertificate.call(socket, false);
  socket.getPeerCertificate = leafOnly as tls.TLSSocket['getPeerCertificate'];
}

// Node answers {} when the peer sent no certificate, and null once the socket is destroyed.
function peerCertificateOf(socket: tls.TLSSocket): Partial<tls.PeerCertificate> | null {
  return socket.getPeerCertificate();
}

/** Epoch ms of a date as Node prints it (`Nov 22 15:08:56 2026 GMT`), or null for anything else (`Bad time value`). */
function toTime(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const time = new Date(text).getTime();
  // toISOString() throws beyond ±8.64e15 ms; no real certificate date comes near it.
  return Number.isFinite(time) && Math.abs(time) <= 8.64e15 ? time : null;
}

// Node gives a repeated attribute (two OUs, say) as an array.
function first(value: string | string[] | undefined): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
}

function formatName(name: tls.Certificate | undefined): string {
  if (!name || typeof name !== 'object') return '';
  return Object.entries(name)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(', ');
}

function cut(text: string): string {
  return text.length > NAME_MAX_CHARS ? `${text.slice(0, NAME_MAX_CHARS - 1)}…` : text;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
