// HDR latency histograms in whole microseconds: one place for their settings, recording,
// summarising and encoding, and the lab's one percentile definition (HDR's), which the run
// totals and calibration's PING samples use too. Plain JS histograms (no WASM), so nothing
// leaks if a caller forgets destroy(); we still call it where we own the histogram.

import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64 } from 'hdr-histogram-js';
import type { BuildRequest, Histogram } from 'hdr-histogram-js';
import type { LatencySummaryUs } from '../contracts/index.ts';
import { hdrProblem } from './hdr-input.ts';

export type LatencyHistogram = Histogram;

/** The lab's one HDR configuration; values are microseconds. */
export const LATENCY_HISTOGRAM_SETTINGS = {
  lowestDiscernibleValue: 1,
  /** 60 s; autoResize grows the range if a stall runs longer, so nothing is clamped or dropped. */
  highestTrackableValue: 60_000_000,
  numberOfSignificantValueDigits: 3,
  bitBucketSize: 32,
  autoResize: true,
  useWebAssembly: false,
} as const satisfies BuildRequest;

// A fresh, empty histogram with the lab's settings; `packed` (memory grows with the buckets used)
// for the many small histograms of windows over time.
export const createLatencyHistogram = (buckets: 32 | 'packed' = LATENCY_HISTOGRAM_SETTINGS.bitBucketSize): LatencyHistogram =>
  build({ ...LATENCY_HISTOGRAM_SETTINGS, bitBucketSize: buckets });

// HDR keeps integers and throws on negatives: round to whole µs and clamp clock skew to 0.
export const recordUs = (h: LatencyHistogram, valueUs: number, count = 1): void => {
  if (!Number.isFinite(valueUs)) {
    throw new TypeError(`Expected \`valueUs\` to be a finite number, got \`${valueUs}\` (${typeof valueUs})`);
  }
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new TypeError(`Expected \`count\` to be a positive integer, got \`${count}\` (${typeof count})`);
  }
  h.recordValueWithCount(Math.max(0, Math.round(valueUs)), count);
};

/**
 * The p-th percentile (0-100) of a histogram, never above its recorded maximum. HDR's
 * getValueAtPercentile answers the highest value equivalent to the bucket the rank falls in
 * (1,210,367 µs for a recorded 1,209,600 µs at 3 significant digits), so a high percentile could
 * read above the max. It cannot read below the smallest recorded value (a bucket's highest
 * equivalent is at or above every value in it), so only the top needs the clamp. 0 when empty.
 */
export const valueAtPercentileUs = (h: LatencyHistogram, p: number): number =>
  h.totalCount === 0 ? 0 : Math.min(h.getValueAtPercentile(p), h.maxValue);

// The figures the result carries per config, plus the whole histogram for later merging: all of
// them, where the redis-benchmark engine can give only some. No percentile exceeds max.
export const summarizeLatency = (h: LatencyHistogram): LatencySummaryUs & { p90: number; p999: number; hdr: string } => ({
  p50: valueAtPercentileUs(h, 50),
  p90: valueAtPercentileUs(h, 90),
  p99: valueAtPercentileUs(h, 99),
  p999: valueAtPercentileUs(h, 99.9),
  max: h.maxValue,
  count: h.totalCount,
  hdr: encodeIntoCompressedBase64(h),
});

// Back from the result's `hdr` string to a histogram (V2 compressed, also memtier/Java/C output),
// checked first against HDR_LIMITS (hdr-input.ts): a crafted string fails fast instead of making
// the decoder allocate or loop without bound.
export const decodeLatency = (hdr: string): LatencyHistogram => {
  const problem = hdrProblem(hdr);
  if (problem !== undefined) throw new TypeError(`Expected \`hdr\` to be a compressed HDR histogram within the lab's limits: ${problem}`);
  const h = decodeFromCompressedBase64(hdr, LATENCY_HISTOGRAM_SETTINGS.bitBucketSize, false);
  h.autoResize = true;
  return h;
};

// Release a histogram's memory (a no-op for JS histograms; required if WASM is ever enabled).
export const destroyHistograms = (list: readonly LatencyHistogram[]): void => {
  for (const h of list) h.destroy();
};

// Order statistics of a handful of fractional-ms values (a config's 3-10 run totals,
// calibration's PING samples). Each returns null for an empty input, because "no verified run"
// must stay visible as a missing figure.

/** The smallest value, exact. */
export const min = (xs: readonly number[]): number | null => (xs.length === 0 ? null : Math.min(...xs));

/** The largest value, exact. */
export const max = (xs: readonly number[]): number | null => (xs.length === 0 ? null : Math.max(...xs));

/**
 * The p-th percentile (0-100) by HDR's definition, the same as the per-command latency
 * percentiles: the nearest rank, with HdrHistogram's rank rule (the ceil(p/100 * n)-th smallest
 * value, at least the first): the smallest value with at least p % of the values at or below it,
 * so median([1, 2, 3, 4]) is 2. Applied to the exact samples (a handful of run totals or PING
 * times), so a figure is one that was measured, not a histogram bucket's edge.
 */
export const percentile = (xs: readonly number[], p: number): number | null => {
  if (!Number.isFinite(p) || p < 0 || p > 100) {
    throw new TypeError(`Expected \`p\` to be a percentile between 0 and 100, got \`${p}\` (${typeof p})`);
  }
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.max(Math.ceil((p / 100) * sorted.length - 1e-9), 1);
  return sorted[rank - 1] ?? null;
};

/** percentile(xs, 50): the middle value, the lower middle for an even count. */
export const median = (xs: readonly number[]): number | null => percentile(xs, 50);
