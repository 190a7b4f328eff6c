import http from 'node:http';
import https from 'node:https';
import { toCheckError } from '../net/check-error.js';
import { checkServerIdentity } from '../net/peer-certificate.js';
import { assertHostAllowed, createPolicyLookup, type TargetPolicy } from '../net/target-policy.js';
import { secretBlanker } from '../domain/secrets/blank-secrets.js';
import { SettleOnce } from '../net/settle-once.js';

export interface PostResult {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, for the deliveries log; null on success. */
  error: string | null;
}

/** How much of a failing answer's body is kept for the log. */
const ERROR_BODY_BYTES = 200;

export interface PostOptions {
  targetPolicy: TargetPolicy;
  timeoutMs: number;
  /** POST unless told otherwise. */
  method?: 'POST' | 'PUT';
  /**
   * The channel's secrets in plain text: blanked out of whatever is kept of the attempt (the
   * answer's excerpt, an error), since a provider may echo what it was sent.
   */
  secrets?: readonly string[];
}

/**
 * Sends a body (JSON unless `headers` has a Content-Type of its own) over a fresh connection:
 * redirects are not followed (a 3xx is a failure), the whole exchange must finish within
 * `timeoutMs`, and the target policy is enforced on every address the host name resolves to.
 * Of the answer only the status is read, and of a failure's body a short excerpt. Never throws.
 */
export function postJson(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  const blank = secretBlanker(options.secrets ?? []);
  // Enough bytes that a secret starting within the excerpt is read whole, and so blanked whole.
  const readBytes = ERROR_BODY_BYTES + 4 * blank.longestForm;
  return new Promise((resolve) => {
    let request: http.ClientRequest | undefined;
    const finish = (result: PostResult) => {
      if (!once.claim()) return;
      request?.destroy();
      resolve({ ...result, error: result.error === null ? null : blank(result.error) });
    };
    const once = new SettleOnce(options.timeoutMs, () =>
      finish({ ok: false, statusCode: null, error: `timeout: no complete answer within ${options.timeoutMs} ms` }),
    );
    try {
      const target = new URL(url);
      assertHostAllowed(target.hostname, options.targetPolicy);
      const ownType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
      const requestOptions: https.RequestOptions = {
        method: options.method ?? 'POST',
        headers: { ...(!ownType && { 'Content-Type': 'application/json' }), 'Content-Length': String(Buffer.byteLength(body)), ...headers },
        agent: false,
        lookup: createPolicyLookup(options.targetPolicy),
        checkServerIdentity, // the endpoint's certificate names cannot throw inside the handshake
      };
      request = target.protocol === 'https:' ? https.request(target, requestOptions) : http.request(target, requestOptions);
    } catch (error) {
      finish({ ok: false, statusCode: null, error: describe(error) });
      return;
    }
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      if (statusCode >= 200 && statusCode < 300) {
        finish({ ok: true, statusCode, error: null });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const failed = () => {
        const excerpt = blank(Buffer.concat(chunks).toString('utf8'))
          .slice(0, ERROR_BODY_BYTES)
          // The excerpt is stored as text: control characters (NUL cannot be stored in PostgreSQL) become spaces.
          .replace(/[\s\p{Cc}]+/gu, ' ')
          .trim();
        const redirect = statusCode >= 300 && statusCode < 400 ? ' (redirects are not followed)' : '';
        finish({ ok: false, statusCode, error: `HTTP ${statusCode}${redirect}${excerpt ? `: ${excerpt}` : ''}` });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= readBytes) failed(); // the rest is not read
      });
      response.on('end', failed);
      response.on('error', (error) => finish({ ok: false, statusCode, error: describe(error) }));
    });
    request.on('error', (error) => finish({ ok: false, statusCode: null, error: describe(error) }));
    request.end(body);
  });
}

/** `<stable code>: <message>`, with the codes monitor runs use (connection-refused, target-blocked, …). */
function describe(error: unknown): string {
  const { code, message } = toCheckError(error, 'connection-reset');
  return `${code}: ${message}`;
}
