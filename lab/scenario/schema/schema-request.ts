// The JSON Schema of request workloads (request.ts, arrival.ts) and of `policies:` entries
// (policy-refs.ts). Each table is keyed by the validator's own key list (REQUEST_KEYS,
// KIND_KEYS, ARRIVAL_KEYS), so tsc refuses a key one side has and the other lacks; bounds,
// processes, the rate pattern and the built-in policy names come from the validator too. A step
// command is the workload grammar itself, without `commands` and with one value size.

import { BUILTIN_POLICIES, SLO_DEFAULTS, WINDOW_LIMITS } from '../../contracts/index.ts';
import { LIMITS } from '../defaults.ts';
import { ARRIVAL_KEYS, DEADLINE, DEFAULT_DEADLINE_MS, FOR, MAX_RATE, PROCESSES, RATE_PATTERN, WINDOW } from '../arrival.ts';
import { MODULE_EXTENSIONS, NAME_PATTERN } from '../policy-refs.ts';
import { KIND_KEYS, MAX_WEIGHT, REQUEST_KEYS } from '../request.ts';
import { BATCH_KEYS, BATCH_SIZE, BATCH_WINDOW } from '../batch.ts';
import { SLO_KEYS, SLO_PROBES, SLO_WITHIN } from '../slo.ts';
import { axis, duration, field, int, mapping, sizeOrRange, type Fields, type JsonSchema } from './schema-shapes.ts';
import { ADVISE, WORKLOAD_FIELDS, workloadRules } from './schema-workload.ts';
import { TRACE_DEADLINE, TRACE_GAP, TRACE_KEYS, TRACE_PIPELINE, TRACE_WORKLOAD_KEYS } from '../trace/trace-workload.ts';

const TEXT = { type: 'string', minLength: 1, pattern: '^[^\\r\\n]*$' };

// A step command: a workload mapping without `commands`; `{r}` in key or args is the request index.
const { commands: _perRequest, advise: _commandWorkloadsOnly, ...COMMAND_FIELDS } = WORKLOAD_FIELDS;
const STEP_COMMAND = workloadRules(
  mapping(
    { ...COMMAND_FIELDS, value: field({ description: 'the value size of this command (one size or a range, not a list)', examples: ['1KB'] }, sizeOrRange()) },
    { required: ['command'] },
  ),
);
const PARALLEL = mapping(
  { parallel: field({ description: 'commands sent together, the step ends when all have replied', examples: [[{ command: 'GET', key: 'a:{r}' }, { command: 'GET', key: 'b:{r}' }]] }, { type: 'array', items: STEP_COMMAND, minItems: 2 }) },
  { required: ['parallel'] },
);
const STEPS: JsonSchema = { type: 'array', minItems: 1, items: { anyOf: [STEP_COMMAND, PARALLEL] } };
const STEPS_EXAMPLE = [{ command: 'GET', key: 'user:{r}' }, { parallel: [{ command: 'GET', key: 'a:{r}' }, { command: 'GET', key: 'b:{r}' }] }, { command: 'INCR', key: 'hits' }];
const STEPS_ABOUT = 'the ordered steps of one request: a command mapping ({r} in key or args is the request index) or {parallel: [command, ...]}';

const KIND_FIELDS: Fields<typeof KIND_KEYS> = {
  label: field({ description: 'names this kind of request; default kind-N', examples: ['read'] }, TEXT),
  weight: field({ description: 'the share of requests of this kind; default 1', examples: [3] }, int({ min: 1, max: MAX_WEIGHT })),
  request: field({ description: STEPS_ABOUT, examples: [STEPS_EXAMPLE] }, STEPS),
};

const RATE: JsonSchema = {
  anyOf: [
    { type: 'number', minimum: 1, maximum: MAX_RATE },
    { type: 'string', pattern: `^\\s*${RATE_PATTERN.source.slice(1, -1)}(?:\\s*\\.\\.\\s*${RATE_PATTERN.source.slice(1, -1)})?\\s*$` },
  ],
  description: `requests per second, written 800/s (a bare number is read as per second), from 1/s to ${MAX_RATE}/s; a linear ramp over the schedule is two rates joined by .. (100/s..2000/s)`,
};

