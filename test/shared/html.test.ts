import { describe, expect, it } from 'vitest';
import { ifNoneMatch } from '../../src/http/etag.js';
import { escapeHtml } from '../../src/shared/html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a> é`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt; é');
  });
});

describe('ifNoneMatch', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abc-br"', true],
    ['"abcd"', false],
    ['"x"', false],
    [undefined, false],
    ['', false],
  ])('%s → %s', (header, expected) => {
    expect(ifNoneMatch(header, etag)).toBe(expected);
  });
});
