import { describe, expect, it } from 'vitest';
import { classifiedErrorCodes, toCheckError, withReason } from '../../src/net/check-error.js';
import { CHECK_ERROR_CODES } from '../../src/shared/vocabulary.js';

/** A socket error as Node makes them: a code, maybe an address, and here no message at all. */
const silent = (code: string | undefined, fields: Record<string, unknown> = {}): Error => Object.assign(new Error(''), { code, ...fields });

/*
 * Rule 23: every failed run says why. Whatever a checker is handed (an error with an empty message, a
 * value that is not an error, an AggregateError of attempts that say nothing), the error it records
 * has a message.
 */
describe('check error messages', () => {
  it('gives every code a reason when the message is blank', () => {
    for (const code of CHECK_ERROR_CODES) {
      for (const message of ['', '   ']) expect(withReason({ code, message }).message.trim(), code).not.toBe('');
    }
  });

  it('keeps a message that says something', () => {
    expect(withReason({ code: 'timeout', message: 'no answer within 5000 ms' })).toEqual({ code: 'timeout', message: 'no answer within 5000 ms' });
  });

  it('never yields an empty message from any error a checker can be handed', () => {
    const seen = new Set<string>();
    const inputs: unknown[] = [undefined, null, '', 0, {}, new Error(''), new AggregateError([], '')];
    const nodeCodes = [...classifiedErrorCodes(), 'ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_TLS_HANDSHAKE_TIMEOUT', 'EPROTO', 'HPE_INVALID_CONSTANT', 'ENOSYS'];
    for (const code of nodeCodes) {
      inputs.push(silent(code));
      inputs.push(new AggregateError([silent(code, { address: '::1', port: 443 }), silent(code, { address: '127.0.0.1', port: 443 })], ''));
      inputs.push(Object.assign(new AggregateError([], ''), { code }));
    }
    for (const fallback of CHECK_ERROR_CODES) {
      for (const input of inputs) {
        const error = toCheckError(input, fallback);
        expect(error.message.trim(), `${String((input as { code?: unknown } | null)?.code)} → ${error.code}`).not.toBe('');
        seen.add(error.code);
      }
    }
    // Every code reachable from a socket error was reached (the rest come with messages of their own).
    for (const code of [
      'timeout',
      'dns-failure',
      'connection-refused',
      'connection-reset',
      'tls-error',
      'certificate-expired',
      'certificate-not-yet-valid',
      'certificate-untrusted',
      'hostname-mismatch',
      'target-blocked',
    ])
      expect(seen).toContain(code);
  });

  it('names the last address tried when every address of a name refused', () => {
    const attempts = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8443'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 8443 }),
      Object.assign(new Error('connect ECONNREFUSED ::1:8443'), { code: 'ECONNREFUSED', address: '::1', port: 8443 }),
    ];
    const aggregate = Object.assign(new AggregateError(attempts, ''), { code: 'ECONNREFUSED' });

    expect(toCheckError(aggregate, 'connection-reset')).toEqual({
      code: 'connection-refused',
      message: 'connect ECONNREFUSED ::1:8443 (the last of 2 addresses tried; none connected)',
    });
  });

  it('describes an attempt that carries only its address', () => {
    const aggregate = new AggregateError([silent('ECONNREFUSED', { address: '127.0.0.1', port: 1 }), silent('ETIMEDOUT', { address: '::1', port: 1 })], '');

    expect(toCheckError(aggregate, 'connection-reset')).toEqual({
      code: 'timeout',
      message: 'connecting to [::1]:1 failed (ETIMEDOUT) (the last of 2 addresses tried; none connected)',
    });
  });
});
