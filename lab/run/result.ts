// The JSON result: the stable contract between a run and everything that renders it.
// Plain, serialisable data; units are in the field names. See README "Result format".

import type { Threshold } from '../scenario/types.ts';

export type RuntimeKind = 'containers' | 'local';

export interface ImageInfo {
  redis: string;
  toxiproxy: string;
  /** `upstream` when the pinned upstream images ran, `offline` for the project's own local builds. */
  source: 'upstream' | 'offline';
}

export interface Versions {
  redis: string;
  toxiproxy: string;
  node: string;
  ioredis: string;
}

/** PING through the proxy with the link's toxics applied, against the direct baseline. */
export interface Calibration {
  requestedRttMs: number;
  jitterMs: number;
  /** Latency toxic per direction as applied (whole ms, Toxiproxy's unit). */
  upstreamLatencyMs: number;
  downstreamLatencyMs: number;
  samples: number;
  /** Median PING round trip straight to Redis, not through the proxy. */
  baselineMs: number;
  /** Median PING round trip through the proxy with this link applied. */
  measuredMs: number;
  /** measuredMs - baselineMs: what the link added; compare with requestedRttMs. */
  addedMs: number;
  /** 10th and 90th percentile of the proxied samples: the spread. */
  p10Ms: number;
  p90Ms: number;
}

export interface LatencySummaryUs {
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  count: number;
  /** The HDR histogram, compressed base64 (hdr-histogram-js encodeIntoCompressedBase64). */
  hdr: string;
}

export interface RunRecord {
  /** 0-based order in which this measured run was executed, across all configs at this rtt. */
  order: number;
  totalMs: number;
  /** Every reply was checked and the final state matched: only verified runs count. */
  verified: boolean;
  /** Client (Node) garbage-collection pause time inside the timed span, ms: explains outliers. */
  clientGcMs: number;
  /** Why a run failed verification or errored. */
  failure?: string;
}

export interface ConfigResult {
  id: string;
  rttMs: number;
  jitterMs: number;
  mode: 'sync' | 'pipeline';
  /** Commands per batch (1 for sync). */
  batch: number;
  commands: number;
  /** Round trips the client waited on: N for sync, ceil(N/B) for pipelines. */
  waits: number;
  runs: RunRecord[];
  /** Over verified runs only; null when no run verified. */
  medianMs: number | null;
  minMs: number | null;
  maxMs: number | null;
  /** commands / median seconds. */
  opsPerSec: number | null;
  /** RTT cost model: waits * (measured rtt - rtt-0 ping) + this mode's median at rtt 0. */
  modelMs: number | null;
  /** Per-command latency over all verified measured runs (a pipeline command waits for its batch). */
  latencyUs: LatencySummaryUs | null;
  /** Failed or erroring runs. */
  errors: number;
}

export interface ThresholdResult {
  source: string;
  metric: Threshold['metric'];
  op: Threshold['op'];
  value: number;
  /** Each config the threshold selected, with its figure. */
  checked: { configId: string; actual: number | null; pass: boolean }[];
  pass: boolean;
}

export interface LabResult {
  scenario: { name: string; description: string; file?: string };
  runtime: RuntimeKind;
  images?: ImageInfo;
  versions: Versions;
  startedAt: string;
  durationMs: number;
  calibration: Calibration[];
  configs: ConfigResult[];
  thresholds: ThresholdResult[];
  /** Every run verified and every threshold passed. */
  pass: boolean;
  /** Things that make a figure less than it seems (e.g. a calibration outside tolerance). */
  warnings: string[];
  /** What the lab did not measure, stated so no number is read for more than it is. */
  notMeasured: string[];
}
