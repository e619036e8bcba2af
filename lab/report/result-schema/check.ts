// Checks a parsed JSON value against the result schema: the subset of JSON Schema that
// shapes.ts writes (type, enum, const, minimum, maximum, maxLength, properties, required,
// additionalProperties, items, anyOf, if/then/else, format "hdr-histogram"), and nothing else:
// a keyword outside it throws, so the schema cannot grow past what is checked. Returns the first
// problem as a JSON path (`configs[3].latencyUs.p99`) and what was expected there.
//
// Bounded: it recurses only as deep as the schema (a value nested deeper is judged by its type at
// the schema's last level), stops at the first problem, and each hdr string is checked within
// HDR_LIMITS.

import { hdrProblem } from '../../metrics/index.ts';
import type { JsonSchema } from './shapes.ts';

export interface SchemaProblem {
  /** `configs[3].latencyUs.p99`; empty for the whole file. */
  path: string;
  /** What the schema wants there: `a finite number at least 0`. */
  expected: string;
  /** What the file has there (`-5`, `"12" (a string)`); absent when the field is missing. */
  got?: string;
}

const KNOWN = new Set([
  '$schema', 'title', 'description', 'type', 'enum', 'const', 'minimum', 'maximum', 'maxLength', 'properties', 'required',
  'additionalProperties', 'items', 'anyOf', 'if', 'then', 'else', 'format',
]);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const join = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : IDENTIFIER.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`;

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

const typeMatches = (value: unknown, type: string): boolean => {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

const SHOWN_CHARS = 40;
/** What the value was, briefly: `-5`, `"12" (a string)`, `null`, `an array`. */
const gotText = (value: unknown): string => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : `${value} (a number beyond the largest finite one)`;
  if (typeof value === 'string') {
    const shown = JSON.stringify(value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value);
    return `${shown} (a string)`;
  }
  if (value === null || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : `an ${typeof value}`;
};

const rangeText = (schema: JsonSchema): string => {
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  const low = minimum !== undefined && minimum > -Number.MAX_VALUE ? minimum : undefined;
  const high = maximum !== undefined && maximum < Number.MAX_VALUE ? maximum : undefined;
  if (low !== undefined && high !== undefined) return ` from ${low} to ${high}`;
  if (low !== undefined) return ` at least ${low}`;
  return high !== undefined ? ` at most ${high}` : '';
};

const ARTICLE: Record<string, string> = {
  string: 'a string', boolean: 'true or false', null: 'null', array: 'an array', object: 'an object',
};

/** What the schema wants, in words: `a finite number at least 0 or null`. */
const expectedText = (schema: JsonSchema): string => {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(expectedText).join(' or ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  return types
    .map((type) => (type === 'number' ? `a finite number${rangeText(schema)}` : type === 'integer' ? `a whole number${rangeText(schema)}` : (ARTICLE[type] ?? type)))
    .join(' or ');
};

const expected = (path: string, schema: JsonSchema, value: unknown): SchemaProblem => ({ path, expected: expectedText(schema), got: gotText(value) });

const depth = (path: string): number => (path.match(/[.[]/g)?.length ?? 0) + (path === '' ? 0 : 1);

// One value against one schema; the first problem, or undefined.
const check = (value: unknown, schema: JsonSchema, path: string): SchemaProblem | undefined => {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new TypeError(`result schema keyword "${key}" is not one the checker implements`);
  if (schema.if !== undefined) {
    const branch = check(value, schema.if as JsonSchema, path) === undefined ? schema.then : schema.else;
    return branch === undefined ? undefined : check(value, branch as JsonSchema, path);
  }
  if (Array.isArray(schema.anyOf)) return checkAnyOf(value, schema, path);
  if (schema.const !== undefined && value !== schema.const) return expected(path, schema, value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => typeMatches(value, type))) return expected(path, schema, value);
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return expected(path, schema, value);
  if (typeof value === 'number') return checkNumber(value, schema, path);
  if (typeof value === 'string') return checkString(value, schema, path);
  if (Array.isArray(value)) return checkItems(value, schema, path);
  if (typeof value === 'object' && value !== null) return checkObject(value as Record<string, unknown>, schema, path);
  return undefined;
};

const checkNumber = (value: number, schema: JsonSchema, path: string): SchemaProblem | undefined => {
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  if (!Number.isFinite(value) || (minimum !== undefined && value < minimum) || (maximum !== undefined && value > maximum)) return expected(path, schema, value);
  return undefined;
};

const checkString = (value: string, schema: JsonSchema, path: string): SchemaProblem | undefined => {
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) {
    return { path, expected: `at most ${schema.maxLength} characters`, got: `${value.length} characters` };
  }
  if (schema.format === 'hdr-histogram') {
    const why = hdrProblem(value);
    if (why !== undefined) return { path, expected: `a compressed HDR histogram (V2, as encodeIntoCompressedBase64 writes it) within the lab's limits; this one: ${why}`, got: gotText(value) };
  }
  return undefined;
};

