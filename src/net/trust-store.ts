import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import tls from 'node:tls';

/**
 * One SecureContext trusting Node's bundled roots, the `NODE_EXTRA_CA_CERTS` file and
 * `extraCaPem`. Build it once and pass it to every check: a `ca` option per connection builds a
 * new context each time (notes/performance.md: ~40% of a handshake's cost).
 */
export function createTrustContext(extraCaPem: string[] = []): tls.SecureContext {
  // Any `ca` replaces Node's default store, which includes NODE_EXTRA_CA_CERTS, so that file is
  // read again here; Node 20 has no API that returns its contents.
  const ca = [...tls.rootCertificates, ...nodeExtraCaCerts(), ...extraCaPem];
  return remember(tls.createSecureContext({ ca }), ca);
}

function nodeExtraCaCerts(): string[] {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (!file) return [];
  try {
    return [readFileSync(file, 'utf8')];
  } catch {
    return []; // Node warned about the unreadable file at start-up and carried on without it; so do we.
  }
}

/** The CA list each context made here trusts, so a client certificate's context can trust the same. */
const caOf = new WeakMap<tls.SecureContext, string[]>();

/** Contexts with a client certificate, newest use last; each costs a context build, so they are kept (bounded). */
const clientContexts = new Map<string, tls.SecureContext>();
const MAX_CLIENT_CONTEXTS = 256;

/**
 * A context presenting a client certificate and trusting what `base` trusts (Node's default store
 * when absent). Built once per certificate, key and base, then reused: a context per check would
 * cost a large part of the handshake again. Throws when the key does not fit the certificate.
 */
export function clientCertificateContext(base: tls.SecureContext | undefined, certificate: string, key: string): tls.SecureContext {
  const ca = base ? caOf.get(base) : undefined;
  const id = createHash('sha256')
    .update(certificate)
    .update('\0')
    .update(key)
    .update('\0')
    .update(ca ? String(contextIds.get(base!) ?? 0) : '-')
    .digest('base64');
  const cached = clientContexts.get(id);
  if (cached) {
    clientContexts.delete(id);
    clientContexts.set(id, cached);
    return cached;
  }
  const context = tls.createSecureContext({ ...(ca ? { ca } : {}), cert: certificate, key });
  clientContexts.set(id, context);
  if (clientContexts.size > MAX_CLIENT_CONTEXTS) clientContexts.delete(clientContexts.keys().next().value!);
  return context;
}

const contextIds = new WeakMap<tls.SecureContext, number>();
let nextContextId = 1;

/** Remembers what a trust context trusts (createTrustContext). */
function remember(context: tls.SecureContext, ca: string[]): tls.SecureContext {
  caOf.set(context, ca);
  contextIds.set(context, nextContextId++);
  return context;
}
