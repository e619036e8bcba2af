// Turning what the runs recorded into the result's parts, with no I/O: a config's runs into
// its ConfigResult, configs into link groups, a fault cell's runs into its ReconcileEntry, and
// an untagged counter's ledger into counts. Pure, so it is unit-tested without Redis.

import {
  attributeTime,
  combineMemory,
  createLatencyHistogram,
  max,
  median,
  mergeInfoDeltas,
  min,
  recordUs,
  summarizeLatency,
  type LatencyHistogram,
  type LinkCosts,
  type MemoryRun,
  type RunCosts,
} from '../metrics/index.ts';
import { emptyCounts, type Ledger } from '../reconcile/index.ts';
import { requestFields, waitsOfRequests, type RequestRecords } from './request-results.ts';
import { sumServerClosed } from './server-settings.ts';
import { bystanderResult, type BystanderRecords } from './bystander-runs.ts';
import type { FaultCell } from '../scenario/index.ts';
import { describeKeys, waitCounts, type BenchmarkRun, type WaitTally, type WorkloadRun } from '../workload/index.ts';
import {
  flatMode,
  linkShapeKey,
  meanRequestWaits,
  modeLabel,
  runCounts,
  takesValue,
  waitsFor,
  type Calibration,
  type ConfigCell,
  type ConfigResult,
  type EngineInfo,
  type FaultTimeline,
  type LatencySummaryUs,
  type ReconcileCounts,
  type ReconcileEntry,
  type RunRecord,
  type ServerClosed,
  type ServerInfoDelta,
  type SloSearch,
  type BatchAdvice,
  type Verdict,
} from '../contracts/index.ts';

// --- measured configs -------------------------------------------------------------------

/** What the lab keeps of one config while its runs happen. */
export interface ConfigRuns {
  cell: ConfigCell;
  /** 0-based position of the cell in the matrix. */
  index: number;
  runs: RunRecord[];
  /** Per-command latency over the verified measured runs. */
  histogram: LatencyHistogram;
  memory: MemoryRun[];
  serverInfo: ServerInfoDelta[];
  /** What each verified run cost besides its wall time (for the time attribution). */
  costs: RunCosts[];
  /** Waits timed into the histogram (a batch is one wait). */
  timedWaits: number;
  errorsByKind: Record<string, number>;
  /** Request workloads: request latencies and schedules (request-results.ts). */
  requests?: RequestRecords;
  /** The redis-benchmark engine drove this config (its runs carry their figures). */
  engine?: EngineInfo;
  /** `bystander:` in the scenario: what the second client saw during and beside the runs. */
  bystander?: BystanderRecords;
  /** A rate search (`slo:`, slo-runs.ts): the search, and its probe at the rate found (or its last
   * probe when none met the objective), whose figures the config reports. */
  searched?: { search: SloSearch; result?: ConfigResult };
  /** The batch-size advisor (`advise:`, advise-runs.ts): the advice, and its probe at the advised
   * depth (or its last probe when none met the budgets), whose figures the config reports. */
  advised?: { advice: BatchAdvice; result?: ConfigResult };
  /** WAIT after the writes: each WAIT alone and the replicas it reached, over the verified runs. */
  waits?: WaitRecords;
}

interface WaitRecords {
  histogram: LatencyHistogram;
  reached: Map<number, number>;
  underReplicated: number;
}

export const newConfigRuns = (cell: ConfigCell, index: number): ConfigRuns => ({
  cell,
  index,
  runs: [],
  histogram: createLatencyHistogram(),
  memory: [],
  serverInfo: [],
  costs: [],
  timedWaits: 0,
  errorsByKind: {},
});

/** What the result keeps of one run. */
export const runRecord = (run: WorkloadRun & { serverClosed?: ServerClosed }, order: number): RunRecord => ({
  order,
  totalMs: run.outcome.totalMs,
  verified: run.verified,
  clientGcMs: run.clientGcMs,
  ...(run.failure === undefined ? {} : { failure: run.serverClosed === undefined ? run.failure : `${closedWords(run.serverClosed)}: ${run.failure}` }),
  ...(run.serverClosed === undefined ? {} : { serverClosed: run.serverClosed }),
});

// Why a run's connection died, when the server says it closed it.
const closedWords = (closed: ServerClosed): string =>
  `the server closed the client (client-output-buffer-limit, ${closed.evidence === 'info' ? "INFO's client_output_buffer_limit_disconnections" : 'its log'}; executed ${closed.executed} of ${closed.issued}, ${closed.acknowledged} acknowledged)`;

/** Keeps a measured run; a verified run's waits go into the histogram, each wait counted once
 * per command it answered (a batch of 256 is 256 samples of its time). */
