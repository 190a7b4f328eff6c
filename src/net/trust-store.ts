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
  return tls.createSecureContext({ ca: [...tls.rootCertificates, ...nodeExtraCaCerts(), ...extraCaPem] });
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
