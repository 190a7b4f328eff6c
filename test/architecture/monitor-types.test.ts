import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECKERS, type CheckerRegistry } from '../../src/monitor-types/checkers.js';
import type { MonitorTypeDefinition } from '../../src/monitor-types/definition.js';
import { MONITOR_TYPE_DEFINITIONS, type DefinitionRegistry } from '../../src/monitor-types/definitions.js';
import { httpDefinition } from '../../src/monitor-types/http/definition.js';
import { MONITOR_TYPES } from '../../src/shared/vocabulary.js';

const folder = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'src/monitor-types');

/** Every part a definition has (MonitorTypeDefinition's keys): a type lacking one is incomplete. */
const PARTS = [
  'type',
  'title',
  'fields',
  'create',
  'update',
  'requiredOnCreate',
  'fieldSummary',
  'checked',
  'problemsOnCreate',
  'problemsOnUpdate',
  'columns',
  'createColumns',
  'changeColumns',
  'followChange',
  'record',
  'toRecord',
  'listSql',
  'forCheck',
  'runDetails',
  'target',
  'publicTarget',
] as const satisfies ReadonlyArray<keyof MonitorTypeDefinition>;

/** The parts a definition lacks, or holds in a form no definition takes. `forCheck` is null exactly for a type that is not checked. */
function missingParts(definition: Record<string, unknown>): string[] {
  return PARTS.filter((part) => {
    const value = definition[part];
    if (part === 'forCheck') return definition.checked ? typeof value !== 'function' : value !== null;
    return value === undefined || value === null;
  });
}

/* Compile-time proofs (tsc runs over test/ in `npm run lint`): each line marked below must not compile. */

// A complete definition and registries compile…
const completeDefinition: MonitorTypeDefinition<'http'> = httpDefinition;
const completeRegistry: DefinitionRegistry = MONITOR_TYPE_DEFINITIONS;
const completeCheckers: CheckerRegistry = CHECKERS;
// …a definition without one of its parts (here its target label) does not,
const { target, ...withoutTarget } = httpDefinition;
// @ts-expect-error -- a definition lacking a part is not a definition
const incompleteDefinition: MonitorTypeDefinition<'http'> = withoutTarget;
// nor a registry without one type's definition,
const { heartbeat, ...withoutHeartbeat } = MONITOR_TYPE_DEFINITIONS;
// @ts-expect-error -- every type of the union needs its definition
const incompleteRegistry: DefinitionRegistry = withoutHeartbeat;
// nor a checker registry without a type's checker, or with a checker for a type that is not checked.
const { dns, ...withoutDns } = CHECKERS;
// @ts-expect-error -- every checked type needs its checker
const incompleteCheckers: CheckerRegistry = withoutDns;
// @ts-expect-error -- a heartbeat is not checked: its entry says so rather than holding a checker
const checkedHeartbeat: CheckerRegistry = { ...CHECKERS, heartbeat: CHECKERS.http };

describe('one definition per monitor type', () => {
  it('lists the seven types, each with a definition and a checker entry, in the order of MONITOR_TYPES', () => {
    expect(MONITOR_TYPES).toEqual(['http', 'ssl', 'tcp', 'dns', 'heartbeat', 'ping', 'domain']);
    expect(Object.keys(MONITOR_TYPE_DEFINITIONS)).toEqual([...MONITOR_TYPES]);
    expect(Object.keys(CHECKERS)).toEqual([...MONITOR_TYPES]);
    for (const type of MONITOR_TYPES) expect(MONITOR_TYPE_DEFINITIONS[type].type).toBe(type);
  });

  it('every definition has every part, and a checker exactly when its type is checked', () => {
    for (const type of MONITOR_TYPES) {
      const definition = MONITOR_TYPE_DEFINITIONS[type];
      expect(missingParts(definition), type).toEqual([]);
      const checker = CHECKERS[type];
      expect(typeof checker === 'function', type).toBe(definition.checked);
      if (typeof checker !== 'function') expect(checker).toEqual({ checked: false, runsFrom: expect.any(String) });
    }
    expect(MONITOR_TYPES.filter((type) => !MONITOR_TYPE_DEFINITIONS[type].checked)).toEqual(['heartbeat']);
  });

  it('finds a part that is missing or in the wrong form', () => {
    const { toRecord, ...withoutRecord } = MONITOR_TYPE_DEFINITIONS.ssl;
    expect(typeof toRecord).toBe('function');
    expect(missingParts(withoutRecord)).toEqual(['toRecord']);
    expect(missingParts({ ...MONITOR_TYPE_DEFINITIONS.tcp, forCheck: null })).toEqual(['forCheck']);
    expect(missingParts({ ...MONITOR_TYPE_DEFINITIONS.heartbeat, forCheck: MONITOR_TYPE_DEFINITIONS.tcp.forCheck })).toEqual(['forCheck']);
  });

  it("keeps each type in a folder of its own: the definition, and the checker's entry", () => {
    for (const type of MONITOR_TYPES) {
      expect(existsSync(join(folder, type, 'definition.ts')), type).toBe(true);
      expect(existsSync(join(folder, type, 'checker.ts')), type).toBe(true);
    }
  });

  it('holds the compile-time proofs above as values, so that they are kept', () => {
    expect([completeDefinition, completeRegistry, completeCheckers].every(Boolean)).toBe(true);
    expect([target, heartbeat, dns].every((part) => typeof part === 'function' || typeof part === 'object')).toBe(true);
    expect([incompleteDefinition, incompleteRegistry, incompleteCheckers, checkedHeartbeat].every(Boolean)).toBe(true);
  });
});
