// What the lab keeps of one config while its runs happen, and the ConfigResult it becomes.

import { createLatencyHistogram, max, median, min, recordUs, summarizeLatency, type LatencyHistogram } from '../metrics/index.ts';
import { waitsFor, type ConfigCell, type Workload } from '../scenario/types.ts';
import type { IncrRun } from '../workload/index.ts';
import type { ConfigResult, RunRecord } from './result.ts';

export interface ConfigRuns {
  cell: ConfigCell;
  /** 0-based position of the cell in the matrix. */
  index: number;
  runs: RunRecord[];
  /** Per-command latency over the verified measured runs. */
  histogram: LatencyHistogram;
}

export const newConfigRuns = (cell: ConfigCell, index: number): ConfigRuns => ({
  cell,
  index,
  runs: [],
  histogram: createLatencyHistogram(),
});

// What the result keeps of one run.
export const runRecord = (run: IncrRun, order: number): RunRecord => ({
  order,
  totalMs: run.outcome.totalMs,
  verified: run.verified,
  clientGcMs: run.clientGcMs,
  ...(run.failure === undefined ? {} : { failure: run.failure }),
});

// Keeps a measured run; a verified run's waits go into the histogram, each wait counted
// once per command it answered (a batch of 256 is 256 samples of its time).
export const recordRun = (config: ConfigRuns, run: IncrRun, order: number): RunRecord => {
  const record = runRecord(run, order);
  if (run.verified) {
    const { waitUs, waitSize } = run.outcome;
    for (let i = 0; i < waitUs.length; i++) recordUs(config.histogram, waitUs[i] ?? 0, waitSize[i] ?? 0);
  }
  config.runs.push(record);
  return record;
};

// The config's figures over its verified runs; modelMs is filled in once every config is known.
export const toConfigResult = (config: ConfigRuns, workload: Workload): ConfigResult => {
  const { cell } = config;
  const verifiedMs = config.runs.filter((r) => r.verified).map((r) => r.totalMs);
  const medianMs = median(verifiedMs);
  return {
    id: cell.id,
    rttMs: cell.rttMs,
    jitterMs: cell.jitterMs,
    mode: cell.mode.kind,
    batch: cell.mode.kind === 'sync' ? 1 : cell.mode.batch,
    commands: workload.commands,
    waits: waitsFor(cell.mode, workload.commands),
    runs: config.runs,
    medianMs,
    minMs: min(verifiedMs),
    maxMs: max(verifiedMs),
    opsPerSec: medianMs === null || medianMs === 0 ? null : workload.commands / (medianMs / 1000),
    modelMs: null,
    latencyUs: verifiedMs.length === 0 ? null : summarizeLatency(config.histogram),
    errors: config.runs.length - verifiedMs.length,
  };
};
