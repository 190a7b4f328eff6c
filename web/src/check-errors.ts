import { CHECK_ERROR_TEXT } from '../../src/shared/vocabulary.js';

/*
 * Words for a failed check. A run's error carries Lookout's stable code and the message of the
 * error behind it, which often holds an OpenSSL verification result or a Node socket code
 * (`certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)`, `connect ECONNREFUSED 10.0.0.1:443`).
 * People read a sentence first; the code and the raw message stay beside it as the detail.
 */

/** OpenSSL verification results and Node's error codes that say more than the Lookout code alone. */
const SYSTEM_CODE_TEXT: Record<string, string> = {
  CERT_HAS_EXPIRED: 'The certificate has expired',
  CERT_NOT_YET_VALID: 'The certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'The certificate is not valid for this host name',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'The certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'The certificate chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'The certificate’s issuer is unknown: the server may not send its intermediate certificates',
  UNABLE_TO_GET_ISSUER_CERT: 'The certificate’s issuer could not be found',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'The certificate’s issuer is not a trusted authority, or the intermediate certificates are missing',
  UNABLE_TO_DECRYPT_CERT_SIGNATURE: 'The certificate’s signature cannot be read',
  UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY: 'The issuer’s public key cannot be read',
  CERT_SIGNATURE_FAILURE: 'The certificate’s signature is invalid',
  CERT_UNTRUSTED: 'The certificate is not trusted',
  CERT_REJECTED: 'The certificate was rejected',
  CERT_REVOKED: 'The certificate has been revoked',
  INVALID_CA: 'A certificate in the chain is not allowed to issue certificates',
  INVALID_PURPOSE: 'The certificate is not meant for a server',
  PATH_LENGTH_EXCEEDED: 'The certificate chain is longer than its authority allows',
  CERT_CHAIN_TOO_LONG: 'The certificate chain is too long',
  ECONNREFUSED: 'The connection was refused: nothing listens on that port',
  ECONNRESET: 'The server closed the connection abruptly',
  ECONNABORTED: 'The connection was aborted',
  EPIPE: 'The server closed the connection while Lookout was sending',
  ENOTFOUND: 'The host name does not exist',
  EAI_AGAIN: 'The DNS servers did not answer for the host name',
  EAI_FAIL: 'The host name could not be resolved',
  EHOSTUNREACH: 'The host cannot be reached',
  ENETUNREACH: 'The network of the host cannot be reached',
  EADDRNOTAVAIL: 'The host’s address cannot be reached from here',
  ETIMEDOUT: 'The connection timed out',
  EPROTO: 'The TLS handshake failed: the server speaks another protocol or version',
};

export interface CheckErrorWords {
  /** The sentence to show first. */
  text: string;
  /** The system code the message names, when it has one (shown beside the Lookout code). */
  systemCode: string | null;
}

/** The sentence for a run's error: the system code in its message when known, else its Lookout code's. */
export function describeCheckError(error: { code: string; message: string }): CheckErrorWords {
  for (const word of error.message.match(/\b[A-Z][A-Z0-9_]{3,}\b/g) ?? []) {
    const text = SYSTEM_CODE_TEXT[word];
    if (text !== undefined) return { text, systemCode: word };
  }
  const text = (CHECK_ERROR_TEXT as Record<string, string | undefined>)[error.code];
  return { text: text ?? 'The check failed', systemCode: null };
}
