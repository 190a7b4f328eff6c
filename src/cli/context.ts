import type { Command } from 'commander';
import { loadConfig, type Config } from '../config.js';
import { createEmbeddedCoordination } from '../coordination/embedded.js';
import { Problem } from '../domain/problem.js';
import { createServices, type Services } from '../composition/services.js';
import { openStore } from '../store/database.js';
import { CliExit, type CliIo } from './io.js';

export interface OutputOptions {
  json?: boolean;
}

/** The command each run of the program is executing (`member.set-role`) and its options, for the audit log. */
const commands = new WeakMap<CliIo, { name: string; options: Record<string, unknown> }>();

/** Called before a command's action (a Commander `preAction` hook): its words after `lookout`, joined with dots. */
export function noteCommand(io: CliIo, action: Command): void {
  const words: string[] = [];
  for (let command = action; command.parent; command = command.parent) words.unshift(command.name());
  commands.set(io, { name: words.join('.'), options: action.opts() });
}

/**
 * Runs an operator command against the configured database, then closes it. The command runs as
 * one audited call (`cli.<command>`): whatever it changes carries its audit log entry.
 */
export async function withServices<T>(io: CliIo, run: (services: Services, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig(io.env);
  const store = openStore(config.databaseUrl);
  try {
    await store.migrate();
    const services = createServices({ config, store, coordination: createEmbeddedCoordination() });
    const command = commands.get(io);
    if (!command) return await run(services, config);
    return await services.auditTrail.command(command.name, command.options, () => run(services, config));
  } finally {
    await store.close();
  }
}

/** Prints a command's answer: the object as JSON with --json, else readable lines. */
export function print(io: CliIo, options: OutputOptions, value: object, human: string): void {
  io.out(options.json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}

/**
 * Runs a command's work; every failure ends here: a readable message on stderr (JSON on stdout
 * with --json) and exit code 1.
 */
export async function attempt(io: CliIo, options: OutputOptions, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
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
      io.out(`${JSON.stringify({ error: { code, message } })}\n`);
    }
    io.err(`lookout: ${message}\n`);
    throw new CliExit(1);
  }
}

/** Standard input without the line ending a shell's `echo` adds. */
export async function readStdinLine(io: CliIo): Promise<string> {
  return (await io.stdin()).replace(/\r?\n$/, '');
}
