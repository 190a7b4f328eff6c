import { describe, expect, it } from 'vitest';
import { LEAK_RUN, SECRET_MARK, secretBlanker } from '../../src/domain/secrets/blank-secrets.js';

const SECRET = 'SuperSecretPassword/42 ü!';

describe('secretBlanker', () => {
  const blank = secretBlanker([SECRET]);

  it('blanks the secret in every form a server writes it back in', () => {
    const percent = encodeURIComponent(SECRET);
    const forms = {
      plain: SECRET,
      percent,
      lowerPercent: percent.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
      form: percent.replaceAll('%20', '+'),
      strictPercent: percent.replace('!', '%21'),
      json: JSON.stringify(SECRET).slice(1, -1),
      jsonSolidus: JSON.stringify(SECRET).slice(1, -1).replace('/', '\\/'),
      jsonAscii: JSON.stringify(SECRET).slice(1, -1).replace('ü', '\\u00fc'),
      base64: Buffer.from(SECRET).toString('base64'),
      base64url: Buffer.from(SECRET).toString('base64url'),
    };
    for (const [name, form] of Object.entries(forms)) {
      expect(blank(`got <${form}> back`), name).toBe(`got <${SECRET_MARK}> back`);
    }
  });

  it(`blanks any run of ${LEAK_RUN} or more of its characters, and leaves shorter ones`, () => {
    expect(blank('Authorization: Bearer SuperSecretP')).toBe(`Authorization: Bearer ${SECRET_MARK}`);
    expect(blank('xx cretPass yy')).toBe(`xx ${SECRET_MARK} yy`);
    expect(blank('a Super password')).toBe('a Super password');
    expect(blank('SuperSe')).toBe('SuperSe');
  });

  it('blanks the base64 of user:secret (HTTP Basic) without blanking the user name alone', () => {
    const basic = secretBlanker([{ user: 'administrator', secret: 'hunter2' }]);
    const header = Buffer.from('administrator:hunter2').toString('base64');
    expect(basic(`Basic ${header}`)).toBe(`Basic ${SECRET_MARK}`);
    expect(basic('user administrator said hunter2')).toBe(`user administrator said ${SECRET_MARK}`);
  });

  it('merges overlapping finds into one mark and keeps the text around them', () => {
    expect(blank(`${SECRET}${SECRET}.`)).toBe(`${SECRET_MARK}.`);
    expect(blank(`[${SECRET}] and [${SECRET}]`)).toBe(`[${SECRET_MARK}] and [${SECRET_MARK}]`);
  });

  it('returns the text as it is with no secrets, and reports the longest form', () => {
    const none = secretBlanker(['']);
    expect(none('SuperSecretPassword')).toBe('SuperSecretPassword');
    expect(none.longestForm).toBe(0);
    expect(blank.longestForm).toBeGreaterThanOrEqual(encodeURIComponent(SECRET).length);
  });
});
