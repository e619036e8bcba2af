// The value shapes of the scenario language as JSON Schema (draft-07): quantities with
// their unit patterns, whole numbers with their bounds, matrix axes, modes, key distributions,
// bandwidths, reply checks and threshold strings. Each is built from the definitions the
// validator reads (LIMITS, the unit tables, the registry), so a unit, a bound or a metric added
// there reaches the schema without an edit here. What a schema cannot say (whole milliseconds,
// a batch that fits the run, a threshold naming a real axis value) stays the validator's.

import { CONFIG_METRICS, RECONCILE_METRICS, SELECTOR_AXES } from '../../contracts/index.ts';
import { OPS } from '../thresholds/threshold-terms.ts';
import type { IntRange } from '../defaults.ts';
import { LIMITS } from '../defaults.ts';
import { DURATION_UNITS, SIZE_UNIT_NAMES } from '../quantities.ts';

/** A JSON Schema object; kept loose on purpose (it is written out as JSON, never interpreted). */
export type JsonSchema = { [keyword: string]: unknown };

/** A section's properties: exactly its KEYS, each with a described, exemplified shape. */
export type Fields<K extends readonly string[]> = { [Key in K[number]]: JsonSchema };

/** What every field carries: what it means (with its default) and a few values as written. */
export interface FieldDoc {
  description: string;
  examples: readonly unknown[];
}

/** Adds a field's description and examples to its shape (the shape's own description, its format, follows). */
export const field = (doc: FieldDoc, shape: JsonSchema): JsonSchema => {
  const format = typeof shape.description === 'string' ? `. Format: ${shape.description}` : '';
  return { ...shape, description: `${doc.description}${format}`, examples: [...doc.examples] };
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const alternatives = (words: readonly string[]): string => `(?:${words.map(escape).join('|')})`;

// A decimal number as quantities are written: `10`, `0.5`, `.5`; no sign (negatives are errors).
const NUMBER = '(?:\\d+|\\d*\\.\\d+)';
const DURATION = `${NUMBER}${alternatives(DURATION_UNITS)}`;
/** A size as written, unanchored: `16B`, `1.5KiB` (cut amounts embed it). */
export const SIZE_TEXT = `${NUMBER}${alternatives(SIZE_UNIT_NAMES)}`;

/** A duration as written, anchored: `250us`, `10ms`, `0.5s`. */
export const DURATION_PATTERN = `^\\s*${DURATION}\\s*$`;

/** `10ms`, `0.5s`, `250us`: a number and its unit, no space. */
export const duration = (range: IntRange): JsonSchema => ({
  type: 'string',
  pattern: DURATION_PATTERN,
  description: `a duration with its unit (${DURATION_UNITS.join(', ')}), a whole number of milliseconds from ${range.min}ms to ${range.max}ms`,
});

/** A size, or a range `16B..1KB` drawn uniformly per operation. */
export const sizeOrRange = (): JsonSchema => ({
  type: 'string',
  pattern: `^\\s*${SIZE_TEXT}(?:\\s*\\.\\.\\s*${SIZE_TEXT})?\\s*$`,
  description: 'a size with its unit (16B, 1KB, 4KiB), or a range 16B..1KB drawn uniformly per operation; at most 256MiB',
});

/** `1MB/s` or `unlimited`. */
const rate = (): JsonSchema => ({
  type: 'string',
  pattern: `^\\s*(?:unlimited|${SIZE_TEXT}/s)\\s*$`,
  description: `a size per second (${SIZE_UNIT_NAMES.map((u) => `${u}/s`).join(', ')}) in whole KB/s from ${LIMITS.bandwidthKBps.min}KB/s, or unlimited`,
});

/** A whole number within bounds; YAML 1.2 reads `100_000` as text, which the lab accepts too. */
export const int = (range: IntRange): JsonSchema => ({
  anyOf: [
    { type: 'integer', minimum: range.min, maximum: range.max },
    { type: 'string', pattern: '^\\d+(?:_\\d+)+$', description: 'digits grouped with underscores, e.g. 100_000' },
  ],
});

/** One value, or a non-empty list of distinct values (a matrix axis: each value is a config). */
export const axis = (item: JsonSchema): JsonSchema => ({
  anyOf: [item, { type: 'array', items: item, minItems: 1, uniqueItems: true }],
});

/** A reference to one of the document's shared definitions (schema.ts's DEFINITIONS). */
export const ref = (name: 'workload' | 'mode' | 'bandwidth'): JsonSchema => ({ $ref: `#/definitions/${name}` });

/** A mapping with exactly these keys allowed. */
export const mapping = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  properties,
  additionalProperties: false,
  ...extra,
});

