// HDR latency histograms in whole microseconds: one place for their settings, recording,
// summarising, encoding and merging. Plain JS histograms (no WASM), so nothing leaks if a
// caller forgets destroy(); we still call it where we own the histogram.

import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64 } from 'hdr-histogram-js';
import type { BuildRequest, Histogram } from 'hdr-histogram-js';
import type { LatencySummaryUs } from '../contracts/index.ts';

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

// A fresh, empty histogram with the lab's settings.
export const createLatencyHistogram = (): LatencyHistogram => build({ ...LATENCY_HISTOGRAM_SETTINGS });

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

// The figures the result carries per config, plus the whole histogram for later merging.
export const summarizeLatency = (h: LatencyHistogram): LatencySummaryUs => ({
  p50: h.getValueAtPercentile(50),
  p90: h.getValueAtPercentile(90),
  p99: h.getValueAtPercentile(99),
  p999: h.getValueAtPercentile(99.9),
  max: h.maxValue,
  count: h.totalCount,
  hdr: encodeIntoCompressedBase64(h),
});

// Back from the result's `hdr` string to a histogram (V2 compressed, also memtier/Java/C output).
export const decodeLatency = (hdr: string): LatencyHistogram => {
  const h = decodeFromCompressedBase64(hdr, LATENCY_HISTOGRAM_SETTINGS.bitBucketSize, false);
  h.autoResize = true;
  return h;
};

// Per-run histograms summed into a new one; the inputs are left untouched.
export const mergeHistograms = (list: readonly LatencyHistogram[]): LatencyHistogram => {
  const merged = createLatencyHistogram();
  for (const h of list) merged.add(h);
  return merged;
};

// Release a histogram's memory (a no-op for JS histograms; required if WASM is ever enabled).
export const destroyHistograms = (list: readonly LatencyHistogram[]): void => {
  for (const h of list) h.destroy();
};
