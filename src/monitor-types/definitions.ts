import type { z } from 'zod';
import { MONITOR_TYPES, type MonitorType } from '../shared/vocabulary.js';
import type { MonitorTypeDefinition } from './definition.js';
import { dnsDefinition } from './dns/definition.js';
import { domainDefinition } from './domain/definition.js';
import { heartbeatDefinition } from './heartbeat/definition.js';
import { httpDefinition } from './http/definition.js';
import { pingDefinition } from './ping/definition.js';
import { sslDefinition } from './ssl/definition.js';
import { tcpDefinition } from './tcp/definition.js';

/** A definition for every monitor type, each of its own type. */
export type DefinitionRegistry = { readonly [T in MonitorType]: MonitorTypeDefinition<T> };

/**
 * Every monitor type's definition, in the order of MONITOR_TYPES (the public order of the
 * unions and of the fields). A type without its definition, or a definition without one of its
 * parts, does not compile.
 */
export const MONITOR_TYPE_DEFINITIONS = {
  http: httpDefinition,
  ssl: sslDefinition,
  tcp: tcpDefinition,
  dns: dnsDefinition,
  heartbeat: heartbeatDefinition,
  ping: pingDefinition,
  domain: domainDefinition,
} as const satisfies DefinitionRegistry;

export type MonitorTypeDefinitions = typeof MONITOR_TYPE_DEFINITIONS;

/** The columns of every type's own. */
export type TypeColumn = { [T in MonitorType]: MonitorTypeDefinitions[T]['columns'][number] }[MonitorType];

/** A definition seen as any type's: what code that handles every type alike calls. */
export type AnyDefinition = MonitorTypeDefinition<MonitorType, z.ZodType, z.ZodType, z.ZodType, unknown, TypeColumn>;

/** The definition of a type, seen as any type's. */
export function definitionOf(type: MonitorType): AnyDefinition {
  return MONITOR_TYPE_DEFINITIONS[type];
}

/** The definitions in the order of MONITOR_TYPES. */
export const DEFINITIONS_IN_ORDER: readonly AnyDefinition[] = MONITOR_TYPES.map(definitionOf);