/** A bandwidth: one rate for both directions, or `{up, down}` (a direction left out is uncapped). */
export const bandwidth = (): JsonSchema => ({
  anyOf: [
    rate(),
    mapping(
      {
        up: field({ description: 'cap on client-to-server bytes', examples: ['100KB/s'] }, rate()),
        down: field({ description: 'cap on server-to-client bytes', examples: ['1MB/s', 'unlimited'] }, rate()),
      },
      { minProperties: 1 },
    ),
  ],
});

/** `sync`, `pipeline:B`, `multi:B`, `auto:C`, or the mapping forms `{pipeline: 8}`. */
export const mode = (): JsonSchema => {
  const count = '\\d+(?:_\\d+)*';
  const batch = int(LIMITS.batch);
  return {
    anyOf: [
      { type: 'string', enum: ['sync'], description: 'one command per round trip' },
      {
        type: 'string',
        pattern: `^\\s*(?:(?:pipeline|multi)\\s*:\\s*(?:${count}|all)|auto\\s*:\\s*${count})\\s*$`,
        description: `pipeline:B (non-transactional batches of B), multi:B (MULTI/EXEC batches of B), B from ${LIMITS.batch.min} to ${LIMITS.batch.max} or all; auto:C (ioredis auto-pipelining, C callers from ${LIMITS.callers.min} to ${LIMITS.callers.max})`,
      },
      mapping({ pipeline: field({ description: 'commands per non-transactional batch, or all', examples: [8, 'all'] }, { anyOf: [batch, { const: 'all' }] }) }, { required: ['pipeline'] }),
      mapping({ multi: field({ description: 'commands per MULTI/EXEC batch, or all', examples: [16, 'all'] }, { anyOf: [batch, { const: 'all' }] }) }, { required: ['multi'] }),
      mapping({ auto: field({ description: 'concurrent callers sharing ioredis auto-pipelining', examples: [32] }, int(LIMITS.callers)) }, { required: ['auto'] }),
    ],
  };
};

/** A threshold string: `[scope:] <metric> <op> <bound>` or `policy <name> [at fault=<name>]: SAFE|UNSAFE`. */
export const threshold = (): JsonSchema => {
  const metrics = alternatives([...CONFIG_METRICS.map((m) => m.name), ...RECONCILE_METRICS.map((m) => m.name)]);
  const ops = alternatives([...OPS].sort((a, b) => b.length - a.length));
  const selectors = SELECTOR_AXES.map((a) => (a.value === undefined ? a.selector : `${a.selector}=<${a.value}>`)).join(', ');
  return {
    type: 'string',
    pattern: `^(?:.*:\\s*)?(?:SAFE|UNSAFE|${metrics}\\s*${ops}\\s*\\S+)\\s*$`,
    description:
      `"[<workload>] [<mode>] [at <selectors>]: <metric> <op> <bound>" with selectors ${selectors}; ` +
      `metrics ${CONFIG_METRICS.map((m) => `${m.name} (${m.about})`).join(', ')}; ` +
      'bounds on times and sizes carry a unit (60ms, 512MiB), rates, ratios and counts are plain numbers; ' +
      `or "policy <name> [at fault=<name>]: SAFE | UNSAFE | <count> <op> <n>" with counts ${RECONCILE_METRICS.map((m) => m.name).join(', ')}; ` +
      `op is ${OPS.join(', ')}. Quote it: a ": " inside makes YAML read a mapping`,
  };
};
