import { describe, expect, it } from 'vitest';
import { formatUptime, uptimeLevel } from '../../src/shared/uptime.js';

describe('uptime as text', () => {
  it.each([
    [100, '100%'],
    [99.9999, '99.99%'],
    [99.995, '99.99%'],
    [99.99999999999, '99.99%'],
    [99.95, '99.95%'],
    [99.9, '99.9%'],
    [99.5, '99.5%'],
    [98.333, '98.33%'],
    [66.666, '66.66%'],
    [50, '50%'],
    [0.29, '0.29%'],
    [0.001, '0%'],
    [0, '0%'],
  ])('%s reads %s', (value, text) => {
    expect(formatUptime(value)).toBe(text);
  });

  it('never reads 100% with a single failure, however many checks', () => {
    for (const checks of [2, 10, 1000, 20_000, 1_000_000, 1e9]) {
      expect(formatUptime(((checks - 1) / checks) * 100)).not.toBe('100%');
    }
  });

  it('reads a ratio that binary fractions leave a hair below a hundredth as that hundredth', () => {
    // 29 of 100 checks: (29 / 100) × 100 is 28.999999999999996 in binary floating point.
    expect((29 / 100) * 100).toBeLessThan(29);
    expect(formatUptime((29 / 100) * 100)).toBe('29%');
    expect(formatUptime((57 / 100) * 100)).toBe('57%');
  });

  it('ranks uptime good from 99.9%, a warning from 95%, bad below', () => {
    expect([100, 99.9, 99.89, 95, 94.99, 0].map(uptimeLevel)).toEqual(['good', 'good', 'warn', 'warn', 'bad', 'bad']);
  });
});
