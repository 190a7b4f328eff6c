/**
 * Where a server's CPU went, from the .cpuprofile files `node --cpu-prof` wrote (one per thread):
 * each sample is given to the first group, in the order listed, that has a frame anywhere on the
 * sample's stack; a sample no group claims goes to garbage collection, (program) or "other".
 *
 *   npx tsx bench/profile-share.ts [--last-seconds N] [--group 'name=prefix,prefix' …] file.cpuprofile…
 *
 * A frame's path is its file relative to the repository (`src/checks/run-recorder.ts`), or from its
 * last `node_modules/` on (`node_modules/kysely/dist/…`), or Node's own (`node:internal/…`); a
 * prefix matches the start of it. `--last-seconds N` keeps the samples of the last N seconds of each
 * profile (the measured window, when the server was stopped right after it). Without `--group`:
 * the recorder (its own frames on the stack), then the database (src/store, Kysely, better-sqlite3,
 * pg: a query continued after an `await` has only these frames left, so the recorder's statements
 * land here when its frame is gone), the rest of the check engine, the rest of src, Node and the
 * dependencies. The recorder's share of the check path lies between its own row and its row plus
 * the database's (which also holds the checker's monitor loads and the API's reads).
 *
 * Prints, per file and over all of them: busy time (all but idle) and each group's share of it,
 * then the files with the most self time.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const ROOT = new URL('..', import.meta.url).pathname;
const DEFAULT_GROUPS: Array<[string, string[]]> = [
  ['recorder (src/checks/run-recorder.ts on the stack)', ['src/checks/run-recorder.ts']],
  [
    'database (src/store, Kysely, better-sqlite3, pg)',
    ['src/store/', 'node_modules/kysely/', 'node_modules/better-sqlite3/', 'node_modules/pg', 'node_modules/pg-protocol/'],
  ],
  ['rest of the check engine (src/checks)', ['src/checks/']],
  ['rest of src', ['src/']],
  ['Node (node:)', ['node:']],
  ['other dependencies (node_modules)', ['node_modules/']],
];

function parseArgs(argv: string[]): { files: string[]; lastSeconds: number | null; groups: Array<[string, string[]]> } {
  const files: string[] = [];
  const groups: Array<[string, string[]]> = [];
  let lastSeconds: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--last-seconds') lastSeconds = Number(argv[++i]);
    else if (arg === '--group') {
      const [name, prefixes] = (argv[++i] ?? '').split('=');
      if (!name || !prefixes) throw new Error('--group takes name=prefix,prefix');
      groups.push([name, prefixes.split(',')]);
    } else files.push(arg);
  }
  if (files.length === 0) throw new Error('usage: tsx bench/profile-share.ts [--last-seconds N] [--group name=prefix,…] file.cpuprofile…');
  return { files, lastSeconds, groups: groups.length ? groups : DEFAULT_GROUPS };
}

/** The frame's file as a prefix is matched against ('' for native code and V8's own entries). */
function pathOf(url: string): string {
  if (url.startsWith('node:')) return url;
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) return path.slice(modules);
  return path.startsWith(ROOT) ? path.slice(ROOT.length) : path;
}

const { files, lastSeconds, groups } = parseArgs(process.argv.slice(2));
const names = [...groups.map(([name]) => name), '(garbage collector)', '(program)', 'other'];
const total = new Map<string, number>();
const selfTotal = new Map<string, number>();
let busyTotal = 0;
const lines: string[] = [];

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // The group of a node: the first listed group with a frame on its stack (memoised from the root down).
  const rank = new Map<number, number>();
  const rankOf = (id: number): number => {
    const known = rank.get(id);
    if (known !== undefined) return known;
    const path = pathOf(byId.get(id)!.callFrame.url);
    let own = groups.findIndex(([, prefixes]) => path !== '' && prefixes.some((prefix) => path.startsWith(prefix)));
    if (own < 0) own = Infinity;
    const up = parent.has(id) ? rankOf(parent.get(id)!) : Infinity;
    const result = Math.min(own, up);
    rank.set(id, result);
    return result;
  };
  const from = lastSeconds === null ? -Infinity : profile.endTime - lastSeconds * 1e6;
  const spent = new Map<string, number>();
  let at = profile.startTime;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from) continue;
    const node = byId.get(profile.samples[i]!)!;
    const micros = profile.timeDeltas[i] ?? 0;
    const leaf = node.callFrame.functionName;
    if (leaf === '(idle)') continue;
    busy += micros;
    const r = rankOf(node.id);
    const group = r !== Infinity ? groups[r]![0] : leaf === '(garbage collector)' || leaf === '(program)' ? leaf : 'other';
    spent.set(group, (spent.get(group) ?? 0) + micros);
    const self = pathOf(node.callFrame.url) || `(native or V8) ${leaf}`;
    selfTotal.set(self, (selfTotal.get(self) ?? 0) + micros);
  }
  busyTotal += busy;
  lines.push(`${basename(file)}: busy ${(busy / 1e6).toFixed(2)} s`);
  for (const name of names) {
    const micros = spent.get(name) ?? 0;
    total.set(name, (total.get(name) ?? 0) + micros);
    if (micros > 0) lines.push(`  ${name}: ${(micros / 1e6).toFixed(2)} s, ${((micros / Math.max(1, busy)) * 100).toFixed(1)}%`);
  }
}

console.log(lines.join('\n'));
console.log(`\n| group (first on the stack) | CPU s | share of busy time, all threads |\n|---|---|---|`);
for (const name of names) {
  const micros = total.get(name) ?? 0;
  console.log(`| ${name} | ${(micros / 1e6).toFixed(2)} | ${((micros / Math.max(1, busyTotal)) * 100).toFixed(1)}% |`);
}
console.log(`| busy time | ${(busyTotal / 1e6).toFixed(2)} | 100% |`);
console.log('\nMost self time (file of the frame the sample was taken in):');
for (const [path, micros] of [...selfTotal].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${((micros / Math.max(1, busyTotal)) * 100).toFixed(1)}%  ${path}`);
