// The `workload:` section of the JSON Schema: one entry per KEYS.workload key (tsc enforces it),
// with the commands, key distributions and reply checks the validator reads, and the rule that
// a command option (`by`, `field`, `script`, ...) is written only for the commands that take it
// (COMMAND_OPTIONS, the validator's own table).

import { ADVISE_BUDGETS, ADVISE_DEFAULTS, WORKLOAD_COMMANDS } from '../../contracts/index.ts';
import { ADVISE_KEYS, ADVISE_PROBES, ADVISE_WITHIN } from '../advise.ts';
import { DEFAULTS, KEYS, LIMITS } from '../defaults.ts';
import { REPLY_WORDS } from '../operation.ts';
import { axis, duration, DURATION_PATTERN, field, int, mapping, SIZE_TEXT, sizeOrRange, type Fields, type JsonSchema } from './schema-shapes.ts';
import { COMMAND_OPTIONS, RESERVED_LABELS } from '../workload.ts';

// `one`, `sequential`, or exactly one of {sequential: N}, {uniform: N}, {zipfian: N, theta: θ}.
const COUNT = int(LIMITS.keyCount);
const THETA = field(
  { description: `the zipfian skew, above 0 and below 1; default ${DEFAULTS.zipfianTheta} (YCSB's)`, examples: [DEFAULTS.zipfianTheta] },
  { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
);
const counted = (kind: (typeof KEYS.keys)[number], about: string): JsonSchema => {
  const properties: Record<string, JsonSchema> = { [kind]: field({ description: `${about}: the number of distinct keys`, examples: [1000] }, COUNT) };
  if (kind === 'zipfian') properties.theta = THETA;
  return mapping(properties, { required: [kind] });
};
const KEY_DISTRIBUTION: JsonSchema = {
  anyOf: [
    { type: 'string', enum: ['one', 'sequential'], description: 'one: every operation on one key (default); sequential: operation i on key i' },
    counted('sequential', 'operation i on key i mod N'),
    counted('uniform', 'seeded uniform choice'),
    counted('zipfian', 'seeded zipfian choice (YCSB), key 0 hottest'),
  ],
};

const REPLY: JsonSchema = {
  anyOf: [
    { type: 'string', enum: [...REPLY_WORDS], description: 'any: anything but an error (default); ok: the simple string OK; integer' },
    mapping({ equals: field({ description: 'the exact reply; {i}, {key} and {value} are filled in', examples: ['OK'] }, { type: ['string', 'number'] }) }, { required: ['equals'] }),
  ],
};

const ARG: JsonSchema = { type: ['string', 'number'] };

// `advise:` (issue 27): budgets (at least one) and the search's limits.
const BYTES: JsonSchema = { type: 'string', pattern: `^\\s*${SIZE_TEXT}\\s*$`, description: 'a size with its unit (64MB, 256MiB), from 1B' };
const ADVISE_FIELDS: Fields<typeof ADVISE_KEYS> = {
  'request-p99': field({ description: "the 99th percentile a size may reach: a pipeline batch's round trip, or a windowed request's latency from its arrival (its wait included)", examples: ['20ms'] }, { type: 'string', pattern: DURATION_PATTERN, description: 'a duration with its unit (us, ms, s), from 1us to 60s' }),
  'client-memory': field({ description: "the client's V8 heap growth during a run a size may cause", examples: ['256MB'] }, BYTES),
  'server-output-buffer': field({ description: 'the reply bytes of one batch a size may owe the client', examples: ['64MB'] }, BYTES),
  'up-to': field({ description: "the largest size tried; default a pipeline depth's workload commands, or what one window gathers at the offered rate", examples: [10000] }, int(LIMITS.commands)),
  within: field(
    { description: `the search stops once the advised size and the first that missed are this close; default ${ADVISE_DEFAULTS.within * 100}%`, examples: ['10%'] },
    { type: 'string', pattern: '^\\s*\\d+(?:\\.\\d+)?\\s*%\\s*$', description: `a percentage from ${ADVISE_WITHIN.minPct}% to ${ADVISE_WITHIN.maxPct}%` },
  ),
  probes: field({ description: `most probes (runs at one depth) the search makes; default ${ADVISE_DEFAULTS.maxProbes}`, examples: [12] }, int(ADVISE_PROBES)),
};
export const ADVISE: JsonSchema = mapping(ADVISE_FIELDS, { anyOf: ADVISE_BUDGETS.map((b) => ({ required: [b] })) });

export const WORKLOAD_FIELDS: Fields<typeof KEYS.workload> = {
  label: field(
    { description: `names the workload in ids and thresholds when there are several: letters, digits, _ . - (not ${RESERVED_LABELS.join(', ')}); default the command`, examples: ['set-1kb'] },
    { type: 'string', pattern: '^[A-Za-z0-9_][\\w.-]*$', not: { enum: [...RESERVED_LABELS] } },
  ),
  command: field(
    { description: 'the command each operation issues; any other command runs as CUSTOM with args', examples: ['INCR', 'SET'] },
    { type: 'string', enum: [...WORKLOAD_COMMANDS] },
  ),
  key: field(
    { description: `the key pattern; {i} is the key index and is needed whenever keys spreads over several keys; default ${DEFAULTS.key} (keys: one) or ${DEFAULTS.keyPattern}`, examples: ['bench:key:{i}'] },
    { type: 'string', minLength: 1, pattern: '^[^\\r\\n]*$' },
  ),
  keys: field({ description: 'which key each operation touches; default one', examples: ['sequential', { uniform: 1000 }, { zipfian: 10000, theta: 0.9 }] }, KEY_DISTRIBUTION),
  commands: field({ description: 'commands per run, the same for every mode (equivalent work); one count or a list (an axis)', examples: [2048, [1000, 100000]] }, axis(int(LIMITS.commands))),
  value: field(
    { description: `the value size of commands that write or read values (SET, GET, HSET, MGET; EVAL, EVALSHA, CUSTOM when args hold {value}); one size, a range, or a list (an axis); default ${DEFAULTS.valueBytes}B`, examples: ['16B', ['16B', '1KiB', '16B..4KB']] },
    axis(sizeOrRange()),
  ),
  by: field({ description: `the INCRBY increment; default ${DEFAULTS.incrementBy}`, examples: [5] }, int(LIMITS.incrementBy)),
  field: field({ description: `the HSET field; default ${DEFAULTS.field}`, examples: ['field'] }, { type: 'string', minLength: 1, pattern: '^[^\\r\\n]*$' }),
  'mget-keys': field({ description: `keys per MGET; default ${DEFAULTS.mgetKeys}`, examples: [10] }, int(LIMITS.mgetKeys)),
  px: field({ description: "SETNX: the lock's lease (SET key id NX PX ms), after which Redis releases it; default none (no expiry)", examples: ['30s'] }, duration(LIMITS.leaseMs)),
  script: field({ description: "the Lua body of EVAL and EVALSHA, called with 1 key and ARGV from args", examples: ["return redis.call('INCR', KEYS[1])"] }, { type: 'string', minLength: 1 }),
  args: field(
    { description: "EVAL, EVALSHA: the script's ARGV; CUSTOM: the whole command, name first. Placeholders {i}, {key}, {value}", examples: [['{value}'], ['ZADD', '{key}', '{i}', 'm{i}']] },
    { type: 'array', items: ARG },
  ),
  reply: field({ description: 'what each EVAL, EVALSHA or CUSTOM reply must be (the lab checks every reply); default any', examples: ['ok', 'integer', { equals: 'OK' }] }, REPLY),
  advise: field(
    { description: 'search the pipeline depth for the most throughput within these budgets; the scenario\'s one mode pipeline:B is the first probe (docs/batch-advisor.md)', examples: [{ 'request-p99': '20ms', 'client-memory': '256MB', 'server-output-buffer': '64MB' }] },
    ADVISE,
  ),
};

const isCommand = (commands: readonly string[]): JsonSchema => ({ required: ['command'], properties: { command: { enum: [...commands] } } });

/** A workload mapping plus its cross-key rules: options only for their commands; scripts and CUSTOM args required. */
export const workloadRules = (shape: JsonSchema): JsonSchema => ({
  ...shape,
  allOf: [
    ...Object.entries(COMMAND_OPTIONS).map(([key, commands]): JsonSchema => ({ if: { required: [key] }, then: isCommand(commands) })),
    { if: isCommand(['EVAL', 'EVALSHA']), then: { required: ['script'] } },
    { if: isCommand(['CUSTOM']), then: { required: ['args'], properties: { args: { type: 'array', minItems: 1 } } } },
  ],
});
