// The JSON Schema of result files, generated from the result contract (lab/contracts/result.ts,
// topology-result.ts, cluster.ts): each table below is typed `Fields<Interface>`, so tsc refuses
// a field the contract has and the table lacks (or the reverse), a wrong optionality, or a wrong
// type (shapes.ts). `redis-fault-lab schema result` prints it; `npm run schema` writes it to
// scenarios/result.schema.json, and a unit test keeps that file equal to it. `report`, `compare`
// and the readers check every file against it (check.ts) before anything renders it.
//
// Ranges: durations, sizes, rates and percentiles are finite and at least 0; counts are whole
// numbers from 0 to 2^53 - 1; differences and growths (addedMs, unexplainedMs, heap growth, the
// model) are finite of either sign. Unknown properties are allowed and ignored.
//
// To extend the contract: add the field to the interface, then to its table here (tsc points at
// the table), then run `npm run schema`.

import { CONFIG_METRICS, RECONCILE_METRICS } from '../../contracts/index.ts';
import type {
  Bandwidth, Calibration, ClusterConfigResult, ClusterFault, ClusterFaultResult, ClusterMode, ClusterResult, ConfigResult,
  EngineInfo, EngineRunFigures, FailoverEntry, FailoverTimeline, FaultTimeline, ImageInfo, LabResult, LatencySummaryUs,
  LinkCalibration, NodeLinkResult, NodeShare, ReconcileCounts, ReconcileEntry, ReplicaLag, ReplicationFigures, RunRecord,
  ScheduleHealth, ServerInfoDelta, TargetInfo, ThresholdResult, TimeAttribution, TopologyNodeResult, TopologyResult,
  Versions, WaitOption, WaitSplit, BystanderResult, BystanderSideResult,
} from '../../contracts/index.ts';
import { HDR_LIMITS } from '../../metrics/index.ts';
import {
  anyOf, array, boolean, count, enumOf, hdr, literal, nonNegative, nullable, object, optional, record, signed, string,
  type Fields, type JsonSchema, type Shape,
} from './shapes.ts';

const VERDICT = literal('SAFE', 'UNSAFE', 'UNKNOWN', 'NOT-TESTED');
const counts = (): Shape<number[]> => array(count());

const bandwidth = object<Bandwidth>({ upKBps: nullable(nonNegative()), downKBps: nullable(nonNegative()) });

const CALIBRATION: Fields<Calibration> = {
  requestedRttMs: nonNegative(), jitterMs: nonNegative(), bandwidth, upstreamLatencyMs: nonNegative(), downstreamLatencyMs: nonNegative(),
  samples: count(), baselineMs: nonNegative(), measuredMs: nonNegative(), addedMs: signed(), p10Ms: nonNegative(), p90Ms: nonNegative(),
};
const calibration = object<Calibration>(CALIBRATION);

const latencySummary = object<LatencySummaryUs>({
  p50: nonNegative(), p90: nullable(nonNegative()), p99: nonNegative(), p999: nullable(nonNegative()), max: nonNegative(),
  count: count(), waits: optional(count()), hdr: nullable(hdr(HDR_LIMITS.encodedChars)),
});
const latency = nullable(latencySummary);

const engineRun = object<EngineRunFigures>({
  rps: nonNegative(), avgMs: nonNegative(), minMs: nonNegative(), p50Ms: nonNegative(), p95Ms: nonNegative(), p99Ms: nonNegative(),
  maxMs: nonNegative(), count: count(), serverCalls: count(),
});

const run = object<RunRecord>({
  order: count(), totalMs: nonNegative(), verified: boolean(), clientGcMs: nullable(nonNegative()), failure: optional(string()), engine: optional(engineRun),
});

const engine = object<EngineInfo>({ name: literal('redis-benchmark'), version: string(), commandLine: string(), latencyFrom: literal('median run') });

