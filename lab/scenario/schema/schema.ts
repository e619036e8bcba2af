// The JSON Schema of scenario files, for editors (the YAML language server reads the
// `# yaml-language-server: $schema=./scenario.schema.json` line every shipped scenario starts
// with). Generated, never written by hand: each section's properties are a table keyed by that
// section's KEYS entry, so TypeScript refuses a key the validator reads but the schema lacks (or
// the reverse); shapes, bounds, units, commands, policies and metrics come from the validator's
// own definitions. `redis-fault-lab schema` prints it; a unit test keeps
// scenarios/scenario.schema.json equal to it.
//
// To extend the grammar: add the key to KEYS (defaults.ts) and its bounds to LIMITS, then add its
// entry to the section's table below (tsc points at the table); a new section is a new table and
// a `mapping(...)` here. Run `npm run schema` to rewrite the checked-in file.

import { BUILTIN_POLICIES, BYSTANDER_COMMANDS, BYSTANDER_PROCESSES, C_ENGINE_COMMANDS, LOAD_ENGINES } from '../../contracts/index.ts';
import { RATE_PATTERN } from '../arrival.ts';
import { DEFAULT_BYSTANDER, MAX_BYSTANDER_RATE } from '../bystander.ts';
import { DEFAULTS, KEYS, LIMITS } from '../defaults.ts';
import { FAULT_ONLY_KEYS, TAGS } from '../fault-rules.ts';
import { FAULT_FIELDS } from './schema-faults.ts';
import { axis, bandwidth, duration, field, int, mapping, mode, ref, SIZE_TEXT, threshold, type Fields, type JsonSchema } from './schema-shapes.ts';
import { WORKLOAD_FIELDS, workloadRules } from './schema-workload.ts';
import { policyEntry, requestWorkload, traceWorkload } from './schema-request.ts';
import { nodeLinksShape, REPLICATION_FIELDS, SENTINEL_FIELDS, timelineAtRule, timelineShape, topologyShape } from './schema-topology.ts';

const NETWORK_FIELDS: Fields<typeof KEYS.network> = {
  rtt: field(
    { description: 'round-trip time added above the direct baseline, half per direction; one value or a list (an axis); default 0ms', examples: ['10ms', ['0ms', '1ms', '10ms']] },
    axis(duration(LIMITS.rttMs)),
  ),
  jitter: field(
    { description: 'latency jitter per direction (Toxiproxy latency jitter); one value or a list; default 0ms', examples: ['0ms', ['0ms', '2ms']] },
    axis(duration(LIMITS.jitterMs)),
  ),
  bandwidth: field(
    { description: 'bandwidth cap: one rate for both directions, {up, down}, or unlimited; one value or a list; default unlimited', examples: ['1MB/s', ['unlimited', '1MB/s', { up: '100KB/s', down: 'unlimited' }]] },
    axis(ref('bandwidth')),
  ),
  direct: field({ description: `also measure every config straight to Redis, without the proxy; default ${DEFAULTS.direct}`, examples: [true] }, { type: 'boolean' }),
  nodes: field(
    { description: 'topologies: a link per node, overriding rtt and jitter for every link that touches it (its client proxy and its peer proxies)', examples: [{ 'replica-1': { rtt: '10ms' } }] },
    nodeLinksShape(),
  ),
};

const RECONCILE_FIELDS: Fields<typeof KEYS.reconcile> = {
  tags: field(
    { description: 'log: each operation also appends its id to a list, so the checker knows exactly which applied; none: bare commands, bounds only; default log', examples: ['log'] },
    { type: 'string', enum: [...TAGS] },
  ),
  deadline: field({ description: `longest a fault run may take before the lab drops the client; default ${DEFAULTS.reconcile.deadlineMs}ms`, examples: ['10s'] }, duration(LIMITS.deadlineMs)),
  'app-retries': field(
    { description: `re-issues per failed operation under app-retry and idempotent; default ${DEFAULTS.reconcile.appRetries}`, examples: [3] },
    int(LIMITS.appRetries),
  ),
};

const CALIBRATION_FIELDS: Fields<typeof KEYS.calibration> = {
  pings: field({ description: `PING samples per rtt before measuring; default ${DEFAULTS.calibrationPings}`, examples: [50] }, int(LIMITS.calibrationPings)),
};