export const recordRun = (config: ConfigRuns, run: WorkloadRun, order: number): RunRecord => {
  const record = runRecord(run, order);
  const { outcome } = run;
  if (run.verified) {
    for (let i = 0; i < outcome.waits; i++) recordUs(config.histogram, outcome.waitUs[i] ?? 0, outcome.waitSize[i] ?? 1);
    if (outcome.waitAfter !== undefined) recordWaits((config.waits ??= { histogram: createLatencyHistogram(), reached: new Map(), underReplicated: 0 }), outcome.waitAfter);
    config.costs.push({ order, wallMs: outcome.totalMs, ...run.costs });
    config.timedWaits += outcome.waits;
  }
  for (const [kind, count] of Object.entries(outcome.errorsByKind)) config.errorsByKind[kind] = (config.errorsByKind[kind] ?? 0) + count;
  config.memory.push(run.memory);
  config.serverInfo.push(run.serverInfo);
  config.runs.push(record);
  return record;
};

const recordWaits = (records: WaitRecords, tally: WaitTally): void => {
  for (let i = 0; i < tally.count; i++) recordUs(records.histogram, tally.us[i] ?? 0);
  const { reached, underReplicated } = waitCounts(tally);
  for (const [n, count] of reached) records.reached.set(n, (records.reached.get(n) ?? 0) + count);
  records.underReplicated += underReplicated;
};

// A cell with a WAIT setting: the setting, the WAIT alone per write (or batch), the replicas each
// reached, and how many reached fewer than asked (over the verified runs).
const waitFields = (config: ConfigRuns): Pick<ConfigResult, 'wait' | 'waitLatencyUs' | 'waitReached' | 'underReplicated'> => {
  const { wait } = config.cell;
  if (wait === undefined) return {};
  const records = config.waits;
  return {
    wait,
    waitLatencyUs: wait === null || records === undefined || records.histogram.totalCount === 0 ? null : summarizeLatency(records.histogram),
    waitReached: Object.fromEntries([...(records?.reached ?? [])].sort(([a], [b]) => a - b).map(([n, count]) => [String(n), count])),
    underReplicated: records?.underReplicated ?? 0,
  };
};

/** Round trips one connection waits on: a WAIT after each write (or batch) doubles them. */
const roundTrips = (cell: ConfigCell): number => waitsFor(cell.mode, cell.commands, cell.connections) * (cell.wait === undefined || cell.wait === null ? 1 : 2);

/** What the result keeps of one redis-benchmark run: completed runs carry the tool's figures
 * and are never `verified` (the C engine checks no reply); the lab's client figures are null. */
export const engineRunRecord = (run: BenchmarkRun, order: number): RunRecord => ({
  order,
  totalMs: run.totalMs,
  verified: false,
  clientGcMs: null,
  ...(run.failure === undefined ? {} : { failure: run.failure }),
  ...(run.figures === undefined ? {} : { engine: run.figures }),
});

/** Keeps a measured redis-benchmark run. */
export const recordEngineRun = (config: ConfigRuns, run: BenchmarkRun, order: number): RunRecord => {
  const record = engineRunRecord(run, order);
  config.serverInfo.push(run.serverInfo);
  config.runs.push(record);
  return record;
};

// The C engine's percentiles, from the run whose time is the median (redis-benchmark prints
// percentiles per run, which cannot be merged): ms as printed, to whole µs. No 90th or 99.9th
// percentile and no histogram: the tool prints neither.
const engineLatency = (runs: readonly RunRecord[], medianMs: number | null): LatencySummaryUs | null => {
  const figures = runs.find((r) => r.engine !== undefined && r.totalMs === medianMs)?.engine;
  if (figures === undefined) return null;
  const us = (ms: number) => Math.round(ms * 1000);
  return { p50: us(figures.p50Ms), p90: null, p99: us(figures.p99Ms), p999: null, max: us(figures.maxMs), count: figures.count, hdr: null };
};

// The link's share of the attribution: its calibration (rtt, jitter and caps alike) gives what
// a round trip through the proxy added over a direct one; the direct link adds nothing.
const linkCostsOf = (cell: ConfigCell, calibration: readonly Calibration[]): LinkCosts => {
  // A request waits on the link once per round trip it makes, not once per request.
  const shape = cell.workload.request;
  const waits = shape === undefined ? roundTrips(cell) : waitsOfRequests(cell, meanRequestWaits(shape, cell.mode));
  if (cell.link === 'direct') return { waits, addedRttMs: 0, bandwidth: cell.bandwidth };
  const here = calibration.find(
    (c) =>
      c.requestedRttMs === cell.rttMs &&
      c.jitterMs === cell.jitterMs &&
      c.bandwidth.upKBps === cell.bandwidth.upKBps &&
      c.bandwidth.downKBps === cell.bandwidth.downKBps,
  );
  return { waits, addedRttMs: here?.addedMs ?? null, bandwidth: cell.bandwidth };
};

