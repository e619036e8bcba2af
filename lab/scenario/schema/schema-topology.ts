// The topology sections of the JSON Schema (issue 13): `topology`, `network.nodes`, `replication`
// and `timeline`; one entry per KEYS key (tsc enforces it), bounds from LIMITS.

import { DEFAULTS, KEYS, LIMITS } from '../defaults.ts';
import { duration, field, int, mapping, type Fields, type JsonSchema } from './schema-shapes.ts';
import { FAULT_FIELDS } from './schema-faults.ts';

const NODE_NAME: JsonSchema = { type: 'string', pattern: '^(?:primary|replica)(?:-\\d+){0,2}$', description: 'a node: primary, replica-N (primary/replicas), primary-I, replica-I-J (cluster)' };

const CLUSTER_FIELDS: Fields<typeof KEYS.cluster> = {
  primaries: field({ description: 'primaries (shards)', examples: [3] }, int(LIMITS.clusterPrimaries)),
  replicas: field({ description: 'replicas per primary; default 0', examples: [1] }, int(LIMITS.clusterReplicas)),
  'node-timeout': field({ description: `cluster-node-timeout: how long a node may be unreachable before it is failed; default ${DEFAULTS.nodeTimeoutMs}ms`, examples: ['2000ms'] }, duration(LIMITS.nodeTimeoutMs)),
};

const TOPOLOGY_FIELDS: Fields<typeof KEYS.topology> = {
  primary: field({ description: 'one primary', examples: [1] }, { const: 1 }),
  replicas: field({ description: 'replicas of the primary: replica-1 .. replica-N', examples: [1] }, int(LIMITS.replicas)),
  sentinels: field({ description: 'sentinels sentinel-1 .. sentinel-S watching the primary (master name lab-primary) and deciding its failover; odd recommended', examples: [3] }, int(LIMITS.sentinels)),
  cluster: field({ description: 'a Redis Cluster: primary-I and replica-I-J', examples: [{ primaries: 3, replicas: 1 }] }, mapping(CLUSTER_FIELDS, { required: ['primaries'] })),
};

export const SENTINEL_FIELDS: Fields<typeof KEYS.sentinel> = {
  'down-after': field({ description: `sentinel down-after-milliseconds: how long the primary may be unreachable before a sentinel calls it down; default ${DEFAULTS.sentinelDownAfterMs}ms`, examples: ['1000ms'] }, duration(LIMITS.sentinelDownAfterMs)),
  'failover-timeout': field({ description: `sentinel failover-timeout; default ${DEFAULTS.sentinelFailoverTimeoutMs}ms`, examples: ['5000ms'] }, duration(LIMITS.sentinelFailoverTimeoutMs)),
  quorum: field({ description: 'sentinels that must agree the primary is down, at most the topology\'s sentinels; default a majority', examples: [2] }, int({ min: 1, max: LIMITS.sentinels.max })),
};

export const topologyShape = (): JsonSchema => ({
  anyOf: [
    { const: 'single', description: 'one Redis behind one proxy (the default)' },
    mapping(TOPOLOGY_FIELDS, { oneOf: [{ required: ['primary', 'replicas'] }, { required: ['cluster'] }] }),
  ],
});

const NODE_LINK_FIELDS: Fields<typeof KEYS.nodeLink> = {
  rtt: field({ description: 'round-trip time of every link that touches this node (its client proxy and its peer proxies)', examples: ['10ms'] }, duration(LIMITS.rttMs)),
  jitter: field({ description: 'latency jitter per direction of those links; default 0ms', examples: ['0ms'] }, duration(LIMITS.jitterMs)),
};

export const nodeLinksShape = (): JsonSchema => ({
  type: 'object',
  propertyNames: NODE_NAME,
  additionalProperties: mapping(NODE_LINK_FIELDS, { required: ['rtt'] }),
});

const WAIT_FIELDS: Fields<typeof KEYS.wait> = {
  replicas: field({ description: 'replicas WAIT must reach', examples: [1] }, int(LIMITS.waitReplicas)),
  timeout: field({ description: "WAIT's timeout", examples: ['100ms'] }, duration(LIMITS.waitTimeoutMs)),
};
const waitItem = (): JsonSchema => ({ anyOf: [{ const: 'none' }, mapping(WAIT_FIELDS, { required: ['replicas', 'timeout'] })] });

export const REPLICATION_FIELDS: Fields<typeof KEYS.replication> = {
  wait: field(
    { description: 'none, or WAIT replicas timeout after each write (pipeline, multi: each batch) on its connection; a list is an axis; default none', examples: [['none', { replicas: 1, timeout: '100ms' }]] },
    { anyOf: [waitItem(), { type: 'array', items: waitItem(), minItems: 1 }] },
  ),
  'read-from': field(
    { description: `the node reads (GET, MGET, read-only CUSTOM) go to; default ${DEFAULTS.readFrom}; on a cluster primary, replica or all (ioredis scaleReads)`, examples: ['replica-1'] },
    { anyOf: [NODE_NAME, { const: 'all' }] },
  ),
  markers: field({ description: `marker keys per second written on the primary and polled on each replica, to time replication lag; default ${DEFAULTS.markersPerSec}`, examples: [20] }, int(LIMITS.markersPerSec)),
};

