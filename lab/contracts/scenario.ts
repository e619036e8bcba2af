// The resolved scenario: what a scenario file means once it has been parsed, validated and
// given its defaults. Every duration and size is a whole number in the unit its name carries.
// Parsing a scenario starts nothing; these are plain data.

import type { AdviseOptions } from './advise.ts';
import type { Mode } from './mode.ts';
import type { Bandwidth } from './link.ts';
import type { PolicyModuleRef } from './policy.ts';
import type { ConfigSelector, ReconcileMetric, ThresholdMetric } from './registry.ts';
import type { CellArrival, RequestShape } from './request.ts';
import type { DurationUnit } from './result.ts';
import { isReadCommand, type NodeLink, type ReplicationOptions, type Topology, type TopologyEvent, type WaitOption } from './topology.ts';
import type { BystanderOptions } from './bystander.ts';
import type { TraceSource } from './trace.ts';

export type { Batch, Mode } from './mode.ts';
export type { Bandwidth } from './link.ts';
export type { ConfigSelector, ReconcileMetric, ThresholdMetric } from './registry.ts';

/**
 * Writes whose effect is an element or an id, judged by reading the structure back: each
 * operation writes `op:<id>` (LPUSH, RPUSH, SADD), an entry `op <id>` (XADD with `*`), or takes
 * a lock with its id (SETNX: `SET <key> <id> NX`).
 */
export const COLLECTION_COMMANDS = ['LPUSH', 'RPUSH', 'SADD', 'XADD', 'SETNX'] as const;
export type CollectionCommand = (typeof COLLECTION_COMMANDS)[number];
export const isCollectionCommand = (command: string): command is CollectionCommand => (COLLECTION_COMMANDS as readonly string[]).includes(command);

export const WORKLOAD_COMMANDS = ['INCR', 'INCRBY', 'SET', 'GET', 'HSET', 'MGET', 'EVAL', 'EVALSHA', 'CUSTOM', ...COLLECTION_COMMANDS] as const;
export type CommandName = (typeof WORKLOAD_COMMANDS)[number];

/** Which key each operation touches. `{i}` in the key pattern is replaced by the key index. */
export type KeyDistribution =
  | { kind: 'one' } // every operation on the same key (index 0)
  | { kind: 'sequential'; count: number | 'commands' } // op i → key i mod count
  | { kind: 'uniform'; count: number } // seeded uniform over 0..count-1
  | { kind: 'zipfian'; count: number; theta: number }; // seeded zipfian (YCSB), rank 0 hottest

/** Value size in bytes: fixed when min = max, else uniform in [min, max] per operation. */
export interface ValueSize {
  minBytes: number;
  maxBytes: number;
}

/** What an EVAL / EVALSHA / CUSTOM reply must be (the lab checks every reply). */
export type ReplyCheck =
  | { kind: 'any' } // anything but an error
  | { kind: 'ok' } // the simple string OK
  | { kind: 'integer' }
  | { kind: 'equals'; text: string }; // after placeholder substitution ({i}, {key}, {value})

/** The commands a run issues. */
export interface Workload {
  /** How configs name this workload when a scenario has several; defaults to the command. */
  label: string;
  command: CommandName;
  /** Key pattern; `{i}` is the key index from `keys`. */
  key: string;
  keys: KeyDistribution;
  /** Commands per run (a matrix axis), the same for every mode: equivalent work. */
  commands: number[];
  /** Value sizes (a matrix axis) for commands that write or read values. */
  valueBytes: ValueSize[];
  /** INCRBY increment. */
  incrementBy: number;
  /** HSET field. */
  field: string;
  /** Keys per MGET. */
  mgetKeys: number;
  /** SETNX: the lock's lease (`SET key id NX PX leaseMs`); absent: the lock has no expiry. */
  leaseMs?: number;
  /** EVAL / EVALSHA: the Lua body (called with 1 key and ARGV from `args`). */
  script?: string;
  /** EVAL / EVALSHA: ARGV; CUSTOM: the whole command, name first. Placeholders {i} {key} {value}. */
  args: string[];
  reply: ReplyCheck;
  /** A request workload (issue 10): `commands` then holds requests per run. */
  request?: RequestShape;
  /** A trace workload (issue 27): a recorded trace replayed open-loop with its own timing. */
  trace?: TraceSource;
  /** `advise:` (issue 27): search the pipeline depth for the most throughput within these budgets (docs/batch-advisor.md). */
  advise?: AdviseOptions;
}

/** The link, before matrix expansion: every list is an axis. */
export interface NetworkAxes {
  /** Round-trip times to add above the direct baseline, whole milliseconds. */
  rttMs: number[];
  /** Jitter per direction, whole milliseconds (Toxiproxy latency jitter). */
  jitterMs: number[];
  bandwidth: Bandwidth[];
  /** Also measure every non-network config straight to Redis, bypassing Toxiproxy. */
  direct: boolean;
  /** Topology scenarios: per-node links by node name (see LINK RULE in topology.ts). */
  nodes?: Record<string, NodeLink>;
}

