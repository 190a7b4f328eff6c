import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseDocument } from 'yaml';
import { documentPath } from '../../domain/as-code/document.js';

/** The document read from a file or a folder, before it is validated, and how to name a place in it. */
export interface LoadedDocument {
  document: unknown;
  /** A path of the merged document (`monitors[3].url`) as the reader finds it in the files. */
  readonly describePath: (path: string) => string;
}

export type LoadResult = { ok: true; loaded: LoadedDocument } | { ok: false; errors: string[] };

const SECTIONS = ['monitors', 'notificationPolicies', 'maintenanceWindows'] as const;
const VARIABLE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Reads `path` (a YAML or JSON file, or a folder of them, merged in name order), with every
 * `${NAME}` replaced by the environment variable. A YAML error names its file, line and column; a
 * missing variable names its path.
 */
export function loadDocument(path: string, env: Record<string, string | undefined>): LoadResult {
  let files: string[];
  try {
    files = statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => /\.(ya?ml|json)$/i.test(name))
          .sort()
          .map((name) => join(path, name))
      : [path];
  } catch (error) {
    return { ok: false, errors: [`${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : (error as Error).message}`] };
  }
  if (files.length === 0) return { ok: false, errors: [`${path}: holds no .yaml, .yml or .json file`] };
  const errors: string[] = [];
  const parts: Array<{ file: string; value: unknown }> = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
    if (doc.errors.length > 0) {
      for (const error of doc.errors) {
        const at = error.linePos?.[0];
        const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        errors.push(`${file}:${at ? `${at.line}:${at.col}` : '1:1'}: ${message}`);
      }
      continue;
    }
    const value: unknown = doc.toJS({ maxAliasCount: 100 }) ?? {};
    const label = files.length > 1 ? `${basename(file)}: ` : '';
    errors.push(...substitute(value, [], env).map((e) => `${label}${e}`));
    parts.push({ file, value });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (parts.length === 1) return { ok: true, loaded: { document: parts[0]!.value, describePath: (p) => p } };
  return merge(parts);
}

/** Replaces `${NAME}` in every string of `value`, in place; an error for each variable that is not set. */
function substitute(value: unknown, path: Array<string | number>, env: Record<string, string | undefined>): string[] {
  const errors: string[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === 'string') value[i] = replaceIn(item, [...path, i], env, errors);
      else errors.push(...substitute(item, [...path, i], env));
    });
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (typeof item === 'string') record[key] = replaceIn(item, [...path, key], env, errors);
      else errors.push(...substitute(item, [...path, key], env));
    }
  }
  return errors;
}

function replaceIn(text: string, path: Array<string | number>, env: Record<string, string | undefined>, errors: string[]): string {
  return text.replace(VARIABLE, (match, name: string | undefined) => {
    if (name === undefined) return '${';
    const found = env[name];
    if (found === undefined) {
      errors.push(`${documentPath(path)}: the environment variable ${name} is not set`);
      return match;
    }
    return found;
  });
}

/** Several files as one document: their lists joined in file order; the status page in one file at most. */
function merge(parts: Array<{ file: string; value: unknown }>): LoadResult {
  const errors: string[] = [];
  const merged: Record<string, unknown> = {};
  const origins: Record<string, Array<{ file: string; index: number }>> = {};
  let pageFile: string | null = null;
  for (const { file, value } of parts) {
    const name = basename(file);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      errors.push(`${name}: (document): must be a mapping of monitors, notificationPolicies, maintenanceWindows and statusPage`);
      continue;
    }
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if ((SECTIONS as readonly string[]).includes(key) && Array.isArray(item)) {
        const list = (merged[key] ??= []) as unknown[];
        (origins[key] ??= []).push(...item.map((_, index) => ({ file: name, index })));
        list.push(...(item as unknown[]));
      } else if (key === 'statusPage') {
        if (pageFile !== null) errors.push(`${name}: statusPage: is in ${pageFile} too; give it in one file`);
        pageFile = name;
        merged.statusPage = item;
      } else if (key in merged) {
        errors.push(`${name}: ${key}: must be a list`);
      } else {
        // Left for the validation to name.
        merged[key] = item;
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const describePath = (path: string) => {
    const match = /^(\w+)\[(\d+)\](.*)$/.exec(path);
    const origin = match ? origins[match[1]!]?.[Number(match[2])] : undefined;
    if (match && origin) return `${origin.file}: ${match[1]!}[${origin.index}]${match[3]!}`;
    if (path.startsWith('statusPage') && pageFile !== null) return `${pageFile}: ${path}`;
    return path;
  };
  return { ok: true, loaded: { document: merged, describePath } };
}