const PARTITION_FIELDS: Fields<typeof KEYS.partition> = {
  nodes: field({ description: 'the node(s) cut off', examples: [['primary']] }, { anyOf: [NODE_NAME, { type: 'array', items: NODE_NAME, minItems: 1 }] }),
  from: field({ description: 'peers (the other nodes: replication), clients, or all (default)', examples: ['peers'] }, { type: 'string', enum: ['peers', 'clients', 'all'] }),
};

// A cluster failover's run: sync or pipeline:B with a number (the cluster runner's modes).
const CLUSTER_MODE: JsonSchema = {
  anyOf: [
    { const: 'sync' },
    { type: 'string', pattern: '^\\s*pipeline\\s*:\\s*\\d+(?:_\\d+)*\\s*$' },
    mapping({ pipeline: field({ description: 'commands per batch', examples: [16] }, int(LIMITS.batch)) }, { required: ['pipeline'] }),
  ],
};

const FAILOVER_FIELDS: Fields<typeof KEYS.failover> = {
  promote: field({ description: 'the replica to promote', examples: ['replica-1'] }, NODE_NAME),
  takeover: field({ description: 'cluster only: CLUSTER FAILOVER TAKEOVER (no agreement, no catch-up); default false', examples: [true] }, { type: 'boolean' }),
  mode: field({ description: "cluster only: the mode of the run made after the failover with the client's slot map left stale; default the first of modes", examples: ['pipeline:16'] }, CLUSTER_MODE),
};

const EVENT_FIELDS: Fields<typeof KEYS.event> = {
  name: field({ description: 'names the event in the result', examples: ['isolate-primary'] }, { type: 'string', minLength: 1 }),
  at: field({ description: 'when, after the workload starts; on a primary/replicas topology at or after is required, on a cluster both are refused (its events run in the order listed, after the measured configs)', examples: ['500ms'] }, duration(LIMITS.eventAtMs)),
  after: field(
    { description: "primary/replicas only, instead of at: once the lab's writer issued this many commands (fewer than workload.commands)", examples: ['200 commands'] },
    { type: 'string', pattern: '^\\s*\\d+(?:_\\d+)*\\s+commands?\\s*$' },
  ),
  for: field({ description: 'how long a partition, down or link fault lasts (a failover takes none)', examples: ['2s'] }, duration(LIMITS.eventForMs)),
  node: field(
    { description: "makes the event a fault on one link (primary/replicas only): a node's name (its client proxy) or a peer link from->to (the replication connection from opens); the action is one of cut-after, reset, stall, down: {}, bandwidth", examples: ['primary', 'replica-1->primary'] },
    { type: 'string', minLength: 1 },
  ),
  'cut-after': FAULT_FIELDS['cut-after'],
  reset: FAULT_FIELDS.reset,
  stall: FAULT_FIELDS.stall,
  bandwidth: FAULT_FIELDS.bandwidth,
  partition: field({ description: 'disable the proxies between these nodes and the rest (Toxiproxy enabled:false)', examples: [{ nodes: ['primary'], from: 'peers' }] }, mapping(PARTITION_FIELDS, { required: ['nodes'] })),
  down: field(
    { description: 'disable every proxy into or out of this node (on a cluster: freeze its process, SIGSTOP, then SIGCONT); with node: down: {} disables that one link', examples: ['replica-1', {}] },
    { anyOf: [NODE_NAME, { type: 'null' }, mapping({})] },
  ),
  failover: field(
    {
      description: 'REPLICAOF NO ONE on this replica; clients move to it; the old primary is demoted when its partition heals. On a cluster: CLUSTER FAILOVER [TAKEOVER] on the replica, then one run with a stale slot map',
      examples: [{ promote: 'replica-1' }, { promote: 'replica-3-1', takeover: true, mode: 'pipeline:16' }],
    },
    mapping(FAILOVER_FIELDS, { required: ['promote'] }),
  ),
};

/** The fault actions an event takes only with node: (down is also a topology action). */
const LINK_FAULT_ONLY = ['cut-after', 'reset', 'stall', 'bandwidth'] as const;

export const timelineShape = (): JsonSchema => ({
  type: 'array',
  items: mapping(EVENT_FIELDS, { required: ['name'], oneOf: [...KEYS.eventActions, ...LINK_FAULT_ONLY].map((key) => ({ required: [key] })) }),
});

/** A cluster's events take no `at` (they run in order); every other topology's events need one. */
export const timelineAtRule = (): JsonSchema => {
  const isCluster = { required: ['topology'], properties: { topology: { type: 'object', required: ['cluster'] } } };
  const events = (item: JsonSchema): JsonSchema => ({ properties: { timeline: { type: 'array', items: item } } });
  return {
    if: isCluster,
    then: events({ type: 'object', not: { type: 'object', anyOf: [{ required: ['at'] }, { required: ['after'] }] } }),
    else: events({ type: 'object', oneOf: [{ required: ['at'] }, { required: ['after'] }] }),
  };
};