const serverInfo = object<ServerInfoDelta>({
  netInputBytes: signed(), netOutputBytes: signed(), clientRecentMaxInputBufferBytes: nonNegative(), clientRecentMaxOutputBufferBytes: nonNegative(),
  usedMemoryPeakBytes: nonNegative(), evictedKeys: signed(), rejectedConnections: signed(),
  queryBufferLimitDisconnections: nullable(signed()), outputBufferLimitDisconnections: nullable(signed()), errorStats: record(signed()),
});

const timeAttribution = object<TimeAttribution>({
  runOrder: count(), wallMs: nonNegative(), linkWaitMs: nullable(signed()), serverMs: nonNegative(), clientCpuMs: nonNegative(),
  bytesUp: signed(), bytesDown: signed(), bandwidthCapMs: nullable(nonNegative()), unexplainedMs: signed(),
  explainedPct: signed(), explainedPctMin: signed(), explainedPctMax: signed(), runs: count(),
});

const schedule = object<ScheduleHealth>({
  offeredPerSec: nonNegative(), offeredRampPerSec: optional(object({ fromPerSec: nonNegative(), toPerSec: nonNegative() })),
  achievedPerSec: nonNegative(), scheduled: count(), completed: count(), unfinished: count(), worstLateMs: signed(), lateStarts: count(),
  eventLoopDelayP99Ms: nonNegative(), eventLoopDelayMaxMs: nonNegative(), generatorBound: boolean(),
});

const bystanderSide = object<BystanderSideResult>({
  process: literal('same', 'other'), baselineLatencyUs: latency, duringLatencyUs: latency, p50Ratio: nullable(nonNegative()),
  p99Ratio: nullable(nonNegative()), sent: count(), errors: count(),
});
const bystander = object<BystanderResult>({
  command: literal('GET'), ratePerSec: nonNegative(), process: literal('same', 'other', 'both'), same: optional(bystanderSide),
  other: optional(bystanderSide), eventLoopMaxBlockMs: nullable(nonNegative()),
});

const config = object<ConfigResult>({
  id: string(), engine: optional(engine), workload: string(), command: string(), link: literal('proxied', 'direct'),
  rttMs: nonNegative(), jitterMs: nonNegative(), bandwidth, mode: literal('sync', 'pipeline', 'multi', 'auto'), batch: count(),
  batchLabel: string(), connections: count(), commands: count(), valueBytes: nullable(object({ min: count(), max: count() })), keys: string(),
  waits: count(), runs: array(run), medianMs: nullable(nonNegative()), minMs: nullable(nonNegative()), maxMs: nullable(nonNegative()),
  opsPerSec: nullable(nonNegative()), modelMs: nullable(signed()), modelRatio: nullable(signed()), latencyUs: latency, errors: count(),
  errorsByKind: record(count()), clientPeakRssBytes: nullable(nonNegative()), clientPeakHeapBytes: nullable(nonNegative()),
  clientRssGrowthBytes: nullable(signed()), clientHeapGrowthBytes: nullable(signed()), serverInfo: nullable(serverInfo),
  timeAttribution: optional(timeAttribution), requests: optional(count()), waitsPerRequest: optional(nonNegative()),
  requestLatencyUs: optional(latency), serviceLatencyUs: optional(latency), schedule: optional(schedule),
  bystander: optional(bystander),
});

const threshold = object<ThresholdResult>({
  source: string(),
  metric: enumOf<ThresholdResult['metric']>([...CONFIG_METRICS.map((m) => m.key), ...RECONCILE_METRICS.map((m) => m.name), 'verdict']),
  op: literal('<', '<=', '>', '>=', '=='), value: signed(),
  checked: array(object({ configId: string(), actual: nullable(anyOf<[number, string]>(signed(), string())), pass: boolean() })),
  pass: boolean(),
});

const reconcileCounts = object<ReconcileCounts>({
  issued: count(), applied: count(), acknowledged: count(), failed: count(), indeterminate: count(), indeterminateApplied: count(),
  indeterminateNotApplied: count(), lost: count(), duplicated: count(), unexpected: count(), failedButApplied: count(), retries: count(),
  resent: optional(count()), duplicatedAtLeast: optional(boolean()), applications: optional(count()),
});

