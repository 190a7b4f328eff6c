import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');
const domain = join(src, 'domain');
const shared = join(src, 'shared');

/** The outer layers: they call the domain, never the reverse (types included). */
const OUTER = ['checks', 'notify', 'http', 'mcp', 'cli', 'coordination', 'api', 'composition'];

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

/** The outer folder of src/ a specifier written in `file` points into, if any. */
function outerTarget(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(src, resolve(dirname(file), specifier));
  if (target.startsWith('..')) return undefined;
  const top = target.split(sep)[0]!;
  return OUTER.includes(top) ? top : undefined;
}

function violations(): string[] {
  return sourceFiles(domain).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((specifier) => outerTarget(file, specifier) !== undefined)
      .map((specifier) => `${relative(root, file)} imports '${specifier}' (src/${outerTarget(file, specifier)!})`),
  );
}

describe('layers point inward', () => {
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
    expect(outerTarget(join(domain, 'x.ts'), '../coordination/ports.js')).toBe('coordination');
    expect(outerTarget(join(domain, 'alerts', 'x.ts'), '../../checks/a.js')).toBe('checks');
    expect(outerTarget(join(domain, 'alerts', 'x.ts'), '../checks.js')).toBeUndefined();
    expect(outerTarget(join(domain, 'x.ts'), '../store/database.js')).toBeUndefined();
  });

  it('src/domain imports nothing from checks, notify, http, mcp, cli or coordination', () => {
    expect(sourceFiles(domain).length).toBeGreaterThan(0);
    expect(violations()).toEqual([]);
  });

  it('src/shared imports nothing, so that the dashboard bundles it as well as the server runs it', () => {
    const files = sourceFiles(shared);
    expect(files.length).toBeGreaterThan(0);
    const imports = files.flatMap((file) => specifiers(readFileSync(file, 'utf8')).map((specifier) => `${relative(root, file)} imports '${specifier}'`));
    expect(imports).toEqual([]);
  });
});
