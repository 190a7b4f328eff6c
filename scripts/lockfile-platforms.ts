// Completes package-lock.json with other platforms' optional packages.
//
// A registry mirror that has cached only some platforms' builds answers the others with an
// incomplete manifest; npm then leaves those optional packages (rollup's, esbuild's native
// builds…) out of the lock, and `npm ci` refuses the lock as out of sync on every machine.
// This adds each missing entry from its parent's optionalDependencies, with the platform
// fields read from the package name, so every platform installs the build it needs.
// Run it after `npm install` changed the lock: npx tsx scripts/lockfile-platforms.ts
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

interface Platform {
  os: string[];
  cpu: string[];
  libc?: string[];
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU: Record<string, string> = {
  'arm-eabi': 'arm',
  arm: 'arm',
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

function platformOf(name: string): Platform | null {
  const parts = name.split('/').pop()!.split('-');
  const osIndex = parts.findIndex((p) => OS.includes(p));
  if (osIndex === -1) return null;
  const rest = parts.slice(osIndex + 1);
  const cpu = CPU[rest.slice(0, 2).join('-')] ?? CPU[rest[0] ?? ''];
  if (!cpu) return null;
  const tail = rest.join('-');
  const libc = /musl/.test(tail) ? ['musl'] : /gnu/.test(tail) ? ['glibc'] : undefined;
  return { os: [parts[osIndex]!], cpu: [cpu], ...(libc && { libc }) };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);
