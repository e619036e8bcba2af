// Hostile results generated from the result schema (scenarios/result.schema.json), not from a
// fixture's own fields: a real result is completed with every property the schema names (an
// absent object is built, an empty array gets one item, a map gets one entry), and a payload is
// put into every leaf and every map key. A field added to the result contract is therefore in
// the hostile result as soon as `npm run schema` has written it, with no test to edit.

import { readFileSync } from 'node:fs';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { createLatencyHistogram, recordUs, summarizeLatency } from '../../../lab/metrics/histogram.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  enum?: Json[];
  const?: Json;
  format?: string;
}

const RESULT_SCHEMA = JSON.parse(readFileSync(new URL('../../../scenarios/result.schema.json', import.meta.url), 'utf8')) as SchemaNode;

const types = (node: SchemaNode): string[] => (node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type]);
const isObject = (value: Json | undefined): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a schema leaf (or map key) sits: `configs[].latencyUs.p50`, `configs[].errorsByKind.*`. */
const join = (at: string, key: string): string => (at === '' ? key : `${at}.${key}`);

/** Every leaf the schema describes, and every map's keys (`….*{key}`), as normalised paths. */
export const schemaLeafPaths = (node: SchemaNode = RESULT_SCHEMA, at = ''): string[] => {
  if (node.anyOf !== undefined) return [...new Set(node.anyOf.flatMap((branch) => schemaLeafPaths(branch, at)))];
  const kinds = types(node);
  const paths: string[] = [];
  if (kinds.includes('object')) {
    for (const [key, sub] of Object.entries(node.properties ?? {})) paths.push(...schemaLeafPaths(sub, join(at, key)));
    if (typeof node.additionalProperties === 'object') paths.push(join(at, '*{key}'), ...schemaLeafPaths(node.additionalProperties, join(at, '*')));
  }
  if (kinds.includes('array') && node.items !== undefined) paths.push(...schemaLeafPaths(node.items, `${at}[]`));
  if (kinds.some((k) => ['string', 'number', 'integer', 'boolean'].includes(k)) || node.const !== undefined) paths.push(at);
  return [...new Set(paths)];
};

/** The normalised paths of the leaves and map keys a value holds (read with the schema). */
export const valueLeafPaths = (value: Json, node: SchemaNode = RESULT_SCHEMA, at = ''): string[] => {
  if (node.anyOf !== undefined) {
    const branch = node.anyOf.find((b) => fits(b, value)) ?? node.anyOf[0];
    return branch === undefined ? [] : valueLeafPaths(value, branch, at);
  }
  if (Array.isArray(value)) return node.items === undefined ? [] : value.flatMap((item) => valueLeafPaths(item, node.items as SchemaNode, `${at}[]`));
  if (isObject(value)) {
    return Object.entries(value).flatMap(([key, sub]) => {
      const named = node.properties?.[key];
      if (named !== undefined) return valueLeafPaths(sub, named, join(at, key));
      return typeof node.additionalProperties === 'object' ? [join(at, '*{key}'), ...valueLeafPaths(sub, node.additionalProperties, join(at, '*'))] : [];
    });
  }
  return value === null ? [] : [at];
};

const fits = (node: SchemaNode, value: Json): boolean => {
  const kinds = types(node);
  if (value === null) return kinds.includes('null');
  if (Array.isArray(value)) return kinds.includes('array');
  if (typeof value === 'object') return kinds.includes('object');
  if (typeof value === 'number') return kinds.includes('number') || kinds.includes('integer');
  return kinds.includes(typeof value) || node.anyOf !== undefined;
};

interface Fill {
  /** The value of a leaf at `path` (normalised) whose real value is `real` (undefined if absent). */
  leaf: (path: string, node: SchemaNode, real: Json | undefined) => Json;
  /** The key of a map's generated entry (a map the real result leaves empty or lacks). */
  key: string;
  /** When set, every existing map key is replaced by it too. */
  everyKey?: string;
  /** Where the schema allows a scalar or an object (`clients: "shared" | {pool}`): 'real' keeps
   * the real value's branch, 'structured' takes the object (or array) branch whatever it holds. */
  branch?: 'real' | 'structured';
}

const structured = (node: SchemaNode): boolean => types(node).some((k) => k === 'object' || k === 'array');