const OBJECTIVE: JsonSchema = { type: 'string', minLength: 1, description: 'a config metric, a comparison and a bound, as thresholds write them (no scope)' };
const SLO_FIELDS: Fields<typeof SLO_KEYS> = {
  objective: field({ description: 'what every probe is judged on', examples: ['request p(99) < 50ms'] }, OBJECTIVE),
  within: field(
    { description: `the search stops once the highest rate meeting the objective and the lowest missing it are this close; default ${SLO_DEFAULTS.within * 100}%`, examples: ['5%'] },
    { type: 'string', pattern: '^\\s*\\d+(?:\\.\\d+)?\\s*%\\s*$', description: `a percentage from ${SLO_WITHIN.minPct}% to ${SLO_WITHIN.maxPct}%` },
  ),
  probes: field({ description: `most probes (runs at one rate) the search makes; default ${SLO_DEFAULTS.maxProbes}`, examples: [12] }, int(SLO_PROBES)),
  'up-to': field({ description: 'the highest offered rate the search tries', examples: ['5000/s'] }, { anyOf: [{ type: 'number', minimum: 1, maximum: MAX_RATE }, { type: 'string', pattern: `^\\s*${RATE_PATTERN.source.slice(1, -1)}\\s*$` }] }),
};
const SLO: JsonSchema = { anyOf: [OBJECTIVE, mapping(SLO_FIELDS, { required: ['objective'] })] };

const ARRIVAL_FIELDS: Fields<typeof ARRIVAL_KEYS> = {
  slo: field(
    { description: 'search the offered rate for the highest one meeting an objective: rate is the first probe, for each probe\'s schedule (docs/slo-search.md)', examples: ['request p(99) < 50ms', { objective: 'request p(99) < 200ms', within: '5%' }] },
    SLO,
  ),
  rate: field({ description: 'request k starts at t0 + k/rate whether or not earlier ones finished; one rate or a list (an axis)', examples: ['800/s', '100/s..2000/s', ['100/s', '800/s']] }, axis(RATE)),
  for: field({ description: `${FOR.meaning}; sets requests to rate x for; left out: the workload's requests are scheduled`, examples: ['3s'] }, duration(FOR.range)),
  process: field({ description: 'constant: t_k = t0 + k/rate; poisson: exponential gaps drawn from the seed; default constant', examples: ['poisson'] }, { type: 'string', enum: [...PROCESSES] }),
  deadline: field({ description: `${DEADLINE.meaning}; default ${DEFAULT_DEADLINE_MS}ms`, examples: ['30s'] }, duration(DEADLINE.range)),
  window: field(
    { description: `${WINDOW.meaning} (request and service p50/p99, offered and achieved rate per window); default ${WINDOW_LIMITS.defaultMs}ms; at most ${WINDOW_LIMITS.maxWindows} windows per config, wider when the schedule and deadline need more`, examples: ['1s', '250ms'] },
    duration(WINDOW.range),
  ),
};

const CLIENTS: JsonSchema = {
  anyOf: [
    { type: 'string', enum: ['shared'], description: 'one multiplexed client per connection (default)' },
    mapping({ pool: field({ description: 'N exclusive connections, one checked out per request', examples: [4] }, int(LIMITS.connections)) }, { required: ['pool'] }),
  ],
};

const WINDOW_BATCHER_FIELDS: Fields<typeof BATCH_KEYS> = {
  window: field({ description: `${BATCH_WINDOW.meaning}; one duration or a list (an axis)`, examples: ['5ms', ['1ms', '5ms']] }, axis(duration(BATCH_WINDOW.range))),
  size: field({ description: 'commands that make a batch leave at once; one count or a list (an axis)', examples: [64, [16, 64]] }, axis(int(BATCH_SIZE))),
};
const BATCHER: JsonSchema = {
  anyOf: [
    { type: 'string', enum: ['none', 'auto'], description: 'none: each request sent on arrival; auto: ioredis enableAutoPipelining' },
    mapping(WINDOW_BATCHER_FIELDS, { required: ['window', 'size'] }),
  ],
};