const counter = nullable(object<{ final: number; lower: number; upper: number; withinBounds: boolean }>({ final: signed(), lower: signed(), upper: signed(), withinBounds: boolean() }));

const faultTimeline = object<FaultTimeline>({ faultOnMs: nullable(signed()), closedMs: nullable(signed()), healedMs: nullable(signed()), endMs: nullable(signed()) });

const reconcileEntry = object<ReconcileEntry>({
  id: string(), workload: optional(string()), fault: string(), mode: string(), policy: string(), client: optional(string()), rttMs: nonNegative(),
  connections: optional(count()), faultHits: optional(string()), runs: count(), consistent: boolean(), counts: reconcileCounts, counter,
  prefix: nullable(object<NonNullable<ReconcileEntry['prefix']>>({ batchesChecked: count(), nonPrefix: count(), reordered: count(), connections: optional(count()) })),
  faultObserved: boolean(), verdict: VERDICT, reasons: array(string()),
  examples: object({ lost: counts(), duplicated: counts(), unexpected: counts() }), errorsByKind: record(count()), errorMessages: optional(record(string())),
  timelines: optional(array(faultTimeline)),
});

const target = object<TargetInfo>({ redis: string(), toxiproxyApiUrl: string(), disposable: boolean(), keyPrefix: nullable(string()), keysRemoved: nullable(count()) });
const images = object<ImageInfo>({ redis: string(), toxiproxy: string(), source: literal('upstream', 'offline') });
const versions = object<Versions>({ redis: string(), toxiproxy: string(), node: string(), ioredis: string() });
const scenario = object<LabResult['scenario']>({ name: string(), description: string(), file: optional(string()) });

// --- topologies (primary + replicas) ---

const waitOption = nullable(object<WaitOption>({ replicas: count(), timeoutMs: nonNegative() }));
const replicaLag = object<ReplicaLag>({
  replica: string(),
  lagBytes: nullable(object({ samples: count(), p50: signed(), max: signed() })),
  lagMs: nullable(object({ samples: count(), p50: nonNegative(), p90: nonNegative(), max: nonNegative(), resolutionMs: nonNegative(), unseen: count() })),
});
const replication = object<ReplicationFigures>({
  id: string(), wait: waitOption, command: string(), writes: count(), runs: count(), writeLatencyUs: latency, waitLatencyUs: latency,
  waitReached: record(count()), underReplicated: count(), readsFrom: string(), lag: array(replicaLag),
});
const lossSplit = object<WaitSplit['replicated']>({ acknowledged: count(), lost: count() });
const failoverTimeline = object<FailoverTimeline>({
  partitionMs: nullable(signed()), partitionAppliedMs: nullable(signed()), failoverMs: nullable(signed()), healMs: nullable(signed()),
  demotedMs: nullable(signed()), endMs: nullable(signed()),
});
const failover = object<FailoverEntry>({
  id: string(), workload: string(), command: string(), wait: waitOption, runs: count(), lossAgrees: boolean(), counts: array(reconcileCounts),
  acknowledgedByMinority: counts(), waitSplit: array(nullable(object<WaitSplit>({ replicated: lossSplit, underReplicated: lossSplit }))),
  counter: array(counter), writeLatencyUs: latency, verdict: VERDICT, reasons: array(string()), lostExamples: counts(), timelines: array(failoverTimeline),
});
const topology = object<TopologyResult>({
  topology: string(),
  nodes: array(object<TopologyNodeResult>({ name: string(), role: literal('primary', 'replica'), proxy: string(), announced: nullable(string()) })),
  links: array(object<LinkCalibration>({ ...CALIBRATION, link: string(), from: string(), to: string() })),
  replication: optional(array(replication)), failover: optional(array(failover)),
});

const labResult = object<LabResult>({
  scenario, runtime: literal('containers', 'local', 'external'), images: optional(images), target: optional(target), versions,
  startedAt: string(), durationMs: nonNegative(), calibration: array(calibration), configs: array(config), reconcile: optional(array(reconcileEntry)),
  thresholds: array(threshold), seed: count(), pass: boolean(), warnings: array(string()), notMeasured: array(string()), topology: optional(topology),
});

