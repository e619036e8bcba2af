// Public surface of lab/metrics: HDR histograms, run-time statistics, the RTT cost model and
// threshold evaluation. Pure: it judges what it is given and knows no runtime.

export {
  LATENCY_HISTOGRAM_SETTINGS,
  createLatencyHistogram,
  decodeLatency,
  destroyHistograms,
  mergeHistograms,
  recordUs,
  summarizeLatency,
} from './histogram.ts';
export type { LatencyHistogram } from './histogram.ts';
export { max, median, min, percentile } from './stats.ts';
export { modelFor, modelMs } from './model.ts';
export type { ModelInputs } from './model.ts';
export { evaluateThresholds, figureOf } from './thresholds.ts';
export { modeOfConfig, sameMode } from './config-mode.ts';
export { watchGcPauses, type GcWatch } from './gc-pauses.ts';