const REQUEST_FIELDS: Fields<typeof REQUEST_KEYS> = {
  label: field({ description: 'names the workload in ids and thresholds; default request', examples: ['api'] }, TEXT),
  request: field({ description: STEPS_ABOUT, examples: [STEPS_EXAMPLE] }, STEPS),
  mix: field(
    { description: 'several kinds of request, each chosen in proportion to its weight (instead of request)', examples: [[{ label: 'read', weight: 3, request: [{ command: 'GET', key: 'k:{r}' }] }, { label: 'write', request: [{ command: 'INCR', key: 'hits' }] }]] },
    { type: 'array', minItems: 1, items: mapping(KIND_FIELDS, { required: ['request'] }) },
  ),
  requests: field(
    { description: 'requests per run; one count or a list (an axis); left out only when arrival has for', examples: [100, [100, 1000]] },
    axis(int(LIMITS.requests)),
  ),
  arrival: field({ description: 'open-loop arrivals: requests start on a schedule; left out: closed-loop (each starts when the previous finished)', examples: [{ rate: '800/s', for: '10s' }] }, mapping(ARRIVAL_FIELDS, { required: ['rate'] })),
  clients: field({ description: 'open-loop only: shared (default) or {pool: N}; a list is an axis (a config each)', examples: ['shared', { pool: 1 }, ['shared', { pool: 4 }]] }, axis(CLIENTS)),
  batch: field(
    { description: 'open-loop only, modes [pipeline:all]: how arriving requests are batched; none, auto, or {window, size} (sent after the window or at size commands, whichever first); a list is an axis', examples: ['auto', { window: '5ms', size: 64 }, ['none', 'auto', { window: ['1ms', '5ms'], size: [16, 64] }]] },
    axis(BATCHER),
  ),
  advise: field(
    { description: "open-loop with one window batcher only: search the window's size B (its window kept) for the most throughput within these budgets; batch: {window, size}'s size is the first probe (docs/batch-advisor.md)", examples: [{ 'request-p99': '20ms', 'server-output-buffer': '64KB' }] },
    ADVISE,
  ),
};

/** A request workload: request or mix (not both); requests unless arrival has for; clients only with arrival. */
export const requestWorkload = (): JsonSchema =>
  mapping(REQUEST_FIELDS, {
    oneOf: [{ required: ['request'] }, { required: ['mix'] }],
    if: { not: { required: ['requests'] } },
    then: { required: ['arrival'], properties: { arrival: { type: 'object', required: ['for'] } } },
    dependencies: { clients: ['arrival'], batch: ['arrival'] },
  });

/** One `policies:` entry: a built-in name, or `{name, module}` naming the user's own policy file. */
export const policyEntry = (): JsonSchema => ({
  anyOf: [
    { type: 'string', enum: [...BUILTIN_POLICIES], description: 'a built-in policy' },
    mapping(
      {
        name: field({ description: 'your policy\'s name in tables and thresholds (not a built-in name)', examples: ['ours'] }, { type: 'string', pattern: NAME_PATTERN.source, not: { enum: [...BUILTIN_POLICIES] } }),
        module: field(
          { description: `the policy module, a path relative to the scenario file ending in ${MODULE_EXTENSIONS.join(', ')}`, examples: ['./policies/ours.ts'] },
          { type: 'string', pattern: `(?:${MODULE_EXTENSIONS.map((e) => e.replace('.', '\\.')).join('|')})$` },
        ),
      },
      { required: ['name', 'module'] },
    ),
  ],
});

// A trace workload (trace-workload.ts): `{label, trace: {file, format, gap, time, connections, deadline}}`.
const TRACE_FIELDS: Fields<typeof TRACE_KEYS> = {
  file: field({ description: 'the trace file, relative to the scenario file (.monitor: redis-cli MONITOR output; .jsonl: JSON lines)', examples: ['traces/cart-session.monitor'] }, TEXT),
  format: field({ description: 'monitor or jsonl; default from the file name', examples: ['monitor'] }, { type: 'string', enum: ['monitor', 'jsonl'] }),
  gap: field({ description: "a client's commands at most this far apart are one request; default 2ms", examples: ['2ms'] }, duration(TRACE_GAP.range)),
  pipeline: field({ description: "a request's commands at most this far apart are replayed as one pipeline (one round trip), at most gap; left out: each command awaited alone", examples: ['0ms', '1ms'] }, duration(TRACE_PIPELINE.range)),
  time: field({ description: 'jsonl only: the unit of t, s (seconds, default) or ms', examples: ['s'] }, { type: 'string', enum: ['s', 'ms'] }),
  connections: field({ description: 'per-client (one connection per traced client, default) or shared (one for all)', examples: ['per-client'] }, { type: 'string', enum: ['per-client', 'shared'] }),
  deadline: field({ description: 'time allowed after the last request start; default 10s', examples: ['10s'] }, duration(TRACE_DEADLINE.range)),
};
const TRACE_WORKLOAD_FIELDS: Fields<typeof TRACE_WORKLOAD_KEYS> = {
  label: field({ description: 'names the workload in ids and thresholds; default trace', examples: ['cart'] }, TEXT),
  trace: field({ description: 'a recorded trace replayed open-loop with its own timing (docs/trace-replay.md)', examples: [{ file: 'traces/cart-session.monitor', gap: '2ms' }] }, mapping(TRACE_FIELDS, { required: ['file'] })),
};

/** A trace workload: `trace:` with its file. */
export const traceWorkload = (): JsonSchema => mapping(TRACE_WORKLOAD_FIELDS, { required: ['trace'] });
