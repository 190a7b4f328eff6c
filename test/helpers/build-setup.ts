/**
 * Global setup: compiles the server once per test run, so that tests which start `lookout`
 * as a process (the CLI, `serve`, kill -9 and restart) run the built program, as operators do,
 * instead of compiling the sources again in every process. It emits without type-checking
 * (`--noCheck`, a third of the time): the types are checked by `npm run lint` (`typecheck`), and
 * by `npm run build`.
 */
import { execFileSync } from 'node:child_process';

const ROOT = new URL('../..', import.meta.url).pathname;

export function setup(): void {
  if (process.env.LOOKOUT_TEST_BUILT === '1') return; // the other project already built it
  execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json', '--noCheck'], { cwd: ROOT, stdio: 'inherit' });
  process.env.LOOKOUT_TEST_BUILT = '1';
}
