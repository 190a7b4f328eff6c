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

  it('stamps an id with the time it is given, never a later one, whatever ids came before', () => {
    const now = Date.UTC(2032, 5, 1);
    // An id made for a time a day ahead (as a reminder's due time once was) leaves no trace.
    newId(now + 86_400_000);
    expect(stamp(newId(now))).toBe(now);
    // A clock that went back: the present still, not the last time seen.
    newId(now + 5);
    expect(stamp(newId(now + 1))).toBe(now + 1);
  });

  it('keeps more ids than its 12-bit sequence holds in one millisecond in that millisecond, unique', () => {
    const now = Date.UTC(2032, 6, 1);
    const ids = Array.from({ length: 6000 }, () => newId(now));
    expect(new Set(ids.map(stamp))).toEqual(new Set([now]));
    expect(new Set(ids).size).toBe(ids.length);
    // Those that fit the sequence keep the order they were made in.
    expect(ids.slice(0, 2048)).toEqual([...ids.slice(0, 2048)].sort());
  });
});

/** The milliseconds a UUID v7 is stamped with. */
function stamp(id: string): number {
  return parseInt(id.replaceAll('-', '').slice(0, 12), 16);
}
