import fc from 'fast-check';

type Schema = Record<string, any>;

export interface SchemaArbitraryOptions {
  /** Values for a string property by its name (URLs a check may reach, hosts): tried before the schema. */
  byName?: Record<string, fc.Arbitrary<unknown>>;
  /** Values for strings that must be UUIDs: real ids of this and other teams, and random ones. */
  uuid: fc.Arbitrary<string>;
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** Characters that break naive handling: quotes, markup, control characters, right-to-left, astral. */
const AWKWARD = fc.constantFrom('"', "'", '<script>', '\u0000', '\n', '\u202e', '😀', 'é', '\\', '%00', '${x}', ' ');

/**
 * A fast-check arbitrary for values a JSON Schema (2020-12, as the OpenAPI document gives it) describes:
 * mostly values the schema accepts, so that requests get past the shape and reach the rules behind it.
 */
export function schemaArbitrary(schema: Schema, options: SchemaArbitraryOptions, name?: string, depth = 0): fc.Arbitrary<unknown> {
  if (name && options.byName?.[name]) return options.byName[name];
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choices)) return fc.oneof(...choices.map((choice: Schema) => schemaArbitrary({ ...choice }, options, name, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) record[key] = schemaArbitrary(property, options, key, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key: string) => key in properties) });
    }
    case 'array': {
      const items = schemaArbitrary(schema.items ?? {}, options, name, depth + 1);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'string':
      return stringArbitrary(schema, options);
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
      const low = Math.max(min ?? Math.min(-1_000_000, (max ?? 0) - 1_000_000), Number.MIN_SAFE_INTEGER);
      return fc.integer({ min: low, max: Math.min(max ?? Math.max(1_000_000, low + 1_000_000), Number.MAX_SAFE_INTEGER) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: Schema, options: SchemaArbitraryOptions): fc.Arbitrary<string> {
  if (schema.pattern === UUID_PATTERN || schema.format === 'uuid') return options.uuid;
  if (schema.format === 'email') return fc.emailAddress({ size: 'small' }).map((email) => email.toLowerCase());
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern, { size: 'small' }).filter((text) => text.length <= (schema.maxLength ?? Infinity) && pattern.test(text));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }) },
    {
      weight: 1,
      arbitrary: fc
        .array(AWKWARD, { minLength: Math.max(1, minLength), maxLength: Math.max(1, minLength, Math.min(maxLength, 8)) })
        .map((parts) => parts.join('')),
    },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
}
