// What a request config (issue 10) adds to its ConfigResult: requests per run, round trips per
// request, the request (and, open-loop, service) latency histograms over verified runs, and the
// schedule's health over the measured runs. Pure, like result-assembly.ts.

import {
  batcherRecord, clientsRecord, commandsPerRequest, meanRequestWaits, predictedBatchWait, traceRoundTrips,
  type Batcher, type BatchingResult, type CellArrival, type ConfigCell, type ConfigResult, type RunLatency, type ScheduleHealth, type TraceReplay, type TraceResult, type TraceSource, type Workload,
} from '../contracts/index.ts';
import {
  createLatencyHistogram, LatencyWindows, median, rampKnee, recordUs, saturationOf, summarizeLatency, valueAtPercentileUs, windowWidthMs, type LatencyHistogram,
} from '../metrics/index.ts';
import type { BatchRecord, RequestRun, WorkloadRun } from '../workload/index.ts';

/** A request config's histograms and schedules while its runs happen. */
export interface RequestRecords {
  /** Commands one run sends (every step command of every request). */
  commands: number;
  request: LatencyHistogram;
  service: LatencyHistogram;
  schedules: ScheduleHealth[];
  verifiedRuns: number;
  /** Each verified run's own percentiles, in run order. */
  runLatency: RunLatency[];
  /** Open-loop: the verified runs cut into windows of the schedule's clock. */
  windows: LatencyWindows | undefined;
  /** A window batcher's waits to fill and flushes over the verified runs. */
  batching: BatchTotals | undefined;
}

// A run's batch record summed over the verified runs, its waits as one histogram.
type BatchTotals = Omit<BatchRecord, 'waitUs'> & { wait: LatencyHistogram; waitSumUs: number; waitCount: number };

// The schedule's length, ms: requests / mean rate (a ramp's too).
const scheduleMsOf = (arrival: CellArrival): number => (arrival.requests / arrival.ratePerSec) * 1000;

export const newRequestRecords = (commands: number, arrival?: CellArrival): RequestRecords => ({
  commands,
  request: createLatencyHistogram(),
  service: createLatencyHistogram(),
  schedules: [],
  verifiedRuns: 0,
  runLatency: [],
  windows: arrival === undefined ? undefined : new LatencyWindows(windowWidthMs(arrival.windowMs, scheduleMsOf(arrival), arrival.deadlineMs), scheduleMsOf(arrival)),
  batching: arrival?.batcher?.kind === 'window' ? newBatchTotals() : undefined,
});

const newBatchTotals = (): BatchTotals => ({ wait: createLatencyHistogram(), waitSumUs: 0, waitCount: 0, batches: 0, timerFlushes: 0, sizeFlushes: 0, commands: 0, maxCommands: 0, lateSumUs: 0 });

// A run's batcher record added to the totals.
const addBatching = (totals: BatchTotals | undefined, record: BatchRecord | null): void => {
  if (totals === undefined || record === null) return;
  for (const us of record.waitUs) {
    if (!Number.isFinite(us)) continue;
    recordUs(totals.wait, Math.max(0, us));
    totals.waitSumUs += Math.max(0, us);
    totals.waitCount++;
  }
  totals.batches += record.batches;
  totals.timerFlushes += record.timerFlushes;
  totals.sizeFlushes += record.sizeFlushes;
  totals.commands += record.commands;
  totals.lateSumUs += record.lateSumUs;
  totals.maxCommands = Math.max(totals.maxCommands, record.maxCommands);
};

// The mix's mean commands per request, weighted by kind (what the prediction's size counts).
const meanCommandsPerRequest = (workload: Workload): number => {
  const kinds = workload.request?.kinds ?? [];
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  return total === 0 ? 1 : kinds.reduce((sum, k) => sum + (k.weight / total) * commandsPerRequest(k), 0);
};

// What a batcher did over `totals` (the window batcher's; undefined for none and auto).
const summarizeBatching = (batcher: Batcher, arrival: CellArrival, workload: Workload, totals: BatchTotals | undefined): BatchingResult => {
  const predicted = predictedBatchWait(batcher, arrival, meanCommandsPerRequest(workload));
  const meanWaitUs = totals === undefined || totals.waitCount === 0 ? null : totals.waitSumUs / totals.waitCount;
  const measured = totals !== undefined && totals.waitCount > 0;
  return {
    batcher: batcherRecord(batcher),
    waitUs: measured ? summarizeLatency(totals.wait) : null,
    meanWaitUs,
    meanLateUs: measured ? totals.lateSumUs / totals.waitCount : null,
    predictedMeanWaitUs: predicted?.meanUs ?? null,
    predictedFlushBy: predicted?.flushBy ?? null,
    waitRatio: meanWaitUs === null || predicted === null || predicted.meanUs === 0 ? null : meanWaitUs / predicted.meanUs,
    batches: totals === undefined ? null : totals.batches,
    timerFlushes: totals === undefined ? null : totals.timerFlushes,
    sizeFlushes: totals === undefined ? null : totals.sizeFlushes,
    meanBatchCommands: totals === undefined || totals.batches === 0 ? null : totals.commands / totals.batches,
    maxBatchCommands: totals === undefined ? null : totals.maxCommands,
  };
};

