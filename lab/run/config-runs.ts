// What the lab keeps of one config while its runs happen, and the ConfigResult it becomes.

import {
  combineMemory,
  createLatencyHistogram,
  max,
  median,
  mergeInfoDeltas,
  min,
  recordUs,
  summarizeLatency,
  type LatencyHistogram,
  type MemoryRun,
} from '../metrics/index.ts';
import { describeKeys } from '../workload/index.ts';
import { takesValue, waitsFor, type ConfigCell } from '../contracts/index.ts';
import type { WorkloadRun } from '../workload/index.ts';
import type { ConfigResult, RunRecord, ServerInfoDelta } from '../contracts/index.ts';

export interface ConfigRuns {
  cell: ConfigCell;
  /** 0-based position of the cell in the matrix. */
  index: number;
  runs: RunRecord[];
  /** Per-command latency over the verified measured runs. */
  histogram: LatencyHistogram;
  memory: MemoryRun[];
  serverInfo: ServerInfoDelta[];
  errorsByKind: Record<string, number>;
}

export const newConfigRuns = (cell: ConfigCell, index: number): ConfigRuns => ({
  cell,
  index,
  runs: [],
  histogram: createLatencyHistogram(),
  memory: [],
  serverInfo: [],
  errorsByKind: {},
});

// What the result keeps of one run.
export const runRecord = (run: WorkloadRun, order: number): RunRecord => ({
  order,
  totalMs: run.outcome.totalMs,
  verified: run.verified,
  clientGcMs: run.clientGcMs,
  ...(run.failure === undefined ? {} : { failure: run.failure }),
});

// Keeps a measured run; a verified run's waits go into the histogram, each wait counted
// once per command it answered (a batch of 256 is 256 samples of its time).
export const recordRun = (config: ConfigRuns, run: WorkloadRun, order: number): RunRecord => {
  const record = runRecord(run, order);
  const { outcome } = run;
  if (run.verified) {
    for (let i = 0; i < outcome.waits; i++) recordUs(config.histogram, outcome.waitUs[i] ?? 0, outcome.waitSize[i] ?? 1);
  }
  for (const [kind, count] of Object.entries(outcome.errorsByKind)) config.errorsByKind[kind] = (config.errorsByKind[kind] ?? 0) + count;
  config.memory.push(run.memory);
  config.serverInfo.push(run.serverInfo);
  config.runs.push(record);
  return record;
};

// The config's figures over its verified runs; modelMs is filled in once every config is known.
export const toConfigResult = (config: ConfigRuns): ConfigResult => {
  const { cell } = config;
  const verifiedMs = config.runs.filter((r) => r.verified).map((r) => r.totalMs);
  const medianMs = median(verifiedMs);
  const batchLabel = cell.mode.kind === 'pipeline' || cell.mode.kind === 'multi' ? String(cell.mode.batch) : String(cell.batch);
  return {
    id: cell.id,
    workload: cell.workload.label,
    command: cell.workload.command,
    link: cell.link,
    rttMs: cell.rttMs,
    jitterMs: cell.jitterMs,
    bandwidth: cell.bandwidth,
    mode: cell.mode.kind,
    batch: cell.batch,
    batchLabel,
    connections: cell.connections,
    commands: cell.commands,
    valueBytes: takesValue(cell.workload) ? { min: cell.valueBytes.minBytes, max: cell.valueBytes.maxBytes } : null,
    keys: describeKeys(cell.workload.keys),
    waits: waitsFor(cell.mode, cell.commands, cell.connections),
    runs: config.runs,
    medianMs,
    minMs: min(verifiedMs),
    maxMs: max(verifiedMs),
    opsPerSec: medianMs === null || medianMs === 0 ? null : cell.commands / (medianMs / 1000),
    modelMs: null,
    modelRatio: null,
    latencyUs: verifiedMs.length === 0 ? null : summarizeLatency(config.histogram),
    errors: config.runs.length - verifiedMs.length,
    errorsByKind: config.errorsByKind,
    ...combineMemory(config.memory),
    serverInfo: config.serverInfo.length === 0 ? null : mergeInfoDeltas(config.serverInfo),
  };
};