/** The config's figures over its verified runs; modelMs is filled in once every config is known.
 * `calibration` (the links measured) lets the time attribution count the link's waits. */
export const toConfigResult = (config: ConfigRuns, calibration: readonly Calibration[] = []): ConfigResult => {
  const { cell } = config;
  if (config.searched !== undefined) return { ...(config.searched.result ?? measuredConfig(config, calibration)), id: cell.id, slo: config.searched.search };
  if (config.advised !== undefined) return { ...(config.advised.result ?? measuredConfig(config, calibration)), id: cell.id, advice: config.advised.advice };
  return measuredConfig(config, calibration);
};

// The config's figures over its own runs.
const measuredConfig = (config: ConfigRuns, calibration: readonly Calibration[]): ConfigResult => {
  const { cell } = config;
  // Open loop: the wall time is the schedule's length and requests overlap, so the parts would not
  // account for it; no attribution (notMeasured says so).
  const timeAttribution = cell.arrival === undefined ? attributeTime(config.costs, linkCostsOf(cell, calibration)) : undefined;
  const verifiedMs = config.runs.filter(runCounts).map((r) => r.totalMs);
  const medianMs = median(verifiedMs);
  const engineFigures = config.engine === undefined ? {} : { latencyUs: engineLatency(config.runs, medianMs) };
  return {
    id: cell.id,
    ...(config.engine === undefined ? {} : { engine: config.engine }),
    workload: cell.workload.label,
    command: cell.workload.command,
    link: cell.link,
    rttMs: cell.rttMs,
    jitterMs: cell.jitterMs,
    bandwidth: cell.bandwidth,
    ...flatMode(cell.mode, cell.commands),
    connections: cell.connections,
    commands: cell.commands,
    valueBytes: takesValue(cell.workload) ? { min: cell.valueBytes.minBytes, max: cell.valueBytes.maxBytes } : null,
    keys: describeKeys(cell.workload.keys),
    waits: roundTrips(cell),
    runs: config.runs,
    medianMs,
    minMs: min(verifiedMs),
    maxMs: max(verifiedMs),
    opsPerSec: medianMs === null || medianMs === 0 ? null : cell.commands / (medianMs / 1000),
    modelMs: null,
    modelRatio: null,
    latencyUs: verifiedMs.length === 0 ? null : { ...summarizeLatency(config.histogram), waits: config.timedWaits },
    errors: config.runs.length - verifiedMs.length,
    errorsByKind: config.errorsByKind,
    ...combineMemory(config.memory),
    serverInfo: config.serverInfo.length === 0 ? null : mergeInfoDeltas(config.serverInfo),
    ...(timeAttribution === undefined ? {} : { timeAttribution }),
    ...(config.requests === undefined ? {} : requestFields(cell, config.requests, medianMs)),
    ...engineFigures,
    ...closedFields(config.runs),
    ...(config.bystander === undefined ? {} : { bystander: bystanderResult(config.bystander) }),
    ...waitFields(config),
  };
};

// The server closed the client in some run: the totals over those runs.
const closedFields = (runs: readonly RunRecord[]): { serverClosed?: ServerClosed } => {
  const closed = sumServerClosed(runs.flatMap((r) => (r.serverClosed === undefined ? [] : [r.serverClosed])));
  return closed === undefined ? {} : { serverClosed: closed };
};

/** Configs grouped by link shape, direct first, otherwise in matrix order, so each link is set up once. */
export const groupByLink = <T extends { cell: ConfigCell }>(configs: readonly T[]): T[][] => {
  const groups = new Map<string, T[]>();
  const keyOf = ({ cell }: T) => (cell.link === 'direct' ? 'direct' : linkShapeKey(cell));
  for (const config of [...configs].sort((a, b) => Number(b.cell.link === 'direct') - Number(a.cell.link === 'direct'))) {
    groups.set(keyOf(config), [...(groups.get(keyOf(config)) ?? []), config]);
  }
  return [...groups.values()];
};

// --- fault cells ------------------------------------------------------------------------

/** What one fault run found; the entry's figures come from here. */
export type FaultRunFindings = Pick<ReconcileEntry, 'counts' | 'counter' | 'prefix' | 'faultObserved' | 'verdict' | 'reasons' | 'examples' | 'errorsByKind' | 'errorMessages' | 'requests'> & {
  durationMs: number;
  /** How the fault was removed (the fallback path means the one DELETE did not answer). */
  heal: string;
  /** Things that went wrong around the fault but did not stop the run (a heal that failed once). */
  problems: string[];
  /** When the fault went on and came off; absent where a caller did not time it. */
  timeline?: FaultTimeline;
};


