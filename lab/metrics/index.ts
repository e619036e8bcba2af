// Public surface of lab/metrics: HDR histograms, run-time statistics, the RTT cost model,
// threshold evaluation, noise warnings, client memory, server INFO deltas and error kinds.
// Pure apart from the samplers: it judges what it is given and knows no runtime.

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
export { baselineConfig, fillModel, modelFor, modelMs, modelRatio } from './model.ts';
export type { ModelInputs } from './model.ts';
export { evaluateThresholds, figureOf, holds } from './thresholds.ts';
export { selectsConfig } from '../contracts/index.ts';
export { modeOfConfig, sameMode } from './config-mode.ts';
export { MAX_SPREAD_WARNINGS, spreadWarnings } from './spread.ts';
export { combineMemory, processMemoryReaders, startMemorySampler } from './memory.ts';
export type { ConfigMemory, MemoryReaders, MemorySampler, MemoryRun } from './memory.ts';
export { INFO_SECTIONS, infoDelta, mergeInfoDeltas, parseInfo } from './server-info.ts';
export type { InfoSnapshot } from './server-info.ts';
export { errorKind, isReplyError } from './error-kind.ts';
export { watchGcPauses, type GcWatch } from './gc-pauses.ts';
export { collectGarbage } from './collect-garbage.ts';
