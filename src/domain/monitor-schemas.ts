import { z } from 'zod';
import { MONITOR_TYPES, type MonitorType } from '../shared/vocabulary.js';
import { DEFINITIONS_IN_ORDER, MONITOR_TYPE_DEFINITIONS, type MonitorTypeDefinitions } from '../monitor-types/definitions.js';
import { KeyField } from './keys.js';
import { MONITOR_LIMITS, TAG_PATTERN } from '../shared/limits.js';
import { MonitorCommonFields, MonitorTypeField, commonCreate } from './monitor-fields.js';
import type { FieldError } from './problem.js';

/*
 * Every shape a monitor has, put together from the common fields (monitor-fields.ts) and each
 * type's own (its definition in src/monitor-types/<type>/): these schemas validate requests (in
 * MonitorService), write the OpenAPI document (through the REST routes) and give the MCP tools
 * their input schemas. FIELD_ORDER below is the public order of the fields, which decides which
 * error comes first.
 */

/**
 * Every input field in its public order (common fields, then those of each type, in the order of
 * the types, a field two types share where the first has it): a validation problem lists its
 * errors in this order and its `detail` names the first failing one.
 */
export const FIELD_ORDER: readonly string[] = [
  ...new Set(['type', ...Object.keys(MonitorCommonFields.shape), ...DEFINITIONS_IN_ORDER.flatMap((definition) => Object.keys(definition.fields.shape))]),
];

/**
 * Sorts field errors by that order (nested fields by their parent, then by their index in it;
 * unknown fields last), keeping ties in place. Errors in `wholeBody` concern the body as a whole
 * (such as the team's cap) and come first, although they too are named `body`.
 */
export function inFieldOrder(errors: readonly FieldError[], wholeBody: readonly FieldError[] = []): FieldError[] {
  const rank = (error: FieldError) => {
    if (wholeBody.includes(error)) return -1;
    const index = FIELD_ORDER.indexOf(error.field.split('.')[0]!);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  // `headers.3.name` before `headers.10.value`: list items in the order of the list.
  const position = (field: string) => {
    const item = field.split('.')[1];
    return item !== undefined && /^\d+$/.test(item) ? Number(item) : -1;
  };
  return errors
    .map((error, i) => ({ error, i, rank: rank(error), position: position(error.field) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position || a.i - b.i)
    .map((e) => e.error);
}

type Of<P extends 'create' | 'update' | 'record'> = { [T in MonitorType]: MonitorTypeDefinitions[T][P] }[MonitorType];

/** The schemas of one part of every type, in the order of MONITOR_TYPES (as a union takes them). */
function eachType<P extends 'create' | 'update' | 'record'>(part: P): [Of<P>, ...Array<Of<P>>] {
  return MONITOR_TYPES.map((type) => MONITOR_TYPE_DEFINITIONS[type][part]) as [Of<P>, ...Array<Of<P>>];
}

/** POST /monitors and `create_monitor`: common fields plus those of the chosen `type`. */
export const MonitorCreate = z
  .discriminatedUnion('type', eachType('create'))
  .describe('A new monitor: `type` picks the fields of an HTTP, SSL, TCP, DNS or heartbeat monitor; unknown fields are rejected.');
export type MonitorCreate = z.output<typeof MonitorCreate>;

/**
 * Validates a create body whose `type` is missing or unknown: reports the `type` error first,
 * then whatever is wrong with the common fields (the type-specific fields cannot be judged).
 */
export const UntypedMonitorCreate = z.object({ type: MonitorTypeField, ...commonCreate });

/**
 * What is judged of a create body without a known `type`: the `type` error, the common fields,
 * the fields of any type when present, and any field no monitor has. (Fields two types share,
 * such as `host` or `assertions`, are judged as the last type has them.)
 */
export const UntypedMonitorCreateCheck = z.strictObject({
  ...UntypedMonitorCreate.shape,
  ...Object.assign({}, ...DEFINITIONS_IN_ORDER.map((definition) => definition.fields.partial().shape)),
});

/** Any monitor's validated changes. */
export type AnyMonitorUpdate = UnionToIntersection<z.output<Of<'update'>>>;
type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/** PATCH /monitors/{id} and `update_monitor`: validated against the stored monitor's type. */
export const MonitorUpdate = z
  .union(eachType('update'))
  .describe(
    'Changes to a monitor: only the fields sent change. `type` cannot be changed, and fields of another monitor type are rejected. ' +
      '`auth`, `notificationPolicyId`, `warningDays`, `headers`, `body`, `assertions`, `resolver`, `periodSeconds` and `cron`: omitted keeps the current value, null clears it, a value replaces it ' +
      '(a list is replaced whole; omitting `auth` keeps the stored secret; a new `auth` object must carry its secret). ' +
      'While credentials are stored, a change of `url` (any part), `method`, `headers`, `body`, `followRedirects` or `assertions` needs `auth` in the same body, ' +
      'the credentials again or null; otherwise 400 on `auth`. A field sent with the value it has changes nothing and needs no `auth`.',
  );

export function updateSchemaFor(type: MonitorType): z.ZodType<Partial<AnyMonitorUpdate>> {
  return MONITOR_TYPE_DEFINITIONS[type].update as z.ZodType<Partial<AnyMonitorUpdate>>;
}

/** Bodiless actions (pause, resume, delete) take no fields; an empty object is fine. */
export const NoFields = z.strictObject({});

/* Records: what every surface answers with. The secret is never part of one. */

export const MonitorRecord = z.discriminatedUnion('type', eachType('record'));
export type MonitorRecord = z.output<typeof MonitorRecord>;

const TagText = z.string().regex(TAG_PATTERN, { message: `must be a tag: 1-${MONITOR_LIMITS.tagLength} characters of a-z, 0-9, -, _, : and .` });

/** GET /monitors: `key` narrows the list to the monitor that has it (none or one). Other parameters are left to the list's other filters. */
export const MonitorListQuery = z.object({
  key: KeyField.optional().describe('Only the monitor with this key (a list of none or one).'),
  // Repeated in a query string (`?tag=a&tag=b`) it is a list; once, a string; either way a list here.
  tag: z
    .union([TagText, z.array(TagText).max(MONITOR_LIMITS.tags)])
    .transform((tags) => (Array.isArray(tags) ? tags : [tags]))
    .optional()
    .describe('Only monitors with this tag; repeated (`?tag=a&tag=b`), only those with every tag given.'),
});

export const MonitorList = z.object({ data: z.array(MonitorRecord).describe('Every monitor of the team, oldest first.') });

export { MonitorCommonFields } from './monitor-fields.js';

/** Each type's own fields, as the MCP tools advertise them: its title, its fields, those a create requires, and a sentence naming them. */
export const MONITOR_TYPE_FIELDS = DEFINITIONS_IN_ORDER.map(({ type, title, fields, requiredOnCreate, fieldSummary }) => ({
  type,
  title,
  shape: fields.shape,
  required: requiredOnCreate,
  fieldSummary,
}));
