import 'temporal-polyfill/global';
import { RRuleTemporal } from 'rrule-temporal';
import { toText } from 'rrule-temporal/totext';
import { describe, expect, it } from 'vitest';
import { describeCheckError } from '../../web/src/check-errors.js';
import { count } from '../../src/shared/plural.js';
import { rruleText } from '../../src/shared/rrule-text.js';
import { CHECK_ERROR_CODES, CHECK_ERROR_TEXT } from '../../src/shared/vocabulary.js';
import { classifiedErrorCodes } from '../../src/net/check-error.js';

describe('describeCheckError', () => {
  it.each([
    ['certificate-expired', 'certificate expired at 2026-01-01T00:00:00.000Z', 'The certificate has expired', null],
    ['certificate-untrusted', 'certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)', 'The certificate is self-signed', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    [
      'certificate-untrusted',
      'certificate is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE)',
      'The certificate’s issuer is unknown: the server may not send its intermediate certificates',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    ],
    [
      'hostname-mismatch',
      'ERR_TLS_CERT_ALTNAME_INVALID: Hostname/IP does not match',
      'The certificate is not valid for this host name',
      'ERR_TLS_CERT_ALTNAME_INVALID',
    ],
    ['connection-refused', 'connect ECONNREFUSED 10.0.0.1:443', 'The connection was refused: nothing listens on that port', 'ECONNREFUSED'],
    ['dns-failure', 'getaddrinfo ENOTFOUND nowhere.example', 'The host name does not exist', 'ENOTFOUND'],
    ['timeout', 'no answer within 10000 ms', 'No answer within the timeout', null],
  ])('%s: %s', (code, message, text, systemCode) => {
    expect(describeCheckError({ code, message })).toEqual({ text, systemCode });
  });

  it('has a sentence for every Lookout code, and for every system code the checker classifies', () => {
    for (const code of CHECK_ERROR_CODES) expect(CHECK_ERROR_TEXT[code]).toMatch(/^[A-Z]/);
    for (const code of classifiedErrorCodes().filter((c) => c !== 'ERR_TARGET_BLOCKED' && !c.startsWith('ERROR_IN_CERT') && c !== 'ERR_TLS_CERT_UNREADABLE')) {
      expect(describeCheckError({ code: 'tls-error', message: `failed (${code})` }).systemCode, code).toBe(code);
    }
  });

  it('falls back to the code’s sentence, and to a plain one for a code it does not know', () => {
    expect(describeCheckError({ code: 'tls-error', message: 'SOMETHING_NEW happened' }).text).toBe('The TLS handshake failed');
    expect(describeCheckError({ code: 'from-the-future', message: '' }).text).toBe('The check failed');
  });
});

describe('count', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(count(1, 'check')).toBe('1 check');
    expect(count(2, 'check')).toBe('2 checks');
    expect(count(0, 'check')).toBe('0 checks');
    expect(count(12_500, 'check')).toBe('12,500 checks');
    expect(count(3, 'day', 'days')).toBe('3 days');
  });
});

describe('rruleText', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=SU', 'Every Sunday'],
    ['RRULE:FREQ=WEEKLY;BYDAY=SA,SU', 'Every Saturday and Sunday'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE', 'Every 2 weeks on Monday and Wednesday'],
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;INTERVAL=3;COUNT=1', 'Every 3 days, 1 time'],
    ['FREQ=DAILY;COUNT=10', 'Every day, 10 times'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'Every month on the 1st'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15,-1', 'Every month on the 1st, the 15th and the last day'],
    ['FREQ=MONTHLY;BYDAY=1SU', 'Every month on the first Sunday'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'Every month on the last Friday'],
    ['FREQ=WEEKLY;BYDAY=TU;UNTIL=20270301T000000Z', 'Every Tuesday, until 1 March 2027'],
  ])('%s is “%s”', (rule, text) => {
    expect(rruleText(rule)).toBe(text);
  });

  it('gives nothing for a rule outside what the API takes, so that the rule itself is shown', () => {
    expect(rruleText('FREQ=YEARLY')).toBeNull();
    expect(rruleText('FREQ=WEEKLY;BYDAY=XX')).toBeNull();
    expect(rruleText('nonsense')).toBeNull();
  });

  it('names the same days as the library the server computes occurrences with', () => {
    for (const rule of ['FREQ=WEEKLY;BYDAY=SU', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE', 'FREQ=DAILY;COUNT=3']) {
      const library = toText(new RRuleTemporal({ rruleString: `DTSTART;TZID=UTC:20261201T020000\nRRULE:${rule}` })).toLowerCase();
      for (const word of rruleText(rule)!
        .toLowerCase()
        .split(/[ ,]+/)
        .filter((w) => /day$|weeks?$/.test(w)))
        expect(library).toContain(word);
    }
  });
});
