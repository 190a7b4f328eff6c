import type { ImportOptions, ImportResult } from './document.js';
import { ImportError } from './document.js';
import { readBoundedText } from './files.js';
import { gatusToDocument } from './gatus/gatus-to-document.js';
import { readKumaFile } from './kuma/database.js';
import { kumaToDocument } from './kuma/kuma-to-document.js';

/*
 * `lookout import <source> <file>`: the file read as its source keeps it, converted to a
 * document; and the lines that tell the user what the import changed and what it left out.
 */

export const IMPORT_SOURCES = ['uptime-kuma', 'gatus'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Reads and converts one file; an `ImportError` (its message starting with the file's name) for one that is not what the source writes. */
export function importFile(source: ImportSource, path: string, options: ImportOptions = {}): ImportResult {
  try {
    return source === 'uptime-kuma' ? kumaToDocument(readKumaFile(path), options) : gatusToDocument(readBoundedText(path), options);
  } catch (error) {
    if (error instanceof ImportError) throw new ImportError(`${path} ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new ImportError(`${path} cannot be read (${code})`);
    throw error;
  }
}

/** What an import prints before its plan: each note, each skipped entry by name with its reason, and a count. */
export function importReport(result: ImportResult): string[] {
  const { monitors, notificationPolicies } = result.document;
  return [
    ...result.notes.map((note) => `note: ${note}`),
    ...result.skipped.map((entry) => `skipped ${entry.name}: ${entry.reason}`),
    `${monitors.length} monitors and ${notificationPolicies.length} notification policies to apply, ${result.skipped.length} skipped`,
  ];
}
