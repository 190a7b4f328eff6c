import { describe, expect, it } from 'vitest';
import { keyOf, slug } from '../../src/import/document.js';
import { conditionEffect, durationMs } from '../../src/import/gatus/conditions.js';
import { authFromHeader, jsonPathFrom, jsonValueFrom } from '../../src/import/http-request.js';

describe('the values an import reads', () => {
  it.each([
    ['data.status', '$.data.status'],
    ['$.data.items[0].status', '$.data.items[0].status'],
    ['$', '$'],
    ['', '$'],
    ['[0].id', '$[0].id'],
    ['.a', '$.a'],
    ['$count(items)', null],
    ['items[status="up"]', null],
    ['a.b * 2', null],
    ['a..b', null],
  ])('reads the path %j as %j', (path, expected) => {
    expect(jsonPathFrom(path)).toBe(expected);
  });

  it.each([
    ['200', 200],
    ['-1.5', -1.5],
    ['true', true],
    ['false', false],
    ['null', null],
    ['ok', 'ok'],
    ['007', '007'],
    [' 42 ', 42],
  ])('reads the compared value %j as %j', (text, expected) => {
    expect(jsonValueFrom(text)).toBe(expected);
  });

  it.each([
    ['48h', 172_800_000],
    ['1h30m', 5_400_000],
    ['500ms', 500],
    ['90s', 90_000],
    ['3000', 3000],
    ['2d', null],
    ['h', null],
    ['10 m', null],
  ])('reads the duration %j as %j ms', (text, expected) => {
    expect(durationMs(text)).toBe(expected);
  });

  it('slugs keys and keeps them within 100 characters, unique by a hash when cut', () => {
    expect(slug('  Core / Back-End API #2 ')).toBe('core-back-end-api-2');
    expect(slug('Café Zürich')).toBe('cafe-zurich');
    expect(keyOf('gatus', '', 'Frontend')).toBe('gatus-frontend');
    const long = keyOf('gatus', 'g', 'x'.repeat(200));
    expect(long).toHaveLength(100);
    expect(long).not.toBe(keyOf('gatus', 'g', `${'x'.repeat(200)}y`));
  });

  it('reads an Authorization header as credentials', () => {
    expect(authFromHeader('Bearer abc.def')).toEqual({ type: 'bearer', secret: 'abc.def' });
    expect(authFromHeader(`Basic ${Buffer.from('user:pa:ss').toString('base64')}`)).toEqual({ type: 'basic', username: 'user', secret: 'pa:ss' });
    expect(authFromHeader('Token xyz')).toEqual({ type: 'header', headerName: 'Authorization', secret: 'Token xyz' });
  });

  it('reads Gatus conditions by the operator Gatus tries first', () => {
    expect(conditionEffect('[BODY].a == x <= y', 'http')).toEqual({ kind: 'assertion', assertion: { source: 'json', path: '$.a', op: 'eq', value: 'x <= y' } });
    expect(conditionEffect('[STATUS]==200', 'http')).toEqual({ kind: 'dropped', reason: 'it is not a condition Gatus reads (<left> <operator> <right>)' });
    expect(conditionEffect('[CONNECTED] == false', 'tcp')).toEqual({ kind: 'dropped', reason: 'Lookout checks that a connection succeeds, not that it fails' });
    expect(conditionEffect('[CERTIFICATE_EXPIRATION] < 48h', 'http')).toEqual({
      kind: 'dropped',
      reason: 'Lookout warns a number of days before expiry (use > <hours>h)',
    });
    expect(conditionEffect('[STATUS] == 200', 'dns')).toMatchObject({ kind: 'dropped' });
  });
});
