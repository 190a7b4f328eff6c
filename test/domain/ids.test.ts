import { describe, expect, it } from 'vitest';
import { isUuid, newId } from '../../src/domain/ids.js';

describe('newId', () => {
  it('makes UUID v7 ids, unique and in the order they were made, across many refills of its random pool', () => {
    const start = Date.UTC(2031, 0, 1);
    const ids = Array.from({ length: 5000 }, (_, i) => newId(start + Math.floor(i / 3)));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 600)) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
    // The random tails differ: no two ids share their last 12 hex digits.
    expect(new Set(ids.map((id) => id.slice(-12))).size).toBe(ids.length);
  });
});
