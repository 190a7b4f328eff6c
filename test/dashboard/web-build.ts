import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const WEB = join(ROOT, 'web');
const DIST = join(WEB, 'dist');
const LOCK = join(WEB, '.build-lock');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function stale(): boolean {
  const index = join(DIST, 'index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(newest(join(WEB, 'src')), newest(join(WEB, 'public')), newest(join(WEB, 'index.html')), newest(join(WEB, 'vite.config.ts')));
  return sources > statSync(index).mtimeMs;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds web/dist when it is missing or older than its sources, once across parallel test
 * processes (a lock directory), into a temporary directory that then replaces web/dist.
 * The server reads web/dist when it starts, so call this before startServer().
 */
export async function ensureDashboardBuilt(): Promise<void> {
  if (!stale()) return;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // Someone else builds; a lock older than 3 minutes is left over from a crash.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > 180_000) rmSync(LOCK, { recursive: true, force: true });
      await sleep(500);
      if (!existsSync(LOCK) && !stale()) return;
    }
  }
  try {
    if (!stale()) return;
    const { build } = await import('vite');
    const out = join(WEB, `.dist-${process.pid}`);
    // The test runner sets NODE_ENV=test, which would give React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: WEB, configFile: join(WEB, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const old = join(WEB, `.dist-old-${process.pid}`);
    if (existsSync(DIST)) renameSync(DIST, old);
    renameSync(out, DIST);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
