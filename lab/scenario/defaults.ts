// Every default and every limit of the scenario language, in one place, so the parser, the
// docs and the error hints cannot disagree.

import { RETRY_POLICIES, type Bandwidth, type KeyDistribution, type ReconcileOptions, type ReplyCheck } from '../contracts/index.ts';

/** Values a scenario gets for the keys it leaves out. */
export const DEFAULTS = {
  description: '',
  seed: 1,
  /** Key pattern for `keys: one` (every operation on one key). */
  key: 'bench:counter',
  /** Key pattern for every other key distribution: `{i}` is the key index. */
  keyPattern: 'bench:key:{i}',
  keys: { kind: 'one' } as KeyDistribution,
  valueBytes: 16,
  incrementBy: 1,
  field: 'field',
  mgetKeys: 10,
  reply: { kind: 'any' } as ReplyCheck,
  zipfianTheta: 0.99,
  connections: [1],
  rttMs: [0],
  jitterMs: [0],
  bandwidth: { upKBps: null, downKBps: null } as Bandwidth,
  direct: false,
  warmup: 1,
  repeat: 3,
  calibrationPings: 50,
  policies: [...RETRY_POLICIES],
  reconcile: { tags: 'log', deadlineMs: 10_000, appRetries: 3 } as ReconcileOptions,
  readFrom: 'primary',
  markersPerSec: 20,
  /** cluster-node-timeout of a cluster topology. */
  nodeTimeoutMs: 2000,
  /** Sentinel's down-after-milliseconds and failover-timeout in a lab (Redis: 30 s and 3 min). */
  sentinelDownAfterMs: 1000,
  sentinelFailoverTimeoutMs: 5000,
} as const;

export interface IntRange {
  min: number;
  max: number;
}

/**
 * The largest value the lab writes or reads: 256MiB. Redis accepts 512MiB (proto-max-bulk-len),
 * but the lab builds each value as one JavaScript string, sends it inside its command's RESP
 * text (also one string) and reads it back as one, and V8's longest string is 2^29 - 24
 * characters on 64-bit (require('buffer').constants.MAX_STRING_LENGTH), 24 short of 512MiB.
 * Half of Redis's limit leaves the command's framing and the key ample room.
 */
export const MAX_VALUE_BYTES = 256 * 1024 * 1024;

/** Inclusive bounds of every whole-number field. */
export const LIMITS = {
  commands: { min: 1, max: 100_000_000 },
  /** Requests per run: each keeps its latency (and, open-loop, its schedule) until the run ends. */
  requests: { min: 1, max: 10_000_000 },
  /** Commands per run that record something per command: a fault run's op ledger (about 24 bytes
   * per operation), sync and auto (one wait of 12 bytes per command). Pipelines and MULTI record
   * per batch, so they take up to `commands`. */
  perCommandRecords: { min: 1, max: 10_000_000 },
  batch: { min: 1, max: 1_000_000 },
  callers: { min: 1, max: 10_000 },
  connections: { min: 1, max: 1000 },
  keyCount: { min: 1, max: 10_000_000 },
  valueBytes: { min: 0, max: MAX_VALUE_BYTES },
  incrementBy: { min: 1, max: 1_000_000 },
  mgetKeys: { min: 1, max: 10_000 },
  rttMs: { min: 0, max: 10_000 },
  jitterMs: { min: 0, max: 10_000 },
  /** Toxiproxy's bandwidth toxic rate, KB/s (1000 bytes). */
  bandwidthKBps: { min: 1, max: 10_000_000 },
  warmup: { min: 0, max: 100 },
  repeat: { min: 1, max: 1000 },
  calibrationPings: { min: 5, max: 10_000 },
  seed: { min: 0, max: Number.MAX_SAFE_INTEGER },
  faultAtMs: { min: 0, max: 3_600_000 },
  faultForMs: { min: 1, max: 3_600_000 },
  cutUnits: { min: 0, max: 10_000_000 },
  deadlineMs: { min: 100, max: 3_600_000 },
  leaseMs: { min: 1, max: 86_400_000 },
  appRetries: { min: 0, max: 100 },
  replicas: { min: 1, max: 5 },
  clusterPrimaries: { min: 3, max: 16 },
  clusterReplicas: { min: 0, max: 3 },
  nodeTimeoutMs: { min: 100, max: 600_000 },
  sentinels: { min: 1, max: 7 },
  sentinelDownAfterMs: { min: 100, max: 600_000 },
  sentinelFailoverTimeoutMs: { min: 1000, max: 3_600_000 },
  waitReplicas: { min: 1, max: 15 },
  waitTimeoutMs: { min: 1, max: 60_000 },
  markersPerSec: { min: 1, max: 200 },
  eventAtMs: { min: 0, max: 3_600_000 },
  eventForMs: { min: 1, max: 3_600_000 },
  /** client-output-buffer-limit sizes (0: no limit), up to 64GiB. */
  outputBufferBytes: { min: 0, max: 64 * 1024 ** 3 },
  outputBufferSoftSeconds: { min: 0, max: 86_400 },
} as const satisfies Record<string, IntRange>;

/** Keys allowed at each level of a scenario file. */
export const KEYS = {
  top: [
    'name',
    'description',
    'seed',
    'workload',
    'modes',
    'connections',
    'network',
    'warmup',
    'repeat',
    'calibration',
    'faults',
    'policies',
    'reconcile',
    'expect',
    'topology',
    'replication',
    'timeline',
    'sentinel',
    'engine',
    'server',
    'bystander',
  ],
  workload: ['label', 'command', 'key', 'keys', 'commands', 'value', 'by', 'field', 'mget-keys', 'px', 'script', 'args', 'reply', 'advise'],
  keys: ['sequential', 'uniform', 'zipfian', 'theta'],
  reply: ['equals'],
  mode: ['pipeline', 'multi', 'auto'],
  network: ['rtt', 'jitter', 'bandwidth', 'direct', 'nodes'],
  bandwidth: ['up', 'down'],
  calibration: ['pings'],
  fault: ['name', 'after', 'at', 'for', 'cut-after', 'reset', 'stall', 'down', 'bandwidth'],
  faultActions: ['cut-after', 'reset', 'stall', 'down', 'bandwidth'],
  cutAfter: ['up', 'down'],
  reconcile: ['tags', 'deadline', 'app-retries'],
  topology: ['primary', 'replicas', 'sentinels', 'cluster'],
  sentinel: ['down-after', 'failover-timeout', 'quorum'],
  cluster: ['primaries', 'replicas', 'node-timeout'],
  nodeLink: ['rtt', 'jitter'],
  replication: ['wait', 'read-from', 'markers'],
  wait: ['replicas', 'timeout'],
  event: ['name', 'at', 'after', 'for', 'partition', 'down', 'failover', 'node', 'cut-after', 'reset', 'stall', 'bandwidth'],
  eventActions: ['partition', 'down', 'failover'],
  partition: ['nodes', 'from'],
  failover: ['promote', 'takeover', 'mode'],
  server: ['client-output-buffer-limit'],
  outputBufferLimit: ['hard', 'soft', 'soft-seconds'],
  bystander: ['rate', 'command', 'process'],
} as const;