/** What a batched config's batcher did; undefined without `batch:`. */
const batchingOf = (cell: ConfigCell, records: RequestRecords): BatchingResult | undefined => {
  const batcher = cell.arrival?.batcher;
  if (cell.arrival === undefined || batcher === undefined) return undefined;
  return summarizeBatching(batcher, cell.arrival, cell.workload, records.batching);
};

/** What the batcher of one fault run did (`record`: its window batcher's; null for none). */
export const faultRunBatching = (workload: Workload, arrival: CellArrival & { batcher: Batcher }, record: BatchRecord | null): BatchingResult => {
  const totals = record === null ? undefined : newBatchTotals();
  try {
    addBatching(totals, record);
    return summarizeBatching(arrival.batcher, arrival, workload, totals);
  } finally {
    totals?.wait.destroy();
  }
};

const recordAll = (h: LatencyHistogram, values: Float64Array): void => {
  for (const us of values) if (Number.isFinite(us)) recordUs(h, us);
};

// One run's p50 and p99 from a histogram of that run alone (clamped to its max like every percentile).
const runPercentiles = (values: Float64Array): { p50: number; p99: number } | null => {
  const h = createLatencyHistogram();
  try {
    recordAll(h, values);
    return h.totalCount === 0 ? null : { p50: valueAtPercentileUs(h, 50), p99: valueAtPercentileUs(h, 99) };
  } finally {
    h.destroy();
  }
};

/** Keeps a measured run's request latencies (verified runs only) and its schedule (every run). */
export const recordRequests = (records: RequestRecords, run: WorkloadRun | RequestRun): void => {
  if (!('requestUs' in run)) return;
  if (run.schedule !== null) records.schedules.push(run.schedule);
  if (!run.verified) return;
  records.verifiedRuns++;
  recordAll(records.request, run.requestUs);
  if (run.serviceUs !== null) recordAll(records.service, run.serviceUs);
  addBatching(records.batching, run.batching);
  const request = runPercentiles(run.requestUs);
  const service = run.serviceUs === null ? null : runPercentiles(run.serviceUs);
  if (request !== null) {
    records.runLatency.push({ requestP50Us: request.p50, requestP99Us: request.p99, serviceP50Us: service?.p50 ?? null, serviceP99Us: service?.p99 ?? null });
  }
  if (records.windows !== undefined && run.offsetsUs !== null && run.lateStart !== null) {
    records.windows.add({ offsetsUs: run.offsetsUs, requestUs: run.requestUs, serviceUs: run.serviceUs, lateStart: run.lateStart });
  }
};

// Open-loop: the windows, a ramp's knee, and whether the config kept up.
const windowFields = (cell: ConfigCell, records: RequestRecords, requests: number, schedule: ScheduleHealth | undefined): Partial<ConfigResult> => {
  const { arrival } = cell;
  if (arrival === undefined || records.windows === undefined) return {};
  const windows = records.windows.summarize();
  const { windowMs } = records.windows;
  const knee = arrival.ramp === undefined ? undefined : rampKnee(arrival.ramp, windows, windowMs, scheduleMsOf(arrival), records.windows.runs);
  const saturation = saturationOf({ schedule, requests, windows, knee });
  return { windowMs, windows, ...(knee === undefined ? {} : { knee }), ...(saturation === undefined ? {} : { saturation }) };
};

/** Over the measured runs: counts summed, the worst lateness and loop delay, the median achieved rate. */
const combineSchedules = (runs: readonly ScheduleHealth[]): ScheduleHealth | undefined => {
  const first = runs[0];
  if (first === undefined) return undefined;
  const sum = (pick: (s: ScheduleHealth) => number) => runs.reduce((total, s) => total + pick(s), 0);
  const worst = (pick: (s: ScheduleHealth) => number) => Math.max(...runs.map(pick));
  return {
    offeredPerSec: first.offeredPerSec,
    ...(first.offeredRampPerSec === undefined ? {} : { offeredRampPerSec: first.offeredRampPerSec }),
    achievedPerSec: median(runs.map((s) => s.achievedPerSec)) ?? 0,
    scheduled: sum((s) => s.scheduled),
    completed: sum((s) => s.completed),
    unfinished: sum((s) => s.unfinished),
    worstLateMs: worst((s) => s.worstLateMs),
    lateStarts: sum((s) => s.lateStarts),
    ...(runs.every((s) => s.lateP99Ms !== undefined) ? { lateP99Ms: worst((s) => s.lateP99Ms ?? 0) } : {}),
    eventLoopDelayP99Ms: worst((s) => s.eventLoopDelayP99Ms),
    eventLoopDelayMaxMs: worst((s) => s.eventLoopDelayMaxMs),
    generatorBound: runs.some((s) => s.generatorBound),
    ...(first.poolWaited === undefined ? {} : { poolWaited: sum((s) => s.poolWaited ?? 0) }),
  };
};

