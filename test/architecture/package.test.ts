import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { MONITOR_TYPE_DEFINITIONS } from '../../src/monitor-types/definitions.js';
import { MONITOR_TYPES } from '../../src/shared/vocabulary.js';

/*
 * What the package says of itself stays true (issue 24): `npm ci` on a Node the project declares
 * warns of no package that wants another Node (cookie@2 once wanted Node 22 on a Node 20 install),
 * and the description names every monitor type (it said "HTTP and SSL monitors" long after three
 * more were added).
 */

const ROOT = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8');
// semver ships no types; these are the functions used.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies: (version: string, range: string) => boolean;
  minVersion: (range: string) => { version: string } | null;
};

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(read('package.json')) as { description: string; engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };

/**
 * The first release of each Node line the project declares, and the Node running this test: npm
 * warns when the Node it runs on is outside a package's range, and packages that narrow a line
 * narrow its early releases (ESLint wants 22.13 or later of Node 22, Vite 22.12).
 */
const LINES = ['20.19.0', '22.13.0', '24.0.0'];

describe('the Node versions the project declares', () => {
  const declared = manifest.engines.node;

  it('are those the lock file was made for: Node 20 from 20.19, 22 from 22.13, 24 and later', () => {
    expect((lock.packages[''] as LockedPackage).engines).toEqual({ node: declared });
    expect(semver.minVersion(declared)?.version).toBe('20.19.0');
    for (const version of [...LINES, '26.0.0']) expect(semver.satisfies(version, declared), version).toBe(true);
    // Not declared: what the development tools do not run on.
    for (const version of ['20.18.3', '21.7.3', '22.12.0', '23.11.0']) expect(semver.satisfies(version, declared), version).toBe(false);
  });

  it('are supported by every package `npm ci` installs, development tools included', () => {
    const versions = [...LINES, process.versions.node].filter((version) => semver.satisfies(version, declared));
    expect(versions).toContain(process.versions.node);
    const wantOther = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, locked]) => {
        const wanted = locked.engines && !Array.isArray(locked.engines) ? locked.engines.node : undefined;
        if (wanted === undefined) return [];
        const refused = versions.filter((version) => !semver.satisfies(version, wanted));
        return refused.length > 0 ? [`${path}@${locked.version ?? '?'} wants node ${wanted}, not ${refused.join(', ')}`] : [];
      });
    expect(wantOther).toEqual([]);
    // The check can fail: cookie@2.0.2's range, which once broke the install on Node 20.
    expect(versions.filter((version) => !semver.satisfies(version, '>=22'))).not.toEqual([]);
  });
});

describe('the package description', () => {
  it('names every monitor type', () => {
    for (const type of MONITOR_TYPES) expect(manifest.description).toContain(MONITOR_TYPE_DEFINITIONS[type].title.replace(/^Heartbeat$/, 'heartbeat'));
  });

  it("agrees with the README's opening", () => {
    const opening = read('README.md').split('\n\n')[1]!.replace(/\s+/g, ' ');
    for (const type of MONITOR_TYPES) expect(opening).toContain(MONITOR_TYPE_DEFINITIONS[type].title.replace(/^Heartbeat$/, 'heartbeat'));
  });
});
