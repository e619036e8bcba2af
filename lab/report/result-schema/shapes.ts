// Typed builders of the result schema. Each builder returns a Shape<T>: a JSON Schema fragment
// that carries the TypeScript type it describes, invariantly, so `object<ConfigResult>({...})`
// fails to compile when a field of the contract is missing from the table, is extra, is optional
// in one and required in the other, or has another type (a number where the contract says
// `number | null`). The schema is thereby generated from the result contract and kept equal to
// it by tsc, as the scenario schema is kept equal to the validator's KEYS.
//
// Only a small subset of JSON Schema (draft-07) is used, the subset check.ts implements: type,
// enum, minimum, maximum, maxLength, properties, required, additionalProperties, items, anyOf,
// and format "hdr-histogram" (a compressed HDR histogram within the lab's limits).

export type JsonSchema = { [key: string]: unknown };

declare const typeMark: unique symbol;

/** A schema fragment for values of type T. */
export interface Shape<T> {
  readonly schema: JsonSchema;
  /** Phantom: never set; makes Shape<T> invariant in T. */
  readonly [typeMark]?: (value: T) => T;
}

/** An optional field (`key?: T` in the contract): absent, or a T. */
export interface Optional<T> {
  readonly optional: Shape<T>;
}

const shape = <T>(schema: JsonSchema): Shape<T> => ({ schema });

/** The largest finite double: `maximum` of every number, so Infinity (JSON's 1e999) is refused. */
const FINITE = Number.MAX_VALUE;

export const string = (): Shape<string> => shape({ type: 'string' });
export const boolean = (): Shape<boolean> => shape({ type: 'boolean' });
export const literal = <const V extends string>(...values: V[]): Shape<V> => shape({ type: 'string', enum: values });
/** One number, exactly (a format version). */
export const numberConst = <const V extends number>(value: V): Shape<V> => shape({ type: 'number', const: value });
export const enumOf = <V extends string>(values: readonly V[]): Shape<V> => shape({ type: 'string', enum: [...new Set(values)] });

/** A finite number of either sign (a difference, a growth). */
export const signed = (): Shape<number> => shape({ type: 'number', minimum: -FINITE, maximum: FINITE });
/** A finite number at least 0 (a duration, a size, a rate, a percentile). */
export const nonNegative = (): Shape<number> => shape({ type: 'number', minimum: 0, maximum: FINITE });
/** A whole number from 0 to 2^53 - 1 (a count, an index). */
export const count = (): Shape<number> => shape({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** A compressed HDR histogram (lab/metrics/hdr-input.ts decides; maxLength is its encoded limit). */
export const hdr = (maxLength: number): Shape<string> => shape({ type: 'string', maxLength, format: 'hdr-histogram' });

export const nullable = <T>(inner: Shape<T>): Shape<T | null> => {
  const { type, ...rest } = inner.schema;
  // A plain type becomes a type list; an enum (which null is not in) or a choice, a choice.
  return typeof type === 'string' && !('enum' in rest)
    ? shape({ type: [type, 'null'], ...rest })
    : shape({ anyOf: [inner.schema, { type: 'null' }] });
};

export const array = <T>(items: Shape<T>): Shape<T[]> => shape({ type: 'array', items: items.schema });
export const record = <T>(values: Shape<T>): Shape<Record<string, T>> => shape({ type: 'object', additionalProperties: values.schema });

export const optional = <T>(inner: Shape<T>): Optional<T> => ({ optional: inner });

type OptionalKey<T, K extends keyof T> = {} extends Pick<T, K> ? true : false;

/** One entry per field of T: a Shape for a required field, an Optional for an optional one. */
export type Fields<T> = { [K in keyof T]-?: OptionalKey<T, K> extends true ? Optional<Exclude<T[K], undefined>> : Shape<T[K]> };

/** An object with exactly T's fields; other properties are allowed and ignored (a newer lab's additions). */
export const object = <T>(fields: Fields<T>): Shape<T> => {
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(fields) as [string, Shape<unknown> | Optional<unknown>][]) {
    if ('optional' in field) properties[key] = field.optional.schema;
    else {
      properties[key] = field.schema;
      required.push(key);
    }
  }
  return shape({ type: 'object', properties, required });
};

/** One of several shapes (a union in the contract). */
export const anyOf = <T extends unknown[]>(...shapes: { [I in keyof T]: Shape<T[I]> }): Shape<T[number]> =>
  shape({ anyOf: shapes.map((s) => s.schema) });