const checkItems = (value: unknown[], schema: JsonSchema, path: string): SchemaProblem | undefined => {
  if (schema.items === undefined) return undefined;
  for (const [i, item] of value.entries()) {
    const found = check(item, schema.items as JsonSchema, join(path, i));
    if (found !== undefined) return found;
  }
  return undefined;
};

const checkObject = (value: Record<string, unknown>, schema: JsonSchema, path: string): SchemaProblem | undefined => {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const key of (schema.required ?? []) as string[]) {
    if (!Object.hasOwn(value, key)) {
      const wanted = properties[key];
      return { path: join(path, key), expected: wanted === undefined ? 'a value' : expectedText(wanted) };
    }
  }
  for (const [key, property] of Object.entries(properties)) {
    if (!Object.hasOwn(value, key)) continue;
    const found = check(value[key], property, join(path, key));
    if (found !== undefined) return found;
  }
  const extra = schema.additionalProperties;
  if (typeof extra === 'object' && extra !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) continue;
      const found = check(item, extra as JsonSchema, join(path, key));
      if (found !== undefined) return found;
    }
  }
  return undefined;
};

// A choice of objects told apart by one property with a single allowed value in each (a cluster
// fault's `kind`): that property and its values, when there is one.
const discriminator = (branches: readonly JsonSchema[]): { key: string; tags: unknown[] } | undefined => {
  const tagOf = (branch: JsonSchema, key: string): unknown => {
    const property = (branch.properties as Record<string, JsonSchema> | undefined)?.[key];
    return Array.isArray(property?.enum) && property.enum.length === 1 ? property.enum[0] : undefined;
  };
  const key = Object.keys((branches[0]?.properties ?? {}) as object).find((k) => branches.every((b) => tagOf(b, k) !== undefined));
  return key === undefined ? undefined : { key, tags: branches.map((b) => tagOf(b, key)) };
};

// The value matches one branch; else the problem of the branch its tag names (or of the tag), or of the branch
// it got furthest into (an object where `object or null` is wanted); when none got past this
// value, what any would take.
const checkAnyOf = (value: unknown, schema: JsonSchema, path: string): SchemaProblem | undefined => {
  const branches = schema.anyOf as JsonSchema[];
  const tagged = discriminator(branches);
  if (tagged !== undefined && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const tag = (value as Record<string, unknown>)[tagged.key];
    const branch = branches[tagged.tags.indexOf(tag)];
    if (branch !== undefined) return check(value, branch, path);
    return { path: join(path, tagged.key), expected: `one of ${tagged.tags.map((t) => JSON.stringify(t)).join(', ')}`, ...(tag === undefined ? {} : { got: gotText(tag) }) };
  }
  const found: SchemaProblem[] = [];
  for (const branch of branches) {
    const one = check(value, branch, path);
    if (one === undefined) return undefined;
    found.push(one);
  }
  const deepest = found.reduce<SchemaProblem | undefined>((best, p) => (best === undefined || depth(p.path) > depth(best.path) ? p : best), undefined);
  return deepest !== undefined && depth(deepest.path) > depth(path) ? deepest : expected(path, schema, value);
};

/** The first place `value` breaks `schema`, or undefined. */
export const schemaProblem = (value: unknown, schema: JsonSchema): SchemaProblem | undefined => check(value, schema, '');
