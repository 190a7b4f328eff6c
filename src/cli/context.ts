import { loadConfig } from '../config.js';
import { createEmbeddedCoordination } from '../coordination/embedded.js';
import { Problem } from '../domain/problem.js';
import { createServices, type Services } from '../composition/services.js';
import { openStore } from '../store/database.js';

export interface OutputOptions {
  json?: boolean;
}

/** Runs an operator command against the configured database, then closes it. */
export async function withServices<T>(run: (services: Services) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = openStore(config.databaseUrl);
  try {
    await store.migrate();
    return await run(createServices({ config, store, coordination: createEmbeddedCoordination() }));
  } finally {
    await store.close();
  }
}

/** Prints a command's answer: the object as JSON with --json, else readable lines. */
export function print(options: OutputOptions, value: object, human: string): void {
  process.stdout.write(options.json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}

/** Every failure ends here: a readable message on stderr (JSON on stdout with --json) and exit code 1. */
export function fail(error: unknown, options: OutputOptions = {}): never {
  const message =
    error instanceof Problem
      ? error.extra.errors?.length
        ? error.extra.errors.map((e) => `${e.field}: ${e.message}`).join('; ')
        : error.detail
      : error instanceof Error
        ? error.message
        : String(error);
  if (options.json) {
    const code = error instanceof Problem ? error.code : 'error';
    process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
  }
  process.stderr.write(`lookout: ${message}\n`);
  process.exit(1);
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
