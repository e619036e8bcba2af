// The resolved scenario: what a scenario file means once it has been parsed, validated and
// given its defaults. Every duration is a whole number in the unit its name carries.
// Parsing a scenario starts nothing; these are plain data.

/** How the client issues the workload's commands. */
export type Mode =
  | { kind: 'sync' } // one command, await its reply, next command
  | { kind: 'pipeline'; batch: number }; // B commands per non-transactional pipeline, await all replies

/** The commands a run issues. The foundation knows INCR on one counter key. */
export interface Workload {
  command: 'INCR';
  key: string;
  /** Commands per run, identical for every mode (equivalent work). */
  commands: number;
}

/** One side of the link, before matrix expansion: every list is an axis. */
export interface NetworkAxes {
  /** Round-trip times to add above the direct baseline, whole milliseconds. */
  rttMs: number[];
  /** Jitter per direction, whole milliseconds (Toxiproxy latency jitter). */
  jitterMs: number[];
}

export type ThresholdMetric =
  | 'medianMs' // median total run time
  | 'minMs'
  | 'maxMs'
  | 'p50Us' // per-command latency percentiles, microseconds
  | 'p90Us'
  | 'p99Us'
  | 'p999Us'
  | 'maxUs'
  | 'opsPerSec';

export type ThresholdOp = '<' | '<=' | '>' | '>=';

/** `"pipeline:256 at rtt=10ms: median < 60ms"`: a bound on one figure of matching configs. */
export interface Threshold {
  /** The text as written in the file. */
  source: string;
  /** Only configs with this mode (undefined: every mode). */
  mode?: Mode;
  /** Only configs with this rtt (undefined: every rtt). */
  rttMs?: number;
  metric: ThresholdMetric;
  op: ThresholdOp;
  /** The bound, in the unit of `metric` (ms for *Ms, µs for *Us, ops/s for opsPerSec). */
  value: number;
}

export interface Scenario {
  name: string;
  description: string;
  /** Path the scenario was loaded from, when it came from a file. */
  file?: string;
  workload: Workload;
  modes: Mode[];
  network: NetworkAxes;
  /** Untimed runs per config before the measured ones. */
  warmup: number;
  /** Measured runs per config, in rotated order. */
  repeat: number;
  /** PING samples per calibrated rtt. */
  calibrationPings: number;
  expect: Threshold[];
}

/** One cell of the matrix: a config that gets warmed up and measured. */
export interface ConfigCell {
  /** Stable, readable id, for example `pipeline:256@rtt=10ms`. */
  id: string;
  rttMs: number;
  jitterMs: number;
  mode: Mode;
}

/** `sync` or `pipeline:256`: how a mode is written in ids, thresholds and tables. */
export const modeLabel = (mode: Mode): string =>
  mode.kind === 'sync' ? 'sync' : `pipeline:${mode.batch}`;

/** Number of round trips the client waits on for N commands in this mode. */
export const waitsFor = (mode: Mode, commands: number): number =>
  mode.kind === 'sync' ? commands : Math.ceil(commands / mode.batch);