/** A copy of `real` with every property the schema names present, its leaves set by `fill`. */
const completeFromSchema = (real: Json | undefined, fill: Fill, node: SchemaNode = RESULT_SCHEMA, at = ''): Json => {
  if (node.anyOf !== undefined) {
    // An existing value keeps its branch; an absent one takes the first branch that is not null.
    const preferred = fill.branch === 'structured' ? node.anyOf.find(structured) : undefined;
    const kept = real !== undefined && real !== null ? node.anyOf.find((b) => fits(b, real)) : undefined;
    const branch = preferred ?? kept ?? node.anyOf.find((b) => !(types(b).length === 1 && types(b)[0] === 'null'));
    return branch === undefined ? null : completeFromSchema(branch === preferred && !fits(branch, real ?? null) ? undefined : real, fill, branch, at);
  }
  const kinds = types(node);
  if (kinds.includes('object') && (isObject(real) || real === undefined || real === null)) {
    const source = isObject(real) ? real : {};
    const out: { [key: string]: Json } = {};
    for (const [key, sub] of Object.entries(node.properties ?? {})) out[key] = completeFromSchema(source[key], fill, sub, join(at, key));
    if (typeof node.additionalProperties === 'object') {
      const extra = Object.entries(source).filter(([key]) => node.properties?.[key] === undefined);
      const entries: [string, Json | undefined][] = extra.length > 0 ? extra : [[fill.key, undefined]];
      for (const [index, [key, sub]] of entries.entries()) {
        const name = fill.everyKey === undefined ? key : `${fill.everyKey}${index === 0 ? '' : index}`;
        out[name] = completeFromSchema(sub, fill, node.additionalProperties, join(at, '*'));
      }
    } else {
      // Properties the schema does not name are kept as they are (the renderer never reads them).
      for (const [key, sub] of Object.entries(source)) if (!(key in out)) out[key] = sub;
    }
    return out;
  }
  if (kinds.includes('array') && node.items !== undefined && (Array.isArray(real) || real === undefined || real === null)) {
    const items: (Json | undefined)[] = Array.isArray(real) && real.length > 0 ? real : [undefined];
    return items.map((item) => completeFromSchema(item, fill, node.items as SchemaNode, `${at}[]`));
  }
  return fill.leaf(at, node, real);
};

/** A valid leaf for `node`: the real value when there is one, else the least the schema allows. */
const plausibleLeaf = (hdr: string) => (_path: string, node: SchemaNode, real: Json | undefined): Json => {
  if (real !== undefined && real !== null) return real;
  if (node.const !== undefined) return node.const;
  if (node.enum !== undefined) return node.enum[0] ?? null;
  if (node.format === 'hdr-histogram') return hdr;
  const kinds = types(node);
  if (kinds.includes('number') || kinds.includes('integer')) return 1;
  if (kinds.includes('string')) return 'x';
  if (kinds.includes('boolean')) return false;
  return null;
};

/** A small real histogram, for a result that holds none. */
const someHdr = (): string => {
  const histogram = createLatencyHistogram();
  for (let us = 100; us <= 1_000; us += 100) recordUs(histogram, us);
  const { hdr } = summarizeLatency(histogram);
  if (hdr === null || hdr === undefined) throw new Error('summarizeLatency wrote no histogram');
  return hdr;
};

/** The first histogram string in a result (or a small real one): generated histograms are real. */
const firstHdr = (value: Json): string => {
  const found: string[] = [];
  const walk = (v: Json, key: string): void => {
    if (found.length > 0) return;
    if (key === 'hdr' && typeof v === 'string') found.push(v);
    else if (Array.isArray(v)) v.forEach((item) => walk(item, ''));
    else if (isObject(v)) Object.entries(v).forEach(([k, sub]) => walk(sub, k));
  };
  walk(value, '');
  return found[0] ?? someHdr();
};

/** `result` completed from the schema with plausible values: every field the schema names. */
export const schemaComplete = (result: LabResult, branch: 'real' | 'structured' = 'real'): LabResult =>
  completeFromSchema(result as never, { leaf: plausibleLeaf(firstHdr(result as never)), key: 'ERR', branch }) as unknown as LabResult;

/** `result` completed from the schema, with `payload` in every leaf and every map key; with
 * `branch: 'structured'`, the object side of each scalar-or-object field. */
export const payloadEverywhere = (result: LabResult, payload: string, branch: 'real' | 'structured' = 'real'): LabResult =>
  completeFromSchema(result as never, { leaf: () => payload, key: payload, everyKey: payload, branch }) as unknown as LabResult;

/** `result` completed from the schema, `payload` in every string leaf and map key but those
 * named in `kept` (the fields the charts are keyed on), numbers left valid: the page then draws
 * its charts with the payload in their titles, legends and data. */
export const payloadInStrings = (result: LabResult, payload: string, kept: ReadonlySet<string>, branch: 'real' | 'structured' = 'real'): LabResult => {
  const plausible = plausibleLeaf(firstHdr(result as never));
  return completeFromSchema(result as never, {
    leaf: (path, node, real) => {
      const value = plausible(path, node, real);
      const last = path.split('.').at(-1) ?? '';
      return typeof value === 'string' && !kept.has(last) ? payload : value;
    },
    key: payload,
    everyKey: payload,
    branch,
  }) as unknown as LabResult;
};
