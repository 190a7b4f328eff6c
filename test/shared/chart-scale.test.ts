import { describe, expect, it } from 'vitest';
import { durationTickLabel, MIN_SPAN_MS, p95Text, percentile, timeRange, timeTicks, valueTicks } from '../../src/shared/chart-scale.js';
import { DURATION_BUCKETS_MS } from '../../src/shared/histograms.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 27, 14, 7, 30);
const ms = (v: number) => `${v} ms`;

describe('timeRange', () => {
  it('starts at the first point when the data is younger than the window', () => {
    expect(timeRange([NOW - 20 * MINUTE, NOW - 10 * MINUTE], NOW, DAY)).toEqual({ from: NOW - 20 * MINUTE, to: NOW });
  });

  it('never spans less than the shortest span: a monitor a minute old is not drawn as one column', () => {
    expect(timeRange([NOW - MINUTE], NOW, DAY)).toEqual({ from: NOW - MIN_SPAN_MS, to: NOW });
  });

  it('is the whole window once the data fills it, and points before the window do not widen it', () => {
    expect(timeRange([NOW - 2 * DAY, NOW - 23 * HOUR], NOW, DAY)).toEqual({ from: NOW - 23 * HOUR, to: NOW });
    expect(timeRange([NOW - DAY, NOW - HOUR], NOW, DAY)).toEqual({ from: NOW - DAY, to: NOW });
  });

  it('is the whole window without data', () => {
    expect(timeRange([], NOW, 7 * DAY)).toEqual({ from: NOW - 7 * DAY, to: NOW });
  });
});

describe('valueTicks', () => {
  it.each([
    [2, [0, 1, 2]],
    [1.4, [0, 1, 2]],
    [3, [0, 1, 2, 3]],
    [23, [0, 10, 20, 30]],
    [15, [0, 5, 10, 15]],
    [180, [0, 50, 100, 150, 200]],
    [912, [0, 500, 1000]],
    [4200, [0, 2000, 4000, 6000]],
    [0, [0, 1, 2, 3, 4]],
  ])('covers %s with round steps of 1, 2 or 5', (max, ticks) => {
    expect(valueTicks(max)).toEqual(ticks);
  });

  it('never gives two ticks that read the same, nor an odd step, for any maximum', () => {
    for (let max = 0.1; max < 100_000; max *= 1.37) {
      const ticks = valueTicks(max);
      const step = ticks[1]! - ticks[0]!;
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 5]).toContain(Math.round(mantissa * 1e9) / 1e9);
      const labels = ticks.map((t) => durationTickLabel(t, step));
      expect(new Set(labels).size, labels.join(', ')).toBe(labels.length);
    }
  });
});

describe('durationTickLabel', () => {
  it('reads whole milliseconds below a second and as many decimals of a second as the step needs', () => {
    expect(durationTickLabel(0, 500)).toBe('0 ms');
    expect(durationTickLabel(500, 500)).toBe('500 ms');
    expect(durationTickLabel(1500, 500)).toBe('1.5 s');
    expect(durationTickLabel(1050, 50)).toBe('1.05 s');
    expect(durationTickLabel(2000, 1000)).toBe('2 s');
    expect(durationTickLabel(20_000, 10_000)).toBe('20 s');
  });
});

describe('timeTicks', () => {
  it('puts ticks on whole hours of the viewer’s clock, as few as fit the width', () => {
    const { ticks, step } = timeTicks(NOW - DAY, NOW, 1000, 78);
    expect(step).toBe(2 * HOUR);
    expect(ticks.every((t) => t % step === 0)).toBe(true);
    expect(ticks.length).toBeLessThanOrEqual(Math.floor(1000 / 78));
  });

  it('leaves a 390 px phone room for every label: no two closer than a label’s width', () => {
    const width = 390 - 2 * 16 - 52 - 14;
    for (const span of [10 * MINUTE, 2 * HOUR, DAY, 7 * DAY, 30 * DAY]) {
      const { ticks } = timeTicks(NOW - span, NOW, width, 78);
      expect(ticks.length).toBeGreaterThanOrEqual(1);
      const gap = (width * (ticks[1]! - ticks[0]!)) / span;
      if (ticks.length > 1) expect(gap).toBeGreaterThanOrEqual(78);
    }
  });

  it('follows the zone: whole hours of a zone half an hour off UTC', () => {
    // India is 5:30 ahead of UTC: getTimezoneOffset() gives -330.
    const { ticks } = timeTicks(NOW - 6 * HOUR, NOW, 600, 78, -330);
    for (const t of ticks) expect((t + 330 * MINUTE) % HOUR).toBe(0);
  });

  it('spreads a young monitor’s minutes', () => {
    const { ticks, step } = timeTicks(NOW - 8 * MINUTE, NOW, 700, 78);
    expect(step).toBe(MINUTE);
    expect(ticks).toHaveLength(8);
  });
});

describe('percentile and p95Text', () => {
  it('takes the nearest rank', () => {
    expect(percentile([], 95)).toBeNull();
    expect(percentile([2, 2, 2], 95)).toBe(2);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(95);
  });

  it('is exact when the runs at hand are every check of the period: 2 ms, not ≤ 50 ms', () => {
    expect(p95Text([2, 2, 3, 2], true, 50, DURATION_BUCKETS_MS, ms)).toBe('3 ms');
  });

  it('otherwise tells the histogram bucket as the range it stands for', () => {
    expect(p95Text([2], false, 50, DURATION_BUCKETS_MS, ms)).toBe('under 50 ms');
    expect(p95Text([], false, 200, DURATION_BUCKETS_MS, ms)).toBe('100 ms to 200 ms');
    expect(p95Text([], false, Infinity, DURATION_BUCKETS_MS, ms)).toBe('over 5000 ms');
    expect(p95Text([], false, null, DURATION_BUCKETS_MS, ms)).toBe('—');
  });
});