// --- Redis Cluster ---

const clusterMode = anyOf<[Extract<ClusterMode, { kind: 'sync' }>, Extract<ClusterMode, { kind: 'pipeline' }>]>(
  object({ kind: literal('sync') }),
  object({ kind: literal('pipeline'), batch: count() }),
);
type FaultOf<K extends ClusterFault['kind']> = Extract<ClusterFault, { kind: K }>;
const clusterFault = anyOf<[FaultOf<'failover'>, FaultOf<'partition'>, FaultOf<'down'>]>(
  object({ kind: literal('failover'), node: string(), takeover: boolean(), mode: clusterMode }),
  object({ kind: literal('partition'), node: string(), forMs: nonNegative() }),
  object({ kind: literal('down'), node: string(), forMs: nonNegative() }),
);
const clusterLink = object<NodeLinkResult>({
  node: string(), role: literal('primary', 'replica'), announced: string(), calibration, flatCalibration: calibration,
  busUpstreamLatencyMs: nonNegative(), busDownstreamLatencyMs: nonNegative(),
});
const nodeShare = object<NodeShare>({
  node: string(), commands: count(), waits: count(), p50Us: nullable(nonNegative()), p99Us: nullable(nonNegative()), latencyUs: optional(latencySummary),
});
const clusterConfig = object<ClusterConfigResult>({
  id: string(), mode: string(), links: literal('flat', 'shaped'), commands: count(), runsMs: array(nonNegative()), medianMs: nullable(nonNegative()),
  minMs: nullable(nonNegative()), maxMs: nullable(nonNegative()), opsPerSec: nullable(nonNegative()), waits: count(), perNode: array(nodeShare),
  redirects: count(), modelMs: nullable(signed()), modelRatio: nullable(signed()), errors: count(), firstError: optional(string()),
});
const clusterFaultResult = object<ClusterFaultResult>({
  fault: clusterFault, timeline: array(object({ atMs: signed(), event: string() })), window: optional(object({ onMs: signed(), offMs: signed() })),
  writes: object({ acknowledged: count(), failed: count(), indeterminate: count() }), lost: count(), minorityAcknowledged: count(), minorityLost: count(),
  redirects: object({ moved: count(), ask: count() }), redirectCostMs: nonNegative(),
  retries: object({ clusterDown: count(), tryAgain: count(), connectionClosed: count() }),
  after: nullable(object({ primaryOfShard: string(), nodeRole: string() })), note: string(),
});
const clusterResult = object<ClusterResult>({
  kind: literal('cluster'), scenario, runtime: literal('local', 'containers'), versions, startedAt: string(), durationMs: nonNegative(), seed: count(),
  topology: object({ cluster: object({ primaries: count(), replicas: count() }) }), nodeTimeoutMs: nonNegative(), links: array(clusterLink),
  configs: array(clusterConfig), faults: array(clusterFaultResult), pass: boolean(), warnings: array(string()), notMeasured: array(string()),
});

/** The schema document: a cluster result when `kind` is "cluster", a lab result otherwise. */
export const resultSchema = (): JsonSchema => ({
  // Draft-07, as the scenario schema: every editor's JSON language server reads it in full.
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'redis-fault-lab result',
  description:
    'A result file of redis-fault-lab, as `run --json FILE` or `run --out DIR` writes it: a single-node or topology result, or a Redis Cluster result (kind "cluster"). ' +
    'Generated from the lab\'s result contract; `report` and `compare` check every file against it. Numbers are finite; format "hdr-histogram" is a compressed HDR histogram (V2) within the lab\'s limits.',
  if: { type: 'object', required: ['kind'], properties: { kind: { const: 'cluster' } } },
  then: clusterResult.schema,
  else: labResult.schema,
});

/** The schema as scenarios/result.schema.json holds it: two-space indents, a final newline. */
export const resultSchemaText = (): string => `${JSON.stringify(resultSchema(), null, 2)}\n`;
