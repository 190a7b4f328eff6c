import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServeProcess {
  child: ChildProcess;
  output(): string;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
}

/** Starts the built `lookout serve` (test/helpers/build-setup.ts) as its own process and waits until it listens. */
export function serve(env: Record<string, string | undefined>): Promise<ServeProcess> {
  return start(['serve'], { LOOKOUT_REGIONS: 'none', ...env }, 'Lookout is listening');
}

/** Starts the built `lookout worker --region <region>` and waits until it takes checks. */
export function worker(region: string, env: Record<string, string>): Promise<ServeProcess> {
  return start(['worker', '--region', region], env, 'Lookout worker is checking');
}

/** Starts the built `lookout probe` with these arguments and waits until it takes checks. */
export function probe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  return start(['probe', ...args], env, 'Lookout probe is checking');
}

/** `env` is laid over this process's environment; a variable given as undefined is left out. */
async function start(args: string[], env: Record<string, string | undefined>, readyText: string): Promise<ServeProcess> {
  const childEnv = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined));
  const child = spawn(process.execPath, [join(ROOT, 'dist/main.js'), ...args], { cwd: ROOT, env: childEnv });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`lookout ${args[0]!} did not start:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      if (output.includes(readyText)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`lookout ${args[0]!} exited with ${String(code)}:\n${output}`));
    });
  });
  const exited = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { child, output: () => output, stop: () => exited('SIGTERM'), kill: () => exited('SIGKILL') };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI to its end with exactly this environment (nothing inherited but PATH), `stdin` on its standard input. */
export function lookoutCommand(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/main.js'), ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
