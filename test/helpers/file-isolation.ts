/**
 * Runs before every test file. Test files share their worker (vitest.config.ts, `isolate: false`),
 * so one that leaves `process.env` changed would change the files that follow it in that worker:
 * such a file fails here, by name, instead of another one failing later for no visible reason.
 */
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  const changed = [...new Set([...Object.keys(before), ...Object.keys(process.env)])].filter((name) => before[name] !== process.env[name]);
  if (changed.length > 0) throw new Error(`this test file left process.env changed: ${changed.sort().join(', ')}`);
});