const limitSize = (what: string): JsonSchema => ({ type: 'string', pattern: `^\\s*${SIZE_TEXT}\\s*$`, description: `${what}: a size with its unit (1MiB, 512KiB); 0B is no limit` });
const OUTPUT_BUFFER_FIELDS: Fields<typeof KEYS.outputBufferLimit> = {
  hard: field({ description: 'the server closes a normal client as soon as its pending replies pass this', examples: ['1MiB'] }, limitSize('hard limit')),
  soft: field({ description: 'the server closes a normal client whose pending replies stay above this for soft-seconds', examples: ['512KiB'] }, limitSize('soft limit')),
  'soft-seconds': field({ description: 'how long the replies may stay above soft, whole seconds; default 0', examples: [10] }, int(LIMITS.outputBufferSoftSeconds)),
};
const SERVER_FIELDS: Fields<typeof KEYS.server> = {
  'client-output-buffer-limit': field(
    { description: "the normal class's client-output-buffer-limit, set with CONFIG SET on the lab's own Redis before the runs and restored after (see docs/output-buffer.md)", examples: [{ hard: '1MiB', soft: '512KiB', 'soft-seconds': 10 }] },
    mapping(OUTPUT_BUFFER_FIELDS),
  ),
};
const BYSTANDER_FIELDS: Fields<typeof KEYS.bystander> = {
  rate: field(
    { description: `commands per second, open loop (command k is due at t0 + k/rate); one rate, 1/s to ${MAX_BYSTANDER_RATE}/s`, examples: ['200/s'] },
    { anyOf: [{ type: 'number', minimum: 1, maximum: MAX_BYSTANDER_RATE }, { type: 'string', pattern: `^\\s*${RATE_PATTERN.source.slice(1, -1)}\\s*$` }] },
  ),
  command: field({ description: `what the bystander sends, one at a time on its own connection; default ${DEFAULT_BYSTANDER.command}`, examples: ['GET'] }, { type: 'string', enum: [...BYSTANDER_COMMANDS] }),
  process: field(
    { description: `same: in the lab's process (event-loop and server blocking); other: a child Node process (server blocking only); both; default ${DEFAULT_BYSTANDER.process}`, examples: ['same', 'both'] },
    { type: 'string', enum: [...BYSTANDER_PROCESSES] },
  ),
};

const TOP_FIELDS: Fields<typeof KEYS.top> = {
  name: field({ description: 'a short single-line name, used in ids, tables and result files', examples: ['cross-dc-incr'] }, { type: 'string', minLength: 1, pattern: '^[^\\r\\n]*$' }),
  description: field({ description: 'free text on what the scenario measures and why', examples: ['INCR one round trip at a time vs pipelines, across datacenter round-trip times'] }, { type: 'string' }),
  seed: field({ description: `the seed of every random choice (keys, value sizes); default ${DEFAULTS.seed}`, examples: [42] }, int(LIMITS.seed)),
  workload: field(
    {
      description: 'the commands each run issues: one mapping, or a list of them (an axis; each needs a distinct label); a mapping with request or mix is a request workload',
      examples: [{ command: 'INCR', commands: 2048 }, { label: 'api', requests: 100, request: [{ command: 'GET', key: 'user:{r}' }, { command: 'INCR', key: 'hits' }] }],
    },
    axis(ref('workload')),
  ),
  modes: field(
    { description: 'how the commands are sent: sync (one per round trip), pipeline:B, multi:B (MULTI/EXEC), auto:C (auto-pipelining); one mode or a list', examples: [['sync', 'pipeline:8', { pipeline: 'all' }, 'multi:16', 'auto:32']] },
    axis(ref('mode')),
  ),
  connections: field(
    { description: `parallel client connections sharing each run's commands; one count or a list (an axis); default ${DEFAULTS.connections[0]}`, examples: [[1, 50]] },
    axis(int(LIMITS.connections)),
  ),
  network: field({ description: 'the link between client and Redis: each list is a matrix axis; left out: one cell at 0ms, uncapped', examples: [{ rtt: ['0ms', '10ms'], jitter: '0ms' }] }, mapping(NETWORK_FIELDS)),
  warmup: field({ description: `untimed runs per config before measuring; default ${DEFAULTS.warmup}`, examples: [1] }, int(LIMITS.warmup)),
  repeat: field({ description: `measured runs per config (fault scenarios: runs per verdict); default ${DEFAULTS.repeat}`, examples: [3] }, int(LIMITS.repeat)),
  calibration: field({ description: 'how the link is calibrated before measuring', examples: [{ pings: 20 }] }, mapping(CALIBRATION_FIELDS)),
  faults: field(
    { description: 'named faults, each with one trigger (after or at), one action and an optional for; a scenario with faults compares retry policies under each', examples: [[{ name: 'cut-mid-batch', after: '128 commands', 'cut-after': { down: '32 replies + 3B' } }]] },
    { type: 'array', items: mapping(FAULT_FIELDS, { required: ['name'], allOf: faultRules() }) },
  ),
  policies: field(
    {
      description: `retry policies compared under each fault (fault scenarios only): built-ins ${BUILTIN_POLICIES.join(', ')}, or your own module {name, module}; default ${DEFAULTS.policies.join(', ')}`,
      examples: [['none', 'idempotent'], ['ioredis-default', { name: 'ours', module: './policies/ours.ts' }]],
    },
    axis(policyEntry()),
  ),
  reconcile: field({ description: 'how a fault run is judged (fault scenarios only)', examples: [{ tags: 'log', deadline: '10s', 'app-retries': 3 }] }, mapping(RECONCILE_FIELDS)),
  topology: field(
    { description: 'single (default), a primary with replicas {primary: 1, replicas: N}, the same watched by sentinels {primary: 1, replicas: N, sentinels: 3}, or {cluster: {primaries: P, replicas: R}}; every node behind its own proxies', examples: ['single', { primary: 1, replicas: 1 }, { primary: 1, replicas: 1, sentinels: 3 }] },
    topologyShape(),
  ),
  replication: field(
    { description: 'topologies: WAIT after each write, where reads go, lag markers', examples: [{ wait: ['none', { replicas: 1, timeout: '100ms' }], 'read-from': 'primary' }] },
    mapping(REPLICATION_FIELDS),
  ),
  sentinel: field(
    { description: 'topologies with sentinels: down-after, failover-timeout, quorum', examples: [{ 'down-after': '1000ms', 'failover-timeout': '5000ms', quorum: 2 }] },
    mapping(SENTINEL_FIELDS),
  ),
  timeline: field(
    {
      description: 'topologies: partitions, downs and a failover in one run, in time order; on a cluster, events without at, run in the order listed after the measured configs',
      examples: [[{ name: 'isolate', at: '500ms', for: '2s', partition: { nodes: ['primary'], from: 'peers' } }, { name: 'promote', at: '1s', failover: { promote: 'replica-1' } }]],
    },
    timelineShape(),
  ),
  expect: field(
    { description: 'thresholds: each a bound on a figure of the configs it selects, or a verdict of a retry policy; a failed one makes the run exit 1', examples: [['pipeline:8 at rtt=10ms: median < 60ms', 'policy idempotent: SAFE']] },
    { type: 'array', items: threshold() },
  ),
  engine: field(
    {
      description: `what drives the load: ioredis (the lab's own client, default) or redis-benchmark (Debian's C client over the same calibrated link; commands ${C_ENGINE_COMMANDS.join(', ')}; modes sync and pipeline:N; no faults; replies not checked one by one)`,
      examples: ['redis-benchmark'],
    },
    { type: 'string', enum: [...LOAD_ENGINES] },
  ),
  server: field({ description: "settings applied to the lab's own Redis for the scenario's runs, restored after", examples: [{ 'client-output-buffer-limit': { hard: '1MiB' } }] }, mapping(SERVER_FIELDS, { required: ['client-output-buffer-limit'] })),
  bystander: field(
    { description: 'a light second client sending single commands at a fixed rate during every config\'s measured runs and alone as a baseline: what the workload costs everyone else (docs/bystander.md)', examples: [{ rate: '200/s', command: 'GET', process: 'both' }] },
    mapping(BYSTANDER_FIELDS, { required: ['rate'] }),
  ),
};