export type ThresholdOp = '<' | '<=' | '>' | '>=' | '==';

/** `"pipeline:256 at rtt=10ms: median < 60ms"`: a bound on one figure of matching configs. */
export interface Threshold {
  kind: 'config';
  /** The text as written in the file. */
  source: string;
  select: ConfigSelector;
  metric: ThresholdMetric;
  op: ThresholdOp;
  /** The bound, in the unit of `metric` (ms, µs, ops/s, bytes, a ratio or a count). */
  value: number;
  /** A duration bound written in another unit than the metric's (`p(99) < 20ms` on a µs metric):
   * figures are shown in it. */
  writtenUnit?: DurationUnit;
}

/** `"policy idempotent: SAFE"` or `"policy none at fault=cut-mid-batch: duplicated == 0"`; on a
 * primary/replicas timeline `"INCR at wait=none: lost > 0"` (no policy: every row's). */
export type ReconcileThreshold = {
  kind: 'reconcile';
  source: string;
  /** Absent: rows of every policy. */
  policy?: RetryPolicy;
  fault?: string;
  /** The rows of this workload label only. */
  workload?: string;
  /** The rows of this WAIT setting only (registry waitText: `none`, `1/100ms`). */
  wait?: string;
} & ({ verdict: 'SAFE' | 'UNSAFE' } | { metric: ReconcileMetric; op: ThresholdOp; value: number; /** A latency bound written in ms or s (value is in µs). */ writtenUnit?: DurationUnit });

export type AnyThreshold = Threshold | ReconcileThreshold;

// --- faults (issue 4) -------------------------------------------------------------------

/** When a fault starts: a time after the workload starts, or once N commands were issued. */
/** `after: N commands`, or under a request workload `after: N requests` (`counts: 'requests'`). */
export type FaultTrigger = { kind: 'time'; atMs: number } | { kind: 'commands'; after: number; counts?: 'requests' };

export type FaultAction =
  | { kind: 'reset' } // reset_peer: TCP RST
  | {
      // limit_data: close the connection after exactly this many bytes in one direction, counted
      // from the moment the fault starts (the lab adds it after the connection's handshake).
      kind: 'cut-after';
      direction: 'up' | 'down';
      /** Whole replies (down) or whole commands (up) to let through first, sized by the lab. */
      units: number;
      /** Extra bytes after those units (a cut inside the next reply or command). */
      plusBytes: number;
    }
  | { kind: 'stall' } // timeout toxic: data dropped, connection kept open
  | { kind: 'down' } // proxy disabled: connections closed, new ones refused
  | { kind: 'bandwidth'; bandwidth: Bandwidth };

export interface Fault {
  name: string;
  action: FaultAction;
  trigger: FaultTrigger;
  /** How long the fault stays; null: until the client's connection closes (then it is healed). */
  forMs: number | null;
}

export const RETRY_POLICIES = ['none', 'ioredis-default', 'app-retry', 'idempotent'] as const;
/** Every built-in policy a scenario may name: the four ioredis ones (the default list) and
 * node-redis with its defaults. */
export const BUILTIN_POLICIES = [...RETRY_POLICIES, 'node-redis-default'] as const;

/** A built-in policy's name. */
export type BuiltinPolicy = (typeof BUILTIN_POLICIES)[number];

/**
 * A built-in policy (BUILTIN_POLICIES) or the name of a user's policy module (`policyModules`).
 * `string & {}` keeps editors offering the built-in names while any module name is accepted.
 */
export type RetryPolicy = BuiltinPolicy | (string & {});

/**
 * The names of a project's own policy modules, for the type checker: augment it so a matcher
 * accepts them as literals (`declare module 'redis-fault-lab' { interface PolicyNames { ours: true } }`).
 */
export interface PolicyNames {}

/**
 * What `toBeRetrySafe` accepts for `P`: any built-in or declared name, or a value typed `string`;
 * a literal that is neither (`'idempotnet'`) does not type-check.
 */
export type PolicyName<P extends string> = string extends P ? P : P extends BuiltinPolicy | keyof PolicyNames ? P : BuiltinPolicy | keyof PolicyNames;

/** How a fault scenario is judged. */
export interface ReconcileOptions {
  /** `log`: each operation also appends its id to a companion list atomically (a Lua script), so
   * the checker knows exactly which operations applied; `none`: bare commands, bounds only. */
  tags: 'log' | 'none';
  /** Longest a fault run may take before the lab drops the client (ms). */
  deadlineMs: number;
  /** app-retry / idempotent: re-issues per failed operation. */
  appRetries: number;
}

/**
 * What drives the load: the lab's own ioredis engine (the default, absent from a Scenario), or
 * Debian's `redis-benchmark`, a C client, over the same calibrated link. The C engine checks no
 * reply one by one, keeps no HDR histogram the lab can read, and measures no client CPU or memory.
 */
