/**
 * Where a command reads and writes. `lookout` runs on the process's environment and streams;
 * the same program runs in-process on buffers (the test suite), so that every command is
 * exercised without paying for a process start each time.
 */
export interface CliIo {
  /** The environment the configuration is read from. */
  readonly env: Record<string, string | undefined>;
  out(text: string): void;
  err(text: string): void;
  /** Everything on standard input, as given. */
  stdin(): Promise<string>;
}

export const processIo: CliIo = {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  async stdin() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/**
 * Ends a command with an exit code. Commands throw it instead of leaving the process, so that
 * the caller of the program (`src/main.ts`) decides how the process ends.
 */
export class CliExit extends Error {
  constructor(readonly code: number) {
    super(`exit code ${String(code)}`);
  }
}
