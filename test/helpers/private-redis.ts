import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './process.js';

/**
 * A Redis of the test's own (not the machine's, which every other test shares), so that a test can
 * take it away: kill it and start it again on the same port, or freeze it (SIGSTOP) and thaw it.
 * Nothing is kept on disk.
 */
export interface PrivateRedis {
  /** `redis://127.0.0.1:<port>`, for the server's REDIS_URL. */
  url: string;
  /** Starts it (again) on its port. */
  start(): Promise<void>;
  /** The running process, to signal. */
  readonly process: ChildProcess;
  /** Ends it for good, frozen or not. */
  stop(): void;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let current: ChildProcess | null = null;
  const started: ChildProcess[] = [];
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      current = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      started.push(current);
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    get process() {
      if (!current) throw new Error('the private Redis was never started');
      return current;
    },
    stop() {
      for (const child of started) {
        child.kill('SIGCONT');
        child.kill('SIGKILL');
      }
    },
  };
  await redis.start();
  return redis;
}
