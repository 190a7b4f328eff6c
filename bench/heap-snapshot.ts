/**
 * For bench/soak.ts: what a V8 heap snapshot (.heapsnapshot, as `--heapsnapshot-signal` writes it)
 * holds, grouped the way the DevTools "Summary" view groups it: objects by constructor name,
 * closures by function name, everything else by node type ("(string)", "(array)", "(code)"…).
 * Self sizes, not retained sizes: retained sizes need the dominator tree, and between two snapshots
 * the group that grows by self size and count is the one to look at anyway.
 */
import { readFileSync } from 'node:fs';

export interface HeapGroup {
  name: string;
  count: number;
  selfBytes: number;
}

export interface HeapSummary {
  totalBytes: number;
  nodes: number;
  groups: Map<string, HeapGroup>;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export function summarizeHeapSnapshot(file: string): HeapSummary {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, HeapGroup>();
  let totalBytes = 0;
  const { nodes, strings } = snapshot;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]!]!;
    const size = nodes[i + sizeAt]!;
    totalBytes += size;
    const name = strings[nodes[i + nameAt]!]!;
    const key = type === 'object' || type === 'native' ? name : type === 'closure' ? `${name || '(anonymous)'}()` : `(${type})`;
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.selfBytes += size;
    } else groups.set(key, { name: key, count: 1, selfBytes: size });
  }
  return { totalBytes, nodes: nodes.length / width, groups };
}

/** The groups that grew most (by self size) from `before` to `after`. */
export function grownGroups(
  before: HeapSummary,
  after: HeapSummary,
  top: number,
): Array<{ name: string; countDelta: number; bytesDelta: number; count: number; bytes: number }> {
  const rows = [...after.groups.values()].map((group) => {
    const old = before.groups.get(group.name);
    return {
      name: group.name,
      countDelta: group.count - (old?.count ?? 0),
      bytesDelta: group.selfBytes - (old?.selfBytes ?? 0),
      count: group.count,
      bytes: group.selfBytes,
    };
  });
  return rows.sort((a, b) => b.bytesDelta - a.bytesDelta).slice(0, top);
}
