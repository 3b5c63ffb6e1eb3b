import fc from 'fast-check';
import { HUGE_STRINGS, hostileString, hostileValue } from './hostile-values';

/** The part of JSON Schema (as the OpenAPI document gives it) the fuzz suite reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
}

/** Ids of rows that exist, so that well-typed values reach the checks behind "not found" too. */
export interface KnownIds {
  uuids: string[];
  integers: number[];
}

const EDGE_UUIDS = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
const EDGE_INTEGERS = [0, 1, -1, 2 ** 31 - 1, 2 ** 31, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
const EDGE_NUMBERS = [0, -0, 5e-324, 0.1, -33.8688, 151.2093, 89.9999999, -179.9999999];
const EDGE_DATES = ['1970-01-01', '0001-01-01', '9999-12-31', '2024-02-29'];
// Local parts the e-mail pattern accepts that still carry quotes, plus signs and prototype names.
const EMAIL_LOCAL_PARTS = ["o'brien", "x'or'1'='1", 'a+b', '__proto__', 'admin', 'a'.repeat(64), '_-_'];
const EMAIL_DOMAINS = ['example.com', 'demo.churchtrades.au', 'xn--80ak6aa92e.com', `${'a'.repeat(63)}.com`];

function within(schema: JsonSchema): (value: number) => boolean {
  return (value) => value >= (schema.minimum ?? -Infinity) && value <= (schema.maximum ?? Infinity);
}

/** The hostile string cut or padded into the schema's lengths: hostile, but past the length check. */
function fitted(schema: JsonSchema): (value: string) => string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  return (value) => {
    const cut = value.length > max ? value.slice(0, max) : value;
    return cut.length < min ? cut + 'x'.repeat(min - cut.length) : cut;
  };
}

function isUuid(schema: JsonSchema): boolean {
  return schema.format === 'uuid';
}

function isEmail(schema: JsonSchema): boolean {
  return schema.format === 'email' || (schema.pattern?.includes('@') ?? false);
}

function stringArbitrary(schema: JsonSchema, known: KnownIds): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (isUuid(schema)) return fc.oneof(fc.constantFrom(...known.uuids, ...EDGE_UUIDS), fc.uuid());
  if (schema.format === 'date') return fc.constantFrom(...EDGE_DATES);
  if (isEmail(schema)) {
    const email = fc
      .tuple(fc.constantFrom(...EMAIL_LOCAL_PARTS), fc.nat(), fc.constantFrom(...EMAIL_DOMAINS))
      .map(([local, n, domain]) => `${local}${n}@${domain}`);
    return fc.oneof({ arbitrary: email, weight: 5 }, { arbitrary: fc.constant(`${HUGE_STRINGS[0]}@example.com`), weight: 1 });
  }
  return hostileString.map(fitted(schema));
}

function integerArbitrary(schema: JsonSchema, known: KnownIds): fc.Arbitrary<number> {
  const edges = [...EDGE_INTEGERS, ...known.integers, schema.minimum ?? 0, schema.maximum ?? 0].filter(within(schema));
  // Random ones stay in 32 bits, as fast-check's integers do; the edges above go beyond.
  const min = Math.ceil(Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 31)));
  const max = Math.floor(Math.min(schema.maximum ?? 2 ** 31 - 1, 2 ** 31 - 1));
  return fc.oneof(fc.constantFrom(...edges), fc.integer({ min, max }));
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const edges = [...EDGE_NUMBERS, schema.minimum ?? 0, schema.maximum ?? 0].filter(within(schema));
  const min = schema.minimum ?? -1e308;
  const max = schema.maximum ?? 1e308;
  return fc.oneof(fc.constantFrom(...edges), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

function objectArbitrary(schema: JsonSchema, known: KnownIds): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(properties.map(([name, property]) => [name, wellTypedArbitrary(property, known)]));
  return fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function singleTypeArbitrary(type: string, schema: JsonSchema, known: KnownIds): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema, known);
    case 'integer':
      return integerArbitrary(schema, known);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? wellTypedArbitrary(schema.items, known) : hostileValue;
      const minLength = schema.minItems ?? 0;
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 5, 5)) });
    }
    case 'object':
      return objectArbitrary(schema, known);
    default:
      return hostileValue;
  }
}

/**
 * Values the schema accepts by type, chosen to hurt: payloads and odd unicode inside the allowed lengths,
 * numbers at the bounds, ids that exist and ids that do not. They pass validation and reach the services.
 */
export function wellTypedArbitrary(schema: JsonSchema, known: KnownIds): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map((branch) => wellTypedArbitrary(branch, known)));
  const types = typesOf(schema);
  if (schema.enum && types.length === 0) return fc.constantFrom(...schema.enum);
  const typed = types.length === 0 ? [hostileValue] : types.map((type) => singleTypeArbitrary(type, schema, known));
  if (schema.nullable) typed.push(fc.constant(null));
  return typed.length === 1 ? typed[0]! : fc.oneof(...typed);
}