export const LOAD_ENGINES = ['ioredis', 'redis-benchmark'] as const;
export type LoadEngine = (typeof LOAD_ENGINES)[number];

/** The workload commands the redis-benchmark engine can send: one fixed command line each. */
export const C_ENGINE_COMMANDS = ['SET', 'GET', 'INCR', 'INCRBY', 'HSET', 'MGET', 'LPUSH', 'RPUSH', 'EVAL', 'CUSTOM'] as const satisfies readonly CommandName[];

export interface Scenario {
  name: string;
  description: string;
  /** Path the scenario was loaded from, when it came from a file. */
  file?: string;
  /** One or more workloads (a matrix axis). */
  workloads: Workload[];
  modes: Mode[];
  /** Parallel client connections sharing the run's commands (a matrix axis). */
  connections: number[];
  network: NetworkAxes;
  /** Untimed runs per config before the measured ones. */
  warmup: number;
  /** Measured runs per config, in rotated order (fault scenarios: runs per verdict). */
  repeat: number;
  /** PING samples per calibrated rtt. */
  calibrationPings: number;
  /** Seed of every random choice (keys, value sizes), recorded in the result. */
  seed: number;
  expect: AnyThreshold[];
  /** Empty for a performance scenario. */
  faults: Fault[];
  policies: RetryPolicy[];
  /** The user's policy modules, by the name `policies` lists them under. */
  policyModules?: PolicyModuleRef[];
  reconcile: ReconcileOptions;
  /** Absent or `single`: one Redis behind one proxy (everything above). Else a primary with
   * replicas (or a cluster), every node behind its own proxies. */
  topology?: Topology;
  /** Topology scenarios: WAIT and where reads go. */
  replication?: ReplicationOptions;
  /** Topology scenarios: partitions, downs and failovers in one run, in time order. */
  timeline?: TopologyEvent[];
  /** `redis-benchmark`: the C load engine drives every config; absent: the lab's ioredis engine. */
  engine?: 'redis-benchmark';
  /** Server settings the lab applies (CONFIG SET) on its own Redis before the runs and restores after. */
  server?: ServerSettings;
  /** A light second client measured during every config's runs and alone (docs/bystander.md). */
  bystander?: BystanderOptions;
}

/** `client-output-buffer-limit` for the `normal` class: what Redis closes a client for when its
 * pending replies pass `hardBytes`, or stay above `softBytes` for `softSeconds` (0: no limit). */
export interface OutputBufferLimit {
  hardBytes: number;
  softBytes: number;
  softSeconds: number;
}

/** What `server:` in a scenario sets on the lab's Redis. */
export interface ServerSettings {
  outputBufferLimit?: OutputBufferLimit;
}

/** One cell of the matrix: a config that gets warmed up and measured. */
export interface ConfigCell {
  /** Stable, readable id, for example `pipeline:256@rtt=10ms`. */
  id: string;
  workload: Workload;
  commands: number;
  valueBytes: ValueSize;
  link: 'proxied' | 'direct';
  rttMs: number;
  jitterMs: number;
  bandwidth: Bandwidth;
  mode: Mode;
  /** Commands per batch with `all` resolved (1 for sync, callers for auto). */
  batch: number;
  connections: number;
  /** Open-loop configs: the rate and schedule of this cell. */
  arrival?: CellArrival;
  /** A primary with replicas whose scenario asks WAIT: this cell's setting (null: no WAIT), sent
   * after each write (sync) or each batch (pipeline) on the same connection. */
  wait?: WaitOption | null;
  /** Reads from a replica: the node whose client proxy this cell's commands (reads) go to. */
  readFrom?: string;
}

/** A command workload that only reads (GET, MGET, or CUSTOM naming a read-only command): it
 * goes to `read-from` and takes no WAIT. */
export const workloadReads = (workload: Pick<Workload, 'command' | 'args' | 'request'>): boolean =>
  workload.request === undefined && isReadCommand(workload.command === 'CUSTOM' ? (workload.args[0] ?? '') : workload.command);

/** ARGS commands take a value only where an argument says `{value}`. */
export const ARGS_COMMANDS: readonly CommandName[] = ['EVAL', 'EVALSHA', 'CUSTOM'];

/**
 * Whether a workload writes or reads values, so that its value size is an axis, a selector
 * and a label: SET/GET/HSET/MGET always, EVAL/EVALSHA/CUSTOM when an argument holds `{value}`.
 * The one definition: parsing, expansion, labels and thresholds all call this.
 */
export const takesValue = (workload: Pick<Workload, 'command' | 'args'>): boolean =>
  workload.command === 'SET' ||
  workload.command === 'GET' ||
  workload.command === 'HSET' ||
  workload.command === 'MGET' ||
  (ARGS_COMMANDS.includes(workload.command) && workload.args.some((arg) => arg.includes('{value}')));
