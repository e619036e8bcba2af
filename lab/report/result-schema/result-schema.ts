// The JSON Schema of result files, generated from the result contract (lab/contracts/result.ts,
// topology-result.ts, cluster.ts's NodeShare): each table below is typed `Fields<Interface>`, so tsc refuses
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

import { ADVISE_BUDGETS, CONFIG_METRICS, RECONCILE_METRICS } from '../../contracts/index.ts';
import type {
  TraceResult,
  Bandwidth, Calibration, ConfigResult,
  EngineInfo, EngineRunFigures, FaultRequests, FaultTimeline, ImageInfo, LabResult, LatencySummaryUs,
  LinkCalibration, NodeShare, ReconcileCounts, ReconcileEntry, ReplicaLag, RowRunCounts, RowRunLatency, RunRecord, ServerClosed,
  Knee, LatencyWindow, RunLatency, Saturation, ScheduleHealth, ServerInfoDelta, TargetInfo, ThresholdResult, TimeAttribution, TopologyNodeResult, TopologyResult,
  Versions, WaitOption, WaitSplit, BystanderResult, BystanderSideResult, BatchingResult, BatcherRecord, SloProbe, SloSearch, AdviseBudget, AdviseBudgets, AdviseProbe, BatchAdvice,
} from '../../contracts/index.ts';
import { HDR_LIMITS } from '../../metrics/index.ts';
import {
  anyOf, array, boolean, count, enumOf, hdr, literal, numberConst, nonNegative, nullable, object, optional, record, signed, string,
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

const serverClosed = object<ServerClosed>({
  reason: literal('client-output-buffer-limit'), evidence: literal('info', 'log'), count: count(), runs: count(), issued: count(), acknowledged: count(),
  executed: count(), appliedUnacknowledged: count(), lost: count(), logLine: optional(string()), nodes: optional(array(string())),
});

const run = object<RunRecord>({
  order: count(), totalMs: nonNegative(), verified: boolean(), clientGcMs: nullable(nonNegative()), failure: optional(string()), engine: optional(engineRun),
  serverClosed: optional(serverClosed),
});

const engine = object<EngineInfo>({ name: literal('redis-benchmark'), version: string(), commandLine: string(), latencyFrom: literal('median run') });

const serverInfo = object<ServerInfoDelta>({
  netInputBytes: signed(), netOutputBytes: signed(), busiestNodeNetOutputBytes: optional(signed()), clientRecentMaxInputBufferBytes: nonNegative(), clientRecentMaxOutputBufferBytes: nonNegative(),
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
  lateP99Ms: optional(nonNegative()), eventLoopDelayP99Ms: nonNegative(), eventLoopDelayMaxMs: nonNegative(), generatorBound: boolean(),
  poolWaited: optional(count()),
});

const latencyWindow = object<LatencyWindow>({
  startMs: nonNegative(), offeredPerSec: nonNegative(), achievedPerSec: nonNegative(), requests: count(), lateStarts: count(),
  requestP50Us: nullable(nonNegative()), requestP99Us: nullable(nonNegative()), serviceP50Us: nullable(nonNegative()),
  serviceP99Us: nullable(nonNegative()), maxUs: nullable(nonNegative()),
});
const runLatency = object<RunLatency>({
  requestP50Us: nonNegative(), requestP99Us: nonNegative(), serviceP50Us: nullable(nonNegative()), serviceP99Us: nullable(nonNegative()),
});
const knee = object<Knee>({ offeredPerSec: nullable(nonNegative()), atMs: nullable(nonNegative()), reason: string() });
const saturation = object<Saturation>({ saturated: boolean(), reason: string() });
// The rate an SLO allows (issue 26): a search's probes and the rate found.
const sloProbe = object<SloProbe>({
  offeredPerSec: nonNegative(), achievedPerSec: nullable(nonNegative()), actual: nullable(signed()), saturated: boolean(), met: boolean(),
  verifiedRuns: count(), runs: count(), firstTry: optional(object<NonNullable<SloProbe['firstTry']>>({ actual: nullable(signed()), saturated: boolean() })),
});
const sloSearch = object<SloSearch>({
  objective: string(), metric: enumOf<SloSearch['metric']>(CONFIG_METRICS.map((m) => m.key)), op: literal('<', '<=', '>', '>=', '=='), value: signed(),
  writtenUnit: optional(literal('us', 'ms', 's')), probes: array(sloProbe), foundPerSec: nullable(nonNegative()), missedPerSec: nullable(nonNegative()),
  stopped: string(),
});
// The batch-size advisor (issue 27): its budgets, probes and the depth advised.
const adviseBudgets = object<AdviseBudgets>({ requestP99Us: optional(nonNegative()), clientMemoryBytes: optional(nonNegative()), serverOutputBufferBytes: optional(nonNegative()) });
const adviseMissed = array(enumOf<AdviseBudget>(ADVISE_BUDGETS));
const adviseProbe = object<AdviseProbe>({
  batch: count(), opsPerSec: nullable(nonNegative()), requestP99Us: nullable(nonNegative()), clientMemoryBytes: nullable(nonNegative()),
  serverOutputBufferBytes: nullable(nonNegative()), sampledOutputBufferBytes: nullable(nonNegative()), missed: adviseMissed, met: boolean(),
  verifiedRuns: count(), runs: count(), firstTry: optional(object<NonNullable<AdviseProbe['firstTry']>>({ missed: adviseMissed })),
  meanWaitUs: optional(nullable(nonNegative())), meanBatchCommands: optional(nullable(nonNegative())),
});
const batchAdvice = object<BatchAdvice>({
  target: optional(literal('pipeline-depth', 'window-size')), windowMs: optional(nonNegative()), budgets: adviseBudgets, probes: array(adviseProbe), advisedBatch: nullable(count()), advisedOpsPerSec: nullable(nonNegative()),
  firstMissedBatch: nullable(count()), stopped: string(),
});
const nodeShare = object<NodeShare>({
  node: string(), commands: count(), waits: count(), p50Us: nullable(nonNegative()), p99Us: nullable(nonNegative()), latencyUs: optional(latencySummary),
});

// Primary with replicas (issue 23): the WAIT setting, replication lag and WAIT's split of the writes.
const waitOption = nullable(object<WaitOption>({ replicas: count(), timeoutMs: nonNegative() }));
const replicaLag = object<ReplicaLag>({
  replica: string(),
  lagBytes: nullable(object({ samples: count(), p50: signed(), max: signed() })),
  lagMs: nullable(object({ samples: count(), p50: nonNegative(), p90: nonNegative(), max: nonNegative(), resolutionMs: nonNegative(), unseen: count() })),
});
const lossSplit = object<WaitSplit['replicated']>({ acknowledged: count(), lost: count() });
const waitSplit = nullable(object<WaitSplit>({ replicated: lossSplit, underReplicated: lossSplit }));

const bystanderSide = object<BystanderSideResult>({
  process: literal('same', 'other'), baselineLatencyUs: latency, duringLatencyUs: latency, p50Ratio: nullable(nonNegative()),
  p99Ratio: nullable(nonNegative()), sent: count(), errors: count(),
});
const bystander = object<BystanderResult>({
  command: literal('GET'), ratePerSec: nonNegative(), process: literal('same', 'other', 'both'), same: optional(bystanderSide),
  other: optional(bystanderSide), eventLoopMaxBlockMs: nullable(nonNegative()),
  node: optional(object<NonNullable<BystanderResult['node']>>({ name: string(), chosen: literal('workload-slot', 'own-key') })),
});

const batching = object<BatchingResult>({
  batcher: anyOf<['none' | 'auto', { windowMs: number; size: number }]>(literal('none', 'auto'), object<Exclude<BatcherRecord, string>>({ windowMs: nonNegative(), size: count() })),
  waitUs: latency, meanWaitUs: nullable(nonNegative()), meanLateUs: nullable(nonNegative()), predictedMeanWaitUs: nullable(nonNegative()), predictedFlushBy: nullable(literal('timer', 'size')),
  waitRatio: nullable(nonNegative()), batches: nullable(count()), timerFlushes: nullable(count()), sizeFlushes: nullable(count()),
  meanBatchCommands: nullable(nonNegative()), maxBatchCommands: nullable(count()),
});

const trace = object<TraceResult>({
  file: string(), format: literal('monitor', 'jsonl'), requests: count(), commands: count(), clients: count(), skipped: count(), spanMs: nonNegative(),
  gapMs: nonNegative(), pipelineMs: optional(nullable(nonNegative())), roundTripsPerRequest: nonNegative(), baseConfigId: nullable(string()), requestP50ShiftMs: nullable(signed()),
  predictedShiftMs: nullable(nonNegative()), shiftRatio: nullable(signed()),
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
  requestLatencyUs: optional(latency), serviceLatencyUs: optional(latency), runLatencyUs: optional(array(runLatency)), schedule: optional(schedule), serverClosed: optional(serverClosed),
  windowMs: optional(nonNegative()), windows: optional(array(latencyWindow)), knee: optional(knee), saturation: optional(saturation),
  clients: optional(anyOf<['shared', { pool: number }]>(literal('shared'), object({ pool: count() }))), slo: optional(sloSearch), advice: optional(batchAdvice),
  links: optional(literal('flat', 'shaped')), topology: optional(string()), perNode: optional(array(nodeShare)), redirects: optional(count()),
  wait: optional(waitOption), waitLatencyUs: optional(latency), waitReached: optional(record(count())), underReplicated: optional(count()),
  readsFrom: optional(string()), lag: optional(array(replicaLag)),
  bystander: optional(bystander), batching: optional(batching), trace: optional(trace),
});

const threshold = object<ThresholdResult>({
  source: string(),
  metric: enumOf<ThresholdResult['metric']>([...CONFIG_METRICS.map((m) => m.key), ...RECONCILE_METRICS.map((m) => m.name), 'verdict']),
  op: literal('<', '<=', '>', '>=', '=='), value: signed(),
  checked: array(object({ configId: string(), actual: nullable(anyOf<[number, string]>(signed(), string())), pass: boolean() })),
  pass: boolean(),
  writtenUnit: optional(literal('us', 'ms', 's')),
});

const reconcileCounts = object<ReconcileCounts>({
  issued: count(), applied: count(), acknowledged: count(), failed: count(), indeterminate: count(), indeterminateApplied: count(),
  indeterminateNotApplied: count(), lost: count(), duplicated: count(), unexpected: count(), failedButApplied: count(), retries: count(),
  resent: optional(count()), duplicatedAtLeast: optional(boolean()), lostAtLeast: optional(boolean()), applications: optional(count()),
});

const counter = nullable(object<{ final: number; lower: number; upper: number; withinBounds: boolean }>({ final: signed(), lower: signed(), upper: signed(), withinBounds: boolean() }));

const faultTimeline = object<FaultTimeline>({ faultOnMs: nullable(signed()), closedMs: nullable(signed()), healedMs: nullable(signed()), endMs: nullable(signed()) });

const requestTally = { sent: count(), completed: count(), failed: count(), unfinished: count() };
const faultRequests = object<FaultRequests>({
  loop: literal('closed', 'open'), scheduled: count(), ...requestTally, failedByKind: record(count()), reads: object({ ok: count(), failed: count() }),
  latencyUs: latency, serviceLatencyUs: latency, aroundFault: nullable(object<NonNullable<FaultRequests['aroundFault']>>({ ...requestTally, latencyUs: latency })),
  batching: optional(batching),
});

const reconcileEntry = object<ReconcileEntry>({
  id: string(), workload: optional(string()), fault: string(), mode: string(), policy: string(), client: optional(string()), rttMs: nonNegative(),
  connections: optional(count()), faultHits: optional(string()), runs: count(), consistent: boolean(), counts: reconcileCounts, counter,
  prefix: nullable(object<NonNullable<ReconcileEntry['prefix']>>({ batchesChecked: count(), nonPrefix: count(), reordered: count(), connections: optional(count()) })),
  faultObserved: boolean(), verdict: VERDICT, reasons: array(string()),
  examples: object({ lost: counts(), duplicated: counts(), unexpected: counts() }), errorsByKind: record(count()), errorMessages: optional(record(string())),
  timelines: optional(array(faultTimeline)),
  node: optional(string()), redirects: optional(object({ moved: count(), ask: count() })), window: optional(object({ onMs: signed(), offMs: signed() })),
  events: optional(array(object({ atMs: signed(), event: string() }))), acknowledgedByMinority: optional(count()), lostByMinority: optional(count()),
  wait: optional(waitOption), waitSplit: optional(waitSplit),
  runCounts: optional(array(object<RowRunCounts>({
    lost: count(), duplicated: count(), indeterminate: count(), failedButApplied: count(), redirects: count(), retries: count(),
  }))),
  latencyUs: optional(latency), runLatencyUs: optional(array(object<RowRunLatency>({ p50Us: nullable(nonNegative()), p99Us: nullable(nonNegative()) }))),
  requests: optional(faultRequests),
});

const target = object<TargetInfo>({ redis: string(), toxiproxyApiUrl: string(), disposable: boolean(), keyPrefix: nullable(string()), keysRemoved: nullable(count()) });
const images = object<ImageInfo>({ redis: string(), toxiproxy: string(), source: literal('upstream', 'offline') });
const versions = object<Versions>({ redis: string(), toxiproxy: string(), node: string(), ioredis: string() });
const scenario = object<LabResult['scenario']>({ name: string(), description: string(), file: optional(string()) });

// --- topologies (primary + replicas) ---
const topology = object<TopologyResult>({
  topology: string(),
  nodes: array(object<TopologyNodeResult>({ name: string(), role: literal('primary', 'replica'), proxy: string(), announced: nullable(string()) })),
  links: array(object<LinkCalibration>({ ...CALIBRATION, link: string(), from: string(), to: string() })),
});

/** A result file: a version 1 file (no resultVersion) of a single node has the same shape and still reads. */
type LabResultFile = Omit<LabResult, 'resultVersion'> & { resultVersion?: 2 };
const labResult = object<LabResultFile>({
  scenario, runtime: literal('containers', 'local', 'external'), images: optional(images), target: optional(target), versions,
  startedAt: string(), durationMs: nonNegative(), calibration: array(calibration), configs: array(config), reconcile: optional(array(reconcileEntry)),
  thresholds: array(threshold), seed: count(), pass: boolean(), warnings: array(string()), notMeasured: array(string()), topology: optional(topology),
  resultVersion: optional(numberConst(2)),
});

/** The schema document. */
export const resultSchema = (): JsonSchema => ({
  // Draft-07, as the scenario schema: every editor's JSON language server reads it in full.
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'redis-fault-lab result',
  description:
    'A result file of redis-fault-lab, as `run --json FILE` or `run --out DIR` writes it (result version 2): a single-node, topology or Redis Cluster result. ' +
    'Generated from the lab\'s result contract; `report` and `compare` check every file against it. Numbers are finite; format "hdr-histogram" is a compressed HDR histogram (V2) within the lab\'s limits.',
  ...labResult.schema,
});

/** The schema as scenarios/result.schema.json holds it: two-space indents, a final newline. */
export const resultSchemaText = (): string => `${JSON.stringify(resultSchema(), null, 2)}\n`;