/** Connections one run of the config opens: an open-loop pool its size, else the cell's connections. */
export const openedConnections = (cell: Pick<ConfigCell, 'arrival' | 'connections'>): number =>
  cell.arrival?.clients.kind === 'pool' ? cell.arrival.clients.size : cell.connections;

/** Round trips one connection's caller waits on for its share of the requests. */
export const waitsOfRequests = (cell: ConfigCell, perRequest: number): number => {
  const share = Math.ceil(cell.commands / cell.connections);
  const perCaller = cell.mode.kind === 'auto' ? Math.ceil(share / cell.mode.callers) : share;
  return Math.round(perCaller * perRequest);
};

/** The fields a request config adds or overrides in its ConfigResult. */
export const requestFields = (cell: ConfigCell, records: RequestRecords, medianMs: number | null): Partial<ConfigResult> => {
  const shape = cell.workload.request;
  if (shape === undefined) return {};
  // A replayed trace: each command of a request is its own round trip.
  const replay = cell.workload.trace?.replay;
  const waitsPerRequest = replay === undefined ? meanRequestWaits(shape, cell.mode) : traceRoundTrips(replay);
  const open = cell.arrival !== undefined;
  const schedule = combineSchedules(records.schedules);
  const measured = records.verifiedRuns > 0;
  const requests = cell.arrival?.requests ?? cell.commands;
  const batching = batchingOf(cell, records);
  return {
    requests,
    commands: records.commands,
    opsPerSec: medianMs === null || medianMs === 0 ? null : records.commands / (medianMs / 1000),
    waits: open ? 0 : waitsOfRequests(cell, waitsPerRequest),
    waitsPerRequest,
    requestLatencyUs: measured ? summarizeLatency(records.request) : null,
    runLatencyUs: records.runLatency,
    ...(open ? { serviceLatencyUs: measured ? summarizeLatency(records.service) : null } : {}),
    ...(schedule === undefined ? {} : { schedule }),
    ...windowFields(cell, records, requests, schedule),
    ...(cell.arrival === undefined ? {} : { clients: clientsRecord(cell.arrival.clients), connections: openedConnections(cell) }),
    ...(batching === undefined ? {} : { batching }),
    ...(replay === undefined || cell.workload.trace === undefined ? {} : { trace: traceBlock(cell.workload.trace, replay) }),
  };
};

const traceBlock = (source: TraceSource, replay: TraceReplay): TraceResult => ({
  file: source.file, format: source.format, requests: replay.requests.length, commands: replay.commands, clients: replay.clients.length, skipped: replay.skipped,
  spanMs: replay.spanMs, gapMs: source.gapMs, pipelineMs: source.pipelineMs ?? null, roundTripsPerRequest: traceRoundTrips(replay), baseConfigId: null, requestP50ShiftMs: null, predictedShiftMs: null, shiftRatio: null,
});

/** Each trace config's request p50 shift against the same trace's config at rtt 0 (same workload, mode, link, jitter and bandwidth). */
export const fillTraceShifts = (results: ConfigResult[]): void => {
  const sameBut = (a: ConfigResult, b: ConfigResult): boolean =>
    a.workload === b.workload && a.mode === b.mode && a.batch === b.batch && a.link === b.link && a.jitterMs === b.jitterMs && JSON.stringify(a.bandwidth) === JSON.stringify(b.bandwidth);
  for (const config of results) {
    const trace = config.trace;
    if (trace === undefined || config.rttMs === 0) continue;
    const base = results.find((b) => b.trace !== undefined && b.rttMs === 0 && sameBut(b, config));
    if (base === undefined) continue;
    trace.baseConfigId = base.id;
    const p50 = config.requestLatencyUs?.p50;
    const baseP50 = base.requestLatencyUs?.p50;
    trace.predictedShiftMs = trace.roundTripsPerRequest * config.rttMs;
    trace.requestP50ShiftMs = p50 === undefined || baseP50 === undefined ? null : (p50 - baseP50) / 1000;
    trace.shiftRatio = trace.requestP50ShiftMs === null || trace.predictedShiftMs === 0 ? null : trace.requestP50ShiftMs / trace.predictedShiftMs;
  }
};