// Runs of one cell agree when every count and the verdict are the same.
const fingerprint = (f: FaultRunFindings) => JSON.stringify([f.counts, f.counter, f.prefix, f.verdict]);

// The worst verdict of runs that disagree; a fault that did not fire in some run leaves the
// cell untested: a verdict over a run that tested nothing would be a lie.
const cellVerdict = (runs: readonly FaultRunFindings[]): Verdict => {
  if (runs.some((r) => !r.faultObserved || r.verdict === 'NOT-TESTED')) return 'NOT-TESTED';
  if (runs.some((r) => r.verdict === 'UNSAFE')) return 'UNSAFE';
  if (runs.some((r) => r.verdict === 'UNKNOWN')) return 'UNKNOWN';
  return 'SAFE';
};

/** A fault cell's runs as its ReconcileEntry; counts are the first run's. */
// Toxiproxy's toxics act on the proxy, so a fault hits every connection through it; limit_data
// (a byte-counted cut) keeps its count per connection.
const faultHits = (fault: FaultCell['fault'], connections: number): string => {
  const all = connections === 1 ? 'the run\'s one connection' : `all ${connections} connections`;
  return fault.action.kind === 'cut-after' ? `${all}; the byte cut counts on each connection's own stream` : all;
};

export const faultEntry = (cell: Pick<FaultCell, 'id' | 'fault' | 'mode' | 'policy' | 'rttMs'> & { connections?: number }, runs: readonly FaultRunFindings[]): ReconcileEntry => {
  const first = runs[0];
  if (first === undefined) throw new Error(`fault cell ${cell.id} has no runs`);
  const consistent = runs.every((run) => fingerprint(run) === fingerprint(first));
  const unfired = runs.filter((run) => !run.faultObserved).length;
  const verdict = cellVerdict(runs);
  const reasons = [
    ...first.reasons,
    ...(consistent ? [] : [`the ${runs.length} runs did not all find the same counts`]),
    ...(unfired > 0 && first.faultObserved ? [`the fault never fired in ${unfired} of ${runs.length} runs, so the cell is not judged`] : []),
  ];
  return {
    id: cell.id,
    fault: cell.fault.name,
    mode: modeLabel(cell.mode),
    policy: cell.policy,
    rttMs: cell.rttMs,
    connections: cell.connections ?? 1,
    faultHits: faultHits(cell.fault, cell.connections ?? 1),
    runs: runs.length,
    consistent,
    counts: first.counts,
    counter: first.counter,
    prefix: first.prefix,
    faultObserved: unfired === 0,
    verdict,
    reasons,
    examples: first.examples,
    errorsByKind: first.errorsByKind,
    ...(first.errorMessages === undefined ? {} : { errorMessages: first.errorMessages }),
    ...(first.requests === undefined ? {} : { requests: first.requests }),
    ...(runs.every((run) => run.timeline !== undefined) ? { timelines: runs.map((run) => run.timeline as FaultTimeline) } : {}),
  };
};

/** Untagged counters: the ledger's own counts and how many increments the final value holds;
 * which operations those were is unknown, so nothing is resolved. */
export const countsFromLedger = (ledger: Pick<Ledger, 'size' | 'counts'>, appliedTimes: number): ReconcileCounts => {
  const c = ledger.counts();
  return {
    ...emptyCounts(ledger.size),
    applied: appliedTimes,
    acknowledged: c.acknowledged,
    failed: c.failed,
    indeterminate: c.indeterminate + c.sent,
    retries: c.retries,
  };
};

/**
 * An untagged counter's counts: its value says how many applications there were, not which
 * operations they were, so `applied` is capped at `issued` and the excess is a lower bound on
 * the duplicates (`duplicatedAtLeast`): 320 applications of 256 operations are at least 64
 * duplicates, and `applied` reads 256/256. The other way round, a counter below what was
 * acknowledged proves that many acknowledged writes lost (`lostAtLeast`): 735 acknowledged and a
 * counter of 234 are at least 501 lost (more, if some applied twice).
 */
export const counterCounts = (ledger: Pick<Ledger, 'size' | 'counts'>, applications: number): ReconcileCounts => {
  const counts = countsFromLedger(ledger, Math.min(applications, ledger.size));
  return {
    ...counts,
    lost: Math.max(0, counts.acknowledged - applications),
    lostAtLeast: true,
    duplicated: Math.max(0, applications - ledger.size),
    duplicatedAtLeast: true,
    applications,
  };
};
