import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('LOOKOUT_CHECK_THREADS', () => {
  it('defaults to one check thread per core', () => {
    expect(loadConfig({}).checkThreads).toBe(availableParallelism());
  });

  it('reads a count, 0 and 1 meaning the main thread', () => {
    for (const value of ['0', '1', '4']) expect(loadConfig({ LOOKOUT_CHECK_THREADS: value }).checkThreads).toBe(Number(value));
  });

  it('refuses what is not a count of threads, naming the variable', () => {
    for (const value of ['-1', '1.5', 'many', '257']) {
      expect(() => loadConfig({ LOOKOUT_CHECK_THREADS: value }), value).toThrow(/^Invalid configuration: LOOKOUT_CHECK_THREADS: /);
    }
  });
});