// A fault has exactly one trigger and exactly one action.
function faultRules(): JsonSchema[] {
  const exactlyOne = (keys: readonly string[]): JsonSchema => ({ oneOf: keys.map((key) => ({ required: [key] })) });
  return [exactlyOne(['after', 'at']), exactlyOne(KEYS.faultActions)];
}

// policies and reconcile only where there are faults (a non-empty list), or across a topology's
// timeline.
function faultOnlyRule(): JsonSchema {
  const hasFaults = { required: ['faults'], properties: { faults: { type: 'array', minItems: 1 } } };
  const acrossTimeline = { required: ['topology', 'timeline'] };
  return {
    if: { not: hasFaults },
    then: {
      not: { anyOf: FAULT_ONLY_KEYS.map((key) => ({ required: [key], not: acrossTimeline })) },
    },
  };
}

// The C engine runs no faults (it keeps no ledger): faults, policies and reconcile are refused.
function engineRule(): JsonSchema {
  const isC = { required: ['engine'], properties: { engine: { const: 'redis-benchmark' } } };
  return { if: isC, then: { not: { anyOf: ['faults', ...FAULT_ONLY_KEYS].map((key) => ({ required: [key] })) } } };
}

// Shapes used twice (a value and each item of a list) are written once, as definitions.
const DEFINITIONS = {
  // A command workload, or a request workload (request or mix: steps per request).
  workload: { anyOf: [workloadRules(mapping(WORKLOAD_FIELDS, { required: ['command', 'commands'] })), requestWorkload(), traceWorkload()] },
  mode: mode(),
  bandwidth: bandwidth(),
};

/** The schema document. */
export const scenarioSchema = (): JsonSchema => ({
  // Draft-07: the draft every editor's YAML and JSON language server reads in full.
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'redis-fault-lab scenario',
  description:
    'A scenario file of redis-fault-lab: a workload, the modes it is sent in, the link it crosses, optional faults and thresholds. ' +
    'Generated from the lab\'s validator; the validator also checks what a schema cannot (whole milliseconds, batches that fit the run, thresholds that name real configs): run `redis-fault-lab validate FILE`.',
  ...mapping(TOP_FIELDS, { required: ['name', 'workload', 'modes'], allOf: [faultOnlyRule(), engineRule(), timelineAtRule()] }),
  definitions: DEFINITIONS,
  examples: [{ name: 'cross-dc-incr', workload: { command: 'INCR', commands: 512 }, modes: ['sync', 'pipeline:8'], network: { rtt: ['0ms', '10ms'] } }],
});

/** The schema as scenarios/scenario.schema.json holds it: two-space indents, a final newline. */
export const scenarioSchemaText = (): string => `${JSON.stringify(scenarioSchema(), null, 2)}\n`;
