// Public surface of lab/metrics: HDR histograms and the one percentile definition, the RTT
// cost model, threshold evaluation, noise warnings, the client process (memory, GC), server
// INFO deltas and client error kinds. Pure apart from the client-process watch: it judges what it is given
// and knows no runtime.

export { createLatencyHistogram, decodeLatency, destroyHistograms, max, median, min, percentile, recordUs, summarizeLatency, valueAtPercentileUs } from './histogram.ts';
export type { LatencyHistogram } from './histogram.ts';
export { HDR_LIMITS, hdrProblem } from './hdr-input.ts';
export { fillModel } from './model.ts';
export { evaluateThresholds } from './thresholds.ts';
export { spreadWarnings } from './spread.ts';
export { combineMemory, watchClientSpan } from './client-memory.ts';
export type { MemoryRun } from './client-memory.ts';
export { collectGarbage } from './collect-garbage.ts';
export { INFO_SECTIONS, infoDelta, mergeInfoDeltas, parseInfo, type InfoSnapshot } from './server-info.ts';
export { errorKind, isReplyError } from './client-errors.ts';
export { commandTimeDelta, parseCommandStats, respBulkBytes, respCommandBytes, type CommandStats } from './command-stats.ts';
export { startCpuMeter } from './client-cpu.ts';
export { attributeTime, type LinkCosts, type RunCosts } from './time-attribution.ts';
export { LatencyWindows, windowWidthMs, type WindowedRun } from './windows.ts';
export { configPoints, findKnee, KNEE_RULES, rampKnee, saturationOf, unexpectedSaturation, type KneePoint } from './knee.ts';
export { countSpread } from './count-spread.ts';
export { nextSloProbe, sloProbeOf, sloSearchOf } from './slo-search.ts';
export { adviceOf, adviseProbeOf, advisedProbe, missedBudgets, nextAdviseProbe } from './batch-advisor.ts';
