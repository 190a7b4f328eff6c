import { describe, expect, it } from 'vitest';
import { maskedUrl, urlSecrets } from '../../src/domain/alerts/channels.js';
import { WITHHELD_TEXT, readsRunTexts, withholdRunTexts } from '../../src/domain/run-texts.js';

describe('run texts withheld', () => {
  const run = {
    id: 'r',
    error: { code: 'assertion-failed', message: 'assertion 3: $.iban eq "x": got "DE89…" (and 2 more)' },
    assertions: [
      { index: 0, ok: true, actual: '"DE89370400440532013000"' },
      { index: 3, ok: false, actual: null },
    ],
    warnings: ['assertion 1: body matches /Bearer (.{8})/ ("Bearer [secret]")', 'not an assertion line'],
  };

  it('nulls every actual and replaces what a line quoted, keeping which assertion and how many more', () => {
    expect(withholdRunTexts(run)).toEqual({
      id: 'r',
      error: { code: 'assertion-failed', message: `assertion 3: ${WITHHELD_TEXT} (and 2 more)` },
      assertions: [
        { index: 0, ok: true, actual: null },
        { index: 3, ok: false, actual: null },
      ],
      warnings: [`assertion 1: ${WITHHELD_TEXT}`, WITHHELD_TEXT],
    });
  });

  it('leaves an error that is not an assertion’s as it is', () => {
    const timeout = { ...run, error: { code: 'timeout', message: 'no complete response within 5000 ms' } };
    expect(withholdRunTexts(timeout).error).toEqual(timeout.error);
  });

  it('is for Admins and Owners', () => {
    expect(['Viewer', 'Member', 'Admin', 'Owner'].map((role) => readsRunTexts({ role: role as never }))).toEqual([false, false, true, true]);
  });
});

describe('channel addresses', () => {
  it('are masked to scheme://host[:port]/…', () => {
    expect(maskedUrl('https://hooks.slack.com/services/T000/B000/XXXXXXXX')).toBe('https://hooks.slack.com/…');
    expect(maskedUrl('http://127.0.0.1:8080/hook?token=abc')).toBe('http://127.0.0.1:8080/…');
    expect(maskedUrl('https://example.com:443/x')).toBe('https://example.com/…');
    expect(maskedUrl('not a url')).toBe('…');
  });

  it('give their long path segments and query values as secrets to blank, decoded', () => {
    expect(urlSecrets('https://discord.com/api/webhooks/123456789012/tok%2Fen-abcdef?wait=true&key=k3y-0123456789')).toEqual([
      'webhooks',
      '123456789012',
      'tok/en-abcdef',
      'k3y-0123456789',
    ]);
    expect(urlSecrets('nonsense')).toEqual([]);
  });
});
