import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');
const shared = join(src, 'shared');

/** One row of the import table: the paths it covers and what they may import, relative to src/ with `/`. */
interface Row {
  covers: string[];
  /** Folders (ending in `/`) and files; null when the row may import everything. */
  mayImport: string[] | null;
}

/**
 * The import table of docs/architecture.md ("The layers"), read from the document itself so that
 * the rule and its description cannot drift apart. Paths are the code-font words that end in `/` or
 * `.ts`; the first column names what a row covers (under `src/`), the last what it may import.
 */
function importTable(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('The layers'));
  if (!section) throw new Error('docs/architecture.md has no "The layers" section');
  const paths = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!).filter((word) => /(\/|\.ts)$/.test(word));
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(Folder|-)/.test(line))
    .map((line) => {
      const cells = line.split('|').slice(1, -1);
      const last = cells[cells.length - 1]!;
      return {
        covers: paths(cells[0]!).map((path) => path.replace(/^src\//, '')),
        mayImport: /^\s*everything\b/.test(last) ? null : paths(last),
      };
    });
}

/** A `*` in an entry stands for one folder name: `monitor-types/<any>/definition.ts` is that file in every type folder. */
function pattern(entry: string): RegExp {
  const escaped = entry.split('*').map((part) => part.replace(/[.+?^$()|[\]\\{}]/g, '\\$&'));
  return new RegExp('^' + escaped.join('[^/]+') + (entry.endsWith('/') ? '' : '$'));
}

const within = (path: string, entry: string) =>
  entry.includes('*') ? pattern(entry).test(path) : entry.endsWith('/') ? path.startsWith(entry) : path === entry;

/** The most specific row covering a path of src/ (the longest entry that holds it). */
function rowOf(table: Row[], path: string): { row: Row; entry: string } | undefined {
  const matches = table.flatMap((row) => row.covers.filter((entry) => within(path, entry)).map((entry) => ({ row, entry })));
  return matches.sort((a, b) => b.entry.length - a.entry.length)[0];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier of a file: `import … from`, `export … from`, bare `import '…'`, `import('…')`. */
function specifiers(code: string): string[] {
  const patterns = [/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

/** The source file of src/ a relative specifier written in `file` names (relative to src/, `/`-separated, `.js` read as `.ts`), if any. */
function targetOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(src, resolve(dirname(file), specifier));
  if (target.startsWith('..')) return undefined;
  return target.split(sep).join('/').replace(/\.js$/, '.ts');
}

/** The imports of one file of src/ (its path relative to src/, its code) that the table does not allow. */
function violationsOf(table: Row[], path: string, code: string): string[] {
  const own = rowOf(table, path);
  if (!own) return [`src/${path} is covered by no row of the table`];
  if (own.row.mayImport === null) return [];
  const mayImport = own.row.mayImport;
  return specifiers(code).flatMap((specifier) => {
    const target = targetOf(join(src, path), specifier);
    if (target === undefined) return [];
    // Within its own row (its folder, or another path the same row covers) a file imports freely.
    if (rowOf(table, target)?.row === own.row || (own.entry.endsWith('/') && target.startsWith(own.entry))) return [];
    return mayImport.some((entry) => within(target, entry)) ? [] : [`src/${path} imports '${specifier}' (src/${target})`];
  });
}

const table = importTable(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
const files = sourceFiles(src);

describe('layers point inward, as docs/architecture.md says', () => {
  it('finds the imports it must judge, multi-line and type-only ones too', () => {
    const code = [
      "import type { A } from '../checks/a.js';",
      'import {',
      '  B,',
      "} from '../../notify/b.js';",
      "export { C } from '../http/c.js';",
      "import '../cli/d.js';",
      "const e = await import('../mcp/e.js');",
    ].join('\n');
    expect(specifiers(code)).toEqual(['../checks/a.js', '../../notify/b.js', '../http/c.js', '../cli/d.js', '../mcp/e.js']);
    expect(targetOf(join(src, 'domain', 'alerts', 'x.ts'), '../../checks/a.js')).toBe('checks/a.ts');
    expect(targetOf(join(src, 'domain', 'x.ts'), 'kysely')).toBeUndefined();
  });

  it('reads the table: every folder and top-level file of src/ has a row, and every path it names exists', () => {
    const covered = table.flatMap((row) => row.covers);
    const named = [...covered, ...table.flatMap((row) => row.mayImport ?? [])];
    const relativeFiles = files.map((file) => relative(src, file).split(sep).join('/'));
    const exists = (path: string) => (path.includes('*') ? relativeFiles.some((file) => within(file, path)) : existsSync(join(src, path)));
    expect(named.filter((path) => !exists(path))).toEqual([]);
    const tops = readdirSync(src, { withFileTypes: true }).map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
    expect(tops.filter((top) => !covered.includes(top))).toEqual([]);
    expect(rowOf(table, 'domain/ports/clock.ts')?.entry).toBe('domain/ports/');
    expect(rowOf(table, 'cli/program.ts')?.row.mayImport).toBeNull();
  });

  it('judges by the table: an import its row leaves out is a violation, its own folder and what it lists are not', () => {
    const code = [
      "import { Checker } from '../checks/checker.js';",
      "import type { Database } from '../store/schema.js';",
      "import { systemClock } from './ports/clock.js';",
      "import type { Role } from '../shared/vocabulary.js';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(violationsOf(table, 'domain/monitors.ts', code)).toEqual(["src/domain/monitors.ts imports '../checks/checker.js' (src/checks/checker.ts)"]);
    // A port is judged by its own, narrower row: the store is outside the domain.
    expect(violationsOf(table, 'domain/ports/clock.ts', "import type { Database } from '../../store/schema.js';")).toHaveLength(1);
    expect(violationsOf(table, 'domain/ports/clock.ts', "import { Problem } from '../problem.js';")).toEqual([]);
    // A file named in a row allows that file only.
    expect(violationsOf(table, 'mcp/server.ts', "import { authenticationHook } from '../http/authenticate.js';")).toEqual([]);
    expect(violationsOf(table, 'mcp/server.ts', "import { restApi } from '../http/api-plugin.js';")).toHaveLength(1);
    expect(violationsOf(table, 'cli/program.ts', "import { createApp } from '../app.js';")).toEqual([]);
    expect(violationsOf(table, 'nowhere.ts', '')).toEqual(['src/nowhere.ts is covered by no row of the table']);
    // A `*` entry: a type's definition is in the domain's ring, its checker in the checks' ring.
    expect(rowOf(table, 'monitor-types/http/definition.ts')?.entry).toBe('monitor-types/*/definition.ts');
    expect(rowOf(table, 'monitor-types/http/checker.ts')?.entry).toBe('monitor-types/');
    expect(violationsOf(table, 'monitor-types/http/definition.ts', "import { runHttpCheck } from './checker.js';")).toHaveLength(1);
    expect(violationsOf(table, 'monitor-types/http/definition.ts', "import { settle } from '../../checks/settle-once.js';")).toHaveLength(1);
    expect(violationsOf(table, 'monitor-types/http/checker.ts', "import { HttpMonitorFields } from './definition.js';")).toEqual([]);
    expect(violationsOf(table, 'domain/monitors.ts', "import { definitionOf } from '../monitor-types/definitions.js';")).toEqual([]);
    expect(violationsOf(table, 'domain/monitors.ts', "import { CHECKERS } from '../monitor-types/checkers.js';")).toHaveLength(1);
  });

  it('every relative import of src/ is one its row of the table allows (types included)', () => {
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((file) => violationsOf(table, relative(src, file).split(sep).join('/'), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('no file of api/, http/, mcp/, checks/ or notify/ imports composition/: they receive what they use', () => {
    const parts = ['api/', 'http/', 'mcp/', 'checks/', 'notify/'];
    const found = files.flatMap((file) => {
      const path = relative(src, file).split(sep).join('/');
      if (!parts.some((part) => path.startsWith(part))) return [];
      return specifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => targetOf(file, specifier)?.startsWith('composition/'))
        .map((specifier) => `src/${path} imports '${specifier}'`);
    });
    expect(found).toEqual([]);
  });

  it('src/shared imports nothing, packages included, so that the dashboard bundles it as well as the server runs it', () => {
    const sharedFiles = sourceFiles(shared);
    expect(sharedFiles.length).toBeGreaterThan(0);
    const imports = sharedFiles.flatMap((file) => specifiers(readFileSync(file, 'utf8')).map((specifier) => `${relative(root, file)} imports '${specifier}'`));
    expect(imports).toEqual([]);
  });
});
